package dev.tableindex.model.table;

import dev.tableindex.model.json.JsonInputException;
import dev.tableindex.model.json.KitJson;
import com.fasterxml.jackson.databind.JsonNode;
import dev.tableindex.proto.lance.file.Field;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Rows of a request (table_ops.proto, Rows): a JSON array of objects keyed by column name, JSON
 * null for NULL. Parsed against the schema into rows keyed by field id, every column present.
 */
public final class RowsJson {
    private RowsJson() {
    }

    /** The objects of the array, unchecked. Empty text means no rows. */
    public static List<JsonNode> objects(String json) {
        if (json.isBlank()) {
            return List.of();
        }
        JsonNode root;
        try {
            root = KitJson.read(json);
        } catch (JsonInputException e) {
            throw TableException.invalid("rows: " + e.getMessage());
        }
        if (!root.isArray()) {
            throw TableException.invalid("rows must be a JSON array of objects");
        }
        List<JsonNode> objects = new ArrayList<>();
        for (JsonNode node : root) {
            if (!node.isObject()) {
                throw TableException.invalid("rows must be a JSON array of objects, found " + node);
            }
            objects.add(node);
        }
        return objects;
    }

    /**
     * Full rows: an absent column is NULL; a column not in the schema, or NULL in a non-nullable
     * column, is refused.
     */
    public static List<Map<Integer, Object>> rows(String json, TableSchema schema) {
        List<Map<Integer, Object>> rows = new ArrayList<>();
        for (JsonNode object : objects(json)) {
            for (Iterator<String> names = object.fieldNames(); names.hasNext(); ) {
                schema.require(names.next());
            }
            Map<Integer, Object> row = new LinkedHashMap<>();
            for (Field column : schema.columns()) {
                row.put(column.getId(), value(object, column, schema));
            }
            rows.add(row);
        }
        return rows;
    }

    /** The value of one column in a request object (NULL when absent), checked against its type. */
    public static Object value(JsonNode object, Field column, TableSchema schema) {
        Object value = schema.typeOf(column).fromJson(object.get(column.getName()), column.getName());
        if (value == null && !column.getNullable()) {
            throw TableException.invalid("column '" + column.getName() + "' is not nullable");
        }
        return value;
    }
}
