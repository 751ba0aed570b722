package dev.tableindex.tck.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tableindex.tck.golden.GoldenFiles;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** tck iceberg-index create-table, build and check-data, as docs/iceberg-index.md shows them. */
class IcebergIndexDataCliTest {
    private static final Path CASE = GoldenFiles.locate().root().resolve("iceberg-index/snapshots/city-score-with-deletes");

    private record Run(int exitCode, String out, String err) {
    }

    private static Run tck(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = TckCli.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
        return new Run(code, out.toString(), err.toString());
    }

    @Test
    void buildThenCheckDataIsValidAndADamagedRangeFileIsReported(@TempDir Path dir) throws Exception {
        Path table = dir.resolve("table");
        assertThat(tck("iceberg-index", "create-table", CASE.resolve("table-script.json").toString(), table.toString())
                .exitCode()).isZero();
        Path metadata = dir.resolve("index.metadata.json");
        Run build = tck("iceberg-index", "build", "--table", table.toString(), "--metadata",
                CASE.resolve("index.metadata.json").toString(), "--location", dir.resolve("index").toString(),
                "--rows-per-file", "2", "--out", metadata.toString());
        assertThat(build.exitCode()).as(build.err()).isZero();
        assertThat(build.out()).contains("2 rows, group_max_value ('a', 0.5)", "3 rows, group_max_value ('b', 1.0)",
                "1 rows, group_max_value ('c', null)");
        Run check = tck("iceberg-index", "check-data", metadata.toString(), "--table", table.toString());
        assertThat(check.exitCode()).as(check.out()).isZero();
        assertThat(check.out()).endsWith("index data of 1 snapshot(s) valid" + System.lineSeparator());

        Path first;
        Path last;
        try (Stream<Path> files = Files.list(dir.resolve("index/data"))) {
            var ranges = files.filter(p -> p.toString().endsWith(".parquet")).sorted().toList();
            first = ranges.get(0);
            last = ranges.get(ranges.size() - 1);
        }
        Files.copy(last, first, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        Run damaged = tck("iceberg-index", "check-data", metadata.toString(), "--table", table.toString());
        assertThat(damaged.exitCode()).isEqualTo(1);
        assertThat(damaged.out()).contains(first.getFileName() + ": record_count: the entry says 2 records, the file has 1"
                + " [ENTRY_MATCHES_FILE]", "[GROUP_MAX_EXACT]", "[EXACTLY_LIVE_ROWS]");
    }

    @Test
    void badInputIsOneErrorLineAndExit2(@TempDir Path dir) throws Exception {
        Run missing = tck("iceberg-index", "check-data", dir.resolve("none.json").toString());
        assertThat(missing.exitCode()).isEqualTo(2);
        assertThat(missing.err().lines()).hasSize(1).allMatch(l -> l.startsWith("error: "));
        Run noTable = tck("iceberg-index", "build", "--table", dir.toString(), "--metadata",
                CASE.resolve("index.metadata.json").toString(), "--out", dir.resolve("x.json").toString());
        assertThat(noTable.exitCode()).isEqualTo(2);
        assertThat(noTable.err()).startsWith("error: " + dir + ": no Iceberg table at").hasLineCount(1);
        Path script = dir.resolve("script.json");
        Files.writeString(script, "{\"format\": \"parquet\", \"commits\": []}");
        Run badScript = tck("iceberg-index", "create-table", script.toString(), dir.resolve("t").toString());
        assertThat(badScript.exitCode()).isEqualTo(2);
        assertThat(badScript.err()).isEqualTo("error: " + script + ": missing field 'schema'" + System.lineSeparator());
    }
}
