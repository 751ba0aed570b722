package dev.tableindex.model.iceberg.metadata;

import dev.tableindex.model.json.JsonInputException;
import dev.tableindex.model.json.KitJson;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tableindex.model.iceberg.definition.ExpressionField;
import dev.tableindex.model.iceberg.definition.ExpressionJsonException;
import dev.tableindex.model.iceberg.definition.IcebergTypeJson;
import dev.tableindex.model.iceberg.definition.JsonPaths;
import dev.tableindex.model.iceberg.definition.IndexDefinition;
import dev.tableindex.model.iceberg.definition.IndexType;
import dev.tableindex.model.iceberg.definition.ValueExpressionJson;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiFunction;
import org.apache.iceberg.types.Type;

/**
 * The index metadata file's JSON (draft, Index Metadata). Reading takes the structure only (fields, their
 * JSON types, type and expression JSON); the draft's rules are {@link IndexMetadataValidator}'s. A missing
 * optional list or map reads as empty; unknown fields are ignored. Writing emits every field in the draft's
 * table order, optional lists included (empty when empty).
 */
public final class IndexMetadataJson {
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private IndexMetadataJson() {
    }

    /** Reads an index metadata file's bytes. */
    public static IndexMetadata read(byte[] bytes) {
        return read(parse(bytes));
    }

    /** The JSON tree of a metadata file's bytes; throws naming {@code $} when they are not one JSON object. */
    public static JsonNode parse(byte[] bytes) {
        JsonNode root;
        try {
            root = KitJson.read(bytes);
        } catch (JsonInputException e) {
            throw new IndexMetadataFormatException(e.path(), e.problem());
        }
        if (!root.isObject()) {
            throw new IndexMetadataFormatException("$", "an index metadata file is a JSON object");
        }
        return root;
    }

    /**
     * Reads the structure of an index metadata file.
     *
     * @throws IndexMetadataFormatException naming the JSON path of the first structural problem
     */
    public static IndexMetadata read(JsonNode root) {
        Fields f = new Fields(root, "$");
        IndexDefinition definition = new IndexDefinition(
                new IndexType(f.string("type")),
                f.list("identity-fields", true, Fields::intValue),
                f.list("materialized-fields", false, IndexMetadataJson::expressionField),
                f.list("non-materialized-fields", false, IndexMetadataJson::expressionField),
                f.list("cluster-spec", true, Fields::intValue));
        return new IndexMetadata(
                f.integer("format-version"),
                f.string("index-uuid"),
                f.string("table-uuid"),
                f.string("location"),
                f.longValue("last-updated-ms"),
                definition,
                f.map("properties"),
                f.list("snapshots", false, IndexMetadataJson::snapshot),
                f.list("metadata-log", false, IndexMetadataJson::logEntry),
                f.list("encryption-keys", false, IndexMetadataJson::encryptionKey));
    }

    /** The metadata file's JSON. */
    public static ObjectNode write(IndexMetadata metadata) {
        ObjectNode node = JSON.createObjectNode();
        IndexDefinition d = metadata.definition();
        node.put("format-version", metadata.formatVersion());
        node.put("index-uuid", metadata.indexUuid());
        node.put("table-uuid", metadata.tableUuid());
        node.put("location", metadata.location());
        node.put("last-updated-ms", metadata.lastUpdatedMs());
        node.put("type", d.type().written());
        ArrayNode identity = node.putArray("identity-fields");
        d.identityFields().forEach(identity::add);
        ArrayNode materialized = node.putArray("materialized-fields");
        d.materializedFields().forEach(e -> materialized.add(write(e)));
        ArrayNode nonMaterialized = node.putArray("non-materialized-fields");
        d.nonMaterializedFields().forEach(e -> nonMaterialized.add(write(e)));
        ArrayNode cluster = node.putArray("cluster-spec");
        d.clusterSpec().forEach(cluster::add);
        putMap(node, "properties", metadata.properties());
        ArrayNode snapshots = node.putArray("snapshots");
        for (IndexSnapshot s : metadata.snapshots()) {
            ObjectNode sn = snapshots.addObject();
            sn.put("snapshot-id", s.snapshotId());
            sn.put("source-table-snapshot-id", s.sourceTableSnapshotId());
            sn.put("timestamp-ms", s.timestampMs());
            sn.put("tracking-file", s.trackingFile());
            if (!s.properties().isEmpty()) {
                putMap(sn, "properties", s.properties());
            }
            s.keyId().ifPresent(k -> sn.put("key-id", k));
        }
        ArrayNode log = node.putArray("metadata-log");
        for (MetadataLogEntry e : metadata.metadataLog()) {
            ObjectNode en = log.addObject();
            en.put("metadata-file", e.metadataFile());
            en.put("timestamp-ms", e.timestampMs());
        }
        ArrayNode keys = node.putArray("encryption-keys");
        for (EncryptionKey k : metadata.encryptionKeys()) {
            ObjectNode kn = keys.addObject();
            kn.put("key-id", k.keyId());
            kn.put("encrypted-key-metadata", k.encryptedKeyMetadata());
            k.encryptedById().ifPresent(id -> kn.put("encrypted-by-id", id));
            if (!k.properties().isEmpty()) {
                putMap(kn, "properties", k.properties());
            }
        }
        return node;
    }

    /** The optional lists and maps of the index metadata file (draft, Index Metadata File). */
    public static final List<String> OPTIONAL_MEMBERS = List.of("materialized-fields", "non-materialized-fields",
            "properties", "snapshots", "metadata-log", "encryption-keys");

    /**
     * The metadata file's JSON without its empty optional lists and maps: as valid as {@link #write}, since "a
     * missing optional list must be read as an empty list", and the form a reader that needs them present trips on.
     */
    public static ObjectNode writeWithoutEmptyOptionals(IndexMetadata metadata) {
        ObjectNode node = write(metadata);
        OPTIONAL_MEMBERS.stream().filter(name -> node.get(name).isEmpty()).forEach(node::remove);
        return node;
    }

    /** The metadata file's bytes: indented UTF-8 JSON. */
    public static byte[] toBytes(IndexMetadata metadata) {
        return toBytes(write(metadata));
    }

    /** A metadata file's JSON as the bytes of a file: indented UTF-8. */
    public static byte[] toBytes(JsonNode metadataJson) {
        try {
            return JSON.writeValueAsString(metadataJson).getBytes(StandardCharsets.UTF_8);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** An expression field's JSON. */
    public static ObjectNode write(ExpressionField field) {
        ObjectNode node = JSON.createObjectNode();
        node.put("field-id", field.fieldId());
        node.put("type", field.representation());
        node.set("data-type", IcebergTypeJson.toJson(field.dataType()));
        node.set("expr", ValueExpressionJson.write(field.expr()));
        return node;
    }

    private static void putMap(ObjectNode node, String name, Map<String, String> map) {
        ObjectNode m = node.putObject(name);
        map.forEach(m::put);
    }

    static ExpressionField expressionField(JsonNode json, String path) {
        Fields f = new Fields(json, path);
        Type dataType;
        try {
            dataType = IcebergTypeJson.fromJson(f.required("data-type"));
        } catch (IllegalArgumentException e) {
            throw new IndexMetadataFormatException(path + "['data-type']", e.getMessage());
        }
        try {
            return new ExpressionField(f.integer("field-id"), f.string("type"), dataType,
                    ValueExpressionJson.read(f.required("expr"), path + "['expr']"));
        } catch (ExpressionJsonException e) {
            throw new IndexMetadataFormatException(e.jsonPath(), e.getMessage().substring(e.jsonPath().length() + 2));
        }
    }

    private static IndexSnapshot snapshot(JsonNode json, String path) {
        Fields f = new Fields(json, path);
        return new IndexSnapshot(f.longValue("snapshot-id"), f.longValue("source-table-snapshot-id"),
                f.longValue("timestamp-ms"), f.string("tracking-file"), f.map("properties"),
                f.optionalString("key-id"));
    }

    private static MetadataLogEntry logEntry(JsonNode json, String path) {
        Fields f = new Fields(json, path);
        return new MetadataLogEntry(f.string("metadata-file"), f.longValue("timestamp-ms"));
    }

    private static EncryptionKey encryptionKey(JsonNode json, String path) {
        Fields f = new Fields(json, path);
        return new EncryptionKey(f.string("key-id"), f.string("encrypted-key-metadata"),
                f.optionalString("encrypted-by-id"), f.map("properties"));
    }

    /** Typed access to the fields of one JSON object, naming the JSON path of whatever is wrong. */
    static final class Fields {
        private final JsonNode node;
        private final String path;

        Fields(JsonNode node, String path) {
            if (node == null || !node.isObject()) {
                throw new IndexMetadataFormatException(path, "expected a JSON object");
            }
            this.node = node;
            this.path = path;
        }

        static String path(String parent, String name) {
            return JsonPaths.member(parent, name);
        }

        JsonNode required(String name) {
            JsonNode value = node.get(name);
            if (value == null || value.isNull()) {
                throw new IndexMetadataFormatException(path(path, name), "required field is missing");
            }
            return value;
        }

        String string(String name) {
            JsonNode value = required(name);
            if (!value.isTextual()) {
                throw new IndexMetadataFormatException(path(path, name), "expected a JSON string");
            }
            return value.asText();
        }

        Optional<String> optionalString(String name) {
            JsonNode value = node.get(name);
            if (value == null || value.isNull()) {
                return Optional.empty();
            }
            if (!value.isTextual()) {
                throw new IndexMetadataFormatException(path(path, name), "expected a JSON string");
            }
            return Optional.of(value.asText());
        }

        int integer(String name) {
            return intValue(required(name), path(path, name));
        }

        long longValue(String name) {
            JsonNode value = required(name);
            if (!value.isIntegralNumber() || !value.canConvertToLong()) {
                throw new IndexMetadataFormatException(path(path, name), "expected a JSON integer (long)");
            }
            return value.longValue();
        }

        static Integer intValue(JsonNode value, String path) {
            if (!value.isIntegralNumber() || !value.canConvertToInt()) {
                throw new IndexMetadataFormatException(path, "expected a JSON integer (int)");
            }
            return value.intValue();
        }

        Map<String, String> map(String name) {
            JsonNode value = node.get(name);
            Map<String, String> map = new LinkedHashMap<>();
            if (value == null || value.isNull()) {
                return map;
            }
            if (!value.isObject()) {
                throw new IndexMetadataFormatException(path(path, name), "expected a JSON object of strings");
            }
            for (Iterator<Map.Entry<String, JsonNode>> it = value.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                if (!e.getValue().isTextual()) {
                    throw new IndexMetadataFormatException(path(path(path, name), e.getKey()), "expected a JSON string");
                }
                map.put(e.getKey(), e.getValue().asText());
            }
            return map;
        }

        /** A list field; a missing optional list reads as empty (draft, Index Metadata File). */
        <T> List<T> list(String name, boolean required, BiFunction<JsonNode, String, T> element) {
            JsonNode value = required ? required(name) : node.get(name);
            List<T> items = new ArrayList<>();
            if (value == null || value.isNull()) {
                return items;
            }
            String listPath = path(path, name);
            if (!value.isArray()) {
                throw new IndexMetadataFormatException(listPath, "expected a JSON array");
            }
            for (int i = 0; i < value.size(); i++) {
                items.add(element.apply(value.get(i), listPath + "[" + i + "]"));
            }
            return items;
        }
    }
}
