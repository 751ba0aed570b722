package dev.tableindex.model.iceberg.table;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tableindex.model.iceberg.data.IndexFieldValues;
import dev.tableindex.model.iceberg.order.VectorValues;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.iceberg.FileFormat;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.PartitionSpecParser;
import org.apache.iceberg.Schema;
import org.apache.iceberg.SchemaParser;
import org.apache.iceberg.data.GenericRecord;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.types.Types;

/**
 * A real Iceberg table described in JSON, so examples, golden files and scenarios can re-make it with Iceberg
 * anywhere (Iceberg metadata holds absolute paths, so tables themselves are not portable):
 * <pre>{"format": "parquet", "schema": {Iceberg schema JSON},
 *  "partition-spec": {Iceberg partition spec JSON},                  optional: unpartitioned without it
 *  "commits": [{"append": [[1, "b", "1.0"], ...]},                   rows in the current schema's column order
 *              {"delete-by-position": {"field-id": 1, "values": [1]}},   position deletes of the live rows holding them
 *              {"delete-by-equality": {"field-id": 1, "values": [8]}},
 *              {"promote-column": {"field-id": 1, "type": "long"}},     a schema change (no snapshot)
 *              {"rename-column": {"field-id": 2, "name": "town"}}]}     a schema change (no snapshot)</pre>
 * Values are written as in the clustering vectors ({@link VectorValues}): floats as strings, so NaN and -0.0
 * are exact.
 */
public final class TableScript {
    private TableScript() {
    }

    /**
     * Makes the table in {@code folder}; returns, for each commit in order, the table's current snapshot id after
     * it (a schema change keeps the snapshot before it).
     */
    public static List<Long> create(JsonNode script, Path folder) {
        SourceTable table = createEmpty(script, folder);
        List<Long> snapshots = new ArrayList<>();
        int i = 0;
        for (JsonNode commit : require(script, "commits")) {
            snapshots.add(apply(table, commit, "commits[" + i++ + "]"));
        }
        return snapshots;
    }

    /** The table of the script without its commits. */
    public static SourceTable createEmpty(JsonNode script, Path folder) {
        Schema schema = SchemaParser.fromJson(require(script, "schema"));
        FileFormat format = FileFormat.fromString(script.path("format").asText("parquet"));
        PartitionSpec spec = script.hasNonNull("partition-spec")
                ? PartitionSpecParser.fromJson(schema, script.get("partition-spec")) : PartitionSpec.unpartitioned();
        return SourceTable.create(folder, schema, spec, format);
    }

    /** Applies one commit of a script to the table; returns the current snapshot id after it. */
    public static long apply(SourceTable table, JsonNode commit, String where) {
        Schema schema = table.schema();
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
            return table.append(rows);
        }
        if (commit.has("delete-by-position") || commit.has("delete-by-equality")) {
            boolean positions = commit.has("delete-by-position");
            JsonNode delete = commit.get(positions ? "delete-by-position" : "delete-by-equality");
            Types.NestedField field = field(schema, require(delete, "field-id").asInt(), where);
            List<Object> values = new ArrayList<>();
            require(delete, "values").forEach(v -> values.add(VectorValues.parse(field.type().asPrimitiveType(), v)));
            if (positions) {
                List<SourceRow> doomed = table.liveRows(table.currentSnapshotId()).stream()
                        .filter(r -> values.contains(IndexFieldValues.sourceValue(schema, r.values(), field.fieldId())))
                        .toList();
                return table.deletePositions(doomed);
            }
            return table.deleteWhereEquals(field.fieldId(), values);
        }
        if (commit.has("promote-column")) {
            JsonNode promote = commit.get("promote-column");
            Types.NestedField field = field(schema, require(promote, "field-id").asInt(), where);
            table.promoteColumn(field.fieldId(), Types.fromPrimitiveString(require(promote, "type").asText()));
            return table.currentSnapshotId();
        }
        if (commit.has("rename-column")) {
            JsonNode rename = commit.get("rename-column");
            Types.NestedField field = field(schema, require(rename, "field-id").asInt(), where);
            table.renameColumn(field.fieldId(), require(rename, "name").asText());
            return table.currentSnapshotId();
        }
        throw new IllegalArgumentException(where + ": expected append, delete-by-position, delete-by-equality,"
                + " promote-column or rename-column");
    }

    private static Types.NestedField field(Schema schema, int fieldId, String where) {
        Types.NestedField field = schema.findField(fieldId);
        if (field == null) {
            throw new IllegalArgumentException(where + ": no field " + fieldId);
        }
        return field;
    }

    private static JsonNode require(JsonNode node, String field) {
        if (node == null || !node.has(field)) {
            throw new IllegalArgumentException("missing field '" + field + "'");
        }
        return node.get(field);
    }
}
