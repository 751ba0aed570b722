package dev.tableindex.model.iceberg.data;

import dev.tableindex.model.iceberg.definition.IndexDefinition;
import dev.tableindex.model.iceberg.order.ClusteringOrder;
import dev.tableindex.model.iceberg.table.LocalFileIO;
import dev.tableindex.model.iceberg.table.SourceTable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.iceberg.FileFormat;
import org.apache.iceberg.Schema;
import org.apache.iceberg.data.GenericRecord;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.types.Type;

/**
 * Builds the index data of one source table snapshot (draft, Index Data): an entry for every live row as Iceberg
 * reads it (identical entries kept apart), sorted into clustering order, cut into range files of about
 * {@code targetRowsPerRangeFile} rows only where the clustering key changes, each written as an Iceberg data file,
 * and a tracking file listing them in order with exact {@code group_max_value}s.
 */
public final class IndexDataBuilder {

    /** How the reference lays out index data: these choices are the writer's, the draft fixes none of them. */
    public record Options(FileFormat rangeFileFormat, int targetRowsPerRangeFile) {
        public Options {
            if (targetRowsPerRangeFile < 1) {
                throw new IllegalArgumentException("target rows per range file must be at least 1");
            }
        }
    }

    /** What a build wrote: the tracking file and, in order, its entries and the index entries of each range. */
    public record Built(Path trackingFile, List<TrackingEntry> entries, List<List<IndexEntry>> ranges) {
    }

    private IndexDataBuilder() {
    }

    /**
     * Writes range files and a tracking file into {@code dataFolder} as {@code <name>-range-NNNNN.<format>} and
     * {@code <name>-tracking.avro}; returns what it wrote. {@code name} makes the file names of one index snapshot
     * unique (index data files are immutable).
     */
    public static Built build(IndexDefinition definition, SourceTable table, long sourceSnapshotId,
            Path dataFolder, String name, Options options) {
        IndexFields fields = new IndexFields(definition, table.schemaOf(sourceSnapshotId));
        List<IndexEntry> entries = IndexEntries.sorted(fields, table.liveRows(sourceSnapshotId));
        return write(fields, ranges(entries, fields, options.targetRowsPerRangeFile()), dataFolder, name,
                options.rangeFileFormat());
    }

    /** Writes the given ranges, in order, as range files and a tracking file. */
    public static Built write(IndexFields fields, List<List<IndexEntry>> ranges, Path dataFolder, String name,
            FileFormat format) {
        Schema rangeSchema = fields.rangeFileSchema();
        String extension = format.name().toLowerCase();
        List<TrackingEntry> tracking = new ArrayList<>();
        for (int i = 0; i < ranges.size(); i++) {
            Path file = dataFolder.resolve(String.format("%s-range-%05d.%s", name, i, extension))
                    .toAbsolutePath();
            List<Record> rows = new ArrayList<>();
            for (IndexEntry entry : ranges.get(i)) {
                Record row = GenericRecord.create(rangeSchema);
                for (int c = 0; c < rangeSchema.columns().size(); c++) {
                    row.set(c, entry.values().get(rangeSchema.columns().get(c).fieldId()));
                }
                rows.add(row);
            }
            DataFileIO.write(file, format, rangeSchema, rows);
            tracking.add(new TrackingEntry(LocalFileIO.uri(file), extension, rows.size(), size(file),
                    stats(fields, ranges.get(i)), null));
        }
        Path trackingFile = dataFolder.resolve(name + "-tracking.avro").toAbsolutePath();
        TrackingFiles.write(trackingFile, fields, tracking);
        return new Built(trackingFile, tracking, ranges);
    }

    /** Cuts sorted entries into ranges of at least {@code target} rows, never inside a run of equal keys. */
    public static List<List<IndexEntry>> ranges(List<IndexEntry> sorted, IndexFields fields, int target) {
        ClusteringOrder order = new ClusteringOrder(fields.clusterTypes());
        List<List<IndexEntry>> ranges = new ArrayList<>();
        List<IndexEntry> current = new ArrayList<>();
        for (IndexEntry entry : sorted) {
            boolean keyChanges = current.isEmpty()
                    || order.compare(current.get(current.size() - 1).clusteringKey(), entry.clusteringKey()) != 0;
            if (current.size() >= target && keyChanges) {
                ranges.add(current);
                current = new ArrayList<>();
            }
            current.add(entry);
        }
        if (!current.isEmpty()) {
            ranges.add(current);
        }
        return ranges;
    }

    /** The stats of one range: exact bounds over non-null, non-NaN values and the last entry's key. */
    static Map<Integer, FieldStats> stats(IndexFields fields, List<IndexEntry> range) {
        Map<Integer, FieldStats> stats = new HashMap<>();
        IndexEntry last = range.get(range.size() - 1);
        for (int id : TrackingFiles.statsFieldIds(fields)) {
            Type.PrimitiveType type = fields.type(id).asPrimitiveType();
            Object lower = null;
            Object upper = null;
            for (IndexEntry entry : range) {
                Object v = entry.values().get(id);
                if (v == null || isNaN(v)) {
                    continue;
                }
                if (lower == null || ClusteringOrder.compareValues(type, v, lower) < 0) {
                    lower = v;
                }
                if (upper == null || ClusteringOrder.compareValues(type, v, upper) > 0) {
                    upper = v;
                }
            }
            boolean cluster = fields.definition().clusterSpec().contains(id);
            stats.put(id, new FieldStats(lower, upper, cluster, cluster ? last.values().get(id) : null));
        }
        return stats;
    }

    static boolean isNaN(Object v) {
        return (v instanceof Double d && d.isNaN()) || (v instanceof Float f && f.isNaN());
    }

    private static long size(Path file) {
        try {
            return Files.size(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
