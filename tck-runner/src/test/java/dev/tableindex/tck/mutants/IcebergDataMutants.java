package dev.tableindex.tck.mutants;

import dev.tableindex.model.iceberg.data.DataFileIO;
import dev.tableindex.model.iceberg.data.FieldStats;
import dev.tableindex.model.iceberg.data.IndexDataBuilder;
import dev.tableindex.model.iceberg.data.IndexEntries;
import dev.tableindex.model.iceberg.data.IndexEntry;
import dev.tableindex.model.iceberg.data.IndexFields;
import dev.tableindex.model.iceberg.data.TrackingEntry;
import dev.tableindex.model.iceberg.data.TrackingFiles;
import dev.tableindex.model.iceberg.definition.IndexDefinition;
import dev.tableindex.model.iceberg.metadata.IndexMetadata;
import dev.tableindex.model.iceberg.metadata.IndexMetadataJson;
import dev.tableindex.model.iceberg.table.LocalFileIO;
import dev.tableindex.model.iceberg.table.SourceRow;
import dev.tableindex.model.iceberg.table.SourceTable;
import dev.tableindex.proto.tck.BuildIcebergIndexRequest;
import dev.tableindex.proto.tck.BuildIcebergIndexResult;
import dev.tableindex.proto.tck.EngineError;
import dev.tableindex.proto.tck.QueryIcebergIndexRequest;
import dev.tableindex.proto.tck.QueryIcebergIndexResult;
import dev.tableindex.tck.api.EngineRefusal;
import dev.tableindex.tck.api.Facet;
import dev.tableindex.tck.api.IcebergIndexBuilding;
import dev.tableindex.tck.api.IcebergIndexQuerying;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.iceberg.FileFormat;
import org.apache.iceberg.FileScanTask;
import org.apache.iceberg.Schema;
import org.apache.iceberg.types.Types;
import org.apache.iceberg.types.Types.NestedField;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.io.CloseableIterable;

/**
 * Mutants of the reference engine's Iceberg index data capabilities (iceberg_index.build, iceberg_index.query),
 * each with one bug an implementer could make; the rules they break are in features/rules/iceberg-index-spec-draft.yaml.
 */
public final class IcebergDataMutants {
    private IcebergDataMutants() {
    }

    /** The reference engine with its build or query facet replaced. */
    abstract static class Base extends ReferenceMutant {
        Base(String name, Set<String> breaks, String flaw) {
            super(name, breaks, flaw);
        }

        /** The build facet, given the reference's; the reference's by default. */
        IcebergIndexBuilding build(IcebergIndexBuilding reference) {
            return reference;
        }

        /** The query facet, given the reference's; the reference's by default. */
        IcebergIndexQuerying query(IcebergIndexQuerying reference) {
            return reference;
        }

        /** The encryption facet, given the reference's; the reference's by default. */
        dev.tableindex.tck.api.IcebergIndexEncryption encryption(dev.tableindex.tck.api.IcebergIndexEncryption reference) {
            return reference;
        }

        @Override
        protected <F extends Facet> F facet(Class<F> type, F original) {
            if (type == dev.tableindex.tck.api.IcebergIndexEncryption.class) {
                return type.cast(encryption(dev.tableindex.tck.api.IcebergIndexEncryption.class.cast(original)));
            }
            if (type == IcebergIndexBuilding.class) {
                return type.cast(build(IcebergIndexBuilding.class.cast(original)));
            }
            if (type == IcebergIndexQuerying.class) {
                return type.cast(query(IcebergIndexQuerying.class.cast(original)));
            }
            return original;
        }
    }

    /**
     * A builder of its own from the model's parts: which rows, read in which schema, for which definition, cut
     * into which ranges, written where under which names.
     */
    abstract static class OwnBuilder extends Base {
        OwnBuilder(String name, Set<String> breaks, String flaw) {
            super(name, breaks, flaw);
        }

        List<SourceRow> rows(SourceTable table, long snapshotId) {
            return table.liveRows(snapshotId);
        }

        Schema schema(SourceTable table, long snapshotId) {
            return table.schemaOf(snapshotId);
        }

        IndexDefinition definition(IndexMetadata metadata) {
            return metadata.definition();
        }

        List<List<IndexEntry>> ranges(List<IndexEntry> sorted, IndexFields fields, int target) {
            return IndexDataBuilder.ranges(sorted, fields, target);
        }

        /** The folder and the file name prefix of the build's files. */
        Path folder(BuildIcebergIndexRequest request) {
            return Path.of(request.getDataPath());
        }

        String fileName(BuildIcebergIndexRequest request) {
            return "mutant-" + request.getSourceSnapshotId() + "-" + java.util.UUID.randomUUID();
        }

        @Override
        IcebergIndexBuilding build(IcebergIndexBuilding reference) {
            return request -> {
                IndexMetadata metadata = metadata(request);
                SourceTable table = SourceTable.load(Path.of(request.getTablePath()));
                IndexFields fields = new IndexFields(definition(metadata),
                        schema(table, request.getSourceSnapshotId()));
                List<IndexEntry> sorted = IndexEntries.sorted(fields, rows(table, request.getSourceSnapshotId()));
                IndexDataBuilder.Built built = IndexDataBuilder.write(fields,
                        ranges(sorted, fields, Math.max(1, request.getTargetRowsPerRangeFile())),
                        folder(request), fileName(request), FileFormat.fromString(request.getRangeFileFormat()));
                return BuildIcebergIndexResult.newBuilder().setTrackingFile(LocalFileIO.uri(built.trackingFile())).build();
            };
        }
    }

    static IndexMetadata metadata(BuildIcebergIndexRequest request) {
        try {
            return IndexMetadataJson.read(Files.readAllBytes(Path.of(request.getMetadataPath())));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Truncates string group_max_value to 16 characters, as manifests truncate bounds. */
    public static final class TruncatesGroupMaxStrings extends ChangesTrackingFile {
        public TruncatesGroupMaxStrings() {
            super("mutant-truncates-group-max-strings", Set.of("ICE-R109"),
                    "writes group_max_value like an Iceberg bound, truncating strings to 16 characters");
        }

        @Override
        List<TrackingEntry> change(List<TrackingEntry> entries, IndexFields fields) {
            List<TrackingEntry> changed = new ArrayList<>();
            for (TrackingEntry e : entries) {
                Map<Integer, FieldStats> stats = new LinkedHashMap<>();
                e.contentStats().forEach((id, st) -> stats.put(id, new FieldStats(st.lowerBound(), st.upperBound(),
                        st.hasGroupMax(), st.groupMaxValue() instanceof CharSequence c && c.length() > 16
                                ? c.toString().substring(0, 16) : st.groupMaxValue())));
                changed.add(new TrackingEntry(e.filePath(), e.fileFormat(), e.recordCount(), e.fileSizeInBytes(),
                        stats, e.keyMetadata()));
            }
            return changed;
        }
    }

    /** Cuts a range file every N entries, wherever the key is. */
    public static final class SplitsKeyGroups extends OwnBuilder {
        public SplitsKeyGroups() {
            super("mutant-splits-key-groups", Set.of("ICE-R104"),
                    "cuts range files every N entries, even inside a run of equal clustering keys");
        }

        @Override
        List<List<IndexEntry>> ranges(List<IndexEntry> sorted, IndexFields fields, int target) {
            List<List<IndexEntry>> ranges = new ArrayList<>();
            for (int i = 0; i < sorted.size(); i += target) {
                ranges.add(sorted.subList(i, Math.min(sorted.size(), i + target)));
            }
            return ranges;
        }
    }

    /** Reads the data files of the snapshot without applying delete files. */
    public static final class IndexesDeletedRows extends OwnBuilder {
        public IndexesDeletedRows() {
            super("mutant-indexes-deleted-rows", Set.of("ICE-R101"),
                    "indexes every row of the snapshot's data files, ignoring position and equality delete files");
        }

        @Override
        List<SourceRow> rows(SourceTable table, long snapshotId) {
            Schema schema = table.schemaOf(snapshotId);
            List<SourceRow> rows = new ArrayList<>();
            try (CloseableIterable<FileScanTask> tasks = table.table().newScan().useSnapshot(snapshotId).planFiles()) {
                for (FileScanTask task : tasks) {
                    String file = task.file().location();
                    long pos = 0;
                    for (Record r : DataFileIO.read(LocalFileIO.path(file), task.file().format(), schema)) {
                        rows.add(new SourceRow(file, pos++, r));
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return rows;
        }
    }

    /** Stores rows with identical index entries once. */
    public static final class MergesIdenticalEntries extends OwnBuilder {
        public MergesIdenticalEntries() {
            super("mutant-merges-identical-entries", Set.of("ICE-R111"),
                    "stores one range file row for rows whose index entries are identical");
        }

        @Override
        List<List<IndexEntry>> ranges(List<IndexEntry> sorted, IndexFields fields, int target) {
            List<IndexEntry> distinct = new ArrayList<>();
            Set<String> seen = new HashSet<>();
            for (IndexEntry e : sorted) {
                List<Object> stored = new ArrayList<>();
                fields.definition().rangeFileFieldIds().forEach(id -> stored.add(e.values().get(id)));
                if (seen.add(dev.tableindex.model.iceberg.data.IndexValues.exact(stored))) {
                    distinct.add(e);
                }
            }
            return IndexDataBuilder.ranges(distinct, fields, target);
        }
    }

    /** Fails on an index type it does not implement instead of reading the table. */
    public static final class FailsOnUnknownIndexType extends Base {
        public FailsOnUnknownIndexType() {
            super("mutant-fails-on-unknown-index-type", Set.of("ICE-R100"),
                    "refuses the query when the index's type is not SCALAR instead of reading the table");
        }

        @Override
        IcebergIndexQuerying query(IcebergIndexQuerying reference) {
            return request -> {
                IndexMetadata metadata;
                try {
                    metadata = IndexMetadataJson.read(Files.readAllBytes(Path.of(request.getMetadataPath())));
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
                if (!metadata.definition().type().isScalar()) {
                    throw new EngineRefusal(EngineError.newBuilder().setKind("UNSUPPORTED_INDEX_TYPE")
                            .setMessage("index type " + metadata.definition().type().written()).build());
                }
                return reference.queryIcebergIndex(request);
            };
        }
    }

    /** Answers from a lagging index as if it were current. */
    public static final class TrustsLaggingIndex extends Base {
        public TrustsLaggingIndex() {
            super("mutant-trusts-lagging-index", Set.of("ICE-R103"),
                    "answers from the newest index snapshot as if it indexed the snapshot read, without reconciling");
        }

        @Override
        IcebergIndexQuerying query(IcebergIndexQuerying reference) {
            return request -> {
                IndexMetadata metadata;
                try {
                    metadata = IndexMetadataJson.read(Files.readAllBytes(Path.of(request.getMetadataPath())));
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
                if (metadata.snapshots().isEmpty() || !metadata.snapshotsFor(request.getSnapshotId()).isEmpty()) {
                    return reference.queryIcebergIndex(request);
                }
                long indexed = metadata.snapshots().get(metadata.snapshots().size() - 1).sourceTableSnapshotId();
                QueryIcebergIndexResult stale = reference.queryIcebergIndex(
                        QueryIcebergIndexRequest.newBuilder(request).setSnapshotId(indexed).build());
                return stale.toBuilder().setRoute("INDEX").build();
            };
        }
    }

    /** Rewrites the reference's tracking file with changed entries. */
    abstract static class ChangesTrackingFile extends Base {
        ChangesTrackingFile(String name, Set<String> breaks, String flaw) {
            super(name, breaks, flaw);
        }

        /** The changed entries; by default the reference's. */
        List<TrackingEntry> change(List<TrackingEntry> entries, IndexFields fields) {
            return entries;
        }

        /** The changed entries, knowing the request (the table, the index location); by default as above. */
        List<TrackingEntry> change(List<TrackingEntry> entries, IndexFields fields, BuildIcebergIndexRequest request) {
            return change(entries, fields);
        }

        @Override
        IcebergIndexBuilding build(IcebergIndexBuilding reference) {
            return request -> {
                BuildIcebergIndexResult result = reference.buildIcebergIndex(request);
                Path tracking = LocalFileIO.path(result.getTrackingFile());
                SourceTable table = SourceTable.load(Path.of(request.getTablePath()));
                IndexFields fields = new IndexFields(metadata(request).definition(),
                        table.schemaOf(request.getSourceSnapshotId()));
                TrackingFiles.write(tracking, fields, change(TrackingFiles.read(tracking), fields, request));
                return result;
            };
        }
    }

    /** Lists range files in the order it wrote them, last first. */
    public static final class ReversesTrackingEntries extends ChangesTrackingFile {
        public ReversesTrackingEntries() {
            super("mutant-reverses-tracking-entries", Set.of("ICE-R106"),
                    "writes tracking file entries in descending group_max_value order");
        }

        @Override
        List<TrackingEntry> change(List<TrackingEntry> entries, IndexFields fields) {
            List<TrackingEntry> reversed = new ArrayList<>(entries);
            java.util.Collections.reverse(reversed);
            return reversed;
        }
    }

    /** Records the range file's size before its footer was written. */
    public static final class SizeBeforeFooter extends ChangesTrackingFile {
        public SizeBeforeFooter() {
            super("mutant-size-before-footer", Set.of("ICE-R107"),
                    "records file_size_in_bytes as the bytes written before the footer (8 bytes short)");
        }

        @Override
        List<TrackingEntry> change(List<TrackingEntry> entries, IndexFields fields) {
            return entries.stream().map(e -> new TrackingEntry(e.filePath(), e.fileFormat(), e.recordCount(),
                    e.fileSizeInBytes() - 8, e.contentStats(), e.keyMetadata())).toList();
        }
    }

    /** Keeps statistics only for cluster fields. */
    public static final class DropsNonMaterializedStats extends ChangesTrackingFile {
        public DropsNonMaterializedStats() {
            super("mutant-drops-non-materialized-stats", Set.of("ICE-R108"),
                    "writes no stats struct for non-materialized fields, as if only cluster fields needed one");
        }

        @Override
        List<TrackingEntry> change(List<TrackingEntry> entries, IndexFields fields) {
            return entries.stream().map(e -> {
                Map<Integer, FieldStats> kept = new LinkedHashMap<>(e.contentStats());
                kept.keySet().removeIf(id -> !fields.definition().clusterSpec().contains(id));
                return new TrackingEntry(e.filePath(), e.fileFormat(), e.recordCount(), e.fileSizeInBytes(), kept,
                        e.keyMetadata());
            }).toList();
        }
    }

    /** Orders null clustering values last. */
    public static final class NullsLast extends OwnBuilder {
        public NullsLast() {
            super("mutant-clustering-nulls-last", Set.of("ICE-R105"),
                    "sorts null clustering values after all others (nulls-last), as many engines do by default");
        }

        @Override
        List<List<IndexEntry>> ranges(List<IndexEntry> sorted, IndexFields fields, int target) {
            List<IndexEntry> nullsLast = new ArrayList<>(sorted.stream().filter(e -> !e.clusteringKey().contains(null)).toList());
            nullsLast.addAll(sorted.stream().filter(e -> e.clusteringKey().contains(null)).toList());
            List<List<IndexEntry>> ranges = new ArrayList<>();
            for (IndexEntry e : nullsLast) {
                ranges.add(List.of(e)); // one entry per range, so the order shows in the tracking file
            }
            return ranges;
        }
    }

    /** Gives range file columns fresh ids 1..n instead of the index field ids. */
    public static final class RenumbersRangeFileColumns extends RewritesRangeFiles {
        public RenumbersRangeFileColumns() {
            super("mutant-renumbers-range-file-columns", Set.of("ICE-R314"),
                    "assigns fresh column ids 1..n in range files instead of storing each field under its field id");
        }

        @Override
        NestedField column(int index, NestedField stored, IndexFields fields) {
            return NestedField.optional(index + 1, stored.name(), stored.type());
        }
    }

    /** Widens every int expression field to a long column: bucket values hashed and stored in 64 bits. */
    public static final class IntExpressionsAsLong extends RewritesRangeFiles {
        public IntExpressionsAsLong() {
            super("mutant-int-expressions-as-long", Set.of("ICE-R009"),
                    "stores an expression field declared int (a bucket) as a long column");
        }

        @Override
        NestedField column(int index, NestedField stored, IndexFields fields) {
            return isIntExpression(stored.fieldId(), fields)
                    ? NestedField.optional(stored.fieldId(), stored.name(), Types.LongType.get()) : stored;
        }

        @Override
        Object value(NestedField column, Object value, IndexFields fields) {
            return value instanceof Integer v && isIntExpression(column.fieldId(), fields) ? Long.valueOf(v) : value;
        }

        private static boolean isIntExpression(int fieldId, IndexFields fields) {
            return fields.definition().materializedFields().stream()
                    .anyMatch(f -> f.fieldId() == fieldId && f.dataType().equals(Types.IntegerType.get()));
        }
    }

    /** Rewrites every range file the reference wrote (its columns, each stored value), then the tracking file's sizes. */
    abstract static class RewritesRangeFiles extends ChangesTrackingFile {
        RewritesRangeFiles(String name, Set<String> breaks, String flaw) {
            super(name, breaks, flaw);
        }

        /** Column {@code index} of a range file as this mutant stores it. */
        abstract NestedField column(int index, NestedField stored, IndexFields fields);

        /** The value this mutant stores in {@code column} for the reference's {@code value}. */
        Object value(NestedField column, Object value, IndexFields fields) {
            return value;
        }

        @Override
        List<TrackingEntry> change(List<TrackingEntry> entries, IndexFields fields) {
            List<TrackingEntry> changed = new ArrayList<>();
            for (TrackingEntry e : entries) {
                Path file = LocalFileIO.path(e.filePath());
                FileFormat format = DataFileIO.formatOf(file.toString());
                Schema stored = DataFileIO.fileSchema(file, format);
                List<NestedField> columns = new ArrayList<>();
                for (int i = 0; i < stored.columns().size(); i++) {
                    columns.add(column(i, stored.columns().get(i), fields));
                }
                Schema schema = new Schema(columns);
                List<Record> rows = new ArrayList<>();
                for (Record r : DataFileIO.read(file, format, stored)) {
                    Record copy = org.apache.iceberg.data.GenericRecord.create(schema);
                    for (int i = 0; i < columns.size(); i++) {
                        copy.set(i, value(columns.get(i), r.get(i), fields));
                    }
                    rows.add(copy);
                }
                DataFileIO.write(file, format, schema, rows);
                long size;
                try {
                    size = Files.size(file);
                } catch (IOException x) {
                    throw new UncheckedIOException(x);
                }
                changed.add(new TrackingEntry(e.filePath(), e.fileFormat(), e.recordCount(), size, e.contentStats(),
                        e.keyMetadata()));
            }
            return changed;
        }
    }
}
