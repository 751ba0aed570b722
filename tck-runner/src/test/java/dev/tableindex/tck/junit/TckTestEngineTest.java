package dev.tableindex.tck.junit;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.engine.DiscoverySelector;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.discovery.DiscoverySelectors;
import org.junit.platform.engine.reporting.ReportEntry;
import org.junit.platform.launcher.EngineFilter;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.TestPlan;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;

/** The kit's JUnit Platform engine as Surefire and IDEs drive it: one test per scenario run, outcomes mapped. */
class TckTestEngineTest {
    /** A test class as an implementer writes one; the options come from configuration parameters below. */
    static class AcceptsAnythingTck extends TckConformanceTest {
        @Override
        protected String defaultEngine() {
            return "mutant-accepts-anything";
        }
    }

    @TempDir
    Path dir;

    /** What each test did: its result status (or SKIPPED with the reason), and its published outcome. */
    private record Seen(Map<String, String> status, Map<String, String> outcome, List<String> tests, TestPlan[] plan) {
    }

    private Seen launch(DiscoverySelector selector, Map<String, String> config) {
        Map<String, String> status = new ConcurrentHashMap<>();
        Map<String, String> outcome = new ConcurrentHashMap<>();
        List<String> tests = new ArrayList<>();
        TestPlan[] plan = new TestPlan[1];
        var request = LauncherDiscoveryRequestBuilder.request().selectors(selector)
                .filters(EngineFilter.includeEngines(TckTestEngine.ID))
                .configurationParameter("tck.report", dir.resolve("report").toString())
                .configurationParameters(config).build();
        LauncherFactory.create().execute(request, new TestExecutionListener() {
            @Override
            public void testPlanExecutionStarted(TestPlan testPlan) {
                plan[0] = testPlan;
            }

            @Override
            public void executionFinished(TestIdentifier id, TestExecutionResult result) {
                if (id.isTest()) {
                    tests.add(id.getDisplayName());
                    status.put(id.getDisplayName().split(" ", 2)[0], result.getStatus().name()
                            + result.getThrowable().map(t -> t instanceof AssertionError ? ":assertion" : ":other").orElse(""));
                }
            }

            @Override
            public void reportingEntryPublished(TestIdentifier id, ReportEntry entry) {
                outcome.put(id.getDisplayName().split(" ", 2)[0], entry.getKeyValuePairs().get("outcome"));
            }
        });
        return new Seen(status, outcome, tests, plan);
    }

    @Test
    void aTestClassGivesOneTestPerScenarioRunWithTheKitsVerdictAsJUnitsResult() throws Exception {
        Path known = dir.resolve("known.yaml");
        Files.writeString(known, """
                - id: MR-0050#1
                  reason: accepts a bad file on purpose
                - id: MR-0001
                  reason: listed, but it passes
                - id: MR-9999
                  reason: names nothing
                """);
        Seen seen = launch(DiscoverySelectors.selectClass(AcceptsAnythingTck.class), Map.of(
                "tck.tags", "@id:MR-0050 or @id:MR-0001 or @id:AE-0033", "tck.knownFailures", known.toString()));
        // every row of the outline is a test of its own, named by id and title
        assertThat(seen.tests()).anyMatch(t -> t.startsWith("MR-0050#1 ")).anyMatch(t -> t.startsWith("MR-0050#2 "))
                .anyMatch(t -> t.startsWith("MR-0001 ")).anyMatch(t -> t.startsWith("known-failure entry MR-9999"));
        assertThat(seen.outcome()).containsEntry("MR-0050#1", "EXPECTED_FAIL").containsEntry("MR-0050#2", "FAIL")
                .containsEntry("MR-0001", "UNEXPECTED_PASS").containsEntry("AE-0033#1", "OPEN");
        assertThat(seen.status()).containsEntry("MR-0050#1", "SUCCESSFUL") // expected fail: passes, reason published
                .containsEntry("MR-0050#2", "FAILED:assertion")
                .containsEntry("MR-0001", "FAILED:assertion")
                .containsEntry("AE-0033#1", "ABORTED:other") // open: skipped with the reason
                .containsEntry("known-failure", "FAILED:assertion");
    }

    @Test
    void aUniqueIdSelectsOneScenarioAsAnIdeReRunsIt() {
        String id = "[engine:tck]/[class:" + AcceptsAnythingTck.class.getName() + "]"
                + "/[feature:features%2Fmanifest-reading%2FMR04-refusing-bad-manifests.feature]/[scenario:MR-0050%2317]";
        Seen seen = launch(DiscoverySelectors.selectUniqueId(id), Map.of());
        assertThat(seen.tests()).hasSize(1).allMatch(t -> t.startsWith("MR-0050#17 "));
        assertThat(seen.status()).containsEntry("MR-0050#17", "FAILED:assertion");
    }
}
