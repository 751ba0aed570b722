package dev.tableindex.engines.lance;

import com.fasterxml.jackson.databind.JsonNode;
import com.google.protobuf.Any;
import com.google.protobuf.ByteString;
import com.google.protobuf.InvalidProtocolBufferException;
import dev.tableindex.proto.tck.ApplyTableOperationRequest;
import dev.tableindex.proto.tck.ApplyTableOperationResult;
import dev.tableindex.proto.tck.CountRowsRequest;
import dev.tableindex.proto.tck.CountRowsResult;
import dev.tableindex.proto.tck.CreateIndex;
import dev.tableindex.proto.tck.CreateTable;
import dev.tableindex.proto.tck.DescribeIndexesRequest;
import dev.tableindex.proto.tck.DescribeIndexesResult;
import dev.tableindex.proto.tck.IndexView;
import dev.tableindex.proto.tck.OpenIndexRequest;
import dev.tableindex.proto.tck.OpenIndexResult;
import dev.tableindex.proto.tck.TableOperation;
import dev.tableindex.proto.tck.UpdateColumn;
import dev.tableindex.tck.api.Capability;
import dev.tableindex.tck.api.EngineInfo;
import dev.tableindex.tck.api.EngineRefusal;
import dev.tableindex.tck.api.EngineUnsupported;
import dev.tableindex.tck.api.Facet;
import dev.tableindex.tck.api.IndexOpening;
import dev.tableindex.tck.api.ListElementIndexer;
import dev.tableindex.tck.api.ListIndexFileWriting;
import dev.tableindex.tck.api.ManifestReading;
import dev.tableindex.tck.api.TableLifecycle;
import dev.tableindex.tck.api.TckEngine;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.stream.Collectors;
import org.apache.arrow.c.ArrowArrayStream;
import org.apache.arrow.c.Data;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.Schema;
import org.lance.Dataset;
import org.lance.Fragment;
import org.lance.FragmentMetadata;
import org.lance.WriteDatasetBuilder;
import org.lance.WriteParams;
import org.lance.compaction.CompactionOptions;
import org.lance.fragment.FragmentUpdateResult;
import org.lance.index.DistanceType;
import org.lance.index.Index;
import org.lance.index.IndexOptions;
import org.lance.index.IndexParams;
import org.lance.index.IndexType;
import org.lance.index.OptimizeOptions;
import org.lance.index.scalar.BTreeIndexParams;
import org.lance.index.scalar.LabelListIndexParams;
import org.lance.index.scalar.ScalarIndexParams;
import org.lance.index.vector.VectorIndexParams;
import org.lance.ipc.LanceScanner;
import org.lance.ipc.ScanOptions;
import org.lance.merge.MergeInsertParams;
import org.lance.merge.MergeInsertResult;
import org.lance.operation.Update;
import org.lance.schema.ColumnAlteration;

/**
 * The real Lance ({@code org.lance:lance-core}, 7.0.0 by default, JNI) as a kit engine: {@code table.lifecycle} and
 * {@code index.open_requests} here; {@code manifest.read} through Lance's own reader ({@link LanceManifestReader});
 * {@code list_element_index} and {@code list_element_index.files} with Lance's BTree as the index's target
 * ({@link LanceListIndex}). Lance has no IndexV2 and no ARROW_ROW_V1 key encoding of its own. The calls older
 * releases (4.x, 2.0.x) spell differently are in {@code ReleaseCalls}, one source set per Java-API generation
 * ({@code src/api-*}), picked at build time; see {@link LanceRelease}.
 *
 * <p>Every request names its dataset folder; nothing is kept between requests but the Arrow allocator. A native
 * panic aborts the JVM, so run this engine in its own process: {@link LanceEngineProvider} does.
 */
public final class LanceEngine implements TckEngine, TableLifecycle, IndexOpening {
    public static final String NAME = "lance";
    /** The lance-core release this engine runs, as its handshake reports it ({@link LanceRelease}). */
    public static final String LANCE_VERSION = LanceRelease.version();

    private static BufferAllocator allocator;

    static synchronized BufferAllocator allocator() {
        if (allocator == null) {
            allocator = new RootAllocator();
        }
        return allocator;
    }

    /** What every release run here declares (engines/lance/README.md: the same Java API calls in 7.0.0, 4.0.0, 2.0.0). */
    static final Set<Capability> CAPABILITIES = Set.of(Capability.TABLE_LIFECYCLE, Capability.INDEX_OPEN_REQUESTS,
            Capability.MANIFEST_READ, Capability.LIST_ELEMENT_INDEX, Capability.LIST_ELEMENT_INDEX_FILES);

    private final LanceManifestReader manifests = new LanceManifestReader();
    private final LanceListIndex listIndex = new LanceListIndex();

    @Override
    public EngineInfo info() {
        return new EngineInfo(NAME, LANCE_VERSION, CAPABILITIES);
    }

    @Override
    public <F extends Facet> F facet(Class<F> type) {
        if (type == TableLifecycle.class || type == IndexOpening.class) {
            return type.cast(this);
        }
        if (type == ManifestReading.class) {
            return type.cast(manifests);
        }
        if (type == ListElementIndexer.class || type == ListIndexFileWriting.class) {
            return type.cast(listIndex);
        }
        throw new EngineUnsupported("Lance " + LANCE_VERSION + " does not offer "
                + Capability.forFacet(type).map(Capability::id).orElse(type.getSimpleName()) + " (it offers "
                + CAPABILITIES.stream().map(Capability::id).sorted().toList() + ")");
    }

    // ---------------------------------------------------------------- index.open_requests

    /**
     * Opens the table at {@code s3://bucket/prefix} through Lance's own S3 client, pointed at the kit's store,
     * and loads the index (its statistics need the index opened). Lance does not count its requests: the
     * kit's store does; the result carries no counts.
     */
    @Override
    public OpenIndexResult openIndex(OpenIndexRequest request) {
        return LanceCalls.call("open_index", () -> {
            if (!request.hasLocation()) {
                throw new ArrowRows.BadInput("open_index needs the table's object-store location");
            }
            try (Dataset ds = S3Tables.open(allocator(), request.getLocation())) {
                ds.getIndexStatistics(request.getIndexName());
            }
            return OpenIndexResult.getDefaultInstance();
        });
    }

    // ---------------------------------------------------------------- table.lifecycle

    @Override
    public ApplyTableOperationResult apply(ApplyTableOperationRequest request) {
        String path = request.getDatasetPath();
        TableOperation op = request.getOperation();
        long version = LanceCalls.call(op.getKindCase().name().toLowerCase(Locale.ROOT), () -> switch (op.getKindCase()) {
            case CREATE_TABLE -> createTable(path, op.getCreateTable());
            case APPEND -> write(path, op.getAppend().getRows().getJson(), op.getAppend().getRowsPerFragment());
            case DELETE_ROWS -> mutate(path, ds -> ds.delete(op.getDeleteRows().getFilter()));
            case MERGE_INSERT -> mergeInsert(path, op.getMergeInsert().getKeyColumn(), op.getMergeInsert().getRows().getJson());
            case UPDATE_COLUMN -> updateColumn(path, op.getUpdateColumn());
            case COMPACT -> mutate(path, ds -> {
                CompactionOptions.Builder options = CompactionOptions.builder();
                if (op.getCompact().getTargetRowsPerFragment() > 0) {
                    options.withTargetRowsPerFragment(op.getCompact().getTargetRowsPerFragment());
                }
                ds.compact(options.build());
            });
            case RENAME_COLUMN -> mutate(path, ds -> ds.alterColumns(List.of(new ColumnAlteration.Builder(
                    op.getRenameColumn().getColumn()).rename(op.getRenameColumn().getNewName()).build())));
            case DROP_COLUMN -> mutate(path, ds -> ds.dropColumns(List.of(op.getDropColumn().getColumn())));
            case ALTER_COLUMN_TYPE -> mutate(path, ds -> ds.alterColumns(List.of(new ColumnAlteration.Builder(
                    op.getAlterColumnType().getColumn()).castTo(ArrowRows.primitive(op.getAlterColumnType().getNewType())).build())));
            case CREATE_INDEX -> createIndex(path, op.getCreateIndex());
            case DROP_INDEX -> mutate(path, ds -> ReleaseCalls.dropIndex(ds, op.getDropIndex().getName()));
            case OPTIMIZE_INDICES -> mutate(path, ds -> ds.optimizeIndices(OptimizeOptions.builder().build()));
            case KIND_NOT_SET -> throw new ArrowRows.BadInput("the request names no table operation");
        });
        return ApplyTableOperationResult.newBuilder().setVersion(version).build();
    }

    @Override
    public DescribeIndexesResult describeIndexes(DescribeIndexesRequest request) {
        return LanceCalls.call("describe_indexes", () -> {
            try (Dataset ds = request.hasLocation() ? S3Tables.open(allocator(), request.getLocation())
                    : open(request.getDatasetPath())) {
                Set<Long> live = ds.getFragments().stream().map(f -> (long) f.getId()).collect(Collectors.toSet());
                Map<String, List<Index>> byName = new LinkedHashMap<>();
                for (Index index : ds.getIndexes()) {
                    byName.computeIfAbsent(index.name(), n -> new ArrayList<>()).add(index);
                }
                DescribeIndexesResult.Builder result = DescribeIndexesResult.newBuilder();
                byName.forEach((name, segments) -> {
                    IndexView.Builder view = IndexView.newBuilder().setName(name);
                    Set<Integer> fields = new LinkedHashSet<>();
                    TreeSet<Long> covered = new TreeSet<>();
                    for (Index segment : segments) {
                        view.addSegmentIds(uuidBytes(segment.uuid()));
                        fields.addAll(segment.fields());
                        segment.fragments().ifPresent(ids -> ids.stream().map(Integer::longValue)
                                .filter(live::contains).forEach(covered::add));
                    }
                    view.addAllFieldIds(fields).setIndexType(typeOf(segments.get(0))).addAllCoveredFragments(covered);
                    result.addIndexes(view);
                });
                return result.build();
            }
        });
    }

    @Override
    @SuppressWarnings("try") // LanceScanner.close() declares Exception
    public CountRowsResult countRows(CountRowsRequest request) {
        return LanceCalls.call("count_rows", () -> {
            try (Dataset ds = open(request.getDatasetPath())) {
                ScanOptions.Builder options = ReleaseCalls.scanOptions(request.getUseIndex());
                String filter = request.getFilter().trim();
                if (!filter.isEmpty() && !filter.equalsIgnoreCase("true")) {
                    options.filter(filter);
                }
                try (LanceScanner scanner = ds.newScan(options.build())) {
                    return CountRowsResult.newBuilder().setCount(scanner.countRows()).build();
                }
            }
        });
    }

    // ---------------------------------------------------------------- operations

    private static long createTable(String path, CreateTable create) {
        if (create.getColumnsCount() == 0) {
            throw new ArrowRows.BadInput("create_table needs at least one column");
        }
        List<Field> fields = new ArrayList<>();
        for (var column : create.getColumnsList()) {
            fields.add(ArrowRows.field(column.getName(), column.getType(), column.getNullable()));
        }
        Schema schema = new Schema(fields);
        JsonNode rows = ArrowRows.parse(create.getRows().getJson());
        if (rows.isEmpty()) {
            try (Dataset ds = Dataset.write().allocator(allocator()).schema(schema).uri(path)
                    .mode(WriteParams.WriteMode.CREATE).execute()) {
                return ds.version();
            }
        }
        try (ArrowReader reader = ArrowRows.reader(schema, rows, allocator())) {
            WriteDatasetBuilder write = Dataset.write().allocator(allocator()).reader(reader).uri(path)
                    .mode(WriteParams.WriteMode.CREATE);
            if (create.getRowsPerFragment() > 0) {
                write.maxRowsPerFile(create.getRowsPerFragment());
            }
            try (Dataset ds = write.execute()) {
                return ds.version();
            }
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static long write(String path, String json, int rowsPerFragment) throws Exception {
        Schema schema;
        try (Dataset ds = open(path)) {
            schema = ds.getSchema();
        }
        JsonNode rows = ArrowRows.parse(json);
        try (ArrowReader reader = ArrowRows.reader(schema, rows, allocator())) {
            WriteDatasetBuilder write = Dataset.write().allocator(allocator()).reader(reader).uri(path)
                    .mode(WriteParams.WriteMode.APPEND);
            if (rowsPerFragment > 0) {
                write.maxRowsPerFile(rowsPerFragment);
            }
            try (Dataset ds = write.execute()) {
                return ds.version();
            }
        }
    }

    private static long mergeInsert(String path, String key, String json) throws Exception {
        try (Dataset ds = open(path)) {
            JsonNode rows = ArrowRows.parse(json);
            try (ArrowReader reader = ArrowRows.reader(ds.getSchema(), rows, allocator());
                 ArrowArrayStream stream = ArrowArrayStream.allocateNew(allocator())) {
                Data.exportArrayStream(allocator(), reader, stream);
                MergeInsertParams params = new MergeInsertParams(List.of(key)).withMatchedUpdateAll()
                        .withNotMatched(MergeInsertParams.WhenNotMatched.InsertAll);
                MergeInsertResult result = ds.mergeInsert(params, stream);
                try (Dataset updated = result.dataset()) {
                    return updated.version();
                }
            }
        }
    }

    /**
     * A column rewrite in place: {@code Fragment.updateColumns} on each fragment that holds a matching key,
     * committed as one {@code Update} with mode RewriteColumns (fragment ids and row addresses stay).
     */
    private static long updateColumn(String path, UpdateColumn update) throws Exception {
        String key = update.getKeyColumn();
        try (Dataset ds = open(path)) {
            Schema schema = ArrowRows.project(ds.getSchema(), List.of(key, update.getColumn()));
            JsonNode rows = ArrowRows.parse(update.getRows().getJson());
            List<FragmentMetadata> updated = new ArrayList<>();
            Set<Long> modified = new TreeSet<>();
            Set<Integer> candidates = ReleaseCalls.fragmentsToUpdate(ds, key, keyLiterals(rows, key));
            for (Fragment fragment : ds.getFragments()) {
                if (candidates != null && !candidates.contains(fragment.getId())) {
                    continue;
                }
                try (ArrowReader reader = ArrowRows.reader(schema, rows, allocator());
                     ArrowArrayStream stream = ArrowArrayStream.allocateNew(allocator())) {
                    Data.exportArrayStream(allocator(), reader, stream);
                    FragmentUpdateResult result = fragment.updateColumns(stream, key, key);
                    if (ReleaseCalls.updatedAnyRow(result)) {
                        updated.add(result.getUpdatedFragment());
                        for (long field : result.getFieldsModified()) {
                            modified.add(field);
                        }
                    }
                }
            }
            if (updated.isEmpty()) {
                throw new ArrowRows.BadInput("update_column: no row of the table has a " + key + " given in the rows");
            }
            Update op = Update.builder().updatedFragments(updated)
                    .fieldsModified(modified.stream().mapToLong(Long::longValue).toArray())
                    .updateMode(Optional.of(Update.UpdateMode.RewriteColumns)).build();
            return ReleaseCalls.commit(ds, op);
        }
    }

    /** The key values of {@code rows} as SQL literals (numbers as they are, strings quoted). */
    static Set<String> keyLiterals(JsonNode rows, String key) {
        Set<String> literals = new LinkedHashSet<>();
        for (JsonNode row : rows) {
            JsonNode value = row.get(key);
            if (value == null || value.isNull()) {
                continue;
            }
            literals.add(value.isNumber() || value.isBoolean() ? value.asText()
                    : "'" + value.asText().replace("'", "''") + "'");
        }
        return literals;
    }

    /**
     * The ids of the fragments that hold a row whose {@code key} is one of {@code keyLiterals}, by one count per
     * fragment (for releases whose {@code FragmentUpdateResult} does not say which rows it changed).
     */
    @SuppressWarnings("try") // LanceScanner.close() declares Exception
    static Set<Integer> fragmentsHolding(Dataset ds, String key, Set<String> keyLiterals, ScanOptions.Builder base) {
        Set<Integer> holding = new TreeSet<>();
        if (keyLiterals.isEmpty()) {
            return holding;
        }
        String filter = key + " IN (" + String.join(", ", keyLiterals) + ")";
        for (Fragment fragment : ds.getFragments()) {
            ScanOptions options = new ScanOptions.Builder(base.build()).filter(filter)
                    .fragmentIds(List.of(fragment.getId())).build();
            try (LanceScanner scanner = ds.newScan(options)) {
                if (scanner.countRows() > 0) {
                    holding.add(fragment.getId());
                }
            } catch (RuntimeException e) {
                throw e;
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }
        return holding;
    }

    private static long createIndex(String path, CreateIndex create) {
        if (create.getColumnsCount() == 0) {
            throw new ArrowRows.BadInput("create_index needs a column");
        }
        Map<String, String> params = new LinkedHashMap<>(create.getParamsMap());
        IndexType type;
        IndexParams indexParams;
        switch (create.getIndexType().toLowerCase(Locale.ROOT)) {
            case "btree" -> {
                type = IndexType.BTREE;
                BTreeIndexParams.Builder btree = BTreeIndexParams.builder();
                String zone = params.remove("zone_size");
                if (zone != null) {
                    btree.zoneSize(Long.parseLong(zone));
                }
                indexParams = IndexParams.builder().setScalarIndexParams(btree.build()).build();
            }
            case "bitmap" -> {
                type = IndexType.BITMAP;
                indexParams = IndexParams.builder().setScalarIndexParams(ScalarIndexParams.create("bitmap")).build();
            }
            case "label_list" -> {
                type = IndexType.LABEL_LIST;
                indexParams = IndexParams.builder().setScalarIndexParams(LabelListIndexParams.builder().build()).build();
            }
            case "ivf_flat" -> {
                type = IndexType.IVF_FLAT;
                String partitions = params.remove("num_partitions");
                String metric = params.remove("metric");
                indexParams = IndexParams.builder().setVectorIndexParams(VectorIndexParams.ivfFlat(
                        partitions == null ? 1 : Integer.parseInt(partitions), distance(metric))).build();
            }
            default -> throw new ArrowRows.BadInput("unknown index type '" + create.getIndexType()
                    + "' (known: btree, bitmap, label_list, ivf_flat)");
        }
        if (!params.isEmpty()) {
            throw new ArrowRows.BadInput("index type " + create.getIndexType() + " takes no parameter " + params.keySet());
        }
        IndexOptions.Builder options = IndexOptions.builder(create.getColumnsList(), type, indexParams)
                .replace(create.getReplace());
        if (!create.getName().isEmpty()) {
            options.withIndexName(create.getName());
        }
        try (Dataset ds = open(path)) {
            ds.createIndex(options.build());
            return ds.version();
        }
    }

    private static DistanceType distance(String metric) {
        if (metric == null) {
            return DistanceType.L2;
        }
        return switch (metric.toLowerCase(Locale.ROOT)) {
            case "l2", "euclidean" -> DistanceType.L2;
            case "cosine" -> DistanceType.Cosine;
            case "dot" -> DistanceType.Dot;
            case "hamming" -> DistanceType.Hamming;
            default -> throw new ArrowRows.BadInput("unknown metric '" + metric + "' (known: l2, cosine, dot, hamming)");
        };
    }

    // ---------------------------------------------------------------- helpers

    private interface Mutation {
        void run(Dataset ds) throws Exception;
    }

    /** Opens the dataset, applies one in-place operation (which commits a version) and says which. */
    private static long mutate(String path, Mutation mutation) throws Exception {
        try (Dataset ds = open(path)) {
            mutation.run(ds);
            return ds.version();
        }
    }

    private static Dataset open(String path) {
        return Dataset.open().allocator(allocator()).uri(path).build();
    }

    /** The type URL from the encoded {@code google.protobuf.Any} of index_details, else Lance's own name. */
    static String typeOf(Index index) {
        Optional<byte[]> details = index.indexDetails();
        if (details.isPresent()) {
            try {
                return Any.parseFrom(details.get()).getTypeUrl();
            } catch (InvalidProtocolBufferException e) {
                // fall through to the enum name
            }
        }
        return index.indexType() == null ? "lance:unknown" : "lance:" + index.indexType().name().toLowerCase(Locale.ROOT);
    }

    static ByteString uuidBytes(UUID uuid) {
        return ByteString.copyFrom(ByteBuffer.allocate(16).putLong(uuid.getMostSignificantBits())
                .putLong(uuid.getLeastSignificantBits()).array());
    }
}
