package dev.tableindex.tck.steps.iceberg;

import dev.tableindex.model.json.KitJson;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.google.protobuf.ByteString;
import dev.tableindex.model.iceberg.commit.CommitOutcome;
import dev.tableindex.model.iceberg.commit.FileMetadataPointer;
import dev.tableindex.model.iceberg.commit.IndexCommitter;
import dev.tableindex.model.iceberg.commit.IndexLocations;
import dev.tableindex.model.iceberg.definition.ExpressionField;
import dev.tableindex.model.iceberg.definition.IndexDefinition;
import dev.tableindex.model.iceberg.definition.IndexType;
import dev.tableindex.model.iceberg.definition.ValueExpression;
import dev.tableindex.model.iceberg.metadata.EncryptionKey;
import dev.tableindex.model.iceberg.metadata.IndexMetadata;
import dev.tableindex.model.iceberg.metadata.IndexMetadataJson;
import dev.tableindex.model.iceberg.metadata.IndexMetadataValidator;
import dev.tableindex.model.iceberg.metadata.IndexSnapshot;
import dev.tableindex.model.iceberg.metadata.MetadataLogEntry;
import dev.tableindex.model.iceberg.metadata.Violation;
import dev.tableindex.proto.tck.CommitIndexUpdatesRequest;
import dev.tableindex.proto.tck.IndexMetadataUpdate;
import dev.tableindex.proto.tck.NewIndexSnapshot;
import dev.tableindex.proto.tck.SetIndexProperty;
import dev.tableindex.tck.api.EngineRefusal;
import dev.tableindex.tck.api.IcebergIndexCommits;
import dev.tableindex.tck.run.FileTrees;
import dev.tableindex.tck.run.RunContext;
import io.cucumber.java.After;
import io.cucumber.java.en.Given;
import io.cucumber.java.en.Then;
import io.cucumber.java.en.When;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.apache.iceberg.types.Types;

/**
 * Steps for capability {@code iceberg_index.commit}. The kit creates an index in its file catalog
 * (docs/decisions/0011) in a scratch folder, may commit as another writer itself, asks the engine to commit
 * updates, and then judges only the files: the pointer, the metadata files' bytes and what they hold.
 */
public final class IcebergIndexCommitSteps {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String INDEX = "by_user";
    /** The kit's clock for the files it writes itself: 2026-01-01T00:00:00Z, so an engine's later write shows. */
    private static final Clock KIT_CLOCK = Clock.fixed(Instant.parse("2026-01-01T00:00:00Z"), ZoneOffset.UTC);

    private Path scratch;
    private IndexCommitter kit;
    private FileMetadataPointer pointer;
    private IndexMetadata created;
    /** Every metadata file there was before the engine's last step, with its bytes. */
    private final Map<Path, byte[]> before = new HashMap<>();
    /** The current file before the engine's last step. */
    private String replaced;
    /** The current file the engine's writer read earlier (a base that may have gone stale). */
    private String engineBase;
    /** Current files in commit order, as the kit saw them after each step. */
    private final List<String> history = new ArrayList<>();

    @After
    public void end() {
        FileTrees.deleteScratch(scratch);
    }

    private IcebergIndexCommits engine() {
        return RunContext.current().engine().facet(IcebergIndexCommits.class);
    }

    private Path metadataFolder() {
        return scratch.resolve("index/metadata");
    }

    @Given("the kit creates an index in its file catalog with properties:")
    public void theKitCreatesAnIndex(String propertiesJson) throws IOException {
        create(IndexType.SCALAR, KitJson.mapper().readValue(propertiesJson, new TypeReference<Map<String, String>>() { }), true, false);
    }

    /** Another writer's file, written against the draft: writers must write the type upper case. */
    @Given("the kit creates an index in its file catalog whose type is written {string}")
    public void theKitCreatesAnIndexWithType(String type) throws IOException {
        create(new IndexType(type), Map.of(), true, false);
    }

    @Given("the kit creates an index in its file catalog, not built yet, whose metadata file leaves out every empty optional list")
    public void theKitCreatesAnIndexWithoutOptionalLists() throws IOException {
        create(IndexType.SCALAR, Map.of(), false, true);
    }

    /**
     * The kit's index: SCALAR (or {@code type}) on user_id (1), materializing bucket(16, user_id) as 1000, clustered
     * by 1000, 1; with index snapshot 1 of table snapshot 100 when {@code built}. Without its empty optional lists
     * when {@code omitEmpty} (the kit writes that file itself, then points the catalog at it).
     */
    private void create(IndexType type, Map<String, String> properties, boolean built, boolean omitEmpty)
            throws IOException {
        scratch = Files.createTempDirectory("tck-iceberg-commit-");
        pointer = new FileMetadataPointer(scratch.resolve("catalog"), INDEX);
        kit = new IndexCommitter(pointer, KIT_CLOCK, () -> UUID.randomUUID().toString());
        IndexDefinition definition = new IndexDefinition(type, List.of(1), List.of(
                ExpressionField.exprValue(1000, Types.IntegerType.get(), new ValueExpression.Apply(
                        new ValueExpression.FunctionRef(Optional.empty(), List.of("bucket")),
                        List.of(new ValueExpression.Literal(JSON.getNodeFactory().numberNode(16), Optional.empty()),
                                ValueExpression.ref(1))))),
                List.of(), List.of(1000, 1));
        IndexMetadata initial = IndexMetadata.create(UUID.randomUUID().toString(), UUID.randomUUID().toString(),
                IndexLocations.of(scratch.resolve("index")), KIT_CLOCK.millis(), definition, properties);
        if (built) {
            initial = initial.withSnapshot(IndexSnapshot.of(1, 100, KIT_CLOCK.millis(), "data/tracking-1.avro"));
        }
        if (omitEmpty) {
            String location = initial.location() + "/metadata/00000-" + UUID.randomUUID() + ".metadata.json";
            Files.createDirectories(metadataFolder());
            Files.write(IndexLocations.toPath(location),
                    IndexMetadataJson.toBytes(IndexMetadataJson.writeWithoutEmptyOptionals(initial)));
            if (!pointer.compareAndSwap(Optional.empty(), location)) {
                throw new IllegalStateException("the kit's new catalog already has an index " + INDEX);
            }
            created = initial;
            history.add(location);
            return;
        }
        CommitOutcome.Committed outcome = (CommitOutcome.Committed) kit.create(initial);
        created = outcome.metadata();
        history.add(outcome.metadataFile());
    }

    @Given("the engine's writer has read the current metadata")
    public void theEnginesWriterHasReadTheCurrentMetadata() {
        engineBase = current();
    }

    @Given("the kit commits the property {string} = {string} as another writer")
    public void theKitCommitsTheProperty(String key, String value) {
        kitCommits(m -> m.withProperty(key, value));
    }

    @Given("the kit commits the index snapshot {long} for source table snapshot {long} with tracking file {string} as another writer")
    public void theKitCommitsASnapshot(long snapshotId, long sourceSnapshotId, String trackingFile) {
        kitCommits(m -> m.withSnapshot(IndexSnapshot.of(snapshotId, sourceSnapshotId, KIT_CLOCK.millis(), trackingFile)));
    }

    private void kitCommits(UnaryOperator<IndexMetadata> update) {
        CommitOutcome outcome = kit.commitWithRetry(update, 1);
        if (!(outcome instanceof CommitOutcome.Committed committed)) {
            throw new IllegalStateException("the kit could not commit as another writer: " + outcome);
        }
        history.add(committed.metadataFile());
    }

    @When("the engine commits the property {string} = {string}")
    public void theEngineCommitsTheProperty(String key, String value) {
        engineCommits(List.of(property(key, value)), "", false);
    }

    @When("the engine commits, from the metadata its writer read, the property {string} = {string}")
    public void theEngineCommitsFromItsBase(String key, String value) {
        engineCommits(List.of(property(key, value)), engineBase, false);
    }

    @When("the engine commits the index snapshot {long} for source table snapshot {long} with tracking file {string}")
    public void theEngineCommitsASnapshot(long snapshotId, long sourceSnapshotId, String trackingFile) {
        engineCommits(List.of(IndexMetadataUpdate.newBuilder().setAddSnapshot(NewIndexSnapshot.newBuilder()
                .setSnapshotId(snapshotId).setSourceTableSnapshotId(sourceSnapshotId)
                .setTimestampMs(KIT_CLOCK.millis()).setTrackingFile(trackingFile)).build()), "", false);
    }

    /** The writer chooses the snapshot-id (NewIndexSnapshot.assign_snapshot_id). */
    @When("the engine adds an index snapshot for source table snapshot {long} with tracking file {string}, choosing its snapshot id")
    public void theEngineAddsASnapshotChoosingItsId(long sourceSnapshotId, String trackingFile) {
        engineCommits(List.of(IndexMetadataUpdate.newBuilder().setAddSnapshot(NewIndexSnapshot.newBuilder()
                .setAssignSnapshotId(true).setSourceTableSnapshotId(sourceSnapshotId)
                .setTimestampMs(KIT_CLOCK.millis()).setTrackingFile(trackingFile)).build()), "", false);
    }

    /** {@code keyMetadata} is the tracking file's key metadata, base64 (sent as bytes). */
    @When("the engine commits the index snapshot {long} for source table snapshot {long} with tracking file {string}, encrypted with the key {string} whose key metadata is {string}")
    public void theEngineCommitsAnEncryptedSnapshot(long snapshotId, long sourceSnapshotId, String trackingFile,
            String keyId, String keyMetadata) {
        engineCommits(List.of(IndexMetadataUpdate.newBuilder().setAddSnapshot(NewIndexSnapshot.newBuilder()
                .setSnapshotId(snapshotId).setSourceTableSnapshotId(sourceSnapshotId)
                .setTimestampMs(KIT_CLOCK.millis()).setTrackingFile(trackingFile).setKeyId(keyId)
                .setTrackingFileKeyMetadata(ByteString.copyFrom(Base64.getDecoder().decode(keyMetadata)))).build()),
                "", false);
    }

    @When("the engine drops the index snapshot {long}")
    public void theEngineDropsTheSnapshot(long snapshotId) {
        engineCommits(List.of(IndexMetadataUpdate.newBuilder().setRemoveSnapshotId(snapshotId).build()), "", false);
    }

    @When("the engine commits the properties {string} one after another")
    public void theEngineCommitsPropertiesOneAfterAnother(String keys) {
        for (String key : keys.split(",")) {
            engineCommits(List.of(property(key.trim(), "done")), "", false);
        }
    }

    @When("{int} engine writers each commit their own property at once, retrying when rejected")
    public void writersCommitWithRetry(int writers) {
        engineCommits(writerProperties(writers), "", true);
    }

    @When("{int} engine writers each commit their own property at once from the same metadata, without retrying")
    public void writersCommitFromTheSameBase(int writers) {
        engineCommits(writerProperties(writers), current(), false);
    }

    /** One request per writer, in order, each from the file that was current before the first. */
    @When("{int} engine writers commit their own property one after another from the same metadata, without retrying")
    public void writersCommitInTurnFromTheSameBase(int writers) {
        String base = current();
        for (IndexMetadataUpdate update : writerProperties(writers)) {
            engineCommits(List.of(update), base, false);
        }
    }

    private static List<IndexMetadataUpdate> writerProperties(int writers) {
        List<IndexMetadataUpdate> updates = new ArrayList<>();
        for (int i = 0; i < writers; i++) {
            updates.add(property("writer-" + i, "done"));
        }
        return updates;
    }

    private static IndexMetadataUpdate property(String key, String value) {
        return IndexMetadataUpdate.newBuilder().setSetProperty(SetIndexProperty.newBuilder().setKey(key).setValue(value)).build();
    }

    private void engineCommits(List<IndexMetadataUpdate> updates, String base, boolean retry) {
        before.clear();
        for (Path file : metadataFiles()) {
            before.put(file, bytes(file));
        }
        replaced = current();
        try {
            engine().commitIndexUpdates(CommitIndexUpdatesRequest.newBuilder()
                    .setCatalogDir(scratch.resolve("catalog").toString()).setIndexName(INDEX)
                    .setBaseMetadataFile(base).addAllUpdates(updates).setRetry(retry).build());
        } catch (EngineRefusal refused) {
            // a writer may report its rejection as an error; the files decide
        }
        if (!current().equals(replaced)) {
            history.add(current());
        }
    }

    // ---- what the kit checks on disk ----

    private String current() {
        return pointer.current().orElseThrow(() -> new AssertionError("the index has no current metadata file"));
    }

    private IndexMetadata currentMetadata() {
        return read(current());
    }

    private static IndexMetadata read(String location) {
        return IndexMetadataJson.read(bytes(IndexLocations.toPath(location)));
    }

    private List<Path> metadataFiles() {
        if (!Files.isDirectory(metadataFolder())) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(metadataFolder())) {
            return files.sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static byte[] bytes(Path file) {
        try {
            return Files.readAllBytes(file);
        } catch (IOException e) {
            throw new AssertionError("cannot read " + file + ": " + e.getMessage());
        }
    }

    @Then("the current metadata file is a new file with a name no earlier file had")
    public void theCurrentFileIsNew() {
        Path now = IndexLocations.toPath(current());
        if (current().equals(replaced)) {
            throw new AssertionError("the current metadata file is still " + replaced + ": the engine committed nothing");
        }
        if (before.containsKey(now)) {
            throw new AssertionError("the engine's metadata file " + now.getFileName() + " has the name of an earlier file");
        }
    }

    @Then("every earlier metadata file is unchanged")
    public void everyEarlierFileIsUnchanged() {
        for (Map.Entry<Path, byte[]> file : before.entrySet()) {
            if (Files.exists(file.getKey()) && !Arrays.equals(bytes(file.getKey()), file.getValue())) {
                throw new AssertionError("the metadata file " + file.getKey().getFileName() + " was overwritten");
            }
        }
    }

    @Then("the current metadata file is still the one the kit committed, unchanged")
    public void theCurrentFileIsStillTheKits() {
        String kits = history.get(history.size() - 1);
        if (!current().equals(kits)) {
            throw new AssertionError("the current metadata file is " + current() + ", not the kit's newer " + kits
                    + ": a writer whose base was no longer current committed");
        }
        everyEarlierFileIsUnchanged();
    }

    @Then("the current metadata has the property {string} = {string}")
    public void theCurrentMetadataHasTheProperty(String key, String value) {
        String actual = currentMetadata().properties().get(key);
        if (!value.equals(actual)) {
            throw new AssertionError("property " + key + " of the current metadata is " + actual + ", expected " + value);
        }
    }

    @Then("the current metadata has the index snapshots {string}")
    public void theCurrentMetadataHasTheSnapshots(String ids) {
        List<Long> expected = ids.isBlank() ? List.of() : Arrays.stream(ids.split(",")).map(s -> Long.parseLong(s.trim())).toList();
        List<Long> actual = currentMetadata().snapshots().stream().map(IndexSnapshot::snapshotId).toList();
        if (!expected.equals(actual)) {
            throw new AssertionError("the current metadata has the index snapshots " + actual + ", expected " + expected);
        }
    }

    @Then("the current metadata file is valid")
    public void theCurrentMetadataFileIsValid() {
        List<Violation> violations = IndexMetadataValidator.withoutSourceSchema().validate(bytes(IndexLocations.toPath(current())));
        if (!violations.isEmpty()) {
            throw new AssertionError("the engine's metadata file has violations: " + violations);
        }
    }

    @Then("the current metadata has the index definition, uuids and location the index was created with")
    public void theDefinitionIsUnchanged() {
        IndexMetadata now = currentMetadata();
        // the type compared as readers match it: a writer upper-cases another writer's "scalar"
        if (!asMatched(now.definition()).equals(asMatched(created.definition()))) {
            throw new AssertionError("the index definition changed: " + created.definition() + " became " + now.definition());
        }
        if (!now.indexUuid().equals(created.indexUuid()) || !now.tableUuid().equals(created.tableUuid())
                || !now.location().equals(created.location()) || now.formatVersion() != created.formatVersion()) {
            throw new AssertionError("index-uuid, table-uuid, location or format-version changed");
        }
    }

    private static IndexDefinition asMatched(IndexDefinition definition) {
        return definition.withType(definition.type().upperCase());
    }

    @Then("the current metadata's type is written {string}")
    public void theTypeIsWritten(String type) {
        String written = currentMetadata().definition().type().written();
        if (!written.equals(type)) {
            throw new AssertionError("the current metadata's type is written \"" + written + "\", expected \"" + type + "\"");
        }
    }

    @Then("the current metadata has {int} index snapshots")
    public void theCurrentMetadataHasSnapshots(int count) {
        List<Long> ids = currentMetadata().snapshots().stream().map(IndexSnapshot::snapshotId).toList();
        if (ids.size() != count) {
            throw new AssertionError("the current metadata has the index snapshots " + ids + ", expected " + count);
        }
    }

    @Then("the current metadata's snapshot {long} names the key {string}, whose encrypted-key-metadata is {string}")
    public void theSnapshotNamesTheKey(long snapshotId, String keyId, String keyMetadata) {
        IndexMetadata now = currentMetadata();
        IndexSnapshot snapshot = now.snapshot(snapshotId)
                .orElseThrow(() -> new AssertionError("the current metadata has no index snapshot " + snapshotId));
        if (!snapshot.keyId().equals(Optional.of(keyId))) {
            throw new AssertionError("index snapshot " + snapshotId + " names the key " + snapshot.keyId().orElse("(none)")
                    + ", expected " + keyId);
        }
        EncryptionKey key = now.encryptionKey(keyId).orElseThrow(() -> new AssertionError("encryption-keys has no key "
                + keyId + ", which index snapshot " + snapshotId + " names"));
        byte[] written;
        try {
            written = Base64.getDecoder().decode(key.encryptedKeyMetadata());
        } catch (IllegalArgumentException e) {
            throw new AssertionError("the encrypted-key-metadata of key " + keyId + " is not base64: "
                    + key.encryptedKeyMetadata());
        }
        if (!Arrays.equals(written, Base64.getDecoder().decode(keyMetadata))) {
            throw new AssertionError("the encrypted-key-metadata of key " + keyId + " is " + key.encryptedKeyMetadata()
                    + ", but the tracking file's key metadata is " + keyMetadata);
        }
    }

    @Then("each metadata file in the log holds one writer's property more than the one before it")
    public void eachLoggedFileHoldsOneMore() {
        IndexMetadata now = currentMetadata();
        List<String> chain = new ArrayList<>();
        now.metadataLog().forEach(e -> chain.add(now.resolve(e.metadataFile())));
        chain.add(current());
        int previous = -1;
        for (String location : chain) {
            long writersHere = read(location).properties().keySet().stream().filter(k -> k.startsWith("writer-")).count();
            if (previous >= 0 && writersHere != previous + 1) {
                throw new AssertionError(location + " holds " + writersHere + " writers' properties after a file with "
                        + previous + ": an update was lost or a file replaced");
            }
            previous = (int) writersHere;
        }
    }

    @Then("at least one writer's property is in the current metadata")
    public void atLeastOneWriter() {
        if (currentMetadata().properties().keySet().stream().noneMatch(k -> k.startsWith("writer-"))) {
            throw new AssertionError("no writer's property is in the current metadata: no writer committed, though the"
                    + " first swap found its base current");
        }
    }

    @Then("only the first writer's property is in the current metadata")
    public void onlyTheFirstWriter() {
        List<String> writers = currentMetadata().properties().keySet().stream().filter(k -> k.startsWith("writer-"))
                .sorted().toList();
        if (!writers.equals(List.of("writer-0"))) {
            throw new AssertionError("the current metadata holds the properties of " + writers + ", expected only"
                    + " writer-0's: every later writer started from the file writer-0 replaced, so its swap must fail");
        }
    }

    @Then("exactly one writer's property is in the current metadata")
    public void exactlyOneWriter() {
        long writers = currentMetadata().properties().keySet().stream().filter(k -> k.startsWith("writer-")).count();
        if (writers != 1) {
            throw new AssertionError(writers + " writers' properties are in the current metadata, all written from the"
                    + " same base: only one swap may succeed");
        }
    }

    @Then("the current metadata's log ends with the file it replaced and that file's last-updated-ms")
    public void theLogEndsWithTheReplacedFile() {
        IndexMetadata now = currentMetadata();
        if (now.metadataLog().isEmpty()) {
            throw new AssertionError("the metadata log is empty; it should name " + replaced);
        }
        MetadataLogEntry last = now.metadataLog().get(now.metadataLog().size() - 1);
        long replacedMs = read(replaced).lastUpdatedMs();
        if (!now.resolve(last.metadataFile()).equals(replaced) || last.timestampMs() != replacedMs) {
            throw new AssertionError("the metadata log ends with " + last + ", expected " + replaced + " at " + replacedMs);
        }
    }

    @Then("the current metadata's last-updated-ms is later than that of the file it replaced")
    public void lastUpdatedIsLater() {
        long then = read(replaced).lastUpdatedMs();
        long now = currentMetadata().lastUpdatedMs();
        if (now <= then) {
            throw new AssertionError("last-updated-ms is " + now + ", not later than the replaced file's " + then);
        }
    }

    @Then("the current metadata's log names the {int} files current just before it, oldest first")
    public void theLogNamesTheLastFiles(int count) {
        IndexMetadata now = currentMetadata();
        List<String> logged = now.metadataLog().stream().map(e -> now.resolve(e.metadataFile())).toList();
        if (history.size() < count + 1) {
            throw new AssertionError("only " + history.size() + " metadata files were ever current, so the log cannot"
                    + " name the " + count + " before the current one: an update left the current file in place");
        }
        List<String> expected = history.subList(history.size() - 1 - count, history.size() - 1);
        if (!logged.equals(expected)) {
            throw new AssertionError("the metadata log names " + logged + ", expected " + expected);
        }
    }

    /** The draft's field definitions of a log entry: "Location of the index metadata file", and its last-updated-ms. */
    @Then("every entry of the current metadata's log names an earlier metadata file, with that file's last-updated-ms")
    public void everyLogEntryNamesAnEarlierFile() {
        IndexMetadata now = currentMetadata();
        List<String> earlier = history.subList(0, history.size() - 1);
        for (MetadataLogEntry entry : now.metadataLog()) {
            String location = now.resolve(entry.metadataFile());
            if (!earlier.contains(location)) {
                throw new AssertionError("the log entry " + entry.metadataFile() + " resolves to " + location
                        + ", which is none of the metadata files that were current before " + earlier);
            }
            long lastUpdated = read(location).lastUpdatedMs();
            if (entry.timestampMs() != lastUpdated) {
                throw new AssertionError("the log entry for " + entry.metadataFile() + " has timestamp-ms "
                        + entry.timestampMs() + ", but that file's last-updated-ms is " + lastUpdated);
            }
        }
    }

    @Then("the metadata files dropped from the log are deleted")
    public void droppedFilesAreDeleted() {
        for (String location : dropped()) {
            if (Files.exists(IndexLocations.toPath(location))) {
                throw new AssertionError("the dropped metadata file " + location + " still exists");
            }
        }
    }

    /** Files that were current once, are no longer, and are not in the current log. */
    private List<String> dropped() {
        IndexMetadata now = currentMetadata();
        List<String> logged = now.metadataLog().stream().map(e -> now.resolve(e.metadataFile())).toList();
        List<String> dropped = new ArrayList<>(history.subList(0, history.size() - 1));
        dropped.removeAll(logged);
        if (dropped.isEmpty()) {
            throw new AssertionError("no metadata file was dropped from the log, though the scenario committed more"
                    + " files than it keeps");
        }
        return dropped;
    }
}
