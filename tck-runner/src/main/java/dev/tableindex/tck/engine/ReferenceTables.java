package dev.tableindex.tck.engine;

import com.google.protobuf.ByteString;
import dev.tableindex.model.dataset.LanceDatasetFolder;
import dev.tableindex.model.index.CountingObjectStore;
import dev.tableindex.model.index.IndexCatalog;
import dev.tableindex.model.index.IndexOpener;
import dev.tableindex.model.index.IndexProjectionException;
import dev.tableindex.model.index.IndexV2Projection;
import dev.tableindex.model.index.ObjectStore;
import dev.tableindex.model.manifest.IndexSegment;
import dev.tableindex.model.manifest.ManifestFile;
import dev.tableindex.model.manifest.ManifestFormatException;
import dev.tableindex.model.table.Commit;
import dev.tableindex.model.table.Filter;
import dev.tableindex.model.table.IndexFileContent;
import dev.tableindex.model.table.RowCounter;
import dev.tableindex.model.table.TableEnvironment;
import dev.tableindex.model.table.TableException;
import dev.tableindex.model.table.TableOperations;
import dev.tableindex.model.table.TableStore;
import dev.tableindex.proto.tck.ApplyStaleTableOperationRequest;
import dev.tableindex.proto.tck.ApplyTableOperationRequest;
import dev.tableindex.proto.tck.ApplyTableOperationResult;
import dev.tableindex.proto.tck.CountRowsRequest;
import dev.tableindex.proto.tck.CountRowsResult;
import dev.tableindex.proto.tck.DescribeIndexesRequest;
import dev.tableindex.proto.tck.DescribeIndexesResult;
import dev.tableindex.proto.tck.EngineError;
import dev.tableindex.proto.tck.IndexView;
import dev.tableindex.proto.tck.ObjectStoreLocation;
import dev.tableindex.proto.tck.OpenIndexRequest;
import dev.tableindex.proto.tck.OpenIndexResult;
import dev.tableindex.proto.tck.RefusalReason;
import dev.tableindex.proto.tck.TableOperation;
import dev.tableindex.tck.api.EngineRefusal;
import dev.tableindex.tck.api.IndexOpening;
import dev.tableindex.tck.api.IndexV2Support;
import dev.tableindex.tck.api.RetriedCommits;
import dev.tableindex.tck.api.TableLifecycle;
import dev.tableindex.tck.api.TableListElementIndexing;
import dev.tableindex.tck.store.RemoteDataset;
import dev.tableindex.tck.store.S3HttpReader;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.function.Supplier;

/**
 * The reference engine's table facets over the table model ({@code model.table}, {@code model.index}):
 * every request names the dataset folder, which is read afresh; nothing is kept between requests.
 * Model refusals become {@link EngineRefusal}s of the same kind; problems the table.lifecycle
 * taxonomy has no name for (an unreadable manifest, IndexV2 that cannot be mapped) are {@code OTHER}.
 */
public final class ReferenceTables implements TableLifecycle, RetriedCommits, IndexV2Support, IndexOpening,
        TableListElementIndexing {
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

    /**
     * The reference's conflict rule is a full retry: the first attempt, prepared on {@code read_version}, would
     * commit the version after it, which another writer has committed meanwhile; the reference then reads the
     * latest version and applies the operation there, as a new attempt. That is always right (nothing of the
     * first attempt survives to be stamped with the wrong version or to miss what the later versions changed);
     * a writer that rebases its first attempt instead must re-stamp and re-check what the commit version decides.
     */
    @Override
    public ApplyTableOperationResult applyStale(ApplyStaleTableOperationRequest request) {
        return refusing(() -> {
            Path root = Path.of(request.getDatasetPath());
            if (request.getOperation().hasCreateTable() || !TableStore.exists(root)) {
                throw new TableException(TableException.Kind.INVALID_OPERATION, "a stale operation needs a dataset and an operation other than create_table");
            }
            LanceDatasetFolder folder = LanceDatasetFolder.open(root);
            long read = request.getReadVersion();
            if (folder.manifests().stream().noneMatch(e -> e.name().version() == read)) {
                throw new TableException(TableException.Kind.INVALID_OPERATION, "the dataset has no version " + Long.toUnsignedString(read) + " to have read");
            }
            return apply(ApplyTableOperationRequest.newBuilder().setDatasetPath(request.getDatasetPath())
                    .setOperation(request.getOperation()).build());
        });
    }

    @Override
    public DescribeIndexesResult describeIndexes(DescribeIndexesRequest request) {
        return refusing(() -> {
            IndexCatalog catalog = request.hasLocation() ? remoteCatalog(request.getLocation()).catalog()
                    : TableStore.catalog(Path.of(request.getDatasetPath()),
                            TableStore.readLatest(Path.of(request.getDatasetPath())));
            return describe(catalog);
        });
    }

    /** The indexes a reader uses, as describe_indexes answers them. */
    public static DescribeIndexesResult describe(IndexCatalog catalog) {
        DescribeIndexesResult.Builder result = DescribeIndexesResult.newBuilder();
        for (IndexCatalog.Index index : catalog.indexes()) {
            IndexView.Builder view = IndexView.newBuilder().setName(index.name()).addAllFieldIds(index.fieldIds())
                    .setIndexType(index.typeId());
            index.segments().forEach(s -> view.addSegmentIds(ByteString.copyFrom(IndexSegment.uuidToBytes(s.uuid()))));
            index.coverage().forEach((int id) -> view.addCoveredFragments(Integer.toUnsignedLong(id)));
            result.addIndexes(view);
        }
        return result.build();
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

    /**
     * Opens the index's files as a reader does (size recorded, else HEAD; then one range read), from the
     * dataset folder or over S3 when the request names a location; over S3 the files are then decoded,
     * so a recorded size that disagrees with the object is refused, not read past (decision 0030).
     */
    @Override
    public OpenIndexResult openIndex(OpenIndexRequest request) {
        return refusing(() -> {
            IndexCatalog catalog;
            ObjectStore store;
            if (request.hasLocation()) {
                RemoteCatalog remote = remoteCatalog(request.getLocation());
                catalog = remote.catalog();
                store = remote.reader();
            } else {
                Path root = Path.of(request.getDatasetPath());
                catalog = TableStore.catalog(root, TableStore.readLatest(root));
                store = new CountingObjectStore(root);
            }
            IndexCatalog.Index index = catalog.byName(request.getIndexName())
                    .orElseThrow(() -> new TableException(TableException.Kind.INVALID_OPERATION,
                            "no usable index named '" + request.getIndexName() + "'"));
            IndexOpener.Opened opened = remote(() -> IndexOpener.open(store, index));
            if (request.hasLocation()) {
                checkReferenceFiles(index, opened);
            }
            return OpenIndexResult.newBuilder().setHeadRequests(opened.headRequests())
                    .setReadRequests(opened.readRequests()).setFilesOpened(opened.filesOpened()).build();
        });
    }

    private record RemoteCatalog(S3HttpReader reader, IndexCatalog catalog) {
    }

    /**
     * The reader's index view of a table on the kit's store: one LIST and one GET for the manifest; index
     * files are read only to recover a bitmap the manifest leaves unknown.
     */
    private static RemoteCatalog remoteCatalog(ObjectStoreLocation location) {
        S3HttpReader reader = new S3HttpReader(location.getEndpoint(), location.getBucket(), location.getPrefix(),
                location.getAccessKeyId(), location.getSecretAccessKey());
        ManifestFile manifest = TableStore.checkReadable(remote(() -> RemoteDataset.readLatest(reader)));
        return new RemoteCatalog(reader, IndexCatalog.of(manifest,
                uuid -> RemoteDataset.readIndexFile(reader, uuid).map(IndexFileContent::fragments)));
    }

    /** Every file the reference writes decodes; bytes cut short or run long by a wrong recorded size do not. */
    private static void checkReferenceFiles(IndexCatalog.Index index, IndexOpener.Opened opened) {
        int i = 0;
        for (IndexCatalog.Segment segment : index.segments()) {
            for (IndexCatalog.FileRef file : segment.files()) {
                byte[] content = opened.contents().get(i++);
                if (file.path().equals(IndexV2Projection.REFERENCE_FILE_NAME)) {
                    try {
                        IndexFileContent.decode(content, TableStore.INDICES_DIR + "/" + segment.uuid() + "/"
                                + file.path());
                    } catch (IllegalArgumentException e) {
                        throw new TableException(TableException.Kind.INVALID_OPERATION, e.getMessage()
                                + " (read with the size the manifest records: "
                                + file.recordedSize().orElse(-1) + " bytes)");
                    }
                }
            }
        }
    }

    /** An object the store does not have, or has shorter than asked, is a refusal naming it. */
    private static <T> T remote(Supplier<T> work) {
        try {
            return work.get();
        } catch (UncheckedIOException e) {
            throw new TableException(TableException.Kind.INVALID_OPERATION, e.getCause().getMessage());
        }
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
