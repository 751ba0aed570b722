package dev.tableindex.model.anyelement;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tableindex.model.key.KeyNotation;
import dev.tableindex.model.key.KeyType;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;

/**
 * A list&lt;struct&gt; column as plain data: per row a list of elements, or null for a null list; per
 * element its field values in schema order, or null for a null element. Read from the kit's JSON
 * table format ({@link #fromJson}).
 */
public record ListTable(String column, ElementSchema element, List<List<Object[]>> rows) {

    /**
     * Reads {@code {"column": …, "element": [{"name", "type"}…], "rows": [[{field: value…}|null…]|null…]}},
     * values in the key notation; every element object names every field.
     *
     * @throws TableException naming the row, element and field
     */
    public static ListTable fromJson(String json) {
        JsonNode root;
        try {
            root = KeyNotation.readTree(json);
        } catch (IllegalArgumentException e) {
            throw new TableException("table: " + e.getMessage());
        }
        String column = root.path("column").asText("list");
        List<ElementSchema.Field> fields = new ArrayList<>();
        JsonNode element = root.path("element");
        if (!element.isArray() || element.isEmpty()) {
            throw new TableException("table: \"element\" must be a non-empty array of {\"name\", \"type\"}");
        }
        for (int i = 0; i < element.size(); i++) {
            JsonNode field = element.get(i);
            if (!field.path("name").isTextual()) {
                throw new TableException("element field " + i + ": \"name\" must be a string");
            }
            try {
                fields.add(new ElementSchema.Field(field.path("name").asText(), KeyType.parse(field.path("type").asText())));
            } catch (IllegalArgumentException e) {
                throw new TableException("element field " + field.path("name").asText() + ": " + e.getMessage());
            }
        }
        ElementSchema schema;
        try {
            schema = new ElementSchema(fields);
        } catch (IllegalArgumentException e) {
            throw new TableException("table: " + e.getMessage());
        }
        JsonNode rowsNode = root.path("rows");
        if (!rowsNode.isArray()) {
            throw new TableException("table: \"rows\" must be an array");
        }
        List<List<Object[]>> rows = new ArrayList<>();
        for (int r = 0; r < rowsNode.size(); r++) {
            rows.add(row(rowsNode.get(r), r, schema));
        }
        return new ListTable(column, schema, Collections.unmodifiableList(rows));
    }

    private static List<Object[]> row(JsonNode list, int r, ElementSchema schema) {
        if (list.isNull()) {
            return null;
        }
        if (!list.isArray()) {
            throw new TableException("row " + r + ": a list must be a JSON array or null, not " + list);
        }
        List<Object[]> elements = new ArrayList<>();
        for (int e = 0; e < list.size(); e++) {
            JsonNode element = list.get(e);
            if (element.isNull()) {
                elements.add(null);
                continue;
            }
            if (!element.isObject()) {
                throw new TableException("row " + r + ", element " + e + ": an element must be an object or null, not " + element);
            }
            for (Iterator<String> names = element.fieldNames(); names.hasNext(); ) {
                String name = names.next();
                if (schema.indexOf(name).isEmpty()) {
                    throw new TableException("row " + r + ", element " + e + ": unknown field '" + name + "' (fields: "
                            + schema.names() + ")");
                }
            }
            Object[] values = new Object[schema.fields().size()];
            for (int f = 0; f < values.length; f++) {
                ElementSchema.Field field = schema.fields().get(f);
                if (!element.has(field.name())) {
                    throw new TableException("row " + r + ", element " + e + ": field '" + field.name()
                            + "' is missing (write null for a null field)");
                }
                try {
                    values[f] = KeyNotation.parse(field.type(), element.get(field.name()));
                } catch (IllegalArgumentException ex) {
                    throw new TableException("row " + r + ", element " + e + ", field " + field.name() + ": " + ex.getMessage());
                }
            }
            elements.add(values);
        }
        return Collections.unmodifiableList(elements);
    }

    /** A table that does not follow the format, naming where. */
    public static final class TableException extends IllegalArgumentException {
        private static final long serialVersionUID = 1L;

        public TableException(String message) {
            super(message);
        }
    }
}
