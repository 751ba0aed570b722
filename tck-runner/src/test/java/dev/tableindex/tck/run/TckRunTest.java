package dev.tableindex.tck.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import dev.tableindex.tck.engine.Engines;
import dev.tableindex.tck.engine.MisbehavingEngineMain;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Whole runs of the TCK: the outcome taxonomy, known failures and reports, end to end. */
class TckRunTest {
    private static final String THREE = "@id:MR-0001 or @id:MR-0002 or @id:MR-0003";

    @TempDir
    Path reports;

    private TckReport run(String engine, String tags, Path knownFailures, boolean update) {
        StringWriter out = new StringWriter();
        return TckRun.run(new TckRun.Options(engine, tags, knownFailures, reports, update, false,
                new Engines.Timeouts(Duration.ofSeconds(60), Duration.ofSeconds(3)), Path.of(".")), new PrintWriter(out));
    }

    private static Map<String, Outcome> outcomes(TckReport report) {
        return report.scenarios().stream().collect(Collectors.toMap(ScenarioResult::id, ScenarioResult::outcome));
    }

    @Test
    void theReferenceEnginePassesEveryScenarioAndTheReportFollowsItsSchema() throws Exception {
        TckReport report = run("reference", null, null, false);
        assertThat(report.scenarios()).hasSizeGreaterThan(100);
        // every scenario passes; the open ones (spec unsettled) are not scored, but the reference
        // engine answers as each proposes
        assertThat(report.scenarios()).allSatisfy(s -> {
            assertThat(s.outcome()).as(s.id() + " " + s.message()).isIn(Outcome.PASS, Outcome.OPEN);
            if (s.outcome() == Outcome.OPEN) {
                assertThat(s.message()).as(s.id()).startsWith("open question; engine answer: as the scenario proposes");
            }
        });
        assertThat(report.scenarios()).anyMatch(s -> s.outcome() == Outcome.OPEN);
        assertThat(report.passed()).isTrue();
        long passes = report.scenarios().stream().filter(s -> s.outcome() == Outcome.PASS).count();
        assertThat(report.summaryLine()).startsWith("TCK PASSED: " + passes + " pass, 0 fail");

        var json = new ObjectMapper().readTree(reports.resolve("tck-report.json").toFile());
        try (InputStream schema = getClass().getResourceAsStream("/schemas/tck-report.schema.json")) {
            assertThat(JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012).getSchema(schema).validate(json)).isEmpty();
        }
        // the reference engine declares every capability of the registry
        assertThat(json.path("engine").path("capabilities")).extracting(com.fasterxml.jackson.databind.JsonNode::asText)
                .containsExactlyElementsOf(java.util.Arrays.stream(dev.tableindex.tck.api.Capability.values())
                        .map(dev.tableindex.tck.api.Capability::id).sorted().toList());
        assertThat(reports.resolve("tck-junit.xml")).exists();
        assertThat(reports.resolve("tck-report.html")).exists();
        // Cucumber's own reports only when asked for (--cucumber-reports)
        assertThat(reports.resolve("cucumber.html")).doesNotExist();
        assertValidJUnitXml(reports.resolve("tck-junit.xml"));
        // every testcase is timed: the whole suite cannot take no time at all
        var times = junitTimes(reports.resolve("tck-junit.xml"));
        assertThat(times).hasSize(report.scenarios().size());
        assertThat(times.values().stream().mapToDouble(Double::doubleValue).sum()).isGreaterThan(0.0);
    }

    /** tck-junit.xml against the Ant-style JUnit XML schema CI systems read (src/test/resources/junit-xml). */
    static void assertValidJUnitXml(Path xml) throws Exception {
        var factory = javax.xml.validation.SchemaFactory.newInstance(javax.xml.XMLConstants.W3C_XML_SCHEMA_NS_URI);
        var schema = factory.newSchema(TckRunTest.class.getResource("/junit-xml/ant-junit.xsd"));
        schema.newValidator().validate(new javax.xml.transform.stream.StreamSource(xml.toFile()));
    }

    private static Map<String, Double> junitTimes(Path xml) throws Exception {
        var document = javax.xml.parsers.DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(xml.toFile());
        var cases = document.getElementsByTagName("testcase");
        Map<String, Double> times = new java.util.TreeMap<>();
        for (int i = 0; i < cases.getLength(); i++) {
            var testcase = (org.w3c.dom.Element) cases.item(i);
            times.put(testcase.getAttribute("name").split(" ", 2)[0], Double.parseDouble(testcase.getAttribute("time")));
        }
        return times;
    }

    @Test
    void aRunThatJudgesNoScenarioFails() {
        TckReport report = run("reference", "@id:XX-0000", null, false);
        assertThat(report.scenarios()).isEmpty();
        assertThat(report.passed()).isFalse();
        assertThat(report.summaryLine()).startsWith("TCK FAILED: 0 pass").endsWith("(no scenario ran)");
    }

    @Test
    void anEngineThatDeclaresNothingIsUnsupportedEverywhereNotFailed() {
        TckReport report = run("test-nothing-declared", THREE, null, false);
        assertThat(outcomes(report)).containsOnly(Map.entry("MR-0001", Outcome.UNSUPPORTED),
                Map.entry("MR-0002", Outcome.UNSUPPORTED), Map.entry("MR-0003", Outcome.UNSUPPORTED));
        assertThat(report.scenarios().get(0).message()).isEqualTo("engine does not declare capability manifest.read");
        assertThat(report.passed()).isTrue();
    }

    @Test
    void anOpenScenarioIsUnsupportedWhenItsCapabilityIsNotDeclared() {
        TckReport report = run("test-nothing-declared", "@open", null, false);
        assertThat(report.scenarios()).isNotEmpty()
                .allSatisfy(s -> assertThat(s.outcome()).isEqualTo(Outcome.UNSUPPORTED));
    }

    @Test
    void mutantsAreCaughtByTheScenariosOfTheRuleTheyBreak() {
        TckReport unknownCoverage = run("mutant-unknown-coverage", "@id:MR-0010 or @id:MR-0001", null, false);
        assertThat(outcomes(unknownCoverage)).containsEntry("MR-0010", Outcome.FAIL).containsEntry("MR-0001", Outcome.PASS);
        assertThat(unknownCoverage.scenarios()).filteredOn(s -> s.id().equals("MR-0010")).singleElement()
                .satisfies(s -> assertThat(s.message()).contains("coverage of id_idx is unknown"));

        TckReport acceptsAnything = run("mutant-accepts-anything", "@id:MR-0050 or @id:MR-0051", null, false);
        assertThat(acceptsAnything.scenarios()).filteredOn(s -> s.id().startsWith("MR-0050"))
                .allSatisfy(s -> assertThat(s.outcome()).isEqualTo(Outcome.FAIL));
        assertThat(acceptsAnything.scenarios()).filteredOn(s -> s.id().startsWith("MR-0051"))
                .allSatisfy(s -> assertThat(s.outcome()).isEqualTo(Outcome.ADVISORY_FAIL));
        assertThat(acceptsAnything.passed()).isFalse();
    }

    @Test
    void tableMutantsAreCaughtByTheLifecycleScenarios() {
        // Deleting an index whose rows were all rewritten: the footgun's fix is an aim of the design (decision 0060),
        // so IL-0015 catches it at should, and IV-0003 too; IL-0010, judged by its answers, passes (a dropped index
        // answers nothing wrong), and so does IL-0011 (no merge-insert).
        TckReport drops = run("mutant-drops-uncovered-index", "@id:IL-0010 or @id:IL-0015 or @id:IV-0003 or @id:IL-0011",
                null, false);
        assertThat(outcomes(drops)).containsEntry("IL-0015", Outcome.ADVISORY_FAIL)
                .containsEntry("IV-0003", Outcome.ADVISORY_FAIL).containsEntry("IL-0010", Outcome.PASS)
                .containsEntry("IL-0011", Outcome.PASS);
        assertThat(drops.scenarios()).filteredOn(s -> s.id().equals("IL-0015")).singleElement()
                .satisfies(s -> assertThat(s.message()).contains("the manifest has no index id_idx"));

        // Keeping coverage of a rewritten column: the stale index answers for changed rows (IL-0011).
        TckReport stale = run("mutant-keeps-stale-coverage", "@id:IL-0011 or @id:IL-0010", null, false);
        assertThat(outcomes(stale)).containsEntry("IL-0011", Outcome.FAIL).containsEntry("IL-0010", Outcome.PASS);

        // Reading past an unknown reader flag: a should, so ADVISORY_FAIL (IM-0001, IM-0036); the run still passes.
        TckReport flags = run("mutant-ignores-reader-flags", "@id:IM-0001 or @id:IM-0036 or @id:IM-0010", null, false);
        assertThat(outcomes(flags)).containsEntry("IM-0001", Outcome.ADVISORY_FAIL)
                .containsEntry("IM-0036", Outcome.ADVISORY_FAIL).containsEntry("IM-0010", Outcome.PASS);
        assertThat(flags.passed()).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"crash", "hang", "garbage"})
    void aMisbehavingEngineGivesErrorForThatScenarioAndTheRunGoesOn(String mode) {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String engine = "cmd:'" + java + "' -cp '" + System.getProperty("java.class.path") + "' "
                + MisbehavingEngineMain.class.getName() + " " + mode + " 2";
        TckReport report = run(engine, THREE, null, false);
        assertThat(outcomes(report)).containsEntry("MR-0001", Outcome.PASS).containsEntry("MR-0002", Outcome.ERROR)
                .containsEntry("MR-0003", Outcome.PASS);
        assertThat(report.passed()).isFalse();
        assertThat(report.summaryLine()).startsWith("TCK FAILED: 2 pass").endsWith("1 error");
    }

    @Test
    void knownFailuresTurnFailuresIntoExpectedOnesAndPassesIntoUnexpectedOnes() throws Exception {
        Path known = reports.resolve("known.yaml");
        Files.writeString(known, """
                - id: MR-0010
                  reason: the engine does not keep empty bitmaps apart from unknown coverage
                  issue: https://example.org/issues/1
                - id: MR-0001
                  reason: listed by mistake
                - id: MR-9999
                  reason: a scenario that no longer exists
                """);
        TckReport report = run("mutant-unknown-coverage", "@id:MR-0010 or @id:MR-0001", known, false);
        assertThat(outcomes(report)).containsEntry("MR-0010", Outcome.EXPECTED_FAIL)
                .containsEntry("MR-0001", Outcome.UNEXPECTED_PASS);
        assertThat(report.staleKnownFailures()).containsExactly("MR-9999");
        assertThat(report.passed()).isFalse();

        run("mutant-unknown-coverage", "@id:MR-0010 or @id:MR-0001", known, true);
        assertThat(Files.readString(known)).contains("MR-0010").doesNotContain("MR-0001").doesNotContain("MR-9999");
        TckReport again = run("mutant-unknown-coverage", "@id:MR-0010 or @id:MR-0001", known, false);
        assertThat(again.passed()).isTrue();
    }

    @Test
    void aMessagePrefixThatNoLongerMatchesKeepsTheFailure() throws Exception {
        Path known = reports.resolve("known.yaml");
        Files.writeString(known, "- id: MR-0010\n  reason: known\n  message_prefix: something else\n");
        TckReport report = run("mutant-unknown-coverage", "@id:MR-0010", known, false);
        assertThat(outcomes(report)).containsEntry("MR-0010", Outcome.FAIL);
        assertThat(report.scenarios().get(0).message()).startsWith("fails differently than its known-failure entry says");
    }

    @Test
    void aKnownFailuresFileWithoutReasonsIsRejected() throws Exception {
        Path known = reports.resolve("known.yaml");
        Files.writeString(known, "- id: MR-0010\n");
        assertThatThrownBy(() -> KnownFailures.load(known)).isInstanceOf(KnownFailures.Invalid.class)
                .hasMessageContaining("reason");
    }

    /** The JUnit XML a CI gate reads says, testcase by testcase, what tck-report.json says. */
    @Test
    void theJUnitXmlMatchesTheReportOutcomeForOutcome() throws Exception {
        Path known = reports.resolve("known.yaml");
        Files.writeString(known, """
                - id: MR-0050#1
                  reason: accepts a bad file on purpose
                - id: MR-0001
                  reason: listed by mistake
                """);
        String javaBin = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String crashing = "cmd:'" + javaBin + "' -cp '" + System.getProperty("java.class.path") + "' "
                + MisbehavingEngineMain.class.getName() + " crash 2";
        java.util.Set<Outcome> seen = java.util.EnumSet.noneOf(Outcome.class);
        record Case(String engine, String tags, Path known) { }
        for (Case c : java.util.List.of(
                new Case("mutant-accepts-anything", "@id:MR-0050 or @id:MR-0051 or @id:MR-0001 or @id:MR-0002", known),
                new Case("reference", "@id:AE-0033 or @id:MR-0001", null),
                new Case(crashing, THREE, null),
                new Case("test-nothing-declared", THREE, null))) {
            TckReport report = run(c.engine(), c.tags(), c.known(), false);
            Map<String, String> fromReport = new java.util.TreeMap<>();
            report.scenarios().forEach(s -> fromReport.put(s.id(), s.outcome().name()));
            report.scenarios().forEach(s -> seen.add(s.outcome()));
            Map<String, String> fromXml = new java.util.TreeMap<>();
            var document = javax.xml.parsers.DocumentBuilderFactory.newInstance().newDocumentBuilder()
                    .parse(reports.resolve("tck-junit.xml").toFile());
            var cases = document.getElementsByTagName("testcase");
            for (int i = 0; i < cases.getLength(); i++) {
                var testcase = (org.w3c.dom.Element) cases.item(i);
                String id = testcase.getAttribute("name").split(" ", 2)[0];
                StringBuilder out = new StringBuilder();
                var outputs = testcase.getElementsByTagName("system-out");
                for (int o = 0; o < outputs.getLength(); o++) {
                    out.append(outputs.item(o).getTextContent());
                }
                var published = java.util.regex.Pattern.compile("- outcome: (\\w+)").matcher(out);
                String outcome = published.find() ? published.group(1) : "?";
                String gate = testcase.getElementsByTagName("failure").getLength() > 0 ? "failure"
                        : testcase.getElementsByTagName("error").getLength() > 0 ? "error"
                        : testcase.getElementsByTagName("skipped").getLength() > 0 ? "skipped" : "passed";
                String expectedGate = switch (Outcome.valueOf(outcome.equals("?") ? "ERROR" : outcome)) {
                    case FAIL, UNEXPECTED_PASS -> "failure";
                    case ERROR -> "error";
                    case UNSUPPORTED, OPEN -> "skipped";
                    default -> "passed";
                };
                if (id.equals("known-failure")) {
                    assertThat(gate).as("a stale entry fails").isEqualTo("failure");
                    continue;
                }
                assertThat(gate).as(id + " " + outcome).isEqualTo(expectedGate);
                fromXml.put(id, outcome);
            }
            // a stale known-failure entry is a failing testcase of its own; the rest are the report's scenarios
            fromXml.keySet().removeIf(id -> id.equals("known-failure"));
            assertThat(fromXml).as(c.engine()).isEqualTo(fromReport);
            assertValidJUnitXml(reports.resolve("tck-junit.xml"));
        }
        assertThat(seen).containsExactlyInAnyOrder(Outcome.values());
    }

    @Test
    void aBareOutlineIdStandsForAllItsRowsAndAnEntryThatMatchesNothingIsStale() throws Exception {
        Path known = reports.resolve("known.yaml");
        Files.writeString(known, """
                - id: MR-0050
                  reason: accepts every bad file
                - id: MR-0050#99
                  reason: a row the outline does not have
                - id: MR-9999
                  reason: a scenario that does not exist
                """);
        TckReport report = run("mutant-accepts-anything", "@id:MR-0050", known, false);
        assertThat(report.scenarios()).hasSizeGreaterThan(1)
                .allSatisfy(s -> assertThat(s.outcome()).as(s.id()).isEqualTo(Outcome.EXPECTED_FAIL));
        assertThat(report.staleKnownFailures()).containsExactly("MR-0050#99", "MR-9999");

        run("mutant-accepts-anything", "@id:MR-0050", known, true);
        assertThat(Files.readString(known)).contains("id: MR-0050\n").doesNotContain("MR-0050#99").doesNotContain("MR-9999");
    }

    @Test
    void updateKnownFailuresWritesABareIdForAWhollyFailingOutlineWithAMessagePrefix() throws Exception {
        Path known = reports.resolve("fresh.yaml");
        run("mutant-accepts-anything", "@id:MR-0050 or @id:MR-0010", known, true);
        String written = Files.readString(known);
        // every row of MR-0050 fails: one bare id, not one entry per row; texts as literal block scalars
        assertThat(written).contains("- id: MR-0050\n  reason: |-\n    added by --update-known-failures, explain why: ")
                .doesNotContain("MR-0050#").contains("  message_prefix: |-\n    ");
        var entries = KnownFailures.load(known).entries();
        assertThat(entries).extracting(KnownFailures.Entry::id).contains("MR-0050");
        KnownFailures.Entry outline = entries.stream().filter(e -> e.id().equals("MR-0050")).findFirst().orElseThrow();
        assertThat(outline.messagePrefix()).isNotBlank();
        // the list it wrote holds: the same run now passes, every failure expected, none stale
        TckReport again = run("mutant-accepts-anything", "@id:MR-0050 or @id:MR-0010", known, false);
        assertThat(again.passed()).as(again.summaryLine()).isTrue();
    }

    @Test
    void theHtmlReportShowsEachFailureWithItsRuleAndStatementAndTheCountsAsTheReportHasThem() throws Exception {
        TckReport report = run("mutant-accepts-anything", "@id:MR-0050#17 or @id:MR-0001", null, false);
        String html = Files.readString(reports.resolve(HtmlReport.FILE));
        var rules = ScenarioRules.bundled().of("MR-0050#17");
        assertThat(rules).isNotEmpty();
        assertThat(html).contains(HtmlReport.esc(rules.get(0).id())).contains(HtmlReport.esc(rules.get(0).statement()))
                .contains("href=\"spec/" + HtmlReport.esc(rules.get(0).spec()) + "\"");
        assertThat(reports.resolve("spec").resolve(rules.get(0).document())).exists();
        for (Outcome outcome : Outcome.values()) {
            assertThat(html).contains("data-tck-outcome=\"" + outcome + "\" data-tck-count=\""
                    + report.counts(null).get(outcome) + "\"");
        }
        assertThat(html.length()).isLessThan(100_000);
    }

    @Test
    void theConsoleIsQuietAndPrintsEveryFailureWithItsRuleInputAndMessage() {
        StringWriter out = new StringWriter();
        TckRun.run(new TckRun.Options("mutant-accepts-anything", "@id:MR-0050 or @id:MR-0001", null, reports, false, false,
                new Engines.Timeouts(Duration.ofSeconds(60), Duration.ofSeconds(3)), Path.of(".")), new PrintWriter(out));
        String console = out.toString();
        assertThat(console).doesNotContain("PASS            MR-0001"); // quiet: no line per passing scenario
        assertThat(console).contains("what failed (").contains("FAIL MR-0050#17")
                .containsPattern("rule +[A-Z0-9]+-R\\d{3} \\(must")
                .containsPattern("input +features/manifest-reading/MR04-refusing-bad-manifests.feature:\\d+, Examples row 17: \\|")
                .contains("got ");
        // no cap: every failing row is printed
        long failing = console.lines().filter(l -> l.startsWith("FAIL MR-0050#")).count();
        assertThat(failing).isGreaterThan(50 / 4);
        assertThat(console.strip()).endsWith(console.strip().lines().reduce((a, b) -> b).orElseThrow());
        assertThat(console.strip().lines().reduce((a, b) -> b).orElseThrow()).startsWith("TCK FAILED: ");
    }

    @Test
    void updateKnownFailuresStartsAFileThatDoesNotExistYet() throws Exception {
        Path known = reports.resolve("new-known.yaml");
        assertThatThrownBy(() -> run("mutant-unknown-coverage", "@id:MR-0010", known, false))
                .isInstanceOf(KnownFailures.Invalid.class).hasMessageContaining("no such file");
        run("mutant-unknown-coverage", "@id:MR-0010", known, true);
        assertThat(Files.readString(known)).contains("id: MR-0010");
        assertThat(run("mutant-unknown-coverage", "@id:MR-0010", known, false).passed()).isTrue();
    }

    @Test
    void aYamlErrorInKnownFailuresNamesLineAndColumn() throws Exception {
        Path known = reports.resolve("known.yaml");
        Files.writeString(known, "- id: MR-0010\n  reason: [unclosed\n");
        assertThatThrownBy(() -> KnownFailures.load(known)).isInstanceOf(KnownFailures.Invalid.class)
                .hasMessageMatching(".*known\\.yaml:\\d+:\\d+: not valid YAML.*");
        Files.writeString(known, "- id: MR-0010\n  reason: fine\n- id: MR-0011\n");
        assertThatThrownBy(() -> KnownFailures.load(known)).isInstanceOf(KnownFailures.Invalid.class)
                .hasMessageContaining("known.yaml:3:").hasMessageContaining("reason");
    }

    @ParameterizedTest
    @ValueSource(strings = {"@id:AE-0001 and", "\\", "id:AE-0001", "(@id:AE-0001"})
    void aMalformedTagExpressionIsRefusedBeforeAnythingRuns(String tags) {
        assertThatThrownBy(() -> run("reference", tags, null, false)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("--tags");
    }

    @Test
    void aTagExpressionMayNameOneOutlineRow() {
        TckReport report = run("reference", "@id:AE-0041#3", null, false);
        assertThat(report.scenarios()).extracting(ScenarioResult::id).containsExactly("AE-0041#3");
        TckReport two = run("reference", "@id:AE-0041#2 or @id:MR-0001", null, false);
        assertThat(two.scenarios()).extracting(ScenarioResult::id).containsExactly("AE-0041#2", "MR-0001");
    }
}
