package dev.tableindex.tck.engine;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tableindex.model.iceberg.commit.CommitOutcome;
import dev.tableindex.model.iceberg.commit.FileMetadataPointer;
import dev.tableindex.model.iceberg.commit.IndexCommitter;
import dev.tableindex.model.iceberg.commit.IndexCreation;
import dev.tableindex.model.iceberg.commit.IndexLocations;
import dev.tableindex.model.iceberg.commit.MetadataPointer;
import dev.tableindex.model.iceberg.metadata.EncryptionKey;
import dev.tableindex.model.iceberg.metadata.IndexMetadata;
import dev.tableindex.model.iceberg.metadata.IndexMetadataFormatException;
import dev.tableindex.model.iceberg.metadata.IndexMetadataJson;
import dev.tableindex.model.iceberg.metadata.IndexMetadataReading;
import dev.tableindex.model.iceberg.metadata.IndexMetadataValidator;
import dev.tableindex.model.iceberg.metadata.IndexSnapshot;
import dev.tableindex.model.iceberg.metadata.Violation;
import dev.tableindex.model.iceberg.table.SourceTable;
import dev.tableindex.proto.tck.CommitIndexUpdatesRequest;
import dev.tableindex.proto.tck.CommitIndexUpdatesResult;
import dev.tableindex.proto.tck.CreateIcebergIndexRequest;
import dev.tableindex.proto.tck.CreateIcebergIndexResult;
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
import dev.tableindex.tck.api.IcebergIndexCreation;
import dev.tableindex.tck.api.IcebergIndexMetadata;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.UnaryOperator;
import org.apache.iceberg.Schema;
import org.apache.iceberg.SchemaParser;

/**
 * Capabilities {@code iceberg_index.metadata}, {@code iceberg_index.commit} and {@code iceberg_index.create}, over
 * the model (model.iceberg). As a writer it writes only files that keep the draft's rules: a definition or an
 * update that would break one is refused, with the violations in the message.
 */
public final class ReferenceIcebergIndexMetadata implements IcebergIndexMetadata, IcebergIndexCommits,
        IcebergIndexCreation {
    /** Attempts per writer when retrying: far more than the writers a scenario starts. */
    private static final int RETRY_ATTEMPTS = 10_000;
    private static final ObjectMapper JSON = new ObjectMapper();

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
    public CreateIcebergIndexResult createIcebergIndex(CreateIcebergIndexRequest request) {
        SourceTable table = table(request.getTablePath());
        ObjectNode file = IndexCreation.metadataJson(definition(request.getDefinitionJson()), table.schema(),
                table.table().uuid().toString(), IndexLocations.of(Path.of(request.getLocation())),
                UUID.randomUUID().toString(), Clock.systemUTC().millis());
        List<Violation> violations = IndexMetadataValidator.withSourceSchemas(table.schemas()).validate(file);
        if (!violations.isEmpty()) {
            throw refusal("INVALID_DEFINITION", "no valid index metadata file holds this definition: " + violations);
        }
        CommitOutcome outcome = committer(request.getCatalogDir(), request.getIndexName())
                .create(IndexMetadataJson.read(file));
        if (!(outcome instanceof CommitOutcome.Committed committed)) {
            throw refusal("INDEX_EXISTS", "the catalog already has an index " + request.getIndexName());
        }
        return CreateIcebergIndexResult.newBuilder().setMetadataFile(committed.metadataFile()).build();
    }

    @Override
    public CommitIndexUpdatesResult commitIndexUpdates(CommitIndexUpdatesRequest request) {
        IndexCommitter committer = committer(request.getCatalogDir(), request.getIndexName());
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
        List<Violation> refused = new ArrayList<>();
        try {
            for (Future<CommitOutcome> future : outcomes) {
                CommitOutcome outcome = future.get();
                if (outcome instanceof CommitOutcome.Committed) {
                    committed++;
                } else if (outcome instanceof CommitOutcome.Refused r) {
                    refused.addAll(r.violations());
                } else {
                    rejected++;
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while committing", e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof EngineRefusal refusal) {
                throw refusal;
            }
            throw new IllegalStateException("a writer failed: " + e.getCause(), e.getCause());
        } finally {
            writers.shutdownNow();
        }
        if (!refused.isEmpty()) {
            throw refusal("INVALID_UPDATE", "an update would break the draft, so it was not committed: " + refused);
        }
        return CommitIndexUpdatesResult.newBuilder().setCommitted(committed).setRejected(rejected).build();
    }

    private IndexCommitter committer(String catalogDir, String indexName) {
        return new IndexCommitter(pointers.open(Path.of(catalogDir), indexName), Clock.systemUTC(),
                () -> UUID.randomUUID().toString());
    }

    private static UnaryOperator<IndexMetadata> change(IndexMetadataUpdate update) {
        return switch (update.getUpdateCase()) {
            case SET_PROPERTY -> m -> m.withProperty(update.getSetProperty().getKey(), update.getSetProperty().getValue());
            case ADD_SNAPSHOT -> m -> withSnapshot(m, update.getAddSnapshot());
            case REMOVE_SNAPSHOT_ID -> m -> m.withoutSnapshot(update.getRemoveSnapshotId());
            case UPDATE_NOT_SET -> throw refusal("INVALID_OPERATION", "an update names no change");
        };
    }

    /** The new snapshot, with an id of its own when asked to choose one, and its tracking file's key recorded. */
    private static IndexMetadata withSnapshot(IndexMetadata m, NewIndexSnapshot s) {
        long id = s.getAssignSnapshotId()
                ? 1 + m.snapshots().stream().mapToLong(IndexSnapshot::snapshotId).max().orElse(0)
                : s.getSnapshotId();
        Optional<String> keyId = s.getKeyId().isEmpty() ? Optional.empty() : Optional.of(s.getKeyId());
        IndexMetadata next = m.withSnapshot(new IndexSnapshot(id, s.getSourceTableSnapshotId(), s.getTimestampMs(),
                s.getTrackingFile(), Map.of(), keyId));
        if (keyId.isEmpty()) {
            return next;
        }
        String keyMetadata = Base64.getEncoder().encodeToString(s.getTrackingFileKeyMetadata().toByteArray());
        Optional<EncryptionKey> existing = m.encryptionKey(keyId.get());
        if (existing.isPresent()) {
            if (!existing.get().encryptedKeyMetadata().equals(keyMetadata)) {
                throw refusal("KEY_ID_IN_USE", "encryption key " + keyId.get() + " already holds other key metadata");
            }
            return next;
        }
        List<EncryptionKey> keys = new ArrayList<>(m.encryptionKeys());
        keys.add(new EncryptionKey(keyId.get(), keyMetadata, Optional.empty(), Map.of()));
        return next.withEncryptionKeys(keys);
    }

    private static JsonNode definition(String json) {
        JsonNode definition;
        try {
            definition = dev.tableindex.model.json.KitJson.read(json);
        } catch (dev.tableindex.model.json.JsonInputException e) {
            throw refusal("BAD_DEFINITION", "the definition: " + e.getMessage());
        }
        if (!definition.isObject()) {
            throw refusal("BAD_DEFINITION", "the definition is not a JSON object");
        }
        return definition;
    }

    private static SourceTable table(String path) {
        try {
            return SourceTable.load(Path.of(path));
        } catch (RuntimeException e) {
            throw refusal("BAD_TABLE", String.valueOf(e.getMessage()));
        }
    }

    private static Schema schema(String json) {
        try {
            return SchemaParser.fromJson(json);
        } catch (RuntimeException e) {
            throw refusal("BAD_SCHEMA", "not an Iceberg schema: " + e.getMessage());
        }
    }

    private static byte[] bytes(String path) {
        try {
            return Files.readAllBytes(Path.of(path));
        } catch (IOException e) {
            throw refusal("UNREADABLE", "cannot read " + path + ": " + e.getMessage());
        }
    }

    private static EngineRefusal refusal(String kind, String message) {
        return new EngineRefusal(EngineError.newBuilder().setKind(kind).setMessage(message).setOffset(-1).build());
    }
}
