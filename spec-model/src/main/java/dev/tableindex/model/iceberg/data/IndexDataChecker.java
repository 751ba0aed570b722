package dev.tableindex.model.iceberg.data;

import dev.tableindex.model.iceberg.data.DataViolation.Rule;
import dev.tableindex.model.iceberg.metadata.IndexMetadata;
import dev.tableindex.model.iceberg.metadata.IndexPaths;
import dev.tableindex.model.iceberg.metadata.IndexSnapshot;
import dev.tableindex.model.iceberg.order.ClusteringOrder;
import dev.tableindex.model.iceberg.table.LocalFileIO;
import dev.tableindex.model.iceberg.table.SourceRow;
import dev.tableindex.model.iceberg.table.SourceTable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.apache.iceberg.FileFormat;
import org.apache.iceberg.Schema;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;

/**
 * Checks the index data of an index snapshot, written by anyone, by reading the files themselves: the tracking
 * file's entries, every range file they name, and (given the source table) the live rows the snapshot must index.
 * Every violation names its file and field; the checker never stops at the first. The files are opened through
 * {@link IndexFiles}: as they are, or decrypted through the snapshot's key chain.
 */
public final class IndexDataChecker {
    private final IndexMetadata metadata;
    private final Optional<SourceTable> table;
    private final IndexFiles files;

    public IndexDataChecker(IndexMetadata metadata, Optional<SourceTable> table) {
        this(metadata, table, IndexFiles.PLAIN);
    }

    public IndexDataChecker(IndexMetadata metadata, Optional<SourceTable> table, IndexFiles files) {
        this.metadata = metadata;
        this.table = table;
        this.files = files;
    }

    /** Every snapshot of the metadata file. */
    public List<DataViolation> checkAll() {
        List<DataViolation> all = new ArrayList<>();
        metadata.snapshots().forEach(s -> all.addAll(check(s)));
        return all;
    }

    public List<DataViolation> check(IndexSnapshot snapshot) {
        List<DataViolation> out = new ArrayList<>();
        String tracking = LocalFileIO.path(metadata.resolve(snapshot.trackingFile())).toString();
        Optional<IndexFiles.Opened> opened = files.open(metadata, snapshot, out);
        if (opened.isEmpty()) {
            return out;
        }
        Path trackingPath = opened.get().trackingFile();
        Schema sourceSchema = table.map(t -> t.schemaOf(snapshot.sourceTableSnapshotId())).orElse(null);
        Schema trackingSchema;
        List<TrackingEntry> entries;
        try {
            trackingSchema = DataFileIO.fileSchema(trackingPath, DataFileIO.formatOf(trackingPath.toString()));
            for (String missing : TrackingFiles.missingRequiredFields(trackingSchema)) {
                out.add(new DataViolation(tracking, missing, Rule.TRACKING_FILE_FIELDS, "required field is missing"));
            }
            entries = TrackingFiles.read(trackingPath);
        } catch (RuntimeException e) {
            out.add(new DataViolation(tracking, "-", Rule.TRACKING_FILE_FIELDS,
                    "cannot read the tracking file: " + dev.tableindex.model.io.FileProblems.describe(e)));
            return out;
        }
        // read once: the bounds of non-materialized fields and the live-row multiset are judged against the same rows
        List<SourceRow> liveRows = table.map(t -> t.liveRows(snapshot.sourceTableSnapshotId())).orElse(List.of());
        Map<String, SourceRow> liveByPointer = new HashMap<>();
        liveRows.forEach(r -> liveByPointer.put(r.pointer(), r));
        List<List<Object>> rangeRows = new ArrayList<>(); // every stored entry, for the live-row check
        IndexFields typesOfFields = sourceSchema == null ? null : new IndexFields(metadata.definition(), sourceSchema);
        List<Object> previousGroupMax = null;
        for (int i = 0; i < entries.size(); i++) {
            TrackingEntry entry = entries.get(i);
            String where = "entry " + i;
            checkFilePath(entry, where, tracking, out);
            RangeCheck range = checkRange(entry, where, sourceSchema, opened.get(), out);
            if (typesOfFields == null && range.fields != null) {
                typesOfFields = range.fields;
            }
            List<Object> groupMax = checkStats(entry, where, range, out);
            if (range.rows != null) {
                range.rows.forEach(r -> rangeRows.add(rangeValues(range, r)));
                if (table.isPresent() && range.columnsOk) {
                    checkNonMaterializedBounds(entry, where, range, liveByPointer, sourceSchema, out);
                }
            }
            if (groupMax != null && previousGroupMax != null && range.order != null) {
                if (range.order.compare(previousGroupMax, groupMax) >= 0) {
                    out.add(new DataViolation(tracking, where + " content_stats group_max_value", Rule.ENTRIES_ORDERED,
                            "group_max_value " + IndexValues.exact(groupMax) + " is not greater than the preceding "
                                    + "entry's " + IndexValues.exact(previousGroupMax)));
                }
                if (range.minKey != null && range.order.compare(range.minKey, previousGroupMax) <= 0) {
                    out.add(new DataViolation(entry.filePath(), "first row", Rule.RANGES_DISJOINT,
                            "clustering key " + IndexValues.exact(range.minKey) + " is not greater than the "
                                    + "preceding entry's group_max_value " + IndexValues.exact(previousGroupMax)));
                }
            }
            if (groupMax != null) {
                previousGroupMax = groupMax;
            }
        }
        if (typesOfFields != null) {
            checkStatsSchema(trackingSchema, typesOfFields, tracking, out);
        }
        table.ifPresent(t -> checkLiveRows(t, snapshot, liveRows, tracking, rangeRows, out));
        return out;
    }

    /** "Full URI of the referenced range file": a path with a URI scheme, never one relative to anything. */
    private static void checkFilePath(TrackingEntry entry, String where, String tracking, List<DataViolation> out) {
        if (entry.filePath() != null && !IndexPaths.isAbsolute(entry.filePath())) {
            out.add(new DataViolation(tracking, where + " file_path", Rule.FILE_PATH_URI, "'" + entry.filePath()
                    + "' is not a full URI (no scheme such as file: or s3:)"));
        }
    }

    /** What the checker learned from one range file. */
    private static final class RangeCheck {
        IndexFields fields;
        Schema fileSchema;
        List<Record> rows;
        ClusteringOrder order;
        /** The smallest and largest clustering key of the file's rows. */
        List<Object> minKey;
        List<Object> maxKey;
        /** Whether every index field is stored under its id with its type, so values can be compared. */
        boolean columnsOk;
    }

    private RangeCheck checkRange(TrackingEntry entry, String where, Schema sourceSchema, IndexFiles.Opened opened,
            List<DataViolation> out) {
        RangeCheck range = new RangeCheck();
        String file = entry.filePath() == null ? where : entry.filePath();
        Path stored = entry.filePath() == null ? null : LocalFileIO.path(metadata.resolve(entry.filePath()));
        if (stored == null || !Files.isRegularFile(stored)) {
            out.add(new DataViolation(file, "file_path", Rule.RANGE_FILE_VALID, "no range file at this path"));
            return range;
        }
        FileFormat format;
        try {
            format = FileFormat.fromString(entry.fileFormat());
            if (format != FileFormat.AVRO && format != FileFormat.PARQUET && format != FileFormat.ORC) {
                throw new IllegalArgumentException(entry.fileFormat());
            }
        } catch (RuntimeException e) {
            out.add(new DataViolation(file, "file_format", Rule.ENTRY_MATCHES_FILE,
                    "'" + entry.fileFormat() + "' is not a range file format (parquet, avro, orc)"));
            return range;
        }
        try {
            long size = Files.size(stored);
            if (size != entry.fileSizeInBytes()) {
                out.add(new DataViolation(file, "file_size_in_bytes", Rule.ENTRY_MATCHES_FILE,
                        "the entry says " + entry.fileSizeInBytes() + " bytes, the file has " + size));
            }
        } catch (IOException e) {
            out.add(new DataViolation(file, "-", Rule.RANGE_FILE_VALID, "cannot read: " + e.getMessage()));
            return range;
        }
        Optional<Path> plain = opened.rangeFile(entry, stored, out);
        if (plain.isEmpty()) {
            return range;
        }
        Path path = plain.get();
        FileFormat actual = magicFormat(path);
        if (!format.equals(actual)) {
            out.add(new DataViolation(file, "file_format", Rule.ENTRY_MATCHES_FILE,
                    "the entry says " + entry.fileFormat() + " but the file is " + (actual == null ? "neither Parquet,"
                            + " Avro nor ORC" : actual.name().toLowerCase())));
            return range;
        }
        try {
            range.fileSchema = DataFileIO.fileSchema(path, format);
            range.rows = DataFileIO.read(path, format, range.fileSchema);
            for (String breach : FormatRequirements.breaches(path, format)) {
                out.add(new DataViolation(file, "schema", Rule.FORMAT_REQUIREMENTS, breach));
            }
        } catch (DataFileIO.MissingFieldId e) {
            out.add(new DataViolation(file, "schema", Rule.RANGE_FILE_VALID, e.getMessage()));
            return range;
        } catch (RuntimeException e) {
            out.add(new DataViolation(file, "-", Rule.RANGE_FILE_VALID, "not a readable data file: "
                    + dev.tableindex.model.io.FileProblems.describe(e)));
            return range;
        }
        if (range.rows.size() != entry.recordCount()) {
            out.add(new DataViolation(file, "record_count", Rule.ENTRY_MATCHES_FILE,
                    "the entry says " + entry.recordCount() + " records, the file has " + range.rows.size()));
        }
        Schema typesFrom = sourceSchema != null ? sourceSchema : range.fileSchema;
        range.fields = new IndexFields(metadata.definition(), typesFrom);
        for (Types.NestedField column : range.fileSchema.columns()) {
            if (metadata.definition().isNonMaterialized(column.fieldId())) {
                out.add(new DataViolation(file, "field " + column.fieldId(), Rule.NON_MATERIALIZED_NOT_STORED,
                        "column '" + column.name() + "' stores non-materialized field " + column.fieldId()
                                + "; only its statistics may be stored, in the tracking file"));
            }
        }
        boolean columnsOk = true;
        for (int id : metadata.definition().rangeFileFieldIds()) {
            Types.NestedField column = range.fileSchema.findField(id);
            Type expected = typeOrNull(range.fields, id);
            if (column == null) {
                out.add(new DataViolation(file, "field " + id, Rule.RANGE_FILE_COLUMNS, "no column with this field id"));
                columnsOk = false;
            } else if (expected != null && !column.type().equals(expected)) {
                out.add(new DataViolation(file, "field " + id, Rule.RANGE_FILE_COLUMNS,
                        "stored as " + column.type() + ", the index field is " + expected));
                columnsOk = false;
            }
        }
        if (!columnsOk) {
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
            if (range.minKey == null || range.order.compare(key, range.minKey) < 0) {
                range.minKey = key;
            }
            if (range.maxKey == null || range.order.compare(key, range.maxKey) >= 0) {
                range.maxKey = key;
            }
            previous = key;
        }
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
            Type type = range.fields == null ? null : typeOrNull(range.fields, id);
            if (type != null && !IndexValues.fits(type, stats.groupMaxValue())) {
                complete = false; // stored as another type: STATS_TYPES reports it, its value is not compared
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
        if (complete && range.maxKey != null && range.order.compare(range.maxKey, groupMax) != 0) {
            out.add(new DataViolation(file, where + " content_stats group_max_value", Rule.GROUP_MAX_EXACT,
                    "group_max_value " + IndexValues.exact(groupMax) + " but the last row's key is "
                            + IndexValues.exact(range.maxKey)));
        } else if (complete && range.maxKey != null && !sameExactly(range.maxKey, groupMax)) {
            out.add(new DataViolation(file, where + " content_stats group_max_value", Rule.GROUP_MAX_EXACT,
                    "group_max_value " + IndexValues.exact(groupMax) + " is not exactly the last row's key "
                            + IndexValues.exact(range.maxKey)));
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
            if (column == null || !column.type().isPrimitiveType() || metadata.definition().isNonMaterialized(id)) {
                continue; // a non-materialized field: its values are not in the range file
            }
            List<Object> values = new ArrayList<>();
            range.rows.forEach(row -> values.add(TrackingFiles.byId(range.fileSchema.asStruct(), row, id)));
            checkEnclosed(column.type().asPrimitiveType(), e.getValue(), values, id, file, where, Rule.BOUNDS,
                    "the value", out);
        }
    }

    /**
     * "Statistics for a non-materialized field describe the rows that the range file indexes": its bounds must
     * enclose the field's value for each source row the range file's entries point to (decision 0021).
     */
    private void checkNonMaterializedBounds(TrackingEntry entry, String where, RangeCheck range,
            Map<String, SourceRow> liveByPointer, Schema sourceSchema, List<DataViolation> out) {
        Optional<RowPointers> pointers = RowPointers.of(metadata.definition());
        if (pointers.isEmpty() || metadata.definition().nonMaterializedFields().isEmpty()) {
            return; // without row pointers the indexed rows cannot be told apart
        }
        IndexFields fields = new IndexFields(metadata.definition(), sourceSchema);
        List<IndexEntry> indexed = new ArrayList<>();
        for (Record row : range.rows) {
            SourceRow source = liveByPointer.get(pointers.get().pointer(
                    id -> TrackingFiles.byId(range.fileSchema.asStruct(), row, id)));
            if (source != null) {
                indexed.add(IndexEntries.of(fields, source));
            }
        }
        String file = entry.filePath() == null ? where : entry.filePath();
        for (var field : metadata.definition().nonMaterializedFields()) {
            FieldStats stats = entry.contentStats().get(field.fieldId());
            if (stats == null || !field.dataType().isPrimitiveType()) {
                continue; // REQUIRED_METRICS reports the missing struct
            }
            List<Object> values = indexed.stream().map(e -> e.values().get(field.fieldId())).toList();
            checkEnclosed(field.dataType().asPrimitiveType(), stats, values, field.fieldId(), file, where,
                    Rule.NON_MATERIALIZED_BOUNDS, "the value of an indexed row", out);
        }
    }

    /** Bounds enclose every non-null, non-NaN value, and NaN is never a bound (table spec, content stats). */
    private static void checkEnclosed(Type.PrimitiveType type, FieldStats stats, List<Object> values, int id,
            String file, String where, Rule rule, String what, List<DataViolation> out) {
        if (!IndexValues.fits(type, stats.lowerBound()) || !IndexValues.fits(type, stats.upperBound())) {
            return; // bounds of another type: STATS_TYPES reports them
        }
        for (Object bound : new Object[] {stats.lowerBound(), stats.upperBound()}) {
            if (bound != null && IndexDataBuilder.isNaN(bound)) {
                out.add(new DataViolation(file, where + " content_stats " + StatsIds.baseId(id), rule,
                        "NaN is not a valid bound"));
            }
        }
        for (Object v : values) {
            if (v == null || IndexDataBuilder.isNaN(v)) {
                continue;
            }
            if (stats.lowerBound() == null || ClusteringOrder.compareValues(type, stats.lowerBound(), v) > 0) {
                out.add(new DataViolation(file, where + " content_stats lower_bound (id "
                        + (StatsIds.baseId(id) + StatsIds.LOWER_BOUND) + ")", rule, "lower_bound "
                        + IndexValues.exact(stats.lowerBound()) + " is above " + what + " " + IndexValues.exact(v)));
                return;
            }
            if (stats.upperBound() == null || ClusteringOrder.compareValues(type, stats.upperBound(), v) < 0) {
                out.add(new DataViolation(file, where + " content_stats upper_bound (id "
                        + (StatsIds.baseId(id) + StatsIds.UPPER_BOUND) + ")", rule, "upper_bound "
                        + IndexValues.exact(stats.upperBound()) + " is below " + what + " " + IndexValues.exact(v)));
                return;
            }
        }
    }

    /**
     * The stats structs as the tracking file's schema declares them: required metrics present for every cluster and
     * non-materialized field, each metric of the type the index field's type gives it (table spec, Content Stats),
     * only metrics supported for that type, and group_max_value optional.
     */
    private void checkStatsSchema(Schema trackingSchema, IndexFields fields, String tracking, List<DataViolation> out) {
        Types.NestedField contentStats = trackingSchema.findField(StatsIds.CONTENT_STATS);
        if (contentStats == null || !contentStats.type().isStructType()) {
            return; // TRACKING_FILE_FIELDS reports it
        }
        for (int id : TrackingFiles.statsFieldIds(fields)) {
            int base = StatsIds.baseId(id);
            Types.NestedField struct = contentStats.type().asStructType().field(base);
            if (struct == null) {
                continue; // each entry reports the missing struct (REQUIRED_METRICS)
            }
            if (!struct.type().isStructType()) {
                out.add(new DataViolation(tracking, "content_stats " + base, Rule.STATS_TYPES, "the stats struct of"
                        + " index field " + id + " is a " + struct.type() + ", not a struct"));
                continue;
            }
            Type fieldType = typeOrNull(fields, id);
            boolean cluster = metadata.definition().clusterSpec().contains(id);
            List<Integer> required = cluster
                    ? List.of(StatsIds.LOWER_BOUND, StatsIds.UPPER_BOUND, StatsIds.GROUP_MAX_VALUE)
                    : List.of(StatsIds.LOWER_BOUND, StatsIds.UPPER_BOUND);
            for (int offset : required) {
                if (struct.type().asStructType().field(base + offset) == null) {
                    out.add(new DataViolation(tracking, "content_stats " + base + " (" + StatsIds.metricName(offset)
                            + ", id " + (base + offset) + ")", Rule.REQUIRED_METRICS, "index field " + id
                            + (cluster ? " (in cluster-spec)" : " (non-materialized)") + " has no "
                            + StatsIds.metricName(offset)));
                }
            }
            if (fieldType == null) {
                continue;
            }
            for (Types.NestedField metric : struct.type().asStructType().fields()) {
                int offset = metric.fieldId() - base;
                String problem = StatsIds.metricProblem(offset, metric, fieldType);
                if (problem != null) {
                    out.add(new DataViolation(tracking, "content_stats " + base + " (id " + metric.fieldId() + ")",
                            Rule.STATS_TYPES, problem));
                }
            }
        }
    }

    /** The stored entries, as a multiset, are those of the snapshot's live rows: none missing, none extra, none merged. */
    private void checkLiveRows(SourceTable source, IndexSnapshot snapshot, List<SourceRow> liveRows, String tracking,
            List<List<Object>> stored, List<DataViolation> out) {
        IndexFields fields = new IndexFields(metadata.definition(), source.schemaOf(snapshot.sourceTableSnapshotId()));
        Map<String, Integer> expected = new TreeMap<>();
        for (IndexEntry entry : IndexEntries.sorted(fields, liveRows)) {
            List<Object> values = new ArrayList<>();
            metadata.definition().rangeFileFieldIds().forEach(id -> values.add(entry.values().get(id)));
            expected.merge(IndexValues.exact(values), 1, Integer::sum);
        }
        Map<String, Integer> actual = new HashMap<>();
        stored.forEach(v -> actual.merge(IndexValues.exact(v), 1, Integer::sum));
        Set<String> keys = new HashSet<>(expected.keySet());
        keys.addAll(actual.keySet());
        int reported = 0;
        for (String key : new TreeSet<>(keys)) {
            int want = expected.getOrDefault(key, 0);
            int have = actual.getOrDefault(key, 0);
            if (want != have && reported++ < 10) {
                out.add(new DataViolation(tracking, "range file rows " + key, Rule.EXACTLY_LIVE_ROWS,
                        "source snapshot " + snapshot.sourceTableSnapshotId() + " has " + want
                                + " live row(s) with these values, the index stores " + have));
            }
        }
    }

    /** The format a file's first bytes show, or null: Parquet {@code PAR1}, Avro {@code Obj\1}, ORC {@code ORC}. */
    public static FileFormat magicFormat(Path path) {
        try (var in = Files.newInputStream(path)) {
            byte[] head = in.readNBytes(4);
            if (head.length == 4 && head[0] == 'P' && head[1] == 'A' && head[2] == 'R' && head[3] == '1') {
                return FileFormat.PARQUET;
            }
            if (head.length == 4 && head[0] == 'O' && head[1] == 'b' && head[2] == 'j' && head[3] == 1) {
                return FileFormat.AVRO;
            }
            if (head.length >= 3 && head[0] == 'O' && head[1] == 'R' && head[2] == 'C') {
                return FileFormat.ORC;
            }
            return null;
        } catch (IOException e) {
            return null;
        }
    }
}
