package dev.tableindex.tck.engine;

import com.google.protobuf.ByteString;
import dev.tableindex.model.index.CountingObjectStore;
import dev.tableindex.model.index.IndexCatalog;
import dev.tableindex.model.index.IndexOpener;
import dev.tableindex.model.index.IndexProjectionException;
import dev.tableindex.model.manifest.IndexSegment;
import dev.tableindex.model.manifest.ManifestFile;
import dev.tableindex.model.manifest.ManifestFormatException;
import dev.tableindex.model.table.Commit;
import dev.tableindex.model.table.Filter;
import dev.tableindex.model.table.RowCounter;
import dev.tableindex.model.table.TableEnvironment;
import dev.tableindex.model.table.TableException;
import dev.tableindex.model.table.TableOperations;
import dev.tableindex.model.table.TableStore;
import dev.tableindex.proto.tck.ApplyTableOperationRequest;
import dev.tableindex.proto.tck.ApplyTableOperationResult;
import dev.tableindex.proto.tck.CountRowsRequest;
import dev.tableindex.proto.tck.CountRowsResult;
import dev.tableindex.proto.tck.DescribeIndexesRequest;
import dev.tableindex.proto.tck.DescribeIndexesResult;
import dev.tableindex.proto.tck.EngineError;
import dev.tableindex.proto.tck.IndexView;
import dev.tableindex.proto.tck.OpenIndexRequest;
import dev.tableindex.proto.tck.OpenIndexResult;
import dev.tableindex.proto.tck.RefusalReason;
import dev.tableindex.proto.tck.TableOperation;
import dev.tableindex.tck.api.EngineRefusal;
import dev.tableindex.tck.api.IndexOpening;
import dev.tableindex.tck.api.IndexV2Support;
import dev.tableindex.tck.api.TableLifecycle;
import java.nio.file.Path;
import java.util.function.Supplier;

/**
 * The reference engine's table facets over the table model ({@code model.table}, {@code model.index}):
 * every request names the dataset folder, which is read afresh; nothing is kept between requests.
 * Model refusals become {@link EngineRefusal}s of the same kind; problems the table.lifecycle
 * taxonomy has no name for (an unreadable manifest, IndexV2 that cannot be mapped) are {@code OTHER}.
 */
public final class ReferenceTables implements TableLifecycle, IndexV2Support, IndexOpening {
    private final TableEnvironment env;

    public ReferenceTables() {
        this(TableEnvironment.system());
    }

    public ReferenceTables(TableEnvironment env) {
        this.env = env;
    }

    @Override
    public ApplyTableOperationResult apply(ApplyTableOperationRequest request) {
        return refusing(() -> {
            Path root = Path.of(request.getDatasetPath());
            TableOperation operation = request.getOperation();
            Commit commit;
            if (operation.hasCreateTable()) {
                if (TableStore.exists(root)) {
                    throw new TableException(TableException.Kind.INVALID_OPERATION,
                            "create_table: a dataset exists already at " + root);
                }
                commit = TableOperations.create(operation.getCreateTable(), env);
            } else {
                TableStore.Loaded loaded = TableStore.load(root);
                TableStore.checkWritable(loaded.manifest());
                commit = TableOperations.apply(loaded.table(), operation, env);
            }
            TableStore.commit(root, commit, env);
            return ApplyTableOperationResult.newBuilder().setVersion(commit.version().version()).build();
        });
    }

    @Override
    public DescribeIndexesResult describeIndexes(DescribeIndexesRequest request) {
        return refusing(() -> {
            Path root = Path.of(request.getDatasetPath());
            IndexCatalog catalog = TableStore.catalog(root, TableStore.readLatest(root));
            DescribeIndexesResult.Builder result = DescribeIndexesResult.newBuilder();
            for (IndexCatalog.Index index : catalog.indexes()) {
                IndexView.Builder view = IndexView.newBuilder().setName(index.name()).addAllFieldIds(index.fieldIds())
                        .setIndexType(index.typeId());
                index.segments().forEach(s -> view.addSegmentIds(ByteString.copyFrom(IndexSegment.uuidToBytes(s.uuid()))));
                index.coverage().forEach((int id) -> view.addCoveredFragments(Integer.toUnsignedLong(id)));
                result.addIndexes(view);
            }
            return result.build();
        });
    }

    @Override
    public CountRowsResult countRows(CountRowsRequest request) {
        return refusing(() -> {
            Path root = Path.of(request.getDatasetPath());
            TableStore.Loaded loaded = TableStore.load(root);
            Filter filter = Filter.parse(request.getFilter().isBlank() ? "true" : request.getFilter());
            long count = request.getUseIndex()
                    ? RowCounter.withIndex(loaded.table(), filter, TableStore.catalog(root, loaded.manifest()))
                    : RowCounter.scan(loaded.table(), filter);
            return CountRowsResult.newBuilder().setCount(count).build();
        });
    }

    @Override
    public OpenIndexResult openIndex(OpenIndexRequest request) {
        return refusing(() -> {
            Path root = Path.of(request.getDatasetPath());
            ManifestFile manifest = TableStore.readLatest(root);
            IndexCatalog.Index index = TableStore.catalog(root, manifest).byName(request.getIndexName())
                    .orElseThrow(() -> new TableException(TableException.Kind.INVALID_OPERATION,
                            "no usable index named '" + request.getIndexName() + "'"));
            IndexOpener.Opened opened = IndexOpener.open(new CountingObjectStore(root), index);
            return OpenIndexResult.newBuilder().setHeadRequests(opened.headRequests())
                    .setReadRequests(opened.readRequests()).setFilesOpened(opened.filesOpened()).build();
        });
    }

    private static <T> T refusing(Supplier<T> work) {
        try {
            return work.get();
        } catch (TableException e) {
            throw new EngineRefusal(EngineError.newBuilder().setKind(e.kind().name()).setMessage(e.getMessage())
                    .setOffset(-1).setRefusalReason(reason(e.kind())).build());
        } catch (ManifestFormatException | IndexProjectionException e) {
            throw refusal("OTHER", e.getMessage());
        }
    }

    private static RefusalReason reason(TableException.Kind kind) {
        return switch (kind) {
            case READER_FEATURE_UNSUPPORTED -> RefusalReason.REFUSED_READER_FEATURE_UNSUPPORTED;
            case WRITER_FEATURE_UNSUPPORTED -> RefusalReason.REFUSED_WRITER_FEATURE_UNSUPPORTED;
            case INDEX_NAME_EXISTS -> RefusalReason.REFUSED_INDEX_NAME_EXISTS;
            case INVALID_OPERATION -> RefusalReason.REFUSED_INVALID_OPERATION;
        };
    }

    private static EngineRefusal refusal(String kind, String message) {
        return new EngineRefusal(EngineError.newBuilder().setKind(kind).setMessage(message).setOffset(-1).build());
    }
}
