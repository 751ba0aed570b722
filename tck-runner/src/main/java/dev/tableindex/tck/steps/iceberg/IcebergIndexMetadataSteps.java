package dev.tableindex.tck.steps.iceberg;

import dev.tableindex.model.json.KitJson;
import com.fasterxml.jackson.databind.JsonNode;
import dev.tableindex.proto.tck.EngineError;
import dev.tableindex.proto.tck.IndexMetadataViolation;
import dev.tableindex.proto.tck.ReadIndexMetadataRequest;
import dev.tableindex.proto.tck.ValidateIndexMetadataRequest;
import dev.tableindex.tck.api.EngineRefusal;
import dev.tableindex.tck.api.IcebergIndexMetadata;
import dev.tableindex.tck.golden.ExpectedViolations;
import dev.tableindex.tck.golden.JsonDiff;
import dev.tableindex.tck.run.RunContext;
import io.cucumber.java.en.Given;
import io.cucumber.java.en.Then;
import io.cucumber.java.en.When;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Steps for capability {@code iceberg_index.metadata}. The engine validates or reads a golden index metadata
 * file; the kit compares with the hand-written expectations next to the golden files
 * ({@code golden-files/iceberg-index/metadata/}).
 */
public final class IcebergIndexMetadataSteps {
    private static final String FOLDER = "iceberg-index/metadata/";

    private String name;
    private Path file;
    private List<IndexMetadataViolation> violations;
    private JsonNode reading;
    private EngineError refusal;

    private IcebergIndexMetadata engine() {
        return RunContext.current().engine().facet(IcebergIndexMetadata.class);
    }

    private JsonNode golden(String relative) {
        return KitJson.read(RunContext.current().golden().path(FOLDER + relative));
    }

    @Given("the golden index metadata file {string}")
    public void theGoldenIndexMetadataFile(String relative) {
        name = relative;
        file = RunContext.current().golden().path(FOLDER + relative);
    }

    @When("the engine validates it against the golden source schema")
    public void theEngineValidatesItAgainstTheSourceSchema() {
        try {
            String schema = Files.readString(RunContext.current().golden().path(FOLDER + "source-schema.json"));
            validate(ValidateIndexMetadataRequest.newBuilder().setMetadataPath(file.toString()).setSourceSchemaJson(schema).build());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @When("the engine validates it without a source schema")
    public void theEngineValidatesItWithoutASourceSchema() {
        validate(ValidateIndexMetadataRequest.newBuilder().setMetadataPath(file.toString()).build());
    }

    private void validate(ValidateIndexMetadataRequest request) {
        try {
            violations = engine().validateIndexMetadata(request).getViolationsList();
        } catch (EngineRefusal e) {
            throw new AssertionError("the engine refused to validate " + name + ": " + e.getMessage());
        }
    }

    @Then("the engine reports no violation")
    public void theEngineReportsNoViolation() {
        if (!violations.isEmpty()) {
            throw new AssertionError("the engine reported violations in the valid file " + name + ": " + describe(violations));
        }
    }

    /**
     * The file's defects (invalid/expected-violations.json), each reported in one of its accepted forms (an optional
     * one may be left out), and nothing else reported. docs/iceberg-index.md, "Violations and their JSON paths".
     */
    @Then("the engine reports the violations expected for it")
    public void theEngineReportsTheExpectedViolations() {
        ExpectedViolations expected = ExpectedViolations.of(golden("invalid/expected-violations.json").path("files"),
                file.getFileName().toString()).orElseThrow(() -> new IllegalStateException(
                        "invalid/expected-violations.json has no entry for " + name));
        List<String> misfits = expected.misfits(violations.stream()
                .map(v -> new ExpectedViolations.Reported(v.getJsonPath(), v.getRule())).toList());
        if (!misfits.isEmpty()) {
            throw new AssertionError(name + ": " + String.join("; ", misfits));
        }
    }

    @When("the engine reads it")
    public void theEngineReadsIt() {
        try {
            reading = KitJson.read(engine().readIndexMetadata(
                    ReadIndexMetadataRequest.newBuilder().setMetadataPath(file.toString()).build()).getReadingJson());
        } catch (EngineRefusal e) {
            refusal = e.error();
        } catch (dev.tableindex.model.json.JsonInputException e) {
            throw new AssertionError("the engine's reading of " + name + " is not JSON: " + e.getMessage());
        }
    }

    private JsonNode reading() {
        if (refusal != null) {
            throw new AssertionError("the engine refused to read " + name + ": " + refusal.getKind() + ": " + refusal.getMessage());
        }
        return reading;
    }

    @Then("the reading is the one expected for it")
    public void theReadingIsTheOneExpected() {
        JsonNode expected = golden("valid/expected-readings.json").path("files").get(file.getFileName().toString());
        if (expected == null) {
            throw new IllegalStateException("valid/expected-readings.json has no entry for " + name);
        }
        List<String> differences = JsonDiff.between(expected, reading());
        if (!differences.isEmpty()) {
            throw new AssertionError("the reading of " + name + " differs: " + String.join("; ", differences));
        }
    }

    /** {@code pointer} is a JSON Pointer (RFC 6901) into the reading, e.g. {@code /snapshots/0/tracking-file}. */
    @Then("the reading at {string} is:")
    public void theReadingAtIs(String pointer, String expectedJson) throws IOException {
        JsonNode expected = KitJson.read(expectedJson);
        JsonNode actual = reading().at(pointer);
        if (actual.isMissingNode()) {
            throw new AssertionError("the reading of " + name + " has nothing at " + pointer);
        }
        List<String> differences = JsonDiff.between(expected, actual);
        if (!differences.isEmpty()) {
            throw new AssertionError("the reading of " + name + " at " + pointer + " differs: " + String.join("; ", differences));
        }
    }

    private static String describe(List<IndexMetadataViolation> violations) {
        return violations.stream().map(v -> v.getJsonPath() + " " + v.getRule() + " (" + v.getMessage() + ")").toList().toString();
    }
}
