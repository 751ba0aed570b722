package dev.tableindex.tck.steps;

import dev.tableindex.proto.tck.CountRowsRequest;
import dev.tableindex.proto.tck.DescribeIndexesRequest;
import dev.tableindex.proto.tck.DescribeIndexesResult;
import dev.tableindex.proto.tck.EngineError;
import dev.tableindex.proto.tck.IndexView;
import dev.tableindex.proto.tck.RefusalReason;
import dev.tableindex.tck.api.EngineRefusal;
import dev.tableindex.tck.api.TableLifecycle;
import dev.tableindex.tck.run.RunContext;
import io.cucumber.java.en.Given;
import io.cucumber.java.en.Then;
import io.cucumber.java.en.When;
import java.util.Set;
import java.util.TreeSet;

/** The engine as a reader of the scenario's dataset: the indexes it would use, row counts (index opens: IndexOpenSteps). */
public final class TableReadSteps {
    private DescribeIndexesResult described;

    private static TableLifecycle engine() {
        return RunContext.current().engine().facet(TableLifecycle.class);
    }

    private static String dataset() {
        return TableScenario.current().dataset().toAbsolutePath().toString();
    }

    /**
     * The table golden-files/reference-tables/{@code name} (written by the reference model), copied to
     * the scenario's scratch folder: the golden folder itself is never handed to an engine.
     */
    @Given("the golden table {string}")
    public void theGoldenTable(String name) {
        TableScenario.current().copyOf(RunContext.current().golden().path("reference-tables/" + name), name);
    }

    /**
     * A dataset real Lance wrote (golden-files/lance-manifests/{@code name}: its manifests only, no data or
     * index files), copied to the scenario's scratch folder as the table the engine reads.
     */
    @Given("the table Lance wrote in the golden dataset {string}")
    public void theLanceGoldenTable(String name) {
        TableScenario.current().copyOf(RunContext.current().golden().path("lance-manifests/" + name),
                name.replace('/', '-'));
    }

    @When("the engine describes the indexes")
    public void describes() {
        described = engine().describeIndexes(DescribeIndexesRequest.newBuilder().setDatasetPath(dataset()).build());
    }

    @When("the engine tries to describe the indexes")
    public void triesToDescribe() {
        try {
            describes();
        } catch (EngineRefusal e) {
            TableScenario.current().refused(e.error());
        }
    }

    @When("the engine tries to count the rows where {string}")
    public void triesToCount(String filter) {
        try {
            count(filter, true);
        } catch (EngineRefusal e) {
            TableScenario.current().refused(e.error());
        }
    }

    @Then("the engine uses the indexes {string}")
    public void usesIndexes(String names) {
        Set<String> expected = new TreeSet<>();
        for (String name : names.split(",")) {
            if (!name.isBlank()) {
                expected.add(name.strip());
            }
        }
        Set<String> actual = new TreeSet<>(described().getIndexesList().stream().map(IndexView::getName).toList());
        if (!expected.equals(actual)) {
            throw new AssertionError("the engine would use indexes " + actual + ", expected " + expected);
        }
    }

    /**
     * After "tries to describe": either the engine refused to read the dataset (a reader feature flag it
     * does not know), or it uses exactly these indexes.
     */
    @Then("the engine uses the indexes {string}, unless it refused to read the dataset")
    public void usesIndexesUnlessRefused(String names) {
        EngineError refusal = TableScenario.current().takeRefusal();
        if (refusal != null) {
            if (refusal.getRefusalReason() != RefusalReason.REFUSED_READER_FEATURE_UNSUPPORTED) {
                throw new AssertionError("the engine refused with reason " + refusal.getRefusalReason() + " ("
                        + refusal.getKind() + ": " + refusal.getMessage()
                        + "); the only acceptable refusal is REFUSED_READER_FEATURE_UNSUPPORTED");
            }
            return;
        }
        usesIndexes(names);
    }

    @Then("the engine uses no index")
    public void usesNoIndex() {
        usesIndexes("");
    }

    @Then("the engine's index {string} covers fragments {string}")
    public void theEnginesCoverage(String name, String ids) {
        IndexView view = described().getIndexesList().stream().filter(v -> v.getName().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError("the engine does not describe index " + name));
        TableManifestSteps.assertSet("fragments the engine says " + name + " covers",
                TableManifestSteps.parseIds(ids), new TreeSet<>(view.getCoveredFragmentsList()));
    }

    /**
     * An index the engine no longer uses (it dropped it, a footgun judged elsewhere) covers nothing: only an
     * index it describes is judged.
     */
    @Then("the engine's index {string}, if it uses one, covers fragments {string}")
    public void theEnginesCoverageIfUsed(String name, String ids) {
        if (described().getIndexesList().stream().anyMatch(v -> v.getName().equals(name))) {
            theEnginesCoverage(name, ids);
        }
    }

    /** The answer must not depend on whether the engine may use its indexes. */
    @Then("counting the rows where {string} gives {long}, with and without indexes")
    public void counts(String filter, long expected) {
        long withIndex = count(filter, true);
        long withoutIndex = count(filter, false);
        if (withIndex != expected || withoutIndex != expected) {
            throw new AssertionError("rows where " + filter + ": expected " + expected + ", the engine counted "
                    + withIndex + " with its indexes and " + withoutIndex + " without");
        }
    }

    /** For a dataset the engine may refuse to read (a reader flag it does not know): refusing is conformant. */
    @Then("counting the rows where {string} gives {long}, unless the engine refuses to read the dataset")
    public void countsUnlessRefused(String filter, long expected) {
        try {
            counts(filter, expected);
        } catch (EngineRefusal e) {
            if (e.error().getRefusalReason() != RefusalReason.REFUSED_READER_FEATURE_UNSUPPORTED) {
                throw e;
            }
        }
    }

    /**
     * For a dataset that breaks a rule of the format (an invalid covering declaration, an overlay without
     * its flag): a reader may refuse it, for any reason it names; a count the engine gives must be this one.
     */
    @Then("counting the rows where {string} gives {long}, unless the engine refuses the dataset for any reason")
    public void countsUnlessRefusedForAnyReason(String filter, long expected) {
        try {
            counts(filter, expected);
        } catch (EngineRefusal e) {
            // any refusal is an answer here
        }
    }

    private static long count(String filter, boolean useIndex) {
        return engine().countRows(CountRowsRequest.newBuilder().setDatasetPath(dataset()).setFilter(filter)
                .setUseIndex(useIndex).build()).getCount();
    }

    private DescribeIndexesResult described() {
        if (described == null) {
            throw new IllegalStateException("the scenario has not asked the engine to describe its indexes");
        }
        return described;
    }
}
