package dev.tableindex.model.iceberg.definition;

import dev.tableindex.model.json.JsonInputException;
import dev.tableindex.model.json.KitJson;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.apache.iceberg.Schema;
import org.apache.iceberg.SchemaParser;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;

/**
 * Iceberg type JSON (the table spec's schema serialization, docs/iceberg-table-spec-facts.md "Type JSON")
 * to and from Iceberg's own {@link Type}. Iceberg's parser is public for whole schemas only, so a type is
 * parsed as the single field of a one-field schema.
 */
public final class IcebergTypeJson {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** The id of the wrapping field: reserved, so no nested id of a real type can clash with it. */
    private static final int WRAPPER_ID = ReservedFieldIds.LAST_TABLE_FIELD_ID + 100;

    private IcebergTypeJson() {
    }

    /**
     * The type {@code json} describes.
     *
     * @throws IllegalArgumentException naming what is wrong when {@code json} is not an Iceberg type
     */
    public static Type fromJson(JsonNode json) {
        if (json == null || !(json.isTextual() || json.isObject())) {
            throw new IllegalArgumentException("an Iceberg type is a JSON string or object");
        }
        ObjectNode field = JSON.createObjectNode();
        field.put("id", WRAPPER_ID);
        field.put("name", "value");
        field.put("required", false);
        field.set("type", json);
        ObjectNode schema = JSON.createObjectNode();
        schema.put("type", "struct");
        schema.put("schema-id", 0);
        ArrayNode fields = schema.putArray("fields");
        fields.add(field);
        try {
            return SchemaParser.fromJson(schema).findField(WRAPPER_ID).type();
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("not an Iceberg type: " + json + " (" + e.getMessage() + ")");
        }
    }

    /** The type's JSON: a string for primitives, an object for struct, list and map. */
    public static JsonNode toJson(Type type) {
        Schema schema = new Schema(Types.NestedField.optional(WRAPPER_ID, "value", type));
        JsonNode parsed = KitJson.read(SchemaParser.toJson(schema));
        return parsed.get("fields").get(0).get("type");
    }
}
