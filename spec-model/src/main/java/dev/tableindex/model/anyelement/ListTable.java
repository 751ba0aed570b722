package dev.tableindex.model.anyelement;

import java.util.ArrayList;
import java.util.Collections;
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
        TableReader reader = TableReader.of(json);
        TableReader.Header header = reader.header();
        TableJson.Element element = element(header);
        List<List<Object[]>> rows = new ArrayList<>(header.rowCount());
        reader.rows(element.schema(), (offset, list) -> rows.add(list));
        return new ListTable(header.column().asText("list"), element.schema(), Collections.unmodifiableList(rows));
    }

    /**
     * The element of a table read row by row ({@link TableReader}), from its header, whose rows are checked to be an
     * array, as {@link #fromJson} checks them before reading any row.
     */
    public static TableJson.Element element(TableReader.Header header) {
        TableJson.Element element = TableJson.element(header);
        TableJson.requireRowsArray(header.rows(), "");
        return element;
    }

    /** A table that does not follow the format, naming where. */
    public static final class TableException extends IllegalArgumentException {
        private static final long serialVersionUID = 1L;

        public TableException(String message) {
            super(message);
        }
    }
}
