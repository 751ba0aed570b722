package dev.tableindex.model.iceberg.table;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tableindex.model.iceberg.order.VectorValues;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.iceberg.FileFormat;
import org.apache.iceberg.Schema;
import org.apache.iceberg.SchemaParser;
import org.apache.iceberg.data.GenericRecord;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.types.Types;

/**
 * A real Iceberg table described in JSON, so examples and golden files can re-make it with Iceberg anywhere
 * (Iceberg metadata holds absolute paths, so tables themselves are not portable):
 * <pre>{"format": "parquet", "schema": {Iceberg schema JSON},
 *  "commits": [{"append": [[1, "b", "1.0"], ...]},           rows in schema column order
 *              {"delete-by-position": {"field-id": 1, "values": [1]}},   position deletes of the rows holding them
 *              {"delete-by-equality": {"field-id": 1, "values": [8]}}]}</pre>
 * Values are written as in the clustering vectors ({@link VectorValues}): floats as strings, so NaN and -0.0
 * are exact.
 */
public final class TableScript {
    private TableScript() {
    }

    /** Makes the table in {@code folder}; returns the snapshot id of each commit, in order. */
    public static List<Long> create(JsonNode script, Path folder) {
        Schema schema = SchemaParser.fromJson(require(script, "schema"));
        FileFormat format = FileFormat.fromString(script.path("format").asText("parquet"));
        SourceTable table = SourceTable.create(folder, schema, format);
        List<Long> snapshots = new ArrayList<>();
        int i = 0;
        for (JsonNode commit : require(script, "commits")) {
            String where = "commits[" + i++ + "]";
            if (commit.has("append")) {
                List<Record> rows = new ArrayList<>();
                for (JsonNode values : commit.get("append")) {
                    Record row = GenericRecord.create(schema);
                    List<Types.NestedField> columns = schema.columns();
                    if (values.size() != columns.size()) {
                        throw new IllegalArgumentException(where + ": a row has " + values.size() + " values, the schema "
                                + columns.size() + " columns");
                    }
                    for (int c = 0; c < columns.size(); c++) {
                        row.set(c, VectorValues.parse(columns.get(c).type().asPrimitiveType(), values.get(c)));
                    }
                    rows.add(row);
                }
                snapshots.add(table.append(rows));
            } else if (commit.has("delete-by-position") || commit.has("delete-by-equality")) {
                boolean positions = commit.has("delete-by-position");
                JsonNode delete = commit.get(positions ? "delete-by-position" : "delete-by-equality");
                int fieldId = require(delete, "field-id").asInt();
                Types.NestedField field = schema.findField(fieldId);
                if (field == null) {
                    throw new IllegalArgumentException(where + ": no field " + fieldId);
                }
                List<Object> values = new ArrayList<>();
                require(delete, "values").forEach(v -> values.add(VectorValues.parse(field.type().asPrimitiveType(), v)));
                if (positions) {
                    List<SourceRow> doomed = table.liveRows(table.currentSnapshotId()).stream()
                            .filter(r -> values.contains(schema.accessorForField(fieldId).get(r.values()))).toList();
                    snapshots.add(table.deletePositions(doomed));
                } else {
                    snapshots.add(table.deleteWhereEquals(fieldId, values));
                }
            } else {
                throw new IllegalArgumentException(where + ": expected append, delete-by-position or delete-by-equality");
            }
        }
        return snapshots;
    }

    private static JsonNode require(JsonNode node, String field) {
        if (node == null || !node.has(field)) {
            throw new IllegalArgumentException("missing field '" + field + "'");
        }
        return node.get(field);
    }
}
