package dev.tableindex.engines.duckdb;

import dev.tableindex.model.anyelement.ElementSchema;
import dev.tableindex.model.anyelement.ListTable;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * A table of the kit's JSON table format as one DuckDB table: a row number and the list column, a
 * {@code LIST(STRUCT(...))} whose struct has the element's fields in their DuckDB types. A null list is a NULL list,
 * a null element a NULL struct, a null field a NULL of its type; values are literals of {@link DuckDbValues}.
 */
final class ListColumnSql {
    /** The table every request's rows are loaded into (a temporary table of the engine's connection). */
    static final String TABLE = "tck_list_table";
    /** Its row-number column, named so that it clashes with no list column. */
    static final String ROW = "tck_row_number";

    private ListColumnSql() {
    }

    /** {@code STRUCT("label" VARCHAR, "confidence" FLOAT)[]}. */
    static String listType(ElementSchema element) {
        return "STRUCT(" + element.fields().stream().map(f -> DuckDbValues.identifier(f.name()) + " " + DuckDbValues.type(f.type()))
                .collect(Collectors.joining(", ")) + ")[]";
    }

    /** The statements that (re)create the table and load every row, in row order. */
    static List<String> load(ListTable table) {
        String listType = listType(table.element());
        List<String> statements = new ArrayList<>();
        statements.add("CREATE OR REPLACE TEMP TABLE " + TABLE + " (" + ROW + " INTEGER, "
                + DuckDbValues.identifier(table.column()) + " " + listType + ")");
        if (!table.rows().isEmpty()) {
            List<String> rows = new ArrayList<>();
            for (int r = 0; r < table.rows().size(); r++) {
                rows.add("(" + r + ", " + list(table.element(), table.rows().get(r), listType) + ")");
            }
            statements.add("INSERT INTO " + TABLE + " VALUES " + String.join(", ", rows));
        }
        return statements;
    }

    private static String list(ElementSchema element, List<Object[]> list, String listType) {
        if (list == null) {
            return "CAST(NULL AS " + listType + ")";
        }
        return "CAST([" + list.stream().map(e -> struct(element, e)).collect(Collectors.joining(", ")) + "] AS " + listType + ")";
    }

    private static String struct(ElementSchema element, Object[] values) {
        if (values == null) {
            return "NULL";
        }
        List<String> fields = new ArrayList<>();
        for (int i = 0; i < values.length; i++) {
            ElementSchema.Field field = element.fields().get(i);
            fields.add(DuckDbValues.identifier(field.name()) + " := " + DuckDbValues.literal(field.type(), values[i]));
        }
        return "struct_pack(" + String.join(", ", fields) + ")";
    }
}
