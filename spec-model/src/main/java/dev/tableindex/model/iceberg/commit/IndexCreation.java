package dev.tableindex.model.iceberg.commit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tableindex.model.iceberg.definition.ExpressionJsonException;
import dev.tableindex.model.iceberg.definition.ValueExpressionJson;
import dev.tableindex.model.iceberg.metadata.IndexMetadata;
import java.util.Locale;
import java.util.OptionalInt;
import org.apache.iceberg.Schema;
import org.apache.iceberg.types.Types;

/**
 * What a writer makes of an index definition as a user asks for it, when it creates the index: the first
 * index metadata file's JSON (draft, Index Metadata File), before anyone checks it against the draft's rules.
 *
 * <p>The writer does what the draft asks of writers: it writes {@code format-version} 1, the indexed table's
 * UUID, a new index UUID, the location as given (an absolute path), {@code type} in upper case ("Writers must
 * write type in upper case") and each expression with its named references bound to the source schema's field
 * ids ("Named references must not be used"); a name the schema does not have stays, so the check reports it.
 * Everything else of the definition is copied as asked; the index has no snapshots ("An index that has not been
 * built yet has no snapshots"). Whether the result is a valid file is {@code IndexMetadataValidator}'s to say.
 */
public final class IndexCreation {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    /** The definition's members a request may give, in the draft's table order. */
    private static final String[] DEFINITION = {"type", "identity-fields", "materialized-fields",
            "non-materialized-fields", "cluster-spec", "properties"};

    private IndexCreation() {
    }

    /**
     * The first metadata file of a new index.
     *
     * @param requested  the definition as asked: {@code type}, {@code identity-fields}, {@code materialized-fields},
     *                   {@code non-materialized-fields}, {@code cluster-spec}, {@code properties} (others ignored)
     * @param schema     the source table's current schema, against which names are bound
     * @param tableUuid  the indexed table's UUID
     * @param location   the index location, an absolute path
     * @param indexUuid  the new index's UUID
     * @param createdMs  now, for {@code last-updated-ms}
     */
    public static ObjectNode metadataJson(JsonNode requested, Schema schema, String tableUuid, String location,
            String indexUuid, long createdMs) {
        ObjectNode file = NODES.objectNode();
        file.put("format-version", IndexMetadata.FORMAT_VERSION);
        file.put("index-uuid", indexUuid);
        file.put("table-uuid", tableUuid);
        file.put("location", location);
        file.put("last-updated-ms", createdMs);
        for (String member : DEFINITION) {
            JsonNode value = requested.get(member);
            if (value == null) {
                continue;
            }
            JsonNode written = switch (member) {
                case "type" -> value.isTextual() ? NODES.textNode(value.asText().toUpperCase(Locale.ROOT)) : value.deepCopy();
                case "materialized-fields", "non-materialized-fields" -> bound(value, schema);
                default -> value.deepCopy();
            };
            file.set(member, written);
        }
        return file;
    }

    /** The expression fields with their expressions' names bound to field ids, where the expression parses. */
    private static JsonNode bound(JsonNode fields, Schema schema) {
        if (!fields.isArray()) {
            return fields.deepCopy();
        }
        ArrayNode out = NODES.arrayNode();
        for (JsonNode field : fields) {
            if (!field.isObject() || !field.has("expr")) {
                out.add(field.deepCopy());
                continue;
            }
            ObjectNode copy = field.deepCopy();
            try {
                ValueExpressionJson.read(field.get("expr"), "$");
                copy.set("expr", ValueExpressionJson.bindNames(field.get("expr"), name -> fieldId(schema, name)));
            } catch (ExpressionJsonException e) {
                // not a value expression: copied as asked, and reported by the check
            }
            out.add(copy);
        }
        return out;
    }

    private static OptionalInt fieldId(Schema schema, String name) {
        Types.NestedField field = schema.findField(name);
        return field == null ? OptionalInt.empty() : OptionalInt.of(field.fieldId());
    }
}
