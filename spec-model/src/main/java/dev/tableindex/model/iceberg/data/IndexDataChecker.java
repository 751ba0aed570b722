package dev.tableindex.model.iceberg.data;

import dev.tableindex.model.iceberg.data.DataViolation.Rule;
import dev.tableindex.model.iceberg.metadata.IndexMetadata;
import dev.tableindex.model.iceberg.metadata.IndexSnapshot;
import dev.tableindex.model.iceberg.order.ClusteringOrder;
import dev.tableindex.model.iceberg.table.LocalFileIO;
import dev.tableindex.model.iceberg.table.SourceTable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.apache.iceberg.FileFormat;
import org.apache.iceberg.Schema;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;

/**
 * Checks the index data of an index snapshot, written by anyone, by reading the files themselves: the tracking
 * file's entries, every range file they name, and (given the source table) the live rows the snapshot must index.
 * Every violation names its file and field; the checker never stops at the first.
 */
public final class IndexDataChecker {
    private final IndexMetadata metadata;
    private final Optional<SourceTable> table;

    public IndexDataChecker(IndexMetadata metadata, Optional<SourceTable> table) {
        this.metadata = metadata;
        this.table = table;
    }

    /** Every snapshot of the metadata file. */
    public List<DataViolation> checkAll() {
        List<DataViolation> all = new ArrayList<>();
        metadata.snapshots().forEach(s -> all.addAll(check(s)));
        return all;
    }

    public List<DataViolation> check(IndexSnapshot snapshot) {
        List<DataViolation> out = new ArrayList<>();
        Path trackingPath = LocalFileIO.path(metadata.resolve(snapshot.trackingFile()));
        String tracking = trackingPath.toString();
        Schema sourceSchema = table.map(t -> t.schemaOf(snapshot.sourceTableSnapshotId()))
                .orElse(null);
        List<TrackingEntry> entries;
        try {
            Schema fileSchema = DataFileIO.fileSchema(trackingPath, DataFileIO.formatOf(tracking));
            for (String missing : TrackingFiles.missingRequiredFields(fileSchema)) {
                out.add(new DataViolation(tracking, missing, Rule.TRACKING_FILE_FIELDS, "required field is missing"));
            }
            entries = TrackingFiles.read(trackingPath);
        } catch (RuntimeException e) {
            out.add(new DataViolation(tracking, "-", Rule.TRACKING_FILE_FIELDS,
                    "cannot read the tracking file: " + dev.tableindex.model.io.FileProblems.describe(e)));
            return out;
        }
        List<List<Object>> rangeRows = new ArrayList<>(); // every stored entry, for the live-row check
        List<Object> previousGroupMax = null;
        for (int i = 0; i < entries.size(); i++) {
            TrackingEntry entry = entries.get(i);
            String where = "entry " + i;
            RangeCheck range = checkRange(entry, where, sourceSchema, out);
            List<Object> groupMax = checkStats(entry, where, range, out);
            if (range.rows != null) {
                range.rows.forEach(r -> rangeRows.add(rangeValues(range, r)));
            }
            if (groupMax != null && previousGroupMax != null && range.order != null) {
                if (range.order.compare(previousGroupMax, groupMax) >= 0) {
                    out.add(new DataViolation(tracking, where + " content_stats group_max_value", Rule.ENTRIES_ORDERED,
                            "group_max_value " + IndexValues.exact(groupMax) + " is not greater than the preceding "
                                    + "entry's " + IndexValues.exact(previousGroupMax)));
                }
                if (range.firstKey != null && range.order.compare(range.firstKey, previousGroupMax) <= 0) {
                    out.add(new DataViolation(entry.filePath(), "first row", Rule.RANGES_DISJOINT,
                            "clustering key " + IndexValues.exact(range.firstKey) + " is not greater than the "
                                    + "preceding entry's group_max_value " + IndexValues.exact(previousGroupMax)));
                }
            }
            if (groupMax != null) {
                previousGroupMax = groupMax;
            }
        }
        table.ifPresent(t -> checkLiveRows(t, snapshot, tracking, rangeRows, out));
        return out;
    }

    /** What the checker learned from one range file. */
    private static final class RangeCheck {
        IndexFields fields;
        Schema fileSchema;
        List<Record> rows;
        ClusteringOrder order;
        List<Object> firstKey;
        List<Object> lastKey;
        /** Whether every index field is stored under its id with its type, so values can be compared. */
        boolean columnsOk;
    }

    private RangeCheck checkRange(TrackingEntry entry, String where, Schema sourceSchema, List<DataViolation> out) {
        RangeCheck range = new RangeCheck();
        String file = entry.filePath() == null ? where : entry.filePath();
        Path path = entry.filePath() == null ? null : LocalFileIO.path(metadata.resolve(entry.filePath()));
        if (path == null || !Files.isRegularFile(path)) {
            out.add(new DataViolation(file, "file_path", Rule.RANGE_FILE_VALID, "no range file at this path"));
            return range;
        }
        FileFormat format;
        try {
            format = FileFormat.fromString(entry.fileFormat());
            if (format != FileFormat.AVRO && format != FileFormat.PARQUET) {
                throw new IllegalArgumentException(entry.fileFormat());
            }
        } catch (RuntimeException e) {
            out.add(new DataViolation(file, "file_format", Rule.ENTRY_MATCHES_FILE,
                    "'" + entry.fileFormat() + "' is not a format the checker reads (avro, parquet)"));
            return range;
        }
        if (!format.equals(magicFormat(path))) {
            out.add(new DataViolation(file, "file_format", Rule.ENTRY_MATCHES_FILE,
                    "the entry says " + entry.fileFormat() + " but the file is " + magicFormat(path)));
            return range;
        }
        try {
            long size = Files.size(path);
            if (size != entry.fileSizeInBytes()) {
                out.add(new DataViolation(file, "file_size_in_bytes", Rule.ENTRY_MATCHES_FILE,
                        "the entry says " + entry.fileSizeInBytes() + " bytes, the file has " + size));
            }
            range.fileSchema = DataFileIO.fileSchema(path, format);
            range.rows = DataFileIO.read(path, format, range.fileSchema);
        } catch (DataFileIO.MissingFieldId e) {
            out.add(new DataViolation(file, "schema", Rule.RANGE_FILE_VALID, e.getMessage()));
            return range;
        } catch (IOException | RuntimeException e) {
            out.add(new DataViolation(file, "-", Rule.RANGE_FILE_VALID, "not a readable data file: " + dev.tableindex.model.io.FileProblems.describe(e)));
            return range;
        }
        if (range.rows.size() != entry.recordCount()) {
            out.add(new DataViolation(file, "record_count", Rule.ENTRY_MATCHES_FILE,
                    "the entry says " + entry.recordCount() + " records, the file has " + range.rows.size()));
        }
        Schema typesFrom = sourceSchema != null ? sourceSchema : range.fileSchema;
        range.fields = new IndexFields(metadata.definition(), typesFrom);
        for (int id : metadata.definition().rangeFileFieldIds()) {
            Types.NestedField column = range.fileSchema.findField(id);
            Type expected = typeOrNull(range.fields, id);
            if (column == null) {
                out.add(new DataViolation(file, "field " + id, Rule.RANGE_FILE_COLUMNS, "no column with this field id"));
            } else if (expected != null && !column.type().equals(expected)) {
                out.add(new DataViolation(file, "field " + id, Rule.RANGE_FILE_COLUMNS,
                        "stored as " + column.type() + ", the index field is " + expected));
            }
        }
        if (out.stream().anyMatch(v -> v.file().equals(file) && v.rule() == Rule.RANGE_FILE_COLUMNS)) {
            return range;
        }
        range.columnsOk = true;
        List<Integer> cluster = metadata.definition().clusterSpec();
        boolean keysStored = cluster.stream().allMatch(id -> range.fileSchema.findField(id) != null);
        if (!keysStored) {
            return range; // a non-materialized cluster field: keys are not in the file
        }
        range.order = new ClusteringOrder(cluster.stream().map(id -> range.fileSchema.findField(id).type()
                .asPrimitiveType()).toList());
        List<Object> previous = null;
        for (int r = 0; r < range.rows.size(); r++) {
            List<Object> key = key(range, range.rows.get(r));
            if (previous != null && range.order.compare(previous, key) > 0) {
                out.add(new DataViolation(file, "row " + r, Rule.ROWS_IN_ORDER, "clustering key "
                        + IndexValues.exact(key) + " sorts before the preceding row's " + IndexValues.exact(previous)));
            }
            if (range.firstKey == null) {
                range.firstKey = key;
            }
            previous = key;
        }
        range.lastKey = previous;
        return range;
    }

    private static Type typeOrNull(IndexFields fields, int id) {
        try {
            return fields.type(id);
        } catch (RuntimeException e) {
            return null;
        }
    }

    private List<Object> key(RangeCheck range, Record row) {
        List<Object> key = new ArrayList<>();
        for (int id : metadata.definition().clusterSpec()) {
            key.add(TrackingFiles.byId(range.fileSchema.asStruct(), row, id));
        }
        return key;
    }

    private List<Object> rangeValues(RangeCheck range, Record row) {
        List<Object> values = new ArrayList<>();
        for (int id : metadata.definition().rangeFileFieldIds()) {
            values.add(TrackingFiles.byId(range.fileSchema.asStruct(), row, id));
        }
        return values;
    }

    /** Checks the stats structs of one entry; returns its group_max key (null when it cannot be read). */
    private List<Object> checkStats(TrackingEntry entry, String where, RangeCheck range, List<DataViolation> out) {
        String file = entry.filePath() == null ? where : entry.filePath();
        List<Integer> cluster = metadata.definition().clusterSpec();
        List<Object> groupMax = new ArrayList<>();
        boolean complete = true;
        for (int id : cluster) {
            FieldStats stats = entry.contentStats().get(id);
            String field = where + " content_stats " + StatsIds.baseId(id);
            if (stats == null || !stats.hasGroupMax()) {
                out.add(new DataViolation(file, field + " group_max_value (id "
                        + (StatsIds.baseId(id) + StatsIds.GROUP_MAX_VALUE) + ")", Rule.REQUIRED_METRICS,
                        "cluster field " + id + " has no group_max_value at offset 8"));
                complete = false;
                continue;
            }
            groupMax.add(stats.groupMaxValue());
        }
        for (int id : TrackingFiles.statsFieldIds(new IndexFields(metadata.definition(), new Schema()))) {
            if (!entry.contentStats().containsKey(id)) {
                out.add(new DataViolation(file, where + " content_stats " + StatsIds.baseId(id), Rule.REQUIRED_METRICS,
                        "index field " + id + " has no stats struct with lower_bound and upper_bound"));
            }
        }
        if (range.rows != null && range.fileSchema != null && range.columnsOk) {
            checkBounds(entry, file, where, range, out);
        }
        if (complete && range.lastKey != null && range.order.compare(range.lastKey, groupMax) != 0) {
            out.add(new DataViolation(file, where + " content_stats group_max_value", Rule.GROUP_MAX_EXACT,
                    "group_max_value " + IndexValues.exact(groupMax) + " but the last row's key is "
                            + IndexValues.exact(range.lastKey)));
        } else if (complete && range.lastKey != null && !sameExactly(range.lastKey, groupMax)) {
            out.add(new DataViolation(file, where + " content_stats group_max_value", Rule.GROUP_MAX_EXACT,
                    "group_max_value " + IndexValues.exact(groupMax) + " is not exactly the last row's key "
                            + IndexValues.exact(range.lastKey)));
        }
        return complete ? groupMax : null;
    }

    private static boolean sameExactly(List<Object> a, List<Object> b) {
        return IndexValues.exact(a).equals(IndexValues.exact(b));
    }

    private void checkBounds(TrackingEntry entry, String file, String where, RangeCheck range, List<DataViolation> out) {
        for (Map.Entry<Integer, FieldStats> e : entry.contentStats().entrySet()) {
            int id = e.getKey();
            Types.NestedField column = range.fileSchema.findField(id);
            if (column == null || !column.type().isPrimitiveType()) {
                continue; // a non-materialized field: its values are not in the range file
            }
            Type.PrimitiveType type = column.type().asPrimitiveType();
            FieldStats stats = e.getValue();
            for (Object bound : new Object[] {stats.lowerBound(), stats.upperBound()}) {
                if (bound != null && IndexDataBuilder.isNaN(bound)) {
                    out.add(new DataViolation(file, where + " content_stats " + StatsIds.baseId(id), Rule.BOUNDS,
                            "NaN is not a valid bound"));
                }
            }
            for (Record row : range.rows) {
                Object v = TrackingFiles.byId(range.fileSchema.asStruct(), row, id);
                if (v == null || IndexDataBuilder.isNaN(v)) {
                    continue;
                }
                if (stats.lowerBound() == null || ClusteringOrder.compareValues(type, stats.lowerBound(), v) > 0) {
                    out.add(new DataViolation(file, where + " content_stats lower_bound (id "
                            + (StatsIds.baseId(id) + StatsIds.LOWER_BOUND) + ")", Rule.BOUNDS, "lower_bound "
                            + IndexValues.exact(stats.lowerBound()) + " is above the value " + IndexValues.exact(v)));
                    break;
                }
                if (stats.upperBound() == null || ClusteringOrder.compareValues(type, stats.upperBound(), v) < 0) {
                    out.add(new DataViolation(file, where + " content_stats upper_bound (id "
                            + (StatsIds.baseId(id) + StatsIds.UPPER_BOUND) + ")", Rule.BOUNDS, "upper_bound "
                            + IndexValues.exact(stats.upperBound()) + " is below the value " + IndexValues.exact(v)));
                    break;
                }
            }
        }
    }

    /** The stored entries, as a multiset, are those of the snapshot's live rows: none missing, none extra, none merged. */
    private void checkLiveRows(SourceTable source, IndexSnapshot snapshot, String tracking, List<List<Object>> stored,
            List<DataViolation> out) {
        IndexFields fields = new IndexFields(metadata.definition(), source.schemaOf(snapshot.sourceTableSnapshotId()));
        Map<String, Integer> expected = new TreeMap<>();
        for (IndexEntry entry : IndexEntries.sorted(fields, source.liveRows(snapshot.sourceTableSnapshotId()))) {
            List<Object> values = new ArrayList<>();
            metadata.definition().rangeFileFieldIds().forEach(id -> values.add(entry.values().get(id)));
            expected.merge(IndexValues.exact(values), 1, Integer::sum);
        }
        Map<String, Integer> actual = new HashMap<>();
        stored.forEach(v -> actual.merge(IndexValues.exact(v), 1, Integer::sum));
        int reported = 0;
        for (String key : new java.util.TreeSet<>(union(expected, actual))) {
            int want = expected.getOrDefault(key, 0);
            int have = actual.getOrDefault(key, 0);
            if (want != have && reported++ < 10) {
                out.add(new DataViolation(tracking, "range file rows " + key, Rule.EXACTLY_LIVE_ROWS,
                        "source snapshot " + snapshot.sourceTableSnapshotId() + " has " + want
                                + " live row(s) with these values, the index stores " + have));
            }
        }
    }

    private static java.util.Set<String> union(Map<String, Integer> a, Map<String, Integer> b) {
        java.util.Set<String> keys = new java.util.HashSet<>(a.keySet());
        keys.addAll(b.keySet());
        return keys;
    }

    private static FileFormat magicFormat(Path path) {
        try (var in = Files.newInputStream(path)) {
            byte[] head = in.readNBytes(4);
            if (head.length == 4 && head[0] == 'P' && head[1] == 'A' && head[2] == 'R' && head[3] == '1') {
                return FileFormat.PARQUET;
            }
            if (head.length == 4 && head[0] == 'O' && head[1] == 'b' && head[2] == 'j' && head[3] == 1) {
                return FileFormat.AVRO;
            }
            return null;
        } catch (IOException e) {
            return null;
        }
    }
}
