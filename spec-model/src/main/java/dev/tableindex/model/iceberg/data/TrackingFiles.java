package dev.tableindex.model.iceberg.data;

import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.apache.iceberg.FileFormat;
import org.apache.iceberg.Schema;
import org.apache.iceberg.data.GenericRecord;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;

/**
 * The tracking file (draft, Tracking File): one row per range file with the V4 data file fields the draft keeps
 * (100 file_path, 101 file_format, 103 record_count, 104 file_size_in_bytes, 146 content_stats, 131
 * key_metadata), written as an Iceberg Avro file. {@code content_stats} holds a stats struct for each cluster
 * field (lower_bound, upper_bound, group_max_value) and each non-materialized field (lower_bound, upper_bound).
 */
public final class TrackingFiles {
    public static final int FILE_PATH = 100;
    public static final int FILE_FORMAT = 101;
    public static final int RECORD_COUNT = 103;
    public static final int FILE_SIZE_IN_BYTES = 104;
    public static final int KEY_METADATA = 131;

    private TrackingFiles() {
    }

    /** Index fields with a stats struct: the cluster spec's and the non-materialized ones, by id. */
    public static List<Integer> statsFieldIds(IndexFields fields) {
        TreeSet<Integer> ids = new TreeSet<>(fields.definition().clusterSpec());
        fields.definition().nonMaterializedFields().forEach(f -> ids.add(f.fieldId()));
        return List.copyOf(ids);
    }

    public static Schema schema(IndexFields fields) {
        List<Types.NestedField> stats = new ArrayList<>();
        for (int id : statsFieldIds(fields)) {
            int base = StatsIds.baseId(id);
            Type type = fields.type(id);
            List<Types.NestedField> metrics = new ArrayList<>();
            metrics.add(Types.NestedField.optional(base + StatsIds.LOWER_BOUND, "lower_bound", type));
            metrics.add(Types.NestedField.optional(base + StatsIds.UPPER_BOUND, "upper_bound", type));
            if (fields.definition().clusterSpec().contains(id)) {
                metrics.add(Types.NestedField.optional(base + StatsIds.GROUP_MAX_VALUE, "group_max_value", type));
            }
            stats.add(Types.NestedField.optional(base, fields.name(id), Types.StructType.of(metrics)));
        }
        return new Schema(
                Types.NestedField.required(FILE_PATH, "file_path", Types.StringType.get()),
                Types.NestedField.required(FILE_FORMAT, "file_format", Types.StringType.get()),
                Types.NestedField.required(RECORD_COUNT, "record_count", Types.LongType.get()),
                Types.NestedField.required(FILE_SIZE_IN_BYTES, "file_size_in_bytes", Types.LongType.get()),
                Types.NestedField.required(StatsIds.CONTENT_STATS, "content_stats", Types.StructType.of(stats)),
                Types.NestedField.optional(KEY_METADATA, "key_metadata", Types.BinaryType.get()));
    }

    public static void write(Path path, IndexFields fields, List<TrackingEntry> entries) {
        Schema schema = schema(fields);
        Types.StructType statsType = schema.findField(StatsIds.CONTENT_STATS).type().asStructType();
        List<Record> rows = new ArrayList<>();
        for (TrackingEntry entry : entries) {
            Record row = GenericRecord.create(schema);
            row.setField("file_path", entry.filePath());
            row.setField("file_format", entry.fileFormat());
            row.setField("record_count", entry.recordCount());
            row.setField("file_size_in_bytes", entry.fileSizeInBytes());
            Record stats = GenericRecord.create(statsType);
            for (int i = 0; i < statsType.fields().size(); i++) {
                Types.NestedField statsField = statsType.fields().get(i);
                FieldStats s = entry.contentStats().get((statsField.fieldId() - 10_000) / 200);
                if (s == null) {
                    continue;
                }
                Record metrics = GenericRecord.create(statsField.type().asStructType());
                metrics.setField("lower_bound", s.lowerBound());
                metrics.setField("upper_bound", s.upperBound());
                if (s.hasGroupMax()) {
                    metrics.setField("group_max_value", s.groupMaxValue());
                }
                stats.set(i, metrics);
            }
            row.setField("content_stats", stats);
            row.setField("key_metadata", entry.keyMetadata());
            rows.add(row);
        }
        DataFileIO.write(path, FileFormat.AVRO, schema, rows);
    }

    /**
     * Reads the entries of any tracking file (Avro or Parquet), resolving stats by id: a stats struct is found by
     * its base id, each metric by its offset, whatever names the writer gave them.
     */
    public static List<TrackingEntry> read(Path path) {
        FileFormat format = DataFileIO.formatOf(path.toString());
        Schema schema = DataFileIO.fileSchema(path, format);
        List<TrackingEntry> entries = new ArrayList<>();
        for (Record row : DataFileIO.read(path, format, schema)) {
            entries.add(entry(schema, row));
        }
        return entries;
    }

    private static TrackingEntry entry(Schema schema, Record row) {
        Map<Integer, FieldStats> stats = new LinkedHashMap<>();
        Types.NestedField statsField = schema.findField(StatsIds.CONTENT_STATS);
        Record statsRow = statsField == null ? null : (Record) byId(schema.asStruct(), row, StatsIds.CONTENT_STATS);
        if (statsRow != null) {
            Types.StructType statsType = statsField.type().asStructType();
            for (Types.NestedField f : statsType.fields()) {
                Record metrics = (Record) byId(statsType, statsRow, f.fieldId());
                if (metrics == null || !f.type().isStructType()) {
                    continue;
                }
                int base = f.fieldId();
                Types.StructType m = f.type().asStructType();
                boolean hasGroupMax = m.field(base + StatsIds.GROUP_MAX_VALUE) != null;
                stats.put((base - 10_000) / 200, new FieldStats(
                        byId(m, metrics, base + StatsIds.LOWER_BOUND),
                        byId(m, metrics, base + StatsIds.UPPER_BOUND),
                        hasGroupMax,
                        byId(m, metrics, base + StatsIds.GROUP_MAX_VALUE)));
            }
        }
        Object path = byId(schema.asStruct(), row, FILE_PATH);
        Object format = byId(schema.asStruct(), row, FILE_FORMAT);
        Object count = byId(schema.asStruct(), row, RECORD_COUNT);
        Object size = byId(schema.asStruct(), row, FILE_SIZE_IN_BYTES);
        return new TrackingEntry(path == null ? null : path.toString(), format == null ? null : format.toString(),
                count == null ? -1 : ((Number) count).longValue(), size == null ? -1 : ((Number) size).longValue(),
                stats, (ByteBuffer) byId(schema.asStruct(), row, KEY_METADATA));
    }

    /** The value of the field with this id in a struct, or null when the struct has no such field. */
    static Object byId(Types.StructType type, Record record, int fieldId) {
        for (int i = 0; i < type.fields().size(); i++) {
            if (type.fields().get(i).fieldId() == fieldId) {
                return record.get(i);
            }
        }
        return null;
    }

    /** Which of the required top-level fields the file's schema lacks, by "id name". */
    public static List<String> missingRequiredFields(Schema fileSchema) {
        List<String> missing = new ArrayList<>();
        Map<Integer, String> required = new LinkedHashMap<>();
        required.put(FILE_PATH, "file_path");
        required.put(FILE_FORMAT, "file_format");
        required.put(RECORD_COUNT, "record_count");
        required.put(FILE_SIZE_IN_BYTES, "file_size_in_bytes");
        required.put(StatsIds.CONTENT_STATS, "content_stats");
        required.forEach((id, name) -> {
            if (fileSchema.findField(id) == null) {
                missing.add(id + " " + name);
            }
        });
        return missing;
    }
}
