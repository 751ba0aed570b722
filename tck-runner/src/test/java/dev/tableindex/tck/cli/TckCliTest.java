package dev.tableindex.tck.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tableindex.tck.golden.GoldenFiles;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class TckCliTest {
    private static final Path GOLDEN = GoldenFiles.locate().root();
    private static final Path BTREE = GOLDEN.resolve("lance-manifests/lance-7.0.0/btree");

    private record Run(int exitCode, String out, String err) {
    }

    private static Run tck(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = TckCli.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
        return new Run(code, out.toString(), err.toString());
    }

    private static JsonNode expectedView(Path goldenCase, int version) throws Exception {
        return new ObjectMapper().readTree(goldenCase.resolve("expected.json").toFile())
                .path("versions").path(Integer.toString(version));
    }

    @Test
    void versionPrintsTheKitVersionCommitAndSuiteDigest() {
        Run run = tck("--version");
        assertThat(run.exitCode()).isZero();
        assertThat(run.out()).startsWith("tck " + dev.tableindex.tck.run.BuildInfo.kitVersion())
                .containsPattern("commit \\S+").containsPattern("suite sha256 [0-9a-f]{64} \\(features [0-9a-f]{64}");
    }

    @Test
    void listPrintsRunsWithLevelCapabilitiesAndTitleAsTextOrJson() throws Exception {
        Run text = tck("list", "--tags", "@id:MR-0050");
        assertThat(text.exitCode()).isZero();
        assertThat(text.out().lines()).hasSizeGreaterThan(10).allMatch(l -> l.matches("MR-0050#\\d+ +must +manifest.read +A damaged manifest is refused"));
        JsonNode json = new ObjectMapper().readTree(tck("list", "--tags", "@id:AE-0033", "--json").out());
        assertThat(json.get(0).path("id").asText()).isEqualTo("AE-0033#1");
        assertThat(json.get(0).path("open").asBoolean()).isTrue();
        assertThat(json.get(0).path("requires").get(0).asText()).isEqualTo("any_element");
        Run none = tck("list", "--tags", "@id:XX-0000");
        assertThat(none.exitCode()).isEqualTo(TckCli.EXIT_FAILED_CHECKS);
        assertThat(tck("list", "--tags", "(").exitCode()).isEqualTo(TckCli.EXIT_BAD_INPUT);
    }

    @Test
    void aRunLogsTheProtocolAndRerunsWhatFailed(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String engine = "cmd:'" + java + "' --add-opens=java.base/java.nio=ALL-UNNAMED -cp '" + System.getProperty("java.class.path") + "' "
                + TckCli.class.getName() + " serve-engine reference";
        Path log = dir.resolve("protocol.log");
        Run run = tck("run", "--engine", engine, "--tags", "@id:MR-0001 or @id:KE-0004", "--report", dir.resolve("r").toString(),
                "--log-protocol", log.toString());
        assertThat(run.exitCode()).as(run.out() + run.err()).isZero();
        String lines = Files.readString(log);
        assertThat(lines).startsWith("< {").contains("# MR-0001 ").contains("# KE-0004 ").containsPattern("(?m)^> \\{.*\"id\"");
        // a report with failures: --rerun-failed runs exactly those again
        Run failing = tck("run", "--engine", "mutant-accepts-anything", "--tags", "@id:MR-0050#2 or @id:MR-0050#3 or @id:MR-0001",
                "--report", dir.resolve("f").toString());
        assertThat(failing.exitCode()).isEqualTo(TckCli.EXIT_FAILED_CHECKS);
        Run rerun = tck("run", "--engine", "mutant-accepts-anything", "--rerun-failed",
                dir.resolve("f/tck-report.json").toString(), "--report", dir.resolve("g").toString());
        JsonNode again = new ObjectMapper().readTree(dir.resolve("g/tck-report.json").toFile());
        assertThat(again.path("scenarios")).extracting(n -> n.path("id").asText()).containsExactly("MR-0050#2", "MR-0050#3");
        assertThat(rerun.exitCode()).isEqualTo(TckCli.EXIT_FAILED_CHECKS);
        Run nothing = tck("run", "--rerun-failed", dir.resolve("r/tck-report.json").toString(), "--report", dir.resolve("h").toString());
        assertThat(nothing.exitCode()).isEqualTo(TckCli.EXIT_BAD_INPUT);
        assertThat(nothing.err()).startsWith("error: ").contains("no scenario failed");
    }

    @Test
    void specAuthorsCommandsPrintMarkdownAndJson(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        Path table = dir.resolve("t.json");
        Files.writeString(table, """
                {"column": "detections",
                 "element": [{"name": "label", "type": "string"}, {"name": "confidence", "type": "float"}],
                 "rows": [[{"label": "car", "confidence": 0.95}], null]}
                """);
        Run md = tck("any-element", "--table", table.toString(), "--predicate", "label = 'car'", "--format", "markdown");
        assertThat(md.out()).contains("| row | list | any_element(list, 'label = ''car''') |")
                .contains("| 0 | `[{\"label\":\"car\",\"confidence\":0.95}]` | TRUE |").contains("| 1 | `null` | NULL |");
        JsonNode json = new ObjectMapper().readTree(tck("any-element", "--table", table.toString(), "--predicate",
                "label = 'car'", "--format", "json").out());
        assertThat(json.get(1).path("value").asText()).isEqualTo("NULL");
        Run build = tck("list-index", "build", "--table", table.toString(), "--keys", "label", "--format", "markdown");
        assertThat(build.out()).contains("page_data:").contains("| values | _rowaddr |").contains("page_lookup:");
        Run manifest = tck("manifest", BTREE.toString(), "--format", "markdown");
        assertThat(manifest.exitCode()).isZero();
        assertThat(manifest.out()).contains("| field | value |").contains("| version |").contains("fragments:");
    }

    @Test
    void everySubcommandIsListedUnderItsOwnCommandName() {
        for (var entry : TckCli.SUBCOMMANDS.entrySet()) {
            Class<?> command = TckCli.commandClass(entry.getValue());
            assertThat(command.getAnnotation(picocli.CommandLine.Command.class).name()).isEqualTo(entry.getKey());
        }
        assertThat(TckCli.SUBCOMMANDS).hasSize(16);
    }

    @Test
    void everySubcommandAnswersHelpWithWholeSentences() {
        for (var entry : TckCli.SUBCOMMANDS.entrySet()) {
            Run help = tck(entry.getKey(), "--help");
            assertThat(help.exitCode()).as(entry.getKey()).isZero();
            String first = help.out().lines().filter(l -> !l.startsWith("Usage:") && !l.isBlank() && !l.startsWith(" "))
                    .findFirst().orElse("");
            assertThat(first).as(entry.getKey() + " summary").matches("[A-Z].*");
        }
    }

    @Test
    void printsTheLatestVersionOfADatasetFolder() throws Exception {
        Run run = tck("manifest", BTREE.toString());
        assertThat(run.exitCode()).isZero();
        assertThat(run.err()).isEmpty();
        assertThat(new ObjectMapper().readTree(run.out()).toString()).isEqualTo(expectedView(BTREE, 2).toString());
    }

    @Test
    void printsAChosenVersion() throws Exception {
        Run run = tck("manifest", BTREE.toString(), "--version", "1");
        assertThat(run.exitCode()).isZero();
        JsonNode view = new ObjectMapper().readTree(run.out());
        assertThat(view.path("version").asLong()).isEqualTo(1);
        assertThat(view.path("indices")).isEmpty();
    }

    @Test
    void printsAManifestFile() throws Exception {
        Run run = tck("manifest", BTREE.resolve("_versions/18446744073709551613.manifest").toString());
        assertThat(run.exitCode()).isZero();
        assertThat(new ObjectMapper().readTree(run.out()).path("version").asLong()).isEqualTo(2);
    }

    @Test
    void aBadFileExitsWith2AndOneErrorLine() {
        Path bad = GOLDEN.resolve("invalid-manifests/wrong-magic.manifest");
        Run run = tck("manifest", bad.toString());
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.out()).isEmpty();
        assertThat(run.err()).isEqualTo("error: " + bad + ": magic is 4c414e58, expected 4c414e43 (\"LANC\") at offset 679"
                + System.lineSeparator());
    }

    @Test
    void aMissingVersionExitsWith2() {
        Run run = tck("manifest", BTREE.toString(), "--version", "9");
        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).startsWith("error: ").contains("no manifest for version 9");
    }

    @Test
    void aMissingPathOrBadArgumentExitsWith2() {
        assertThat(tck("manifest", "/no/such/path").exitCode()).isEqualTo(2);
        assertThat(tck("manifest", BTREE.toString(), "--version", "x").exitCode()).isEqualTo(2);
        assertThat(tck("nonsense").exitCode()).isEqualTo(2);
    }

    @Test
    void goldenPassesOnTheCommittedGoldenFilesAndSaysSo() {
        Run run = tck("golden", "--golden-dir", GOLDEN.toString());
        assertThat(run.out()).containsPattern("(?m)^\\d+ passed, 0 failed$");
        assertThat(run.exitCode()).isZero();
    }

    @Test
    void goldenFailsWhenAnExpectedErrorIsWrong(@org.junit.jupiter.api.io.TempDir Path copy) throws Exception {
        Path invalid = Files.createDirectories(copy.resolve("invalid-manifests"));
        Files.write(invalid.resolve("x.manifest"), "not a manifest at all".getBytes());
        Files.writeString(invalid.resolve("expected-errors.json"), "{\"files\": {\"x.manifest\": {\"base\": null,"
                + " \"mutation\": {\"op\": \"text\", \"text\": \"not a manifest at all\"},"
                + " \"problem\": \"TRUNCATED\", \"offset\": 0, \"field\": null}}}");
        Run run = tck("golden", "--golden-dir", copy.toString());
        assertThat(run.exitCode()).isEqualTo(TckCli.EXIT_FAILED_CHECKS);
        assertThat(run.out()).contains("FAIL x.manifest").contains("expected TRUNCATED at offset 0, got BAD_MAGIC")
                .contains("0 passed, 1 failed");
    }

    @Test
    void compareListsChangedOutcomesAndFailsOnNewFailures(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        var pass = dev.tableindex.tck.run.Outcome.PASS;
        Path before = report(dir, "old.json", "MR-0001", pass, "", "MR-0002", dev.tableindex.tck.run.Outcome.FAIL, "x",
                "MR-0003", pass, "");
        Path after = report(dir, "new.json", "MR-0001", dev.tableindex.tck.run.Outcome.ERROR, "x", "MR-0002", pass, "",
                "MR-0003", pass, "");
        Run run = tck("compare", before.toString(), after.toString());
        assertThat(run.exitCode()).isEqualTo(TckCli.EXIT_FAILED_CHECKS);
        assertThat(run.out()).contains("NEW FAILURE MR-0001      PASS -> ERROR").contains("MR-0002      FAIL -> PASS")
                .doesNotContain("MR-0003").contains("2 changed, 1 new failures");

        Run same = tck("compare", "--fail-on-change", before.toString(), before.toString());
        assertThat(same.exitCode()).isZero();
        assertThat(same.out()).contains("0 changed, 0 new failures");
        assertThat(tck("compare", "--fail-on-change", after.toString(), before.toString()).exitCode())
                .isEqualTo(TckCli.EXIT_FAILED_CHECKS);
    }

    @Test
    void encodeKeyPrintsTheSpecExampleAndDecodeKeyReadsItBack() {
        Run encoded = tck("encode-key", "--type", "string", "--type", "float", "--", "car", "0.5");
        assertThat(encoded.out().strip()).isEqualTo("02 63 61 72 00 00 00 00 00 03 01 BF 00 00 00");
        Run decoded = tck("decode-key", "--type", "string", "--type", "float", "02 63 61 72 00 00 00 00 00 03 01 BF 00 00 00");
        assertThat(decoded.out().strip()).isEqualTo("[\"car\",0.5]");
        assertThat(tck("encode-key", "--type", "float", "--type", "double", "--", "-0.0", "bits:0x7FF0000000000001").out().strip())
                .isEqualTo("01 7F FF FF FF 01 FF F0 00 00 00 00 00 01");
    }

    @Test
    void badKeyInputExitsWith2AndSaysWhatIsAccepted() {
        Run tooBig = tck("encode-key", "--type", "uint8", "--", "300");
        assertThat(tooBig.exitCode()).isEqualTo(2);
        assertThat(tooBig.err()).contains("an integer in [0, 255]");
        Run unknown = tck("encode-key", "--type", "varchar", "--", "x");
        assertThat(unknown.exitCode()).isEqualTo(2);
        assertThat(unknown.err()).contains("unknown key type 'varchar'").contains("large_binary");
        Run malformed = tck("decode-key", "--type", "string", "02 63 61 72 00 00 00 00 00 09");
        assertThat(malformed.exitCode()).isEqualTo(2);
        assertThat(malformed.err()).contains("block terminator 09").contains("at offset 9");
    }

    @Test
    void batchModeEncodesEveryGoldenVectorAndEchoesCommentsAndErrors(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        com.fasterxml.jackson.databind.JsonNode vectors = dev.tableindex.model.key.KeyNotation.readTree(
                Files.readString(GOLDEN.resolve("key-encoding/vectors.json"))).path("vectors");
        StringBuilder input = new StringBuilder("# golden vectors\n\n");
        StringBuilder expected = new StringBuilder("# golden vectors\n\n");
        for (com.fasterxml.jackson.databind.JsonNode vector : vectors) {
            java.util.List<String> types = new java.util.ArrayList<>();
            vector.path("types").forEach(t -> types.add(t.asText()));
            String line = String.join(",", types) + '\t' + vector.path("values");
            input.append(line).append('\n');
            expected.append(line).append('\t').append(vector.path("hex").asText()).append('\n');
        }
        input.append("int32\t[\"x\"]\n");
        Path batch = dir.resolve("batch.tsv");
        Files.writeString(batch, input);
        Run run = tck("encode-key", "--batch", batch.toString());
        String[] lines = run.out().split("\\R", -1);
        assertThat(String.join("\n", java.util.Arrays.copyOf(lines, vectors.size() + 2)) + "\n").isEqualTo(expected.toString());
        assertThat(lines[vectors.size() + 2]).startsWith("int32\t[\"x\"]\tERROR: \"x\" does not fit key type int32");
        assertThat(run.exitCode()).isEqualTo(TckCli.EXIT_FAILED_CHECKS);
    }

    @Test
    void explainCutsEachKeyIntoMarkerBlocksAndTheByteThatEndsThem() {
        // the spec's example: ("car", 0.5) as (string, float)
        Run run = tck("encode-key", "--explain", "--type", "string", "--type", "float", "--", "car", "0.5");
        assertThat(run.exitCode()).isZero();
        assertThat(run.out()).contains("key 1 (string) car: 02 63 61 72 00 00 00 00 00 03")
                .contains("@0    02 ").contains("marker 02: not empty")
                .contains("@1    63 61 72 00 00 00 00 00").contains("mini block 1 (8 bytes)")
                .contains("@9    03 ").contains("03: the last block holds 3 value bytes")
                .contains("key 2 (float) 0.5: 01 BF 00 00 00").contains("@10   01 ").contains("marker 01: valid")
                .contains("@11   BF 00 00 00").contains("tuple: 02 63 61 72 00 00 00 00 00 03 01 BF 00 00 00");
    }

    @Test
    void anyElementPrintsOneTruthValuePerRow(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        Path table = dir.resolve("t.json");
        Files.writeString(table, """
                {"column": "detections",
                 "element": [{"name": "label", "type": "string"}, {"name": "confidence", "type": "float"}],
                 "rows": [[{"label": "car", "confidence": 0.95}, {"label": "person", "confidence": 0.30}],
                          null, [], [null, {"label": "car", "confidence": null}]]}
                """);
        Run run = tck("any-element", "--table", table.toString(), "--predicate", "label = 'car' AND confidence > 0.5");
        assertThat(run.out()).isEqualTo("0\tTRUE\n1\tNULL\n2\tFALSE\n3\tNULL\n".replace("\n", System.lineSeparator()));
        Run not = tck("any-element", "--table", table.toString(), "--predicate", "label = 'car' AND confidence > 0.5", "--not");
        assertThat(not.out()).startsWith("0\tFALSE").contains("2\tTRUE");
        Run bad = tck("any-element", "--table", table.toString(), "--predicate", "size > 1");
        assertThat(bad.exitCode()).isEqualTo(2);
        assertThat(bad.err()).contains("unknown field 'size'").contains("at column 1");
    }

    @Test
    void listIndexBuildPrintsPageDataThenPageLookupAndQueryPrintsThePlanAndBothAnswers(@org.junit.jupiter.api.io.TempDir Path dir)
            throws Exception {
        Path table = dir.resolve("t.json");
        Files.writeString(table, """
                {"element": [{"name": "label", "type": "string", "id": 4}, {"name": "confidence", "type": "float", "id": 5}],
                 "fragments": [{"id": 0, "rows": [[{"label": "car", "confidence": 0.95}], null, []]},
                               {"id": 1, "rows": [[{"label": "car", "confidence": 0.7}]], "deleted": [0]}]}
                """);
        Run build = tck("list-index", "build", "--table", table.toString(), "--keys", "label,confidence", "--page-size", "1");
        assertThat(build.out().split("\\R")).containsExactly(
                "null\t1",
                "02 63 61 72 00 00 00 00 00 03 01 BF 73 33 33\t0",
                "--",
                "null\tnull\t1\t0",
                "02 63 61 72 00 00 00 00 00 03 01 BF 73 33 33\t02 63 61 72 00 00 00 00 00 03 01 BF 73 33 33\t0\t1");
        Run query = tck("list-index", "query", "--table", table.toString(), "--keys", "label,confidence",
                "--predicate", "label = 'car'", "--covered", "0");
        var json = new ObjectMapper().readTree(query.out());
        assertThat(json.path("mode").asText()).isEqualTo("EXACT");
        assertThat(json.path("ranges").get(0).path("lower").asText()).isEqualTo("02 63 61 72 00 00 00 00 00 03");
        assertThat(json.path("ranges").get(0).path("upper").asText()).isEqualTo("02 63 61 72 00 00 00 00 00 04");
        assertThat(json.path("rows").toString()).isEqualTo("[0]");
        assertThat(json.path("scan_rows").toString()).isEqualTo("[0]");
        Run bad = tck("list-index", "query", "--table", table.toString(), "--keys", "size", "--predicate", "label = 'car'");
        assertThat(bad.exitCode()).isEqualTo(2);
        assertThat(bad.err()).contains("no element field named 'size'");
    }

    @Test
    void listIndexQueryUnderNotShowsTheModeOfTheNotAnswerAndRefusesBadArguments(@org.junit.jupiter.api.io.TempDir Path dir)
            throws Exception {
        Path table = dir.resolve("t.json");
        Files.writeString(table, """
                {"element": [{"name": "label", "type": "string", "id": 4}, {"name": "confidence", "type": "float", "id": 5}],
                 "fragments": [{"id": 0, "rows": [[{"label": "car", "confidence": 0.95}], null, []]}]}
                """);
        String[] keys = {"list-index", "query", "--table", table.toString(), "--keys", "label,confidence"};
        // a NULL literal: the positive call is answered from the index, its NOT is not
        Run not = tck(concat(keys, "--predicate", "label IN ('car', NULL)", "--not"));
        assertThat(not.exitCode()).as(not.err()).isZero();
        assertThat(new ObjectMapper().readTree(not.out()).path("mode").asText()).isEqualTo("NOT_USED");
        Run positive = tck(concat(keys, "--predicate", "label IN ('car', NULL)"));
        assertThat(new ObjectMapper().readTree(positive.out()).path("mode").asText()).isNotEqualTo("NOT_USED");
        assertBadInput(tck(concat(keys, "--predicate", "label = 'car'", "--page-size", "0")));
        assertBadInput(tck(concat(keys, "--predicate", "label = 'car'", "--page-size", "-3")));
        assertBadInput(tck(concat(keys, "--predicate", "label = 'car'", "--covered", "7")));
        assertBadInput(tck(concat(keys, "--predicate", "label = 'car'", "--enumeration-limit", "-1")));
        assertBadInput(tck("run", "--request-timeout", "-1"));
        assertBadInput(tck("run", "--tags", "@id:AE-0001 and"));
        for (String bad : new String[] {"0", "65", "many"}) {
            Run run = tck("run", "--threads", bad);
            assertBadInput(run);
            assertThat(run.err()).contains("threads must be 'auto' or 1 to 64, got '" + bad + "'");
        }
    }

    @Test
    void severalThreadsAreRefusedForAnEngineInAnotherProcess(@org.junit.jupiter.api.io.TempDir Path dir) {
        Run run = tck("run", "--threads", "2", "--engine", "cmd:python3 no-engine-is-started.py", "--report",
                dir.resolve("r").toString());
        assertBadInput(run);
        assertThat(run.err()).contains("--threads 2 needs an engine in this JVM");
    }

    /**
     * Decision 0147: scenarios that run at the same time, sharing source tables and golden files, give each scenario
     * the outcome and message it has when they run one at a time. The Iceberg query scenarios share the most.
     */
    @Test
    void scenariosRunAtOnceGiveWhatTheyGiveOneAtATime(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        String tags = "@requires:iceberg_index.query or @requires:index.open_requests or @id:KE-0001 or @id:MR-0030";
        Run one = tck("run", "--threads", "1", "--tags", tags, "--report", dir.resolve("one").toString());
        Run four = tck("run", "--threads", "4", "--tags", tags, "--report", dir.resolve("four").toString());
        assertThat(one.exitCode()).as(one.out() + one.err()).isZero();
        assertThat(four.exitCode()).as(four.out() + four.err()).isZero();
        assertThat(one.out()).doesNotContain(" at a time");
        assertThat(four.out()).contains("scenarios, 4 at a time");
        assertThat(verdicts(dir.resolve("one"))).hasSizeGreaterThan(60);
        assertThat(verdicts(dir.resolve("four"))).isEqualTo(verdicts(dir.resolve("one")));
    }

    @Test
    void smokeChecksTheHandshakeAndOneRequestPerCapability() {
        Run run = tck("smoke", "--engine", "reference");
        assertThat(run.exitCode()).as(run.out() + run.err()).isZero();
        assertThat(run.out()).contains("handshake   ok").contains("key_encoding ok").contains("any_element ok")
                .contains("manifest.read ok").contains("SMOKE PASSED");
        for (String iceberg : java.util.List.of("iceberg_index.metadata", "iceberg_index.commit", "iceberg_index.create",
                "iceberg_index.build", "iceberg_index.query")) {
            assertThat(run.out()).containsPattern(java.util.regex.Pattern.quote(iceberg) + " +ok ");
        }
        Run broken = tck("smoke", "--engine", "cmd:echo not an engine", "--startup-timeout", "5");
        // not an engine at all: one error line and exit 2, as tck run says it (nothing was checked)
        assertThat(broken.exitCode()).isEqualTo(TckCli.EXIT_BAD_INPUT);
        assertThat(broken.err().lines().toList()).hasSize(1).first(org.assertj.core.api.InstanceOfAssertFactories.STRING)
                .startsWith("error: the engine could not be started: ");
        assertThat(broken.out()).doesNotContain("SMOKE PASSED");
    }

    private static String[] concat(String[] first, String... more) {
        String[] all = java.util.Arrays.copyOf(first, first.length + more.length);
        System.arraycopy(more, 0, all, first.length, more.length);
        return all;
    }

    private static Path report(Path folder, String name, Object... idOutcomeMessage) {
        java.util.List<dev.tableindex.tck.run.ScenarioResult> scenarios = new java.util.ArrayList<>();
        for (int i = 0; i < idOutcomeMessage.length; i += 3) {
            scenarios.add(new dev.tableindex.tck.run.ScenarioResult((String) idOutcomeMessage[i], "a scenario",
                    "classpath:features/x.feature", 1, "must", java.util.List.of("manifest.read"), java.util.List.of("x.md#y"),
                    (dev.tableindex.tck.run.Outcome) idOutcomeMessage[i + 1], (String) idOutcomeMessage[i + 2], null));
        }
        var report = new dev.tableindex.tck.run.TckReport(new dev.tableindex.tck.run.BuildInfo("v", "c", false, "s", "f", "g"),
                new dev.tableindex.tck.api.EngineInfo("e", "1", java.util.Set.of()), "e", java.time.Instant.EPOCH,
                java.time.Instant.EPOCH, null, null, scenarios, java.util.List.of(), false);
        Path file = folder.resolve(name);
        report.write(file);
        return file;
    }

    /** Each scenario's outcome and message in a report folder's JSON report, by id. */
    private static Map<String, String> verdicts(Path reportFolder) throws IOException {
        Map<String, String> byId = new TreeMap<>();
        new ObjectMapper().readTree(reportFolder.resolve("tck-report.json").toFile()).path("scenarios")
                .forEach(s -> byId.put(s.path("id").asText(), s.path("outcome").asText() + " " + s.path("message").asText()));
        return byId;
    }

    private static void assertBadInput(Run run) {
        assertThat(run.exitCode()).as(run.err()).isEqualTo(2);
        assertThat(run.err()).startsWith("error: ").doesNotContain("\tat ").doesNotContain("Exception");
        assertThat(run.err().strip().lines().count()).isEqualTo(1);
    }

    @Test
    void compareRefusesWhatIsNotAReportWithExit2(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        Path good = report(dir, "good.json", "MR-0001", dev.tableindex.tck.run.Outcome.PASS, "");
        Path empty = report(dir, "empty.json");
        Files.writeString(dir.resolve("garbage.json"), "{not json");
        Files.writeString(dir.resolve("list.json"), "[]");
        Files.writeString(dir.resolve("nothing.json"), "");
        for (String bad : new String[] {"missing.json", "garbage.json", "list.json", "nothing.json", "."}) {
            assertBadInput(tck("compare", good.toString(), dir.resolve(bad).toString()));
            assertBadInput(tck("compare", dir.resolve(bad).toString(), good.toString()));
        }
        assertBadInput(tck("compare", good.toString(), empty.toString()));
    }

    @Test
    void compareListsChangedOpenAnswersAndSortsIdsNaturally(@org.junit.jupiter.api.io.TempDir Path dir) {
        var pass = dev.tableindex.tck.run.Outcome.PASS;
        var fail = dev.tableindex.tck.run.Outcome.FAIL;
        var open = dev.tableindex.tck.run.Outcome.OPEN;
        Path old = report(dir, "old.json", "MR-0050#10", pass, "", "MR-0050#2", pass, "",
                "AE-0001", open, "open question; engine answer: as the scenario proposes");
        Path now = report(dir, "new.json", "MR-0050#10", fail, "x", "MR-0050#2", fail, "x",
                "AE-0001", open, "open question; engine answer: refused");
        Run run = tck("compare", old.toString(), now.toString());
        assertThat(run.exitCode()).isEqualTo(1);
        assertThat(run.out()).contains("AE-0001").contains("3 changed, 2 new failures");
        assertThat(run.out().indexOf("MR-0050#2 ")).isLessThan(run.out().indexOf("MR-0050#10"));
        Run same = tck("compare", "--fail-on-change", old.toString(), old.toString());
        assertThat(same.exitCode()).isZero();
    }

    @Test
    void compareListsChangedObservationsOfPassingScenariosWithoutFailing(@org.junit.jupiter.api.io.TempDir Path dir) {
        var pass = dev.tableindex.tck.run.Outcome.PASS;
        Path old = report(dir, "old.json", "LEI-0020", pass, "plan of any_element(label = 'car') as the kit's: EXACT",
                "LEI-0021", pass, "plan of any_element(x) as the kit's: EXACT");
        Path now = report(dir, "new.json", "LEI-0020", pass,
                "plan of any_element(label = 'car'): the engine's NOT_USED; the kit's EXACT (information, not scored)",
                "LEI-0021", pass, "plan of any_element(x) as the kit's: EXACT");
        Run run = tck("compare", old.toString(), now.toString());
        assertThat(run.exitCode()).isZero();
        assertThat(run.out()).contains("observed    LEI-0020").contains("the engine's NOT_USED").doesNotContain("LEI-0021")
                .contains("1 changed, 0 new failures");
        assertThat(tck("compare", "--fail-on-change", old.toString(), now.toString()).exitCode())
                .isEqualTo(TckCli.EXIT_FAILED_CHECKS);
    }

    @Test
    void conformancePageRefusesWhatIsNotAReport(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("garbage.json"), "\u0000garbage");
        Files.writeString(dir.resolve("list.json"), "[]");
        for (String bad : new String[] {"garbage.json", "list.json", "missing.json"}) {
            assertBadInput(tck("conformance-page", dir.resolve(bad).toString()));
        }
    }
}
