package dev.tableindex.model.anyelement;

import com.fasterxml.jackson.databind.JsonNode;
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
        JsonNode root = TableJson.parse(json);
        TableJson.Element element = TableJson.element(root);
        return new ListTable(root.path("column").asText("list"), element.schema(),
                TableJson.rows(root.path("rows"), element.schema(), ""));
    }

    /** A table that does not follow the format, naming where. */
    public static final class TableException extends IllegalArgumentException {
        private static final long serialVersionUID = 1L;

        public TableException(String message) {
            super(message);
        }
    }
}
