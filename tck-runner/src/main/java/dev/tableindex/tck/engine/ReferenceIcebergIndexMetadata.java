package dev.tableindex.tck.engine;

import dev.tableindex.model.iceberg.commit.CommitOutcome;
import dev.tableindex.model.iceberg.commit.FileMetadataPointer;
import dev.tableindex.model.iceberg.commit.IndexCommitter;
import dev.tableindex.model.iceberg.commit.IndexLocations;
import dev.tableindex.model.iceberg.commit.MetadataPointer;
import dev.tableindex.model.iceberg.metadata.IndexMetadata;
import dev.tableindex.model.iceberg.metadata.IndexMetadataFormatException;
import dev.tableindex.model.iceberg.metadata.IndexMetadataJson;
import dev.tableindex.model.iceberg.metadata.IndexMetadataReading;
import dev.tableindex.model.iceberg.metadata.IndexMetadataValidator;
import dev.tableindex.model.iceberg.metadata.IndexSnapshot;
import dev.tableindex.model.iceberg.metadata.Violation;
import dev.tableindex.proto.tck.CommitIndexUpdatesRequest;
import dev.tableindex.proto.tck.CommitIndexUpdatesResult;
import dev.tableindex.proto.tck.EngineError;
import dev.tableindex.proto.tck.IndexMetadataUpdate;
import dev.tableindex.proto.tck.IndexMetadataViolation;
import dev.tableindex.proto.tck.NewIndexSnapshot;
import dev.tableindex.proto.tck.ReadIndexMetadataRequest;
import dev.tableindex.proto.tck.ReadIndexMetadataResult;
import dev.tableindex.proto.tck.ValidateIndexMetadataRequest;
import dev.tableindex.proto.tck.ValidateIndexMetadataResult;
import dev.tableindex.tck.api.EngineRefusal;
import dev.tableindex.tck.api.IcebergIndexCommits;
import dev.tableindex.tck.api.IcebergIndexMetadata;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.UnaryOperator;
import org.apache.iceberg.Schema;
import org.apache.iceberg.SchemaParser;

/** Capabilities {@code iceberg_index.metadata} and {@code iceberg_index.commit}, over the model (model.iceberg). */
public final class ReferenceIcebergIndexMetadata implements IcebergIndexMetadata, IcebergIndexCommits {
    /** Attempts per writer when retrying: far more than the writers a scenario starts. */
    private static final int RETRY_ATTEMPTS = 10_000;

    /** Opens the pointer of an index in a catalog folder. */
    public interface Pointers {
        MetadataPointer open(Path catalog, String indexName);
    }

    private final Pointers pointers;

    /** With the kit's file catalog (docs/decisions/0011). */
    public ReferenceIcebergIndexMetadata() {
        this(FileMetadataPointer::new);
    }

    /** With another catalog: the seam the runner's self-tests use for a catalog with a flaw. */
    public ReferenceIcebergIndexMetadata(Pointers pointers) {
        this.pointers = pointers;
    }

    @Override
    public ValidateIndexMetadataResult validateIndexMetadata(ValidateIndexMetadataRequest request) {
        IndexMetadataValidator validator = request.getSourceSchemaJson().isEmpty()
                ? IndexMetadataValidator.withoutSourceSchema()
                : IndexMetadataValidator.withSourceSchemas(List.of(schema(request.getSourceSchemaJson())));
        ValidateIndexMetadataResult.Builder result = ValidateIndexMetadataResult.newBuilder();
        for (Violation v : validator.validate(bytes(request.getMetadataPath()))) {
            result.addViolations(IndexMetadataViolation.newBuilder()
                    .setJsonPath(v.jsonPath()).setRule(v.rule().code()).setMessage(v.message()));
        }
        return result.build();
    }

    @Override
    public ReadIndexMetadataResult readIndexMetadata(ReadIndexMetadataRequest request) {
        try {
            IndexMetadata metadata = IndexMetadataJson.read(bytes(request.getMetadataPath()));
            return ReadIndexMetadataResult.newBuilder()
                    .setReadingJson(IndexMetadataReading.of(metadata).toString()).build();
        } catch (IndexMetadataFormatException e) {
            throw new EngineRefusal(EngineError.newBuilder().setKind("BAD_METADATA").setMessage(e.getMessage())
                    .setField(e.jsonPath()).setOffset(-1).build());
        }
    }

    @Override
    public CommitIndexUpdatesResult commitIndexUpdates(CommitIndexUpdatesRequest request) {
        IndexCommitter committer = new IndexCommitter(
                pointers.open(Path.of(request.getCatalogDir()), request.getIndexName()),
                Clock.systemUTC(), () -> UUID.randomUUID().toString());
        String baseFile = request.getBaseMetadataFile();
        ExecutorService writers = Executors.newFixedThreadPool(Math.max(1, request.getUpdatesCount()));
        CountDownLatch start = new CountDownLatch(1);
        List<Future<CommitOutcome>> outcomes = new ArrayList<>();
        for (IndexMetadataUpdate update : request.getUpdatesList()) {
            UnaryOperator<IndexMetadata> change = change(update);
            outcomes.add(writers.submit(() -> {
                start.await();
                IndexCommitter.Base base = baseFile.isEmpty()
                        ? committer.readCurrent().orElseThrow(() -> new IllegalStateException("no index " + request.getIndexName()))
                        : new IndexCommitter.Base(baseFile, IndexMetadataJson.read(Files.readAllBytes(IndexLocations.toPath(baseFile))));
                CommitOutcome outcome = committer.commit(base, change);
                if (outcome instanceof CommitOutcome.Rejected && request.getRetry()) {
                    outcome = committer.commitWithRetry(change, RETRY_ATTEMPTS);
                }
                return outcome;
            }));
        }
        start.countDown();
        int committed = 0;
        int rejected = 0;
        try {
            for (Future<CommitOutcome> outcome : outcomes) {
                if (outcome.get() instanceof CommitOutcome.Committed) {
                    committed++;
                } else {
                    rejected++;
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while committing", e);
        } catch (ExecutionException e) {
            throw new IllegalStateException("a writer failed: " + e.getCause(), e.getCause());
        } finally {
            writers.shutdownNow();
        }
        return CommitIndexUpdatesResult.newBuilder().setCommitted(committed).setRejected(rejected).build();
    }

    private static UnaryOperator<IndexMetadata> change(IndexMetadataUpdate update) {
        return switch (update.getUpdateCase()) {
            case SET_PROPERTY -> m -> m.withProperty(update.getSetProperty().getKey(), update.getSetProperty().getValue());
            case ADD_SNAPSHOT -> {
                NewIndexSnapshot s = update.getAddSnapshot();
                yield m -> m.withSnapshot(IndexSnapshot.of(s.getSnapshotId(), s.getSourceTableSnapshotId(),
                        s.getTimestampMs(), s.getTrackingFile()));
            }
            case REMOVE_SNAPSHOT_ID -> m -> m.withoutSnapshot(update.getRemoveSnapshotId());
            case UPDATE_NOT_SET -> throw new EngineRefusal(EngineError.newBuilder().setKind("INVALID_OPERATION")
                    .setMessage("an update names no change").setOffset(-1).build());
        };
    }

    private static Schema schema(String json) {
        try {
            return SchemaParser.fromJson(json);
        } catch (RuntimeException e) {
            throw new EngineRefusal(EngineError.newBuilder().setKind("BAD_SCHEMA")
                    .setMessage("not an Iceberg schema: " + e.getMessage()).setOffset(-1).build());
        }
    }

    private static byte[] bytes(String path) {
        try {
            return Files.readAllBytes(Path.of(path));
        } catch (IOException e) {
            throw new EngineRefusal(EngineError.newBuilder().setKind("UNREADABLE")
                    .setMessage("cannot read " + path + ": " + e.getMessage()).setOffset(-1).build());
        }
    }
}
