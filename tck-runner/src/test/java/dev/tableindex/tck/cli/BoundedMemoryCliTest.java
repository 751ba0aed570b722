package dev.tableindex.tck.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 25's memory part: {@code any-element} and {@code list-index build} read a large table row by row, so they run
 * in a heap smaller than the table ({@code any-element}) or of the order of the index built ({@code list-index
 * build}), where holding the table took 32–50× its size. Each runs in a child JVM with its own {@code -Xmx}; the
 * output is checked, never the time (docs/fuzzing.md, "Limits").
 */
class BoundedMemoryCliTest {
    private static final int ROWS = 400_000;

    @TempDir
    static Path dir;
    private static Path table;

    /**
     * About 21 MB: every tenth row a null list, the others {@code [{"label": "car<i>", "n": <i>}, {"label": "bus",
     * "n": null}]}.
     */
    @BeforeAll
    static void writeTable() throws Exception {
        table = dir.resolve("big.json");
        try (BufferedWriter out = Files.newBufferedWriter(table)) {
            out.write("{\"element\": [{\"name\": \"label\", \"type\": \"string\"}, {\"name\": \"n\", \"type\": \"int64\"}], \"rows\": [");
            for (int i = 0; i < ROWS; i++) {
                out.write(i == 0 ? "" : ",");
                out.write(i % 10 == 0 ? "null" : "[{\"label\":\"car" + i + "\",\"n\":" + i + "},{\"label\":\"bus\",\"n\":null}]");
            }
            out.write("]}");
        }
        assertThat(Files.size(table)).isGreaterThan(20_000_000L);
    }

    @Test
    void anyElementAnswersEveryRowOfATableLargerThanItsHeap() throws Exception {
        ChildTck.Result run = ChildTck.run("32m", line -> line.startsWith("0\t") || line.startsWith("1\t")
                || line.startsWith("2\t") || line.startsWith(ROWS - 1 + "\t"), "any-element", "--table", table.toString(),
                "--predicate", "label = 'car1'");
        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.err()).isEmpty();
        assertThat(run.lines()).isEqualTo(ROWS);
        // row 0 is a null list (NULL), row 1 has car1, row 2 does not, nor does the last
        assertThat(run.kept()).containsExactly("0\tNULL", "1\tTRUE", "2\tFALSE", (ROWS - 1) + "\tFALSE");
    }

    @Test
    void listIndexBuildWritesEveryRowOfTheIndexOfALargeTable() throws Exception {
        // holding the table took 32-50x its size; the build now holds the index's rows: 192 MiB for 21 MB
        ChildTck.Result run = ChildTck.run("192m", line -> line.matches("null\t[0-9]{1,2}") || line.equals("--"),
                "list-index", "build", "--table", table.toString(), "--keys", "label,n");
        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.err()).isEmpty();
        int nullLists = ROWS / 10;
        int rows = nullLists + 2 * (ROWS - nullLists);
        int pages = (rows + 4095) / 4096;
        assertThat(run.lines()).isEqualTo(rows + 1L + pages);
        // page_data starts with the null lists, by row address (fragment 0: the row's offset); "--" once, after it
        assertThat(run.kept()).containsExactly("null\t0", "null\t10", "null\t20", "null\t30", "null\t40", "null\t50",
                "null\t60", "null\t70", "null\t80", "null\t90", "--");
    }
}
