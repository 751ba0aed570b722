package dev.tableindex.tck.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.ByteString;
import dev.tableindex.model.manifest.FragmentCoverage;
import dev.tableindex.model.manifest.ManifestFile;
import dev.tableindex.model.manifest.ManifestWriter;
import dev.tableindex.proto.lance.table.DataFile;
import dev.tableindex.proto.lance.table.DataFragment;
import dev.tableindex.proto.lance.table.IndexFile;
import dev.tableindex.proto.lance.table.IndexMetadata;
import dev.tableindex.proto.lance.table.IndexSection;
import dev.tableindex.proto.lance.table.Manifest;
import dev.tableindex.proto.lance.table.UUID;
import java.io.BufferedWriter;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issues 25 and 26's memory part: the model commands read a large input row by row or entry by entry, so they run in
 * a heap smaller than their input ({@code any-element} in every format) or within 5× its size ({@code list-index
 * build}, which holds the index it builds; {@code list-index query}, which holds the index and its answers;
 * {@code manifest}, which holds the file's bytes and reads its fragments and index entries one at a time), where holding the table
 * took 32–50× its size. Each
 * runs in a child JVM with its own {@code -Xmx}; the heaps are the measured smallest plus margin
 * (docs/benchmarks.md, "Memory of the model commands"); the output is checked, never the time.
 */
class BoundedMemoryCliTest {
    private static final int ROWS = 400_000;

    @TempDir
    static Path dir;
    private static Path table;
    private static Path manifest;

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
        manifest = dir.resolve("big.manifest");
        IndexSection.Builder section = IndexSection.newBuilder();
        for (int i = 0; i < ENTRIES; i++) {
            ByteBuffer uuid = ByteBuffer.allocate(16).putLong(0x1234L).putLong(i);
            section.addIndices(IndexMetadata.newBuilder().setUuid(UUID.newBuilder().setUuid(ByteString.copyFrom(uuid.array())))
                    .addFields(0).setName("idx" + i).setDatasetVersion(1)
                    .setFragmentBitmap(ByteString.copyFrom(FragmentCoverage.of(i).encode()))
                    .addFiles(IndexFile.newBuilder().setPath("page_lookup.lance").setSizeBytes(475)));
        }
        Manifest.Builder fragments = Manifest.newBuilder().setVersion(2);
        for (int i = 0; i < FRAGMENTS; i++) {
            fragments.addFragments(DataFragment.newBuilder().setId(i).setPhysicalRows(1000)
                    .addFiles(DataFile.newBuilder().setPath("data-" + i + ".lance").addFields(0).addFields(1)
                            .addColumnIndices(0).addColumnIndices(1).setFileMajorVersion(2).setFileSizeBytes(65_536)));
        }
        Files.write(manifest, ManifestWriter.write(ManifestFile.of(fragments.build(), Optional.of(section.build()),
                Optional.empty())));
        assertThat(Files.size(manifest)).isGreaterThan(20_000_000L);
    }

    /** Index entries of the large manifest: entry i named idx{i}, covering fragment i. */
    private static final int ENTRIES = 150_000;
    /** Fragments of the large manifest: fragment i with one data file, data-{i}.lance. */
    private static final int FRAGMENTS = 200_000;

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
    void anyElementPrintsEveryRowAsJsonInAHeapSmallerThanTheTable() throws Exception {
        // measured: 24 MiB (768 MiB when the table was held)
        ChildTck.Result run = ChildTck.run("32m", line -> line.startsWith("[") || line.contains("TRUE")
                || line.contains("\"car" + (ROWS - 1) + "\""), "any-element", "--table", table.toString(),
                "--predicate", "label = 'car1'", "--format", "json");
        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.err()).isEmpty();
        // one object per row: a null list takes 4 lines (its opening line, row, list, value), a list of two elements 10
        // (opening, row, list's opening, 2 fields, "}, {", 2 fields, "} ],", value), then "} ]"
        int nullLists = ROWS / 10;
        assertThat(run.lines()).isEqualTo(4L * nullLists + 10L * (ROWS - nullLists) + 1);
        assertThat(run.kept()).containsExactly("[ {", "  \"value\" : \"TRUE\"", "    \"label\" : \"car" + (ROWS - 1) + "\",");
    }

    @Test
    void anyElementPrintsEveryRowAsMarkdownInAHeapSmallerThanTheTable() throws Exception {
        // measured: 24 MiB (384 MiB when the table was held)
        ChildTck.Result run = ChildTck.run("32m", line -> line.startsWith("| 0 |") || line.startsWith("| 1 |")
                || line.startsWith("| " + (ROWS - 1) + " |"), "any-element", "--table", table.toString(),
                "--predicate", "label = 'car1'", "--format", "markdown");
        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.err()).isEmpty();
        assertThat(run.lines()).isEqualTo(2L + ROWS); // the header, its --- line, a line per row
        assertThat(run.kept()).containsExactly("| 0 | `null` | NULL |",
                "| 1 | `[{\"label\":\"car1\",\"n\":1},{\"label\":\"bus\",\"n\":null}]` | TRUE |",
                "| " + (ROWS - 1) + " | `[{\"label\":\"car" + (ROWS - 1) + "\",\"n\":" + (ROWS - 1)
                        + "},{\"label\":\"bus\",\"n\":null}]` | FALSE |");
    }

    @Test
    void listIndexBuildWritesEveryRowOfTheIndexOfALargeTable() throws Exception {
        // measured: 96 MiB, 4.7x the table (88 MiB most runs; 112 MiB before page_data shared the build's tuples)
        ChildTck.Result run = ChildTck.run(BUILD_HEAP, line -> line.matches("null\t[0-9]{1,2}") || line.equals("--"),
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

    /**
     * The build's heap in these tests: 96 MiB measured for the 21.6 MB table (within 5x: 103 MiB), with margin for
     * the collector of a loaded machine (G1 may fail to find room for the tuples' growing array in one piece).
     */
    private static final String BUILD_HEAP = "112m";

    /** A heap of 5x the file's size, rounded down to whole MiB. */
    private static String fiveTimes(Path file) throws Exception {
        return (5 * Files.size(file) >> 20) + "m";
    }

    @Test
    void listIndexBuildPrintsEveryRowAsJsonWithoutHoldingThemAsText() throws Exception {
        // measured: as the text output (768 MiB when every row was held as strings first)
        ChildTck.Result run = ChildTck.run(BUILD_HEAP, line -> line.equals("{") || line.contains("\"page_lookup\"")
                || line.equals("}"), "list-index", "build", "--table", table.toString(), "--keys", "label,n",
                "--format", "json");
        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.err()).isEmpty();
        int rows = ROWS / 10 + 2 * (ROWS - ROWS / 10);
        int pages = (rows + 4095) / 4096;
        // "{", page_data (its opening line, 2 lines a row, "}, {" between rows, "} ],"), page_lookup (the same with
        // 4 lines a page), "}"
        assertThat(run.lines()).isEqualTo(1 + (3L * rows + 1) + (5L * pages + 1) + 1);
        assertThat(run.kept()).containsExactly("{", "  \"page_lookup\" : [ {", "}");
    }

    @Test
    void listIndexQueryAnswersALargeTableWithinFiveTimesItsSize() throws Exception {
        // measured: 80-88 MiB for both, 3.9-4.3x the table (176 MiB and 112 MiB when the table was held)
        ChildTck.Result run = ChildTck.run(fiveTimes(table), line -> true, "list-index", "query", "--table",
                table.toString(), "--keys", "label,n", "--predicate", "label = 'car1'");
        assertThat(run.exitCode()).as(run.err()).isZero();
        assertThat(run.err()).isEmpty();
        // only row 1 holds car1; the index answers it exactly
        assertThat(run.kept()).singleElement().asString().startsWith("{\"mode\":\"EXACT\"")
                .endsWith("\"pages_read\":1,\"rows\":[1],\"scan_rows\":[1]}");
        ChildTck.Result not = ChildTck.run(fiveTimes(table), line -> true, "list-index", "query", "--table",
                table.toString(), "--keys", "label,n", "--predicate", "label = 'car1'", "--not");
        assertThat(not.exitCode()).as(not.err()).isZero();
        assertThat(not.err()).isEmpty();
        // NOT is TRUE on every row but the null lists (every tenth, NULL) and row 1
        var json = new com.fasterxml.jackson.databind.ObjectMapper().readTree(not.kept().get(0));
        java.util.List<Long> expected = new java.util.ArrayList<>();
        for (long row = 0; row < ROWS; row++) {
            if (row % 10 != 0 && row != 1) {
                expected.add(row);
            }
        }
        assertThat(json.path("rows").size()).isEqualTo(expected.size());
        assertThat(json.path("rows").toString()).isEqualTo(json.path("scan_rows").toString())
                .isEqualTo(expected.toString().replace(" ", ""));
    }

    @Test
    void manifestPrintsEveryFragmentAndEntryWithinFiveTimesItsFile() throws Exception {
        for (String format : List.of("json", "markdown")) {
            // 20.9 MB (200,000 fragments, 150,000 entries): measured 40 MiB for both (36 MiB too small); 144 MiB
            // (7x) when the manifest message was parsed whole, its fragments with it
            ChildTck.Result run = ChildTck.run(fiveTimes(manifest), line -> line.contains("idx" + (ENTRIES - 1))
                    || line.contains(" " + (FRAGMENTS - 1) + ",") || line.startsWith("| " + (FRAGMENTS - 1) + " |"),
                    "manifest", manifest.toString(), "--format", format);
            assertThat(run.exitCode()).as(format + ": " + run.err()).isZero();
            assertThat(run.err()).isEmpty();
            if (format.equals("json")) {
                assertThat(run.kept()).containsExactly("    \"id\" : " + (FRAGMENTS - 1) + ",",
                        "    \"name\" : \"idx" + (ENTRIES - 1) + "\",");
            } else {
                // the fields table (header, ---, version, 2 flags), then for fragments and for indices "", "<name>:", "",
                // header, ---, a row each
                assertThat(run.lines()).isEqualTo(5 + 5 + FRAGMENTS + 5 + ENTRIES);
                assertThat(run.kept()).hasSize(2);
                assertThat(run.kept().get(0)).isEqualTo("| " + (FRAGMENTS - 1) + " | 1000 | 0 |");
                assertThat(run.kept().get(1)).startsWith("| idx" + (ENTRIES - 1) + " | ").contains(" | [" + (ENTRIES - 1) + "] | ");
            }
        }
    }
}
