package dev.tableindex.tck.steps.iceberg;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tableindex.model.iceberg.commit.FileMetadataPointer;
import dev.tableindex.model.iceberg.commit.IndexLocations;
import dev.tableindex.model.iceberg.definition.ValueExpression;
import dev.tableindex.model.iceberg.definition.ValueExpressionJson;
import dev.tableindex.model.iceberg.metadata.IndexMetadataJson;
import dev.tableindex.model.iceberg.metadata.IndexMetadataValidator;
import dev.tableindex.model.iceberg.metadata.IndexPaths;
import dev.tableindex.model.iceberg.metadata.Violation;
import dev.tableindex.model.iceberg.table.LocalFileIO;
import dev.tableindex.model.iceberg.table.SourceTable;
import dev.tableindex.proto.tck.CreateIcebergIndexRequest;
import dev.tableindex.tck.api.EngineRefusal;
import dev.tableindex.tck.api.IcebergIndexCreation;
import dev.tableindex.tck.golden.JsonDiff;
import dev.tableindex.tck.run.FileTrees;
import dev.tableindex.tck.run.RunContext;
import io.cucumber.java.After;
import io.cucumber.java.en.Given;
import io.cucumber.java.en.Then;
import io.cucumber.java.en.When;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.apache.iceberg.FileFormat;
import org.apache.iceberg.Schema;
import org.apache.iceberg.types.Types;

/**
 * Steps for capability {@code iceberg_index.create}. The kit makes a real Iceberg table (Iceberg 1.12) of events,
 * asks the engine to create an index for it in the kit's file catalog (docs/decisions/0011) from a definition as a
 * user would ask for it, and then judges only the file the catalog's pointer names, with the model's validator
 * over the table's schemas.
 */
public final class IcebergIndexCreateSteps {
    private static final ObjectMapper JSON = new ObjectMapper();
    /**
     * The events table: ids as Iceberg assigns them to a new table (top-level fields first, then nested ones), so
     * the scenarios can name them; the step checks that Iceberg kept them.
     */
    static final Schema EVENTS = new Schema(
            Types.NestedField.required(1, "user_id", Types.LongType.get()),
            Types.NestedField.optional(2, "event_ts", Types.TimestampType.withZone()),
            Types.NestedField.optional(3, "category", Types.StringType.get()),
            Types.NestedField.optional(4, "payload", Types.StructType.of(
                    Types.NestedField.optional(6, "score", Types.DoubleType.get()))),
            Types.NestedField.optional(5, "tags", Types.ListType.ofOptional(7, Types.StringType.get())));

    private Path scratch;
    private SourceTable table;
    private String index;
    private EngineRefusal refusal;
    private long requestStartedMs;
    private long requestEndedMs;

    @After
    public void end() {
        FileTrees.deleteScratch(scratch);
    }

    @Given("an Iceberg source table of events")
    public void anIcebergSourceTableOfEvents() throws IOException {
        scratch = Files.createTempDirectory("tck-iceberg-create-");
        table = SourceTable.create(scratch.resolve("events"), EVENTS, FileFormat.PARQUET);
        if (!table.schema().sameSchema(EVENTS)) {
            throw new IllegalStateException("Iceberg gave the events table other field ids: " + table.schema());
        }
    }

    @When("the engine creates the index {string} with the definition:")
    public void theEngineCreatesTheIndex(String name, String definitionJson) {
        index = name;
        refusal = null;
        requestStartedMs = System.currentTimeMillis();
        try {
            RunContext.current().engine().facet(IcebergIndexCreation.class).createIcebergIndex(
                    CreateIcebergIndexRequest.newBuilder().setCatalogDir(catalog().toString()).setIndexName(name)
                            .setTablePath(table.table().location()).setLocation(location(name).toString())
                            .setDefinitionJson(definitionJson).build());
        } catch (EngineRefusal refused) {
            refusal = refused; // may be right: the files decide
        }
        requestEndedMs = System.currentTimeMillis();
    }

    private Path catalog() {
        return scratch.resolve("catalog");
    }

    /** Where the kit asks the index to live: a local folder that does not exist yet. */
    private Path location(String name) {
        return scratch.resolve("indexes").resolve(name);
    }

    private Optional<String> currentFile() {
        return currentFile(index);
    }

    private Optional<String> currentFile(String name) {
        return new FileMetadataPointer(catalog(), name).current();
    }

    /** The created index's metadata file, as JSON; fails when the engine created none. */
    private JsonNode created() {
        String current = currentFile().orElseThrow(() -> new AssertionError("the engine created no index " + index
                + (refusal == null ? "" : "; it refused: " + refusal.getMessage())));
        return parse(current);
    }

    private static JsonNode parse(String location) {
        Path file;
        try {
            file = IndexLocations.toPath(location);
        } catch (RuntimeException e) {
            throw new AssertionError("the catalog's pointer names " + location + ", which is no file: location");
        }
        try {
            return IndexMetadataJson.parse(Files.readAllBytes(file));
        } catch (IOException e) {
            throw new AssertionError("the catalog's pointer names " + location + ", which cannot be read: " + e.getMessage());
        } catch (RuntimeException e) {
            throw new AssertionError("the index metadata file " + location + " is no JSON object: " + e.getMessage());
        }
    }

    private List<Violation> violations(JsonNode file) {
        return IndexMetadataValidator.withSourceSchemas(table.schemas()).validate(file);
    }

    @Then("the engine created the index")
    public void theEngineCreatedTheIndex() {
        created();
    }

    @Then("the catalog holds the valid index {string}")
    public void theCatalogHoldsTheValidIndex(String name) {
        String current = currentFile(name).orElseThrow(() -> new AssertionError("the catalog has no index " + name));
        List<Violation> violations = violations(parse(current));
        if (!violations.isEmpty()) {
            throw new AssertionError("the metadata file of index " + name + " breaks the draft: " + violations);
        }
    }

    @Then("the index's metadata file breaks no rule of the draft")
    public void theIndexBreaksNoRule() {
        List<Violation> violations = violations(created());
        if (!violations.isEmpty()) {
            throw new AssertionError("the metadata file the engine wrote breaks the draft: " + violations);
        }
    }

    /** A definition no valid file holds: the engine may refuse it, or write a valid file; never an invalid one. */
    @Then("the engine wrote no index whose metadata breaks the draft")
    public void noIndexBreaksTheDraft() {
        if (currentFile().isEmpty()) {
            return; // refused: nothing to judge, and nothing wrong
        }
        List<Violation> violations = violations(created());
        if (!violations.isEmpty()) {
            throw new AssertionError("the engine created an index whose metadata file breaks the draft: " + violations);
        }
    }

    /** {@code pointer} is a JSON Pointer (RFC 6901) into the metadata file, e.g. {@code /cluster-spec}. */
    @Then("the index's metadata file has at {string}:")
    public void theIndexHasAt(String pointer, String expectedJson) throws IOException {
        has(created(), pointer, expectedJson);
    }

    /** As above, when the engine created the index; a refusal passes (a step after "wrote no index that breaks"). */
    @Then("any index the engine created has at {string}:")
    public void anyIndexHasAt(String pointer, String expectedJson) throws IOException {
        if (currentFile().isPresent()) {
            has(created(), pointer, expectedJson);
        }
    }

    @Then("any index the engine created has expression field {int} reading the source fields {string}")
    public void anyIndexExpressionFieldReads(int fieldId, String ids) {
        if (currentFile().isPresent()) {
            expressionFieldReads(fieldId, ids);
        }
    }

    private static void has(JsonNode file, String pointer, String expectedJson) throws IOException {
        JsonNode actual = file.at(pointer);
        if (actual.isMissingNode()) {
            throw new AssertionError("the index's metadata file has nothing at " + pointer);
        }
        List<String> differences = JsonDiff.between(dev.tableindex.model.json.KitJson.read(expectedJson), actual);
        if (!differences.isEmpty()) {
            throw new AssertionError("the index's metadata file at " + pointer + " differs: " + String.join("; ", differences));
        }
    }

    @Then("the index's metadata file has no snapshots")
    public void theIndexHasNoSnapshots() {
        JsonNode snapshots = created().get("snapshots");
        if (snapshots != null && !(snapshots.isArray() && snapshots.isEmpty())) {
            throw new AssertionError("an index not built yet has no snapshots; the engine wrote " + snapshots);
        }
    }

    @Then("expression field {int} of the index reads the source fields {string}")
    public void expressionFieldReads(int fieldId, String ids) {
        List<Integer> expected = Arrays.stream(ids.split(",")).map(String::trim).map(Integer::parseInt).toList();
        JsonNode file = created();
        List<JsonNode> fields = new ArrayList<>();
        file.path("materialized-fields").forEach(fields::add);
        file.path("non-materialized-fields").forEach(fields::add);
        JsonNode field = fields.stream().filter(f -> f.path("field-id").asInt(-1) == fieldId).findFirst()
                .orElseThrow(() -> new AssertionError("the index has no expression field " + fieldId));
        ValueExpression expr;
        try {
            expr = ValueExpressionJson.read(field.get("expr"), "expr");
        } catch (RuntimeException e) {
            throw new AssertionError("expression field " + fieldId + " has no value expression: " + e.getMessage());
        }
        if (!expr.references().stream().allMatch(ValueExpression.IdReference.class::isInstance)
                || !expr.referencedFieldIds().equals(expected)) {
            throw new AssertionError("expression field " + fieldId + " reads " + expr.references() + ", expected the ID"
                    + " references " + expected);
        }
    }

    @Then("the index's table-uuid is the source table's UUID")
    public void theTableUuidIsTheTables() {
        String tableUuid = table.table().uuid().toString();
        String written = created().path("table-uuid").asText();
        if (!tableUuid.equals(written)) {
            throw new AssertionError("table-uuid is " + written + "; the indexed table's UUID is " + tableUuid);
        }
    }

    @Then("the index's index-uuid is a UUID")
    public void theIndexUuidIsAUuid() {
        String written = created().path("index-uuid").asText();
        try {
            UUID.fromString(written);
        } catch (IllegalArgumentException e) {
            throw new AssertionError("index-uuid \"" + written + "\" is not a UUID");
        }
    }

    @Then("the index's location is the folder the kit gave, as an absolute path")
    public void theLocationIsTheFolder() {
        String written = created().path("location").asText();
        if (!IndexPaths.isAbsolute(written)) {
            throw new AssertionError("location \"" + written + "\" has no URI scheme, so it is not an absolute path"
                    + " (the folder " + location(index) + " is file:" + location(index) + ")");
        }
        if (!LocalFileIO.path(written).normalize().equals(location(index).toAbsolutePath().normalize())) {
            throw new AssertionError("location \"" + written + "\" does not name the folder " + location(index));
        }
    }

    @Then("the index's last-updated-ms is the time it was written")
    public void lastUpdatedIsWhenWritten() {
        long written = created().path("last-updated-ms").asLong();
        // one second of slack either way: the engine's clock is the kit's, but may be read a little apart
        if (written < requestStartedMs - 1000 || written > requestEndedMs + 1000) {
            throw new AssertionError("last-updated-ms is " + written + "; the index was written between "
                    + requestStartedMs + " and " + requestEndedMs);
        }
    }
}
