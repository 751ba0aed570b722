package dev.tableindex.tck.matrix;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tableindex.tck.api.Capability;
import dev.tableindex.tck.api.EngineInfo;
import dev.tableindex.tck.cli.TckCli;
import dev.tableindex.tck.integrity.RulesCatalogue;
import dev.tableindex.tck.run.BuildInfo;
import dev.tableindex.tck.run.Outcome;
import dev.tableindex.tck.run.ScenarioResult;
import dev.tableindex.tck.run.TckReport;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code tck matrix}: engines side by side per scenario, rule and area, from reports made by the report model. */
class ConformanceMatrixTest {
    private static final RulesCatalogue RULES = RulesCatalogue.of(Map.of("rules/doc.yaml", """
            - id: DOC-R001
              spec: doc.md#calls
              level: must
              statement: "A call | is TRUE when one element makes it TRUE."
              scenarios: [AE-0001]
            - id: DOC-R002
              spec: doc.md#keys
              level: should
              statement: "Keys sort."
              scenarios: [KE-0001#2]
            """), Set.of("doc.md"));

    private static TckReport report(BuildInfo kit, String selector, String name, Object... idLevelOutcome) {
        List<ScenarioResult> scenarios = new ArrayList<>();
        for (int i = 0; i < idLevelOutcome.length; i += 3) {
            String id = (String) idLevelOutcome[i];
            String area = id.startsWith("AE") ? "any-element" : "key-encoding";
            scenarios.add(new ScenarioResult(id, "scenario " + id, "classpath:dev/tableindex/tck/suite/features/" + area + "/X.feature",
                    1, (String) idLevelOutcome[i + 1], List.of("any_element"), List.of("doc.md#calls"), (Outcome) idLevelOutcome[i + 2],
                    "", null));
        }
        return new TckReport(kit, new EngineInfo(name, "1.0", Set.of(Capability.ANY_ELEMENT)), selector, Instant.EPOCH, Instant.EPOCH,
                null, null, scenarios, List.of(), false);
    }

    private static final BuildInfo KIT = new BuildInfo("v", "c", false, "suite", "digest", "g");

    private static ConformanceMatrix twoEngines() {
        List<JsonNode> reports = List.of(
                report(KIT, "a", "alpha", "AE-0001#1", "must", Outcome.PASS, "AE-0001#2", "must", Outcome.FAIL,
                        "KE-0001#1", "should", Outcome.OPEN, "KE-0001#2", "should", Outcome.PASS).toJson(),
                report(KIT, "cmd:b --x", "beta", "AE-0001#1", "must", Outcome.EXPECTED_FAIL, "AE-0001#2", "must", Outcome.PASS,
                        "KE-0001#1", "should", Outcome.UNSUPPORTED, "KE-0001#2", "should", Outcome.UNSUPPORTED).toJson());
        return ConformanceMatrix.of(reports, List.of("a.json", "b.json"), RULES);
    }

    @Test
    void eachRuleCountsTheOutcomesOfTheScenarioRowsItNames() {
        ConformanceMatrix matrix = twoEngines();
        assertThat(matrix.rules()).hasSize(2);
        ConformanceMatrix.RuleRow calls = matrix.rules().get(0);
        assertThat(calls.scenarioIds()).containsExactly("AE-0001#1", "AE-0001#2");
        assertThat(Cells.counts(calls.counts().get(0))).isEqualTo("1/2 · 1 FAIL");
        assertThat(Cells.counts(calls.counts().get(1))).isEqualTo("1/2 · 1 known");
        ConformanceMatrix.RuleRow keys = matrix.rules().get(1);
        assertThat(keys.scenarioIds()).containsExactly("KE-0001#2");
        assertThat(Cells.counts(keys.counts().get(1))).isEqualTo("–");
        assertThat(matrix.areas()).extracting(ConformanceMatrix.Area::prefix).containsExactly("AE", "KE");
        assertThat(Cells.counts(matrix.areas().get(1).counts().get(0))).isEqualTo("1/1 · 1 open");
    }

    @Test
    void theHtmlShowsEachEnginesCountOfEachOutcomeOnceWithTheBrowserChecksAttributes() {
        String html = MatrixPages.files(twoEngines()).get("matrix.html");
        Matcher counts = Pattern.compile("data-tck-engine=\"([^\"]*)\" data-tck-outcome=\"([A-Z_]+)\" data-tck-count=\"(\\d+)\"")
                .matcher(html);
        List<String> shown = new ArrayList<>();
        while (counts.find()) {
            shown.add(counts.group(1) + " " + counts.group(2) + " " + counts.group(3));
        }
        assertThat(shown).hasSize(2 * Outcome.values().length)
                .contains("a PASS 2", "a FAIL 1", "a OPEN 1", "cmd:b --x EXPECTED_FAIL 1", "cmd:b --x UNSUPPORTED 2");
        assertThat(html).contains("A call | is TRUE when one element makes it TRUE.").contains("href=\"../../spec/doc.md#calls\"");
        assertThat(MatrixPages.files(twoEngines()).get("matrix.md")).contains("A call \\| is TRUE")
                .contains("| AE-0001#2 | must | scenario AE-0001#2 | [doc.md#calls](../../spec/doc.md#calls) | FAIL | pass |");
    }

    @Test
    void theBadgeSaysTheMustScenariosPassedAndIsRedWhenTheRunFailed() {
        Map<String, String> files = MatrixPages.files(twoEngines());
        assertThat(files).containsKeys("badges/alpha-1.0.svg", "badges/beta-1.0.svg");
        assertThat(files.get("badges/alpha-1.0.svg")).contains("alpha 1.0: must 1/2").contains("#e05d44");
        assertThat(files.get("badges/beta-1.0.svg")).contains("beta 1.0: must 1/2").contains("#dfb317");
    }

    @Test
    void twoReportsOfOneEngineOrOfTwoSuitesAreRefused() {
        JsonNode a = report(KIT, "a", "alpha", "AE-0001", "must", Outcome.PASS).toJson();
        JsonNode other = report(new BuildInfo("v", "c", false, "suite", "other", "g"), "b", "beta", "AE-0001", "must", Outcome.PASS).toJson();
        assertThatThrownBy(() -> ConformanceMatrix.of(List.of(a, a), List.of("1.json", "2.json"), RULES))
                .hasMessageContaining("2.json: a second report of engine a");
        assertThatThrownBy(() -> ConformanceMatrix.of(List.of(a, other), List.of("1.json", "2.json"), RULES))
                .hasMessageContaining("2.json: judged another suite");
    }

    @Test
    void checkPassesOnTheWrittenPagesAndNamesWhatIsStale(@TempDir Path dir) throws Exception {
        BuildInfo kit = BuildInfo.current();
        Path one = dir.resolve("one.json");
        Path two = dir.resolve("two.json");
        report(kit, "a", "alpha", "AE-0001", "must", Outcome.PASS).write(one);
        report(kit, "b", "beta", "AE-0001", "must", Outcome.FAIL).write(two);
        Path pages = dir.resolve("pages");
        assertThat(tck("matrix", one.toString(), two.toString(), "--out", pages.toString())).isZero();
        assertThat(Files.readString(pages.resolve("matrix.md"))).doesNotContain(kit.gitCommit());
        assertThat(tck("matrix", one.toString(), two.toString(), "--check", pages.toString())).isZero();
        assertThat(tck("matrix", two.toString(), one.toString(), "--check", pages.toString())).isEqualTo(TckCli.EXIT_FAILED_CHECKS);
        Files.writeString(pages.resolve("badges/gone-1.svg"), "<svg/>");
        assertThat(tck("matrix", one.toString(), two.toString(), "--check", pages.toString())).isEqualTo(TckCli.EXIT_FAILED_CHECKS);
        assertThat(tck("matrix", one.toString(), dir.resolve("missing.json").toString(), "--out", pages.toString()))
                .isEqualTo(TckCli.EXIT_BAD_INPUT);
        Path stale = dir.resolve("stale.json");
        report(new BuildInfo("v", "c", false, "suite", "not this suite", "g"), "c", "gamma", "AE-0001", "must", Outcome.PASS).write(stale);
        assertThat(tck("matrix", one.toString(), stale.toString(), "--out", pages.toString())).isEqualTo(TckCli.EXIT_BAD_INPUT);
    }

    private static int tck(String... args) {
        return TckCli.run(args, new PrintWriter(new StringWriter()), new PrintWriter(new StringWriter()));
    }
}
