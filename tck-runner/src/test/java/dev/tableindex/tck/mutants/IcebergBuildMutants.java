package dev.tableindex.tck.mutants;

import dev.tableindex.model.iceberg.data.DataFileIO;
import dev.tableindex.model.iceberg.data.FieldStats;
import dev.tableindex.model.iceberg.data.IndexEntries;
import dev.tableindex.model.iceberg.data.IndexEntry;
import dev.tableindex.model.iceberg.data.IndexFieldValues;
import dev.tableindex.model.iceberg.data.IndexFields;
import dev.tableindex.model.iceberg.data.RowPointers;
import dev.tableindex.model.iceberg.data.StatsIds;
import dev.tableindex.model.iceberg.data.TrackingEntry;
import dev.tableindex.model.iceberg.data.TrackingFiles;
import dev.tableindex.model.iceberg.definition.ExpressionField;
import dev.tableindex.model.iceberg.definition.IndexDefinition;
import dev.tableindex.model.iceberg.metadata.IndexMetadata;
import dev.tableindex.model.iceberg.metadata.IndexPaths;
import dev.tableindex.model.iceberg.order.ClusteringOrder;
import dev.tableindex.model.iceberg.table.LocalFileIO;
import dev.tableindex.model.iceberg.table.SourceRow;
import dev.tableindex.model.iceberg.table.SourceTable;
import dev.tableindex.proto.tck.BuildIcebergIndexRequest;
import dev.tableindex.proto.tck.BuildIcebergIndexResult;
import dev.tableindex.tck.api.IcebergIndexBuilding;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.apache.avro.file.DataFileReader;
import org.apache.avro.file.DataFileWriter;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.generic.GenericRecord;
import org.apache.iceberg.FileFormat;
import org.apache.iceberg.MetadataColumns;
import org.apache.iceberg.Schema;
import org.apache.iceberg.data.IcebergGenerics;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.types.Conversions;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.TypeUtil;
import org.apache.iceberg.types.Types;

/**
 * Mutants of the reference engine's {@code iceberg_index.build}, each with one bug an implementer could make in
 * the files a build writes or leaves alone (issue 22, "Cover what no scenario checks"); the rules they break are in
 * features/rules/iceberg-index-spec-draft.yaml.
 */
public final class IcebergBuildMutants {
    private IcebergBuildMutants() {
    }

    /** Records the index in the table: a table property naming the tracking file, committed to the table. */
    public static final class RecordsIndexInTableProperties extends IcebergDataMutants.Base {
        public RecordsIndexInTableProperties() {
            super("mutant-records-index-in-table-properties", Set.of("ICE-R300"),
                    "commits a table property naming the new tracking file, so readers find the index, which"
                            + " writes a new table metadata file");
        }

        @Override
        IcebergIndexBuilding build(IcebergIndexBuilding reference) {
            return request -> {
                BuildIcebergIndexResult result = reference.buildIcebergIndex(request);
                SourceTable table = SourceTable.load(Path.of(request.getTablePath()));
                table.table().updateProperties().set("index.tracking-file", result.getTrackingFile()).commit();
                return result;
            };
        }
    }

    /** Names its files the same on every build, so a build overwrites the last one's. */
    public static final class OverwritesIndexFiles extends IcebergDataMutants.OwnBuilder {
        public OverwritesIndexFiles() {
            super("mutant-overwrites-index-files", Set.of("ICE-R301", "ICE-R302"),
                    "writes index-range-NNNNN and index-tracking.avro on every build, replacing the files of the"
                            + " build before");
        }

        @Override
        String fileName(BuildIcebergIndexRequest request) {
            return "index";
        }
    }

    /** Keeps the index data of a table in one folder beside it, named by table snapshot, whatever the index. */
    public static final class OneFolderPerTable extends IcebergDataMutants.OwnBuilder {
        public OneFolderPerTable() {
            super("mutant-one-folder-per-table", Set.of("ICE-R301"),
                    "writes index data to one folder per table, named by the table snapshot, as if a table had one"
                            + " index: a second index of the table overwrites the first's files");
        }

        @Override
        Path folder(BuildIcebergIndexRequest request) {
            return Path.of(request.getTablePath()).resolveSibling("index-data");
        }

        @Override
        String fileName(BuildIcebergIndexRequest request) {
            return "snapshot-" + request.getSourceSnapshotId();
        }
    }

    /** Answers a second build of an already indexed table snapshot with the first build's tracking file. */
    public static final class ReusesTrackingFile extends IcebergDataMutants.Base {
        public ReusesTrackingFile() {
            super("mutant-reuses-tracking-file", Set.of("ICE-R302"),
                    "returns the tracking file of an earlier build of the same table snapshot instead of writing a"
                            + " new one, since nothing changed");
        }

        @Override
        IcebergIndexBuilding build(IcebergIndexBuilding reference) {
            return request -> {
                Path earlier = Path.of(request.getDataPath()).resolve("snapshot-" + request.getSourceSnapshotId()
                        + "-tracking.avro");
                if (Files.exists(earlier)) {
                    return BuildIcebergIndexResult.newBuilder().setTrackingFile(LocalFileIO.uri(earlier)).build();
                }
                return reference.buildIcebergIndex(request);
            };
        }
    }

    /** Stores the non-materialized fields' values in the range files too. */
    public static final class StoresNonMaterializedFields extends IcebergDataMutants.OwnBuilder {
        public StoresNonMaterializedFields() {
            super("mutant-stores-non-materialized-fields", Set.of("ICE-R304"),
                    "writes a column for every index field, non-materialized ones included, beside their statistics");
        }

        @Override
        IndexDefinition definition(IndexMetadata metadata) {
            IndexDefinition d = metadata.definition();
            List<ExpressionField> stored = new ArrayList<>(d.materializedFields());
            stored.addAll(d.nonMaterializedFields());
            return new IndexDefinition(d.type(), d.identityFields(), stored, d.nonMaterializedFields(), d.clusterSpec());
        }
    }

    /** Reads the snapshot's rows through the table's current schema. */
    public static final class IdentityTypesFromCurrentSchema extends IcebergDataMutants.OwnBuilder {
        public IdentityTypesFromCurrentSchema() {
            super("mutant-identity-types-from-current-schema", Set.of("ICE-R314"),
                    "reads the snapshot's rows with the table's current schema, so a column promoted since (int to"
                            + " long) is stored with its new type");
        }

        @Override
        Schema schema(SourceTable table, long snapshotId) {
            return table.schema();
        }

        @Override
        List<SourceRow> rows(SourceTable table, long snapshotId) {
            Schema current = table.schema();
            Schema projection = TypeUtil.join(current, new Schema(MetadataColumns.FILE_PATH, MetadataColumns.ROW_POSITION));
            List<SourceRow> rows = new ArrayList<>();
            try (CloseableIterable<Record> read = IcebergGenerics.read(table.table()).useSnapshot(snapshotId)
                    .project(projection).build()) {
                for (Record r : read) {
                    Record values = org.apache.iceberg.data.GenericRecord.create(current);
                    for (int i = 0; i < current.columns().size(); i++) {
                        values.set(i, r.getField(current.columns().get(i).name()));
                    }
                    rows.add(new SourceRow(r.getField(MetadataColumns.FILE_PATH.name()).toString(),
                            (Long) r.getField(MetadataColumns.ROW_POSITION.name()), values));
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return rows;
        }
    }

    /** Sorts by a clustering order of its own, one entry per range file so the order shows in the tracking file. */
    abstract static class OwnClusteringOrder extends IcebergDataMutants.OwnBuilder {
        OwnClusteringOrder(String name, Set<String> breaks, String flaw) {
            super(name, breaks, flaw);
        }

        /** This mutant's comparison of two values of one cluster field; null when it orders like the draft. */
        abstract Integer compare(Type.PrimitiveType type, Object a, Object b);

        Comparator<List<Object>> order(List<Type.PrimitiveType> types) {
            return (left, right) -> {
                for (int i = 0; i < types.size(); i++) {
                    Integer own = left.get(i) == null || right.get(i) == null ? null
                            : compare(types.get(i), left.get(i), right.get(i));
                    int c = own != null ? own : ClusteringOrder.compareValues(types.get(i), left.get(i), right.get(i));
                    if (c != 0) {
                        return c;
                    }
                }
                return 0;
            };
        }

        @Override
        List<List<IndexEntry>> ranges(List<IndexEntry> sorted, IndexFields fields, int target) {
            List<IndexEntry> own = new ArrayList<>(sorted);
            own.sort(Comparator.comparing(IndexEntry::clusteringKey, order(fields.clusterTypes())));
            List<List<IndexEntry>> ranges = new ArrayList<>();
            own.forEach(e -> ranges.add(List.of(e)));
            return ranges;
        }
    }

    /** Compares strings as Java does, by UTF-16 code units. */
    public static final class ClusteringUtf16Strings extends OwnClusteringOrder {
        public ClusteringUtf16Strings() {
            super("mutant-clustering-utf16-strings", Set.of("ICE-R310"),
                    "compares string clustering values with String.compareTo (UTF-16 code units), which differs"
                            + " from UTF-8 byte order for characters beyond U+FFFF");
        }

        @Override
        Integer compare(Type.PrimitiveType type, Object a, Object b) {
            return type.typeId() == Type.TypeID.STRING ? a.toString().compareTo(b.toString()) : null;
        }
    }

    /** Compares bytes as Java's signed bytes, and uuids with UUID.compareTo. */
    public static final class ClusteringSignedBytes extends OwnClusteringOrder {
        public ClusteringSignedBytes() {
            super("mutant-clustering-signed-bytes", Set.of("ICE-R310"),
                    "compares binary, fixed and uuid clustering values as signed bytes (Arrays.compare,"
                            + " UUID.compareTo)");
        }

        @Override
        Integer compare(Type.PrimitiveType type, Object a, Object b) {
            return switch (type.typeId()) {
                case BINARY, FIXED -> java.util.Arrays.compare(bytes(a), bytes(b));
                case UUID -> ((UUID) a).compareTo((UUID) b);
                default -> null;
            };
        }

        private static byte[] bytes(Object v) {
            if (v instanceof byte[] b) {
                return b;
            }
            ByteBuffer buffer = ((ByteBuffer) v).duplicate();
            byte[] out = new byte[buffer.remaining()];
            buffer.get(out);
            return out;
        }
    }

    /** Orders floats with Double.compare, which puts every NaN last. */
    public static final class ClusteringNanByDoubleCompare extends OwnClusteringOrder {
        public ClusteringNanByDoubleCompare() {
            super("mutant-clustering-nan-by-double-compare", Set.of("ICE-R105"),
                    "orders float and double clustering values with Double.compare, which puts -NaN last with NaN");
        }

        @Override
        Integer compare(Type.PrimitiveType type, Object a, Object b) {
            return type.typeId() == Type.TypeID.DOUBLE || type.typeId() == Type.TypeID.FLOAT
                    ? Double.compare(((Number) a).doubleValue(), ((Number) b).doubleValue()) : null;
        }
    }

    /** Compares the cluster fields in field-id order instead of cluster-spec order. */
    public static final class ClustersByFieldIdOrder extends IcebergDataMutants.OwnBuilder {
        public ClustersByFieldIdOrder() {
            super("mutant-clusters-by-field-id-order", Set.of("ICE-R311"),
                    "compares clustering keys field by field in ascending field-id order, not in cluster-spec order");
        }

        @Override
        List<List<IndexEntry>> ranges(List<IndexEntry> sorted, IndexFields fields, int target) {
            List<Integer> cluster = fields.definition().clusterSpec();
            List<Integer> byId = new ArrayList<>(cluster);
            byId.sort(Comparator.naturalOrder());
            List<Type.PrimitiveType> types = byId.stream().map(id -> fields.type(id).asPrimitiveType()).toList();
            ClusteringOrder order = new ClusteringOrder(types);
            List<IndexEntry> own = new ArrayList<>(sorted);
            own.sort((a, b) -> order.compare(permuted(a, byId), permuted(b, byId)));
            List<List<IndexEntry>> ranges = new ArrayList<>();
            own.forEach(e -> ranges.add(List.of(e)));
            return ranges;
        }

        private static List<Object> permuted(IndexEntry e, List<Integer> ids) {
            List<Object> key = new ArrayList<>();
            ids.forEach(id -> key.add(e.values().get(id)));
            return key;
        }
    }

    /** Names range files relative to the index location, as index metadata may name its files. */
    public static final class RelativeRangeFilePaths extends IcebergDataMutants.ChangesTrackingFile {
        public RelativeRangeFilePaths() {
            super("mutant-relative-range-file-paths", Set.of("ICE-R309"),
                    "writes each file_path relative to the index location, as paths in index metadata may be");
        }

        @Override
        List<TrackingEntry> change(List<TrackingEntry> entries, IndexFields fields, BuildIcebergIndexRequest request) {
            String location = IcebergDataMutants.metadata(request).location();
            return entries.stream().map(e -> new TrackingEntry(IndexPaths.relativize(location, e.filePath()),
                    e.fileFormat(), e.recordCount(), e.fileSizeInBytes(), e.contentStats(), e.keyMetadata())).toList();
        }
    }

    /** Leaves the bounds of non-materialized fields unknown (null), as optional metrics may be. */
    public static final class NonMaterializedBoundsUnknown extends IcebergDataMutants.ChangesTrackingFile {
        public NonMaterializedBoundsUnknown() {
            super("mutant-non-materialized-bounds-unknown", Set.of("ICE-R108"),
                    "writes the stats struct of a non-materialized field with lower_bound and upper_bound null"
                            + " (unknown), as the table spec allows for optional metrics");
        }

        @Override
        List<TrackingEntry> change(List<TrackingEntry> entries, IndexFields fields) {
            return withStats(entries, (id, stats, e) -> fields.definition().isNonMaterialized(id)
                    ? new FieldStats(null, null, stats.hasGroupMax(), stats.groupMaxValue()) : stats);
        }
    }

    /** Takes a non-materialized field's bounds from the first and the last entry of the range file. */
    public static final class NonMaterializedBoundsFromRangeEnds extends IcebergDataMutants.ChangesTrackingFile {
        public NonMaterializedBoundsFromRangeEnds() {
            super("mutant-non-materialized-bounds-from-range-ends", Set.of("ICE-R305"),
                    "takes a non-materialized field's lower and upper bound from the range's first and last entry,"
                            + " as if the field followed the clustering order");
        }

        @Override
        List<TrackingEntry> change(List<TrackingEntry> entries, IndexFields fields, BuildIcebergIndexRequest request) {
            SourceTable table = SourceTable.load(Path.of(request.getTablePath()));
            Map<String, SourceRow> live = new HashMap<>();
            table.liveRows(request.getSourceSnapshotId()).forEach(r -> live.put(r.pointer(), r));
            RowPointers pointers = RowPointers.of(fields.definition()).orElseThrow();
            return withStats(entries, (id, stats, e) -> {
                if (!fields.definition().isNonMaterialized(id)) {
                    return stats;
                }
                List<IndexEntry> indexed = indexedRows(e, fields, live, pointers);
                return new FieldStats(indexed.get(0).values().get(id), indexed.get(indexed.size() - 1).values().get(id),
                        stats.hasGroupMax(), stats.groupMaxValue());
            });
        }

        private static List<IndexEntry> indexedRows(TrackingEntry e, IndexFields fields, Map<String, SourceRow> live,
                RowPointers pointers) {
            Path file = LocalFileIO.path(e.filePath());
            FileFormat format = DataFileIO.formatOf(file.toString());
            Schema schema = DataFileIO.fileSchema(file, format);
            List<IndexEntry> out = new ArrayList<>();
            for (Record row : DataFileIO.read(file, format, schema)) {
                out.add(IndexEntries.of(fields, live.get(pointers.pointer(id -> row.getField(schema.findColumnName(id))))));
            }
            return out;
        }
    }

    /** Takes a float field's upper bound as its largest value in the clustering order, NaN included. */
    public static final class NanUpperBound extends IcebergDataMutants.ChangesTrackingFile {
        public NanUpperBound() {
            super("mutant-nan-upper-bound", Set.of("ICE-R308"),
                    "takes a float or double field's upper_bound as the range's largest value in the clustering order,"
                            + " which is NaN when the range holds one");
        }

        @Override
        List<TrackingEntry> change(List<TrackingEntry> entries, IndexFields fields) {
            return withStats(entries, (id, stats, e) -> {
                Type type = fields.type(id);
                if (type.typeId() != Type.TypeID.DOUBLE && type.typeId() != Type.TypeID.FLOAT
                        || fields.definition().isNonMaterialized(id)) {
                    return stats;
                }
                Path file = LocalFileIO.path(e.filePath());
                FileFormat format = DataFileIO.formatOf(file.toString());
                Schema schema = DataFileIO.fileSchema(file, format);
                boolean nan = DataFileIO.read(file, format, schema).stream().map(r -> r.getField(schema.findColumnName(id)))
                        .anyMatch(v -> v instanceof Double d && d.isNaN() || v instanceof Float f && f.isNaN());
                return nan ? new FieldStats(stats.lowerBound(), type.typeId() == Type.TypeID.DOUBLE ? (Object) Double.NaN
                        : (Object) Float.NaN, stats.hasGroupMax(), stats.groupMaxValue()) : stats;
            });
        }
    }

    interface StatsChange {
        FieldStats apply(int fieldId, FieldStats stats, TrackingEntry entry);
    }

    static List<TrackingEntry> withStats(List<TrackingEntry> entries, StatsChange change) {
        List<TrackingEntry> changed = new ArrayList<>();
        for (TrackingEntry e : entries) {
            Map<Integer, FieldStats> stats = new LinkedHashMap<>();
            e.contentStats().forEach((id, s) -> stats.put(id, change.apply(id, s, e)));
            changed.add(new TrackingEntry(e.filePath(), e.fileFormat(), e.recordCount(), e.fileSizeInBytes(), stats,
                    e.keyMetadata()));
        }
        return changed;
    }

    /** Stores bounds and group_max_value as binary, in the single-value serialization of v1-v3 manifests. */
    public static final class BoundsAsBinary extends IcebergDataMutants.Base {
        public BoundsAsBinary() {
            super("mutant-bounds-as-binary", Set.of("ICE-R306", "ICE-R307"),
                    "writes lower_bound, upper_bound and group_max_value as binary in the single-value"
                            + " serialization, as manifests before v4 store bounds");
        }

        @Override
        IcebergIndexBuilding build(IcebergIndexBuilding reference) {
            return request -> {
                BuildIcebergIndexResult result = reference.buildIcebergIndex(request);
                Path tracking = LocalFileIO.path(result.getTrackingFile());
                SourceTable table = SourceTable.load(Path.of(request.getTablePath()));
                IndexFields fields = new IndexFields(IcebergDataMutants.metadata(request).definition(),
                        table.schemaOf(request.getSourceSnapshotId()));
                List<TrackingEntry> entries = TrackingFiles.read(tracking);
                Schema typed = TrackingFiles.schema(fields);
                Schema binary = new Schema(typed.columns().stream().map(c -> c.fieldId() != StatsIds.CONTENT_STATS ? c
                        : Types.NestedField.of(c.fieldId(), c.isOptional(), c.name(), binaryStats(c.type().asStructType())))
                        .toList());
                List<Record> rows = new ArrayList<>();
                Types.StructType statsType = binary.findField(StatsIds.CONTENT_STATS).type().asStructType();
                for (TrackingEntry e : entries) {
                    Record row = org.apache.iceberg.data.GenericRecord.create(binary);
                    row.setField("file_path", e.filePath());
                    row.setField("file_format", e.fileFormat());
                    row.setField("record_count", e.recordCount());
                    row.setField("file_size_in_bytes", e.fileSizeInBytes());
                    Record stats = org.apache.iceberg.data.GenericRecord.create(statsType);
                    for (int i = 0; i < statsType.fields().size(); i++) {
                        Types.NestedField f = statsType.fields().get(i);
                        int id = (f.fieldId() - 10_000) / 200;
                        FieldStats s = e.contentStats().get(id);
                        Record metrics = org.apache.iceberg.data.GenericRecord.create(f.type().asStructType());
                        Type type = fields.type(id);
                        metrics.setField("lower_bound", serialized(type, s.lowerBound()));
                        metrics.setField("upper_bound", serialized(type, s.upperBound()));
                        if (s.hasGroupMax()) {
                            metrics.setField("group_max_value", serialized(type, s.groupMaxValue()));
                        }
                        stats.set(i, metrics);
                    }
                    row.setField("content_stats", stats);
                    rows.add(row);
                }
                DataFileIO.write(tracking, FileFormat.AVRO, binary, rows);
                return result;
            };
        }

        private static Types.StructType binaryStats(Types.StructType stats) {
            return Types.StructType.of(stats.fields().stream().map(f -> Types.NestedField.optional(f.fieldId(), f.name(),
                    Types.StructType.of(f.type().asStructType().fields().stream().map(m -> Types.NestedField.optional(
                            m.fieldId(), m.name(), Types.BinaryType.get())).toList()))).toList());
        }

        private static ByteBuffer serialized(Type type, Object value) {
            return value == null ? null : Conversions.toByteBuffer(type, IndexFieldValues.internal(type, value));
        }
    }

    /** Rewrites the reference's Avro range files with Avro itself, changing their schema. */
    abstract static class RewritesAvroSchema extends IcebergDataMutants.ChangesTrackingFile {
        RewritesAvroSchema(String name, Set<String> breaks, String flaw) {
            super(name, breaks, flaw);
        }

        /** A field of the range file's Avro schema as this mutant writes it. */
        abstract org.apache.avro.Schema.Field field(org.apache.avro.Schema.Field stored);

        @Override
        List<TrackingEntry> change(List<TrackingEntry> entries, IndexFields fields) {
            List<TrackingEntry> changed = new ArrayList<>();
            for (TrackingEntry e : entries) {
                Path file = LocalFileIO.path(e.filePath());
                if (!e.fileFormat().equals("avro")) {
                    changed.add(e);
                    continue;
                }
                try {
                    List<GenericRecord> rows = new ArrayList<>();
                    org.apache.avro.Schema stored;
                    try (DataFileReader<GenericRecord> reader = new DataFileReader<>(file.toFile(), new GenericDatumReader<>())) {
                        stored = reader.getSchema();
                        reader.forEach(rows::add);
                    }
                    List<org.apache.avro.Schema.Field> own = stored.getFields().stream().map(this::field).toList();
                    org.apache.avro.Schema schema = org.apache.avro.Schema.createRecord(stored.getName(), null,
                            stored.getNamespace(), false, own);
                    try (DataFileWriter<GenericRecord> writer = new DataFileWriter<>(new GenericDatumWriter<>(schema))) {
                        writer.create(schema, file.toFile());
                        for (GenericRecord row : rows) {
                            org.apache.avro.generic.GenericData.Record copy = new org.apache.avro.generic.GenericData.Record(schema);
                            for (org.apache.avro.Schema.Field f : schema.getFields()) {
                                copy.put(f.name(), row.get(f.name()));
                            }
                            writer.append(copy);
                        }
                    }
                    changed.add(new TrackingEntry(e.filePath(), e.fileFormat(), e.recordCount(), Files.size(file),
                            e.contentStats(), e.keyMetadata()));
                } catch (IOException x) {
                    throw new UncheckedIOException(x);
                }
            }
            return changed;
        }
    }

    /** Writes Avro range files without the field-id property. */
    public static final class AvroRangeFilesWithoutFieldIds extends RewritesAvroSchema {
        public AvroRangeFilesWithoutFieldIds() {
            super("mutant-avro-range-files-without-field-ids", Set.of("ICE-R110"),
                    "writes Avro range files with a plain Avro schema, without the field-id property on its fields");
        }

        @Override
        org.apache.avro.Schema.Field field(org.apache.avro.Schema.Field stored) {
            return new org.apache.avro.Schema.Field(stored.name(), stored.schema(), stored.doc(),
                    stored.hasDefaultValue() ? stored.defaultVal() : null);
        }
    }

    /** Writes optional Avro fields as unions with null but without the null default. */
    public static final class AvroOptionalWithoutNullDefault extends RewritesAvroSchema {
        public AvroOptionalWithoutNullDefault() {
            super("mutant-avro-optional-without-null-default", Set.of("ICE-R110"),
                    "writes an optional field as an Avro union with null but without a default, as Avro itself allows");
        }

        @Override
        org.apache.avro.Schema.Field field(org.apache.avro.Schema.Field stored) {
            org.apache.avro.Schema.Field f = new org.apache.avro.Schema.Field(stored.name(), stored.schema(), stored.doc(),
                    (Object) null);
            stored.getObjectProps().forEach(f::addProp);
            return f;
        }
    }
}
