package dev.tableindex.tck.steps;

import dev.tableindex.model.lancefile.LanceFileFormatException;
import dev.tableindex.model.lancefile.LanceFileProblem;
import dev.tableindex.model.lancefile.LanceFileReader;
import dev.tableindex.model.lancefile.LanceFileSummary;
import dev.tableindex.model.lancefile.UnreadableEncodingException;
import dev.tableindex.model.listindex.ListElementIndex;
import dev.tableindex.model.listindex.TargetBTreeFiles;
import dev.tableindex.proto.lance.file.Field;
import io.cucumber.datatable.DataTable;
import io.cucumber.java.en.Then;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * Capability {@code list_element_index.files}: the files an engine wrote into the kit's index directory
 * ("Storage Layout"), read with the kit's own Lance file reader (docs/lance-files.md), never taken from the
 * engine's reply. {@link ListIndexSteps} judges every build's page_data and page_lookup rows in them.
 */
public final class ListIndexFileSteps {

    @Then("the index directory holds exactly the files {string}")
    public void holdsExactly(String names) {
        List<String> expected = Stream.of(names.split(",")).map(String::strip).sorted().toList();
        List<String> actual = listing(ScenarioState.indexDirectory());
        if (!actual.equals(expected)) {
            throw new AssertionError("the index directory holds " + actual + ", expected exactly " + expected
                    + ": the list element index writes no files of its own, its files are exactly its target BTree's");
        }
    }

    /** page_data's rows in the index directory, the kit's only evidence (where no build reply exists beside them). */
    @Then("the page_data rows in the index directory are")
    public void pageDataRowsAre(DataTable expected) {
        ListIndexSteps.compare(TargetBTreeFiles.PAGE_DATA, expected.cells(), pageDataTable(written().entries()), "");
    }

    @Then("{string} in the index directory holds {int} row(s)")
    public void holdsRows(String file, int rows) {
        LanceFileSummary summary = summary(file);
        if (summary.rows() != rows) {
            throw new AssertionError(file + " holds " + summary.rows() + " rows (its file descriptor's length), expected " + rows);
        }
    }

    /** The top-level columns in order: name, Lance logical type, nullability. */
    @Then("{string} in the index directory has the schema")
    public void hasTheSchema(String file, DataTable expected) {
        List<List<String>> actual = new ArrayList<>();
        actual.add(List.of("name", "type", "nullable"));
        for (Field field : summary(file).fields()) {
            if (field.getParentId() == -1) {
                actual.add(List.of(field.getName(), field.getLogicalType(), Boolean.toString(field.getNullable())));
            }
        }
        if (!actual.equals(expected.cells())) {
            throw new AssertionError(file + " has the schema " + actual.subList(1, actual.size()) + ", expected "
                    + expected.cells().subList(1, expected.cells().size()) + " (name, type, nullable)");
        }
    }

    /**
     * What the segment's files hold, read by the kit: the evidence for every storage rule. An engine that wrote
     * no files was not asked to (it does not declare list_element_index.files, so the scenario is UNSUPPORTED
     * before it gets here). The kit decodes Lance v2.0 and v2.1 files (docs/lance-files.md); where it does not decode
     * a page encoding the engine chose (a later file version's, a nested layout), the rows cannot be judged: ERROR,
     * naming the encoding, never a verdict taken from the engine's reply.
     */
    static TargetBTreeFiles.Contents written() {
        // both files there, each a Lance file the kit reads, before their pages are decoded
        summary(TargetBTreeFiles.PAGE_DATA);
        summary(TargetBTreeFiles.PAGE_LOOKUP);
        try {
            return TargetBTreeFiles.read(ScenarioState.indexDirectory());
        } catch (UnreadableEncodingException e) {
            throw new IllegalStateException("the kit cannot judge the rows of " + Path.of(e.source()).getFileName()
                    + ": it does not decode " + e.encoding() + " (column " + e.column() + ", page " + e.page()
                    + "; docs/lance-files.md), and the engine's reply is not evidence");
        } catch (LanceFileFormatException e) {
            throw notJudged(Path.of(e.source()).getFileName().toString(), e);
        }
    }

    /** page_data rows as the scenarios write them: values in hex ({@code null} for a null list), the row address. */
    static List<List<String>> pageDataTable(List<ListElementIndex.Entry> entries) {
        List<List<String>> table = new ArrayList<>();
        table.add(List.of("values", "row address"));
        entries.forEach(e -> table.add(List.of(e.values() == null ? "null" : ListIndexSteps.hex(e.values()),
                ListIndexSteps.address(e.rowAddress()))));
        return table;
    }

    /** page_lookup rows as the scenarios write them. */
    static List<List<String>> pageLookupTable(List<ListElementIndex.Page> pages) {
        List<List<String>> table = new ArrayList<>();
        table.add(List.of("min", "max", "null_count", "page_idx"));
        pages.forEach(p -> table.add(List.of(p.min() == null ? "null" : ListIndexSteps.hex(p.min()),
                p.max() == null ? "null" : ListIndexSteps.hex(p.max()), Integer.toString(p.nullCount()),
                Integer.toString(p.pageIdx()))));
        return table;
    }

    private static LanceFileSummary summary(String file) {
        Path path = ScenarioState.indexDirectory().resolve(file);
        if (!Files.isRegularFile(path)) {
            throw new AssertionError("the engine wrote no " + file + " (the index directory holds "
                    + listing(ScenarioState.indexDirectory()) + ")");
        }
        try {
            return LanceFileReader.summary(path);
        } catch (LanceFileFormatException e) {
            throw notJudged(file, e);
        }
    }

    /**
     * A damaged file fails the engine; a legacy (v1) file or a version the kit does not know is outside what the kit
     * judges (docs/decisions/0031): the spec names no file version, so the run cannot judge it (ERROR), not FAIL.
     */
    private static AssertionError notJudged(String file, LanceFileFormatException e) {
        if (e.problem() == LanceFileProblem.LEGACY_FORMAT || e.problem() == LanceFileProblem.UNSUPPORTED_VERSION) {
            throw new IllegalStateException("the kit does not judge " + file + ", a Lance file version it does not read"
                    + " (docs/decisions/0031): " + e.getMessage());
        }
        return new AssertionError(file + " is not a Lance file the target BTree writes: " + e.getMessage());
    }

    /** The directory's entries by name, sorted; a folder's name ends with "/". */
    private static List<String> listing(Path directory) {
        try (Stream<Path> entries = Files.list(directory)) {
            return entries.map(p -> p.getFileName() + (Files.isDirectory(p) ? "/" : "")).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
