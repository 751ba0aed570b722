package dev.tableindex.model.iceberg.metadata;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tableindex.model.iceberg.definition.ExpressionJsonException;
import dev.tableindex.model.iceberg.definition.IcebergTypeJson;
import dev.tableindex.model.iceberg.definition.JsonPaths;
import dev.tableindex.model.iceberg.definition.ReservedFieldIds;
import dev.tableindex.model.iceberg.definition.ValueExpression;
import dev.tableindex.model.iceberg.definition.ValueExpression.IdReference;
import dev.tableindex.model.iceberg.definition.ValueExpression.NamedReference;
import dev.tableindex.model.iceberg.definition.ValueExpressionJson;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apache.iceberg.Schema;
import org.apache.iceberg.types.Type;

/**
 * Checks an index metadata file against the draft's rules ({@link IndexMetadataRule}) and reports every
 * violation with its JSON path, in document order. It works on the JSON tree, not on {@link IndexMetadata},
 * so one broken part does not hide the others.
 *
 * <p>Rules about the source table (expression field ids not in its schema, identity fields naming its
 * fields, the types of identity fields in the cluster spec, references to unknown fields) need its schemas;
 * without them they are not checked. Given several schemas (a table's schema history), a field counts as the
 * source table's when any schema has it, and its type is taken from the last schema that has it.
 */
public final class IndexMetadataValidator {
    private final List<Schema> sourceSchemas;

    private IndexMetadataValidator(List<Schema> sourceSchemas) {
        this.sourceSchemas = List.copyOf(sourceSchemas);
    }

    /** A validator that checks only what the metadata file alone decides. */
    public static IndexMetadataValidator withoutSourceSchema() {
        return new IndexMetadataValidator(List.of());
    }

    /** A validator that also checks the rules about the source table's schemas. */
    public static IndexMetadataValidator withSourceSchemas(List<Schema> schemas) {
        return new IndexMetadataValidator(schemas);
    }

    /** Every violation in the metadata file's bytes; one {@code $} violation when they are not a JSON object. */
    public List<Violation> validate(byte[] bytes) {
        JsonNode root;
        try {
            root = IndexMetadataJson.parse(bytes);
        } catch (IndexMetadataFormatException e) {
            return List.of(new Violation("$", IndexMetadataRule.JSON_TYPE, e.getMessage().substring(3)));
        }
        return validate(root);
    }

    /** Every violation in the metadata file's JSON tree. */
    public List<Violation> validate(JsonNode root) {
        return new Run(root).violations;
    }

    private Optional<Type> sourceType(int fieldId) {
        for (int i = sourceSchemas.size() - 1; i >= 0; i--) {
            Type type = sourceSchemas.get(i).findType(fieldId);
            if (type != null) {
                return Optional.of(type);
            }
        }
        return Optional.empty();
    }

    private boolean haveSchema() {
        return !sourceSchemas.isEmpty();
    }

    /** One validation: walks the tree once, collecting violations. */
    private final class Run {
        private final List<Violation> violations = new ArrayList<>();
        /** Expression fields by id (the first with each id): where, their type, the source fields they read. */
        private final Map<Integer, ParsedField> expressionFields = new LinkedHashMap<>();
        private final Map<Integer, String> fieldIdPaths = new HashMap<>();
        private final List<Integer> identityFields = new ArrayList<>();

        Run(JsonNode root) {
            if (!root.isObject()) {
                add("$", IndexMetadataRule.JSON_TYPE, "an index metadata file is a JSON object");
                return;
            }
            formatVersion(root);
            requiredString(root, "$", "index-uuid");
            requiredString(root, "$", "table-uuid");
            location(root);
            requiredLong(root, "$", "last-updated-ms");
            indexType(root);
            identityFieldList(root);
            expressionFieldList(root, "materialized-fields");
            expressionFieldList(root, "non-materialized-fields");
            clusterSpec(root);
            stringMap(root, "$", "properties");
            Set<String> keyIds = encryptionKeys(root);
            snapshots(root, keyIds);
            metadataLog(root);
        }

        private void add(String path, IndexMetadataRule rule, String message) {
            violations.add(new Violation(path, rule, message));
        }

        private String path(String parent, String name) {
            return JsonPaths.member(parent, name);
        }

        /** The field, or null after reporting it missing. */
        private JsonNode required(JsonNode object, String parent, String name) {
            JsonNode value = object.get(name);
            if (value == null || value.isNull()) {
                add(path(parent, name), IndexMetadataRule.REQUIRED_FIELD, "required field \"" + name + "\" is missing");
                return null;
            }
            return value;
        }

        private Optional<String> requiredString(JsonNode object, String parent, String name) {
            JsonNode value = required(object, parent, name);
            if (value == null) {
                return Optional.empty();
            }
            if (!value.isTextual()) {
                add(path(parent, name), IndexMetadataRule.JSON_TYPE, "\"" + name + "\" is a string");
                return Optional.empty();
            }
            return Optional.of(value.asText());
        }

        private void optionalString(JsonNode object, String parent, String name) {
            JsonNode value = object.get(name);
            if (value != null && !value.isNull() && !value.isTextual()) {
                add(path(parent, name), IndexMetadataRule.JSON_TYPE, "\"" + name + "\" is a string");
            }
        }

        private Optional<Long> requiredLong(JsonNode object, String parent, String name) {
            JsonNode value = required(object, parent, name);
            if (value == null) {
                return Optional.empty();
            }
            if (!value.isIntegralNumber() || !value.canConvertToLong()) {
                add(path(parent, name), IndexMetadataRule.JSON_TYPE, "\"" + name + "\" is a long (a JSON integer)");
                return Optional.empty();
            }
            return Optional.of(value.longValue());
        }

        private Optional<Integer> intAt(JsonNode value, String path, String what) {
            if (!value.isIntegralNumber() || !value.canConvertToInt()) {
                add(path, IndexMetadataRule.JSON_TYPE, what + " is an int (a JSON integer)");
                return Optional.empty();
            }
            return Optional.of(value.intValue());
        }

        /** The list's elements, or an empty list when it is missing (optional) or reported. */
        private JsonNode list(JsonNode object, String parent, String name, boolean isRequired) {
            JsonNode value = isRequired ? required(object, parent, name) : object.get(name);
            if (value == null || value.isNull()) {
                return com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.arrayNode();
            }
            if (!value.isArray()) {
                add(path(parent, name), IndexMetadataRule.JSON_TYPE, "\"" + name + "\" is a list (a JSON array)");
                return com.fasterxml.jackson.databind.node.JsonNodeFactory.instance.arrayNode();
            }
            return value;
        }

        private void stringMap(JsonNode object, String parent, String name) {
            JsonNode value = object.get(name);
            if (value == null || value.isNull()) {
                return;
            }
            if (!value.isObject()) {
                add(path(parent, name), IndexMetadataRule.JSON_TYPE, "\"" + name + "\" is a map of strings (a JSON object)");
                return;
            }
            value.fields().forEachRemaining(e -> {
                if (!e.getValue().isTextual()) {
                    add(path(path(parent, name), e.getKey()), IndexMetadataRule.JSON_TYPE, "a property value is a string");
                }
            });
        }

        private void formatVersion(JsonNode root) {
            JsonNode value = required(root, "$", "format-version");
            if (value == null) {
                return;
            }
            if (!value.isIntegralNumber()) {
                add("$['format-version']", IndexMetadataRule.JSON_TYPE, "\"format-version\" is an int");
            } else if (value.asLong() != IndexMetadata.FORMAT_VERSION) {
                add("$['format-version']", IndexMetadataRule.FORMAT_VERSION,
                        "format-version is " + value.asText() + "; it must be 1");
            }
        }

        private void location(JsonNode root) {
            requiredString(root, "$", "location").ifPresent(location -> {
                if (!IndexPaths.isAbsolute(location)) {
                    add("$['location']", IndexMetadataRule.LOCATION_NOT_ABSOLUTE,
                            "location \"" + location + "\" has no URI scheme; it must be an absolute path");
                }
            });
        }

        private void indexType(JsonNode root) {
            requiredString(root, "$", "type").ifPresent(type -> {
                if (!type.equals(type.toUpperCase(java.util.Locale.ROOT))) {
                    add("$['type']", IndexMetadataRule.TYPE_UPPER_CASE,
                            "type \"" + type + "\" is not upper case; writers must write \""
                                    + type.toUpperCase(java.util.Locale.ROOT) + "\"");
                }
            });
        }

        /** Records an index field id and reports it when an earlier list already used it. */
        private void claimFieldId(int id, String path) {
            String earlier = fieldIdPaths.putIfAbsent(id, path);
            if (earlier != null) {
                add(path, IndexMetadataRule.FIELD_ID_DUPLICATE,
                        "field id " + id + " is already used at " + earlier);
            }
        }

        private void identityFieldList(JsonNode root) {
            JsonNode list = list(root, "$", "identity-fields", true);
            if (root.path("identity-fields").isArray() && list.isEmpty()) {
                add("$['identity-fields']", IndexMetadataRule.IDENTITY_FIELDS_EMPTY, "identity-fields is empty");
            }
            Set<Integer> seen = new HashSet<>();
            for (int i = 0; i < list.size(); i++) {
                String p = "$['identity-fields'][" + i + "]";
                Optional<Integer> parsed = intAt(list.get(i), p, "an identity field");
                if (parsed.isEmpty()) {
                    continue;
                }
                int id = parsed.get();
                if (!seen.add(id)) {
                    add(p, IndexMetadataRule.IDENTITY_FIELD_DUPLICATE, "identity field " + id + " is listed twice");
                    continue;
                }
                identityFields.add(id);
                claimFieldId(id, p);
                if (ReservedFieldIds.isReserved(id)) {
                    add(p, IndexMetadataRule.IDENTITY_FIELD_METADATA_COLUMN,
                            "identity field " + id + " is a reserved (metadata column) id, not a data field");
                } else if (haveSchema() && sourceType(id).isEmpty()) {
                    add(p, IndexMetadataRule.IDENTITY_FIELD_NOT_IN_SCHEMA,
                            "identity field " + id + " is not a field of the source table schema");
                }
            }
        }

        private void expressionFieldList(JsonNode root, String name) {
            JsonNode list = list(root, "$", name, false);
            for (int i = 0; i < list.size(); i++) {
                expressionField(list.get(i), path("$", name) + "[" + i + "]");
            }
        }

        private void expressionField(JsonNode field, String p) {
            if (!field.isObject()) {
                add(p, IndexMetadataRule.JSON_TYPE, "an expression field is a JSON object");
                return;
            }
            Optional<Integer> id = Optional.ofNullable(required(field, p, "field-id"))
                    .flatMap(v -> intAt(v, path(p, "field-id"), "field-id"));
            id.ifPresent(fieldId -> {
                String idPath = path(p, "field-id");
                claimFieldId(fieldId, idPath);
                if (ReservedFieldIds.isReserved(fieldId)) {
                    add(idPath, IndexMetadataRule.FIELD_ID_RESERVED, "field-id " + fieldId + " is a reserved field id");
                } else if (haveSchema() && sourceType(fieldId).isPresent()) {
                    add(idPath, IndexMetadataRule.FIELD_ID_IN_SOURCE_SCHEMA,
                            "field-id " + fieldId + " is a field id of the source table schema");
                }
            });
            requiredString(field, p, "type").ifPresent(type -> {
                if (!type.equals("expr-value")) {
                    add(path(p, "type"), IndexMetadataRule.EXPR_FIELD_TYPE,
                            "expression field type is \"" + type + "\"; it must be \"expr-value\"");
                }
            });
            Type dataType = null;
            JsonNode dataTypeJson = required(field, p, "data-type");
            if (dataTypeJson != null) {
                try {
                    dataType = IcebergTypeJson.fromJson(dataTypeJson);
                } catch (IllegalArgumentException e) {
                    add(path(p, "data-type"), IndexMetadataRule.DATA_TYPE_INVALID, e.getMessage());
                }
            }
            List<Integer> sourceIds = new ArrayList<>();
            JsonNode exprJson = required(field, p, "expr");
            if (exprJson != null) {
                try {
                    ValueExpressionJson.read(exprJson, path(p, "expr"));
                    for (ValueExpressionJson.LocatedReference ref : ValueExpressionJson.locateReferences(exprJson, path(p, "expr"))) {
                        reference(ref.reference(), ref.jsonPath(), sourceIds);
                    }
                } catch (ExpressionJsonException e) {
                    add(e.jsonPath(), IndexMetadataRule.EXPR_INVALID, e.getMessage().substring(e.jsonPath().length() + 2));
                }
            }
            if (id.isPresent()) {
                expressionFields.putIfAbsent(id.get(), new ParsedField(p, Optional.ofNullable(dataType), sourceIds));
            }
        }

        /** Checks one reference of an expression; source field ids it reads go to {@code sourceIds}. */
        private void reference(ValueExpression ref, String refPath, List<Integer> sourceIds) {
            if (ref instanceof NamedReference named) {
                add(refPath, IndexMetadataRule.EXPR_NAMED_REFERENCE,
                        "expr uses the named reference \"" + named.name() + "\"; only ID references are allowed");
                return;
            }
            int id = ((IdReference) ref).fieldId();
            if (ReservedFieldIds.isForbiddenInExpressions(id)) {
                add(refPath, IndexMetadataRule.EXPR_FORBIDDEN_COLUMN,
                        "expr references " + ReservedFieldIds.forbiddenName(id) + " (" + id + "), which must not be referenced");
            } else if (ReservedFieldIds.isReserved(id)) {
                if (!ReservedFieldIds.isMetadataColumn(id)) {
                    add(refPath, IndexMetadataRule.EXPR_UNKNOWN_REFERENCE,
                            "expr references " + id + ", a reserved id that is no metadata column");
                }
            } else {
                sourceIds.add(id);
                if (haveSchema() && sourceType(id).isEmpty()) {
                    add(refPath, IndexMetadataRule.EXPR_UNKNOWN_REFERENCE,
                            "expr references " + id + ", which is not a field of the source table schema");
                }
            }
        }

        private void clusterSpec(JsonNode root) {
            JsonNode list = list(root, "$", "cluster-spec", true);
            if (root.path("cluster-spec").isArray() && list.isEmpty()) {
                add("$['cluster-spec']", IndexMetadataRule.CLUSTER_SPEC_EMPTY, "cluster-spec is empty");
            }
            for (int i = 0; i < list.size(); i++) {
                String p = "$['cluster-spec'][" + i + "]";
                Optional<Integer> parsed = intAt(list.get(i), p, "a cluster-spec entry");
                if (parsed.isEmpty()) {
                    continue;
                }
                int id = parsed.get();
                if (identityFields.contains(id)) {
                    if (haveSchema()) {
                        sourceType(id).filter(t -> !t.isPrimitiveType()).ifPresent(t -> add(p,
                                IndexMetadataRule.CLUSTER_SPEC_NOT_PRIMITIVE,
                                "cluster field " + id + " has the type " + t + ", which is not primitive"));
                    }
                } else if (expressionFields.containsKey(id)) {
                    ParsedField field = expressionFields.get(id);
                    field.dataType().filter(t -> !t.isPrimitiveType()).ifPresent(t -> add(p,
                            IndexMetadataRule.CLUSTER_SPEC_NOT_PRIMITIVE,
                            "cluster field " + id + " has the type " + t + ", which is not primitive"));
                    for (int source : field.sourceIds) {
                        if (!identityFields.contains(source)) {
                            add(p, IndexMetadataRule.CLUSTER_SOURCE_NOT_IDENTITY, "cluster field " + id + " ("
                                    + field.path + ") references source field " + source + ", which is not an identity field");
                        }
                    }
                } else if (!fieldIdPaths.containsKey(id)) {
                    add(p, IndexMetadataRule.CLUSTER_SPEC_UNKNOWN_FIELD, "cluster-spec names " + id
                            + ", which is no identity, materialized or non-materialized field");
                }
            }
        }

        private Set<String> encryptionKeys(JsonNode root) {
            Set<String> keyIds = new HashSet<>();
            JsonNode list = list(root, "$", "encryption-keys", false);
            for (int i = 0; i < list.size(); i++) {
                String p = "$['encryption-keys'][" + i + "]";
                JsonNode key = list.get(i);
                if (!key.isObject()) {
                    add(p, IndexMetadataRule.JSON_TYPE, "an encryption key is a JSON object");
                    continue;
                }
                requiredString(key, p, "key-id").ifPresent(keyIds::add);
                requiredString(key, p, "encrypted-key-metadata");
                optionalString(key, p, "encrypted-by-id");
                stringMap(key, p, "properties");
            }
            return keyIds;
        }

        private void snapshots(JsonNode root, Set<String> keyIds) {
            JsonNode list = list(root, "$", "snapshots", false);
            Map<Long, String> seen = new HashMap<>();
            for (int i = 0; i < list.size(); i++) {
                String p = "$['snapshots'][" + i + "]";
                JsonNode snapshot = list.get(i);
                if (!snapshot.isObject()) {
                    add(p, IndexMetadataRule.JSON_TYPE, "an index snapshot is a JSON object");
                    continue;
                }
                requiredLong(snapshot, p, "snapshot-id").ifPresent(id -> {
                    String earlier = seen.putIfAbsent(id, p);
                    if (earlier != null) {
                        add(path(p, "snapshot-id"), IndexMetadataRule.SNAPSHOT_ID_DUPLICATE,
                                "snapshot-id " + id + " is already used by " + earlier);
                    }
                });
                requiredLong(snapshot, p, "source-table-snapshot-id");
                requiredLong(snapshot, p, "timestamp-ms");
                requiredString(snapshot, p, "tracking-file");
                stringMap(snapshot, p, "properties");
                optionalString(snapshot, p, "key-id");
                JsonNode keyId = snapshot.get("key-id");
                if (keyId != null && keyId.isTextual() && !keyIds.contains(keyId.asText())) {
                    add(path(p, "key-id"), IndexMetadataRule.SNAPSHOT_KEY_ID_UNKNOWN,
                            "key-id \"" + keyId.asText() + "\" is not a key-id in encryption-keys");
                }
            }
        }

        private void metadataLog(JsonNode root) {
            JsonNode list = list(root, "$", "metadata-log", false);
            for (int i = 0; i < list.size(); i++) {
                String p = "$['metadata-log'][" + i + "]";
                JsonNode entry = list.get(i);
                if (!entry.isObject()) {
                    add(p, IndexMetadataRule.JSON_TYPE, "a metadata log entry is a JSON object");
                    continue;
                }
                requiredString(entry, p, "metadata-file");
                requiredLong(entry, p, "timestamp-ms");
            }
        }
    }

    /** An expression field as far as it parsed: its path, data type (empty if invalid) and source field ids. */
    private record ParsedField(String path, Optional<Type> dataType, List<Integer> sourceIds) {
    }
}
