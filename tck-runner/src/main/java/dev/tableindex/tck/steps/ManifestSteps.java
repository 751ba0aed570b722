package dev.tableindex.tck.steps;

import dev.tableindex.model.json.KitJson;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tableindex.model.manifest.FragmentCoverage;
import dev.tableindex.model.manifest.IndexSegment;
import dev.tableindex.model.manifest.ManifestFile;
import dev.tableindex.model.manifest.ManifestFormatException;
import dev.tableindex.model.manifest.ManifestSummary;
import dev.tableindex.proto.tck.EngineError;
import dev.tableindex.proto.tck.ReadManifestRequest;
import dev.tableindex.proto.tck.ReadManifestResult;
import dev.tableindex.tck.api.EngineRefusal;
import dev.tableindex.tck.api.ManifestReading;
import dev.tableindex.tck.golden.JsonDiff;
import dev.tableindex.tck.run.Observations;
import dev.tableindex.tck.run.RunContext;
import io.cucumber.java.en.Given;
import io.cucumber.java.en.Then;
import io.cucumber.java.en.When;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Steps for capability {@code manifest.read}. The engine decodes; the kit normalizes what it got with
 * the reference model ({@link ManifestSummary}) and compares, so every engine is judged the same way.
 */
public final class ManifestSteps {
    /**
     * What an engine may leave unreported (ReadManifestResult.unreported: its reader does not expose it), as the
     * parts of the normalized view they are: a top-level field, or a field of every index entry.
     */
    static final Set<String> MAY_BE_UNREPORTED = Set.of("reader_feature_flags", "writer_feature_flags", "indices.files",
            "indices.covering_fields", "transaction");

    private Path dataset;
    private ReadManifestResult read;
    private EngineError refusal;

    private ManifestReading engine() {
        return RunContext.current().engine().facet(ManifestReading.class);
    }

    @Given("the golden dataset {string}")
    public void theGoldenDataset(String name) {
        dataset = RunContext.current().golden().path("lance-manifests/" + name);
    }

    /** A dataset the kit's reference model wrote (golden-files/reference-tables, with provenance). */
    @Given("the golden dataset {string} written by the reference model")
    public void theReferenceGoldenDataset(String name) {
        dataset = RunContext.current().golden().path("reference-tables/" + name);
    }

    @When("the engine reads the latest version")
    public void theEngineReadsTheLatestVersion() {
        read(ReadManifestRequest.newBuilder().setDatasetPath(dataset.toString()).build());
    }

    @When("the engine reads version {long}")
    public void theEngineReadsVersion(long version) {
        read(ReadManifestRequest.newBuilder().setDatasetPath(dataset.toString()).setVersion(version).build());
    }

    @When("the engine reads the manifest file {string}")
    public void theEngineReadsTheManifestFile(String goldenPath) {
        Path file = RunContext.current().golden().path(goldenPath);
        read(ReadManifestRequest.newBuilder().setManifestPath(file.toString()).build());
    }

    /** Each read replaces what the last one left: a result and a refusal never outlive the next read. */
    private void read(ReadManifestRequest request) {
        read = null;
        refusal = null;
        try {
            read = engine().readManifest(request);
        } catch (EngineRefusal e) {
            refusal = e.error();
        }
    }

    private ReadManifestResult succeeded() {
        if (refusal != null) {
            throw new AssertionError("the engine refused a valid manifest: " + refusal.getKind() + ": " + refusal.getMessage());
        }
        for (String part : read.getUnreportedList()) {
            if (!MAY_BE_UNREPORTED.contains(part)) {
                throw new AssertionError("the engine says it cannot report \"" + part + "\": a manifest reader reports everything but "
                        + MAY_BE_UNREPORTED.stream().sorted().toList());
            }
        }
        return read;
    }

    /**
     * The normalized view without the parts the engine does not report, which the report then names: a value left
     * unset is not what the engine read, so it is not compared.
     */
    static JsonNode withoutUnreported(JsonNode view, List<String> unreported) {
        JsonNode copy = view.deepCopy();
        for (String part : unreported) {
            if (part.startsWith("indices.")) {
                copy.path("indices").forEach(index -> ((ObjectNode) index).remove(part.substring("indices.".length())));
            } else if (copy.isObject()) {
                ((ObjectNode) copy).remove(part);
            }
        }
        return copy;
    }

    /** What the engine returned, decoded by the reference model (bitmaps, uuids). */
    private ManifestFile decoded() {
        ReadManifestResult result = succeeded();
        try {
            return ManifestFile.of(result.getManifest(),
                    result.hasIndexSection() ? Optional.of(result.getIndexSection()) : Optional.empty(),
                    result.hasTransaction() ? Optional.of(result.getTransaction()) : Optional.empty());
        } catch (ManifestFormatException e) {
            throw new AssertionError("the engine returned index metadata that is not valid: " + e.getMessage());
        }
    }

    @Then("the manifest reads as the expected view of version {long}")
    public void theManifestReadsAsTheExpectedView(long version) {
        JsonNode expected;
        expected = KitJson.read(dataset.resolve("expected.json")).path("versions").path(Long.toString(version));
        if (expected.isMissingNode()) {
            throw new IllegalStateException("golden " + dataset.getFileName() + " has no expected view of version " + version);
        }
        List<String> unreported = succeeded().getUnreportedList();
        if (!unreported.isEmpty()) {
            Observations.add("not judged, the engine does not report them: " + String.join(", ", unreported));
        }
        List<String> differences = JsonDiff.between(withoutUnreported(expected, unreported),
                withoutUnreported(ManifestSummary.of(decoded()), unreported));
        if (!differences.isEmpty()) {
            throw new AssertionError("the manifest differs from what the writer wrote: " + String.join("; ", differences));
        }
    }

    @Then("the manifest is version {long}")
    public void theManifestIsVersion(long version) {
        assertEquals("manifest version", version, decoded().version());
    }

    @Then("the manifest has no index section")
    public void theManifestHasNoIndexSection() {
        if (succeeded().hasIndexSection()) {
            throw new AssertionError("the engine returned an index section for a manifest without one ("
                    + read.getIndexSection().getIndicesCount() + " entries)");
        }
    }

    @Then("the manifest has {int} index segment(s)")
    public void theManifestHasIndexSegments(int count) {
        assertEquals("index segments", count, decoded().segments().size());
    }

    @Then("the index segments named {string} cover fragments {string}, in manifest order")
    public void theSegmentsCoverFragments(String name, String fragmentSets) {
        List<String> expected = Arrays.stream(fragmentSets.split(";")).map(String::strip).toList();
        List<String> actual = segments(name).stream().map(s -> s.coverage().fragmentIds()
                .map(ids -> String.join(", ", ids.stream().map(String::valueOf).toList())).orElse("unknown")).toList();
        if (!actual.equals(expected)) {
            throw new AssertionError("segments named " + name + " cover " + actual + ", expected " + expected);
        }
    }

    @Then("the index {string} covers no fragments")
    public void theIndexCoversNoFragments(String name) {
        FragmentCoverage coverage = onlySegment(name).coverage();
        if (!coverage.isKnown()) {
            throw new AssertionError("coverage of " + name + " is unknown (empty bitmap bytes); expected a known, empty coverage");
        }
        if (!coverage.fragmentIds().orElseThrow().isEmpty()) {
            throw new AssertionError(name + " covers " + coverage + ", expected no fragments");
        }
    }

    @Then("the index {string} has unknown coverage")
    public void theIndexHasUnknownCoverage(String name) {
        FragmentCoverage coverage = onlySegment(name).coverage();
        if (coverage.isKnown()) {
            throw new AssertionError(name + " covers " + coverage + ", expected unknown coverage (empty bitmap bytes)");
        }
    }

    @Then("the index {string} records the file {string} of {long} bytes")
    public void theIndexRecordsTheFile(String name, String path, long size) {
        if (succeeded().getUnreportedList().contains("indices.files")) {
            throw new AssertionError("the engine does not report IndexMetadata.files (unreported: its reader does not expose"
                    + " them), so the sizes the manifest records cannot be judged");
        }
        IndexSegment segment = onlySegment(name);
        long actual = segment.files().stream().filter(f -> f.getPath().equals(path)).mapToLong(f -> f.getSizeBytes())
                .findFirst().orElseThrow(() -> new AssertionError(name + " records no file " + path + " (files: "
                        + segment.files().stream().map(f -> f.getPath()).toList() + ")"));
        assertEquals("size of " + path, size, actual);
    }

    @Then("the read is refused")
    public void theReadIsRefused() {
        if (refusal == null) {
            throw new AssertionError("the engine accepted a manifest it must refuse");
        }
    }

    @Then("the refusal is {word} at offset {long}")
    public void theRefusalIs(String kind, long offset) {
        theReadIsRefused();
        if (!refusal.getKind().equals(kind) || refusal.getOffset() != offset) {
            throw new AssertionError("refused as " + refusal.getKind() + " at offset " + refusal.getOffset()
                    + ", expected " + kind + " at offset " + offset + " (" + refusal.getMessage() + ")");
        }
    }

    private List<IndexSegment> segments(String name) {
        List<IndexSegment> named = decoded().segments().stream().filter(s -> s.name().equals(name)).toList();
        if (named.isEmpty()) {
            throw new AssertionError("no index named " + name + " (indexes: "
                    + decoded().segments().stream().map(IndexSegment::name).toList() + ")");
        }
        return named;
    }

    private IndexSegment onlySegment(String name) {
        List<IndexSegment> named = segments(name);
        if (named.size() != 1) {
            throw new AssertionError(named.size() + " segments named " + name + ", expected 1");
        }
        return named.get(0);
    }

    private static void assertEquals(String what, long expected, long actual) {
        if (expected != actual) {
            throw new AssertionError(what + ": expected " + expected + ", got " + actual);
        }
    }
}
