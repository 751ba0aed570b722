package dev.tableindex.tck.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tableindex.tck.golden.GoldenFiles;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Regression cases of issue 25 (bad input of any shape and size): each is one {@code error:} line naming the right
 * file, exit 2, and no exception internals.
 */
class BadInputCliTest {
    private static final Path CASE = GoldenFiles.locate().root().resolve("iceberg-index/snapshots/city-score-with-deletes");
    private static final List<String> INTERNALS = List.of("Exception", "jackson", "Jackson", "StreamRead", "`", "@38",
            "java.", "org.apache");

    private record Run(int exitCode, String out, String err) {
    }

    private static Run tck(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = TckCli.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
        return new Run(code, out.toString(), err.toString());
    }

    /** One {@code error:} line, exit 2, no internals; returns the line. */
    /** The case's table, created in {@code dir}, with its index built into {@code dir/index}: the index metadata file. */
    private static Path builtIndex(Path dir) {
        Path table = dir.resolve("table");
        assertThat(tck("iceberg-index", "create-table", CASE.resolve("table-script.json").toString(), table.toString())
                .exitCode()).isZero();
        Path metadata = dir.resolve("m.json");
        assertThat(tck("iceberg-index", "build", "--table", table.toString(), "--metadata",
                CASE.resolve("index.metadata.json").toString(), "--location", dir.resolve("index").toString(),
                "--out", metadata.toString()).exitCode()).isZero();
        return metadata;
    }

    private static String refused(Run run) {
        assertThat(run.exitCode()).as(run.err()).isEqualTo(TckCli.EXIT_BAD_INPUT);
        assertThat(run.err().lines().toList()).as(run.err()).hasSize(1);
        String line = run.err().strip();
        assertThat(line).startsWith("error: ");
        for (String internal : INTERNALS) {
            assertThat(line).as("no internals").doesNotContain(internal);
        }
        return line;
    }

    @Test
    void validateRefusesTextAfterTheValueAndAKeyGivenTwice(@TempDir Path dir) throws Exception {
        Path trailing = Files.writeString(dir.resolve("trailing.json"), "{\"format-version\": 1} x");
        assertThat(refused(tck("iceberg-index", "validate", trailing.toString())))
                .isEqualTo("error: " + trailing + ": $: not JSON: text after the value at line 1, column 23");
        Path twice = Files.writeString(dir.resolve("twice.json"), "{\"format-version\": 2, \"format-version\": 1}");
        assertThat(refused(tck("iceberg-index", "validate", twice.toString())))
                .isEqualTo("error: " + twice + ": $.format-version: the member appears twice (line 1, column 39)");
        Path deep = Files.writeString(dir.resolve("deep.json"), "[".repeat(100_000) + "]".repeat(100_000));
        assertThat(refused(tck("iceberg-index", "validate", deep.toString()))).contains("nested deeper than 256 levels");
        assertThat(refused(tck("iceberg-index", "validate", dir.resolve("absent.json").toString())))
                .isEqualTo("error: " + dir.resolve("absent.json") + ": cannot be read: no such file or folder");
    }

    @Test
    void createTableNamesTheFileAtFaultOnOneLine(@TempDir Path dir) throws Exception {
        Path script = CASE.resolve("table-script.json");
        Path table = dir.resolve("table");
        assertThat(tck("iceberg-index", "create-table", script.toString(), table.toString()).exitCode()).isZero();
        assertThat(refused(tck("iceberg-index", "create-table", script.toString(), table.toString())))
                .isEqualTo("error: " + table + ": a table already exists here");
        Path file = Files.writeString(dir.resolve("a-file"), "x");
        assertThat(refused(tck("iceberg-index", "create-table", script.toString(), file.resolve("t").toString())))
                .startsWith("error: " + file.resolve("t") + ": cannot make the table folder");
        Path nul = Files.write(dir.resolve("nul.json"), "x\0y".getBytes(StandardCharsets.UTF_8));
        assertThat(refused(tck("iceberg-index", "create-table", nul.toString(), dir.resolve("t2").toString())))
                .startsWith("error: " + nul + ": not JSON");
        Path twice = Files.writeString(dir.resolve("twice.json"), "{\"format\": 1, \"format\": 2}");
        assertThat(refused(tck("iceberg-index", "create-table", twice.toString(), dir.resolve("t3").toString())))
                .isEqualTo("error: " + twice + ": $.format: the member appears twice (line 1, column 23)");
        assertThat(refused(tck("iceberg-index", "create-table", dir.resolve("absent.json").toString(),
                dir.resolve("t4").toString()))).isEqualTo("error: " + dir.resolve("absent.json") + ": cannot be read: no such file or folder");
    }

    @Test
    void buildWithAnOutItCannotWriteLeavesNothingBehind(@TempDir Path dir) throws Exception {
        Path table = dir.resolve("table");
        assertThat(tck("iceberg-index", "create-table", CASE.resolve("table-script.json").toString(), table.toString())
                .exitCode()).isZero();
        Path index = dir.resolve("index");
        Path out = dir.resolve("no-such-folder/out.json");
        assertThat(refused(tck("iceberg-index", "build", "--table", table.toString(), "--metadata",
                CASE.resolve("index.metadata.json").toString(), "--location", index.toString(), "--out", out.toString())))
                .isEqualTo("error: " + out + ": cannot write the metadata file here (no such folder)");
        assertThat(index).doesNotExist();
    }

    @Test
    void aFileUriWithAHostIsRefusedNotFoldedIntoALocalPath(@TempDir Path dir) throws Exception {
        Path metadata = builtIndex(dir);
        String hosted = Files.readString(metadata).replace("file://" + dir, "file://somehost" + dir);
        Path elsewhere = Files.writeString(dir.resolve("elsewhere.json"), hosted);
        assertThat(refused(tck("iceberg-index", "check-data", elsewhere.toString()))).contains("names host 'somehost'");
    }

    @Test
    void aDamagedTrackingFileIsReportedInPlainWords(@TempDir Path dir) throws Exception {
        Path metadata = builtIndex(dir);
        try (Stream<Path> files = Files.list(dir.resolve("index/data"))) {
            Path tracking = files.filter(f -> f.toString().endsWith("-tracking.avro")).findFirst().orElseThrow();
            Files.writeString(tracking, "XXXX not avro");
        }
        Run check = tck("iceberg-index", "check-data", metadata.toString());
        assertThat(check.exitCode()).isEqualTo(TckCli.EXIT_FAILED_CHECKS);
        assertThat(check.out()).contains("cannot read the tracking file: not an Avro file").doesNotContain("Exception");
    }

    /**
     * Arrow cannot start in a JVM without {@code --add-opens=java.base/java.nio=ALL-UNNAMED} (the runnable jar's
     * manifest adds it; {@code java -cp} does not): it prints its own stack trace and fails. The kit asks first.
     */
    @Test
    void aJvmWithoutTheOpensArrowNeedsIsOneErrorLine(@TempDir Path dir) throws Exception {
        Path table = Files.writeString(dir.resolve("t.json"),
                "{\"element\": [{\"name\": \"label\", \"type\": \"string\"}], \"rows\": [[{\"label\": \"car\"}]]}");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process process = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"), TckCli.class.getName(),
                "list-index", "build", "--table", table.toString(), "--keys", "label").start();
        process.getOutputStream().close();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String err = new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor()).as(err).isEqualTo(TckCli.EXIT_BAD_INPUT);
        assertThat(out).isEmpty();
        assertThat(err.lines().toList()).as(err).hasSize(1);
        assertThat(err).startsWith("error: this JVM does not open java.base/java.nio to the kit")
                .contains("--add-opens=java.base/java.nio=ALL-UNNAMED");
    }

    @Test
    void anExhaustedHeapIsOneErrorLine(@TempDir Path dir) throws Exception {
        StringBuilder rows = new StringBuilder();
        for (int i = 0; i < 500_000; i++) {
            rows.append(i == 0 ? "" : ",").append("[{\"label\":\"car").append(i).append("\"},{\"label\":\"bus\"}]");
        }
        Path big = Files.writeString(dir.resolve("big.json"),
                "{\"element\":[{\"name\":\"label\",\"type\":\"string\"}],\"rows\":[" + rows + "]}");
        // about 17 MB: list-index query holds the index it builds over the million elements, about 4x the table
        ChildTck.Result run = ChildTck.run("32m", line -> false, "list-index", "query", "--table", big.toString(),
                "--keys", "label", "--predicate", "label = 'car'");
        String err = run.err();
        assertThat(run.exitCode()).as(err).isEqualTo(TckCli.EXIT_BAD_INPUT);
        assertThat(err.lines().toList()).as(err).hasSize(1);
        assertThat(err).startsWith("error: out of memory: the input needs more than this JVM's");
    }
}
