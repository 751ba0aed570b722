package dev.tableindex.tck.cli;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.tableindex.model.anyelement.BoundPredicate;
import dev.tableindex.model.anyelement.TableReader;
import dev.tableindex.model.listindex.IndexedTable;
import dev.tableindex.model.listindex.KeyRange;
import dev.tableindex.model.listindex.ListElementIndex;
import dev.tableindex.model.listindex.ListElementQuery;
import dev.tableindex.model.listindex.Plan;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code tck list-index build|query}: the reference list element index, for spec authors and implementers. */
@Command(name = "list-index", mixinStandardHelpOptions = true,
        description = "Build a list element index over a JSON table, or answer [NOT] any_element with it; both take "
                + "--format markdown or json to print the rows with their values, ready to paste into a spec.",
        subcommands = {ListIndexCommand.Build.class, ListIndexCommand.Query.class})
final class ListIndexCommand {
    private static final HexFormat HEX = HexFormat.ofDelimiter(" ").withUpperCase();

    /** Options both subcommands take. */
    abstract static class Common implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Option(names = "--table", required = true, paramLabel = "FILE",
                description = "The table: the JSON table format, with \"rows\" or \"fragments\" (docs/list-element-index.md).")
        Path table;

        @Option(names = "--keys", required = true, paramLabel = "NAMES", split = ",", description = "The key fields, in key order.")
        List<String> keys;

        @Option(names = "--page-size", paramLabel = "N", defaultValue = "4096", description = "Rows per page (default: ${DEFAULT-VALUE}).")
        int pageSize;

        @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "text",
                description = "Text, markdown or json (default: ${DEFAULT-VALUE}; for query, text is json).")
        OutputFormat format;

        @Override
        public Integer call() {
            if (pageSize <= 0) {
                spec.commandLine().getErr().println("error: --page-size must be a positive number of rows, got " + pageSize);
                return TckCli.EXIT_BAD_INPUT;
            }
            try {
                run(spec.commandLine().getOut());
                return 0;
            } catch (IOException | UncheckedIOException e) {
                IOException cause = e instanceof UncheckedIOException u ? u.getCause() : (IOException) e;
                spec.commandLine().getErr().println("error: " + table + ": cannot be read: " + dev.tableindex.model.io.FileProblems.describe(cause));
                return TckCli.EXIT_BAD_INPUT;
            } catch (IllegalArgumentException e) { // table, keys or predicate
                spec.commandLine().getErr().println("error: " + e.getMessage());
                return TckCli.EXIT_BAD_INPUT;
            }
        }

        abstract void run(PrintWriter out) throws IOException;
    }

    @Command(name = "build", mixinStandardHelpOptions = true,
            description = {"Print page_data (<values hex or null><TAB><row address>), a line --, then page_lookup "
                + "(<min><TAB><max><TAB><null_count><TAB><page_idx>)."})
    static final class Build extends Common {
        /** The table read row by row, never held: memory of the order of the index's rows (docs/fuzzing.md, "Limits"). */
        @Override
        void run(PrintWriter out) throws IOException {
            ListElementIndex index = ListElementIndex.buildOnNames(TableReader.of(table), keys, pageSize);
            if (format != OutputFormat.text) {
                formatted(index, format, out);
                return;
            }
            for (ListElementIndex.Entry entry : index.pageData()) {
                out.println(hex(entry.values()) + "\t" + Long.toUnsignedString(entry.rowAddress()));
            }
            out.println("--");
            for (ListElementIndex.Page page : index.pageLookup()) {
                out.println(hex(page.min()) + "\t" + hex(page.max()) + "\t" + page.nullCount() + "\t" + page.pageIdx());
            }
        }
    }

    /**
     * page_data and page_lookup as Markdown tables or one JSON object, each row with its values, printed row by row:
     * the index is held, its rows as text never are.
     */
    static void formatted(ListElementIndex index, OutputFormat format, PrintWriter out) throws IOException {
        if (format == OutputFormat.markdown) {
            out.print("page_data:\n\n");
            OutputFormat.markdownHeader(out, List.of("values", "_rowaddr"));
            for (ListElementIndex.Entry e : index.pageData()) {
                OutputFormat.markdownRow(out, List.of(hex(e.values()), Long.toUnsignedString(e.rowAddress())));
            }
            out.print("\npage_lookup:\n\n");
            OutputFormat.markdownHeader(out, List.of("min", "max", "null_count", "page_idx"));
            for (ListElementIndex.Page p : index.pageLookup()) {
                OutputFormat.markdownRow(out, List.of(hex(p.min()), hex(p.max()), String.valueOf(p.nullCount()),
                        String.valueOf(p.pageIdx())));
            }
            return;
        }
        try (JsonGenerator json = OutputFormat.json(out)) {
            json.writeStartObject();
            json.writeArrayFieldStart("page_data");
            for (ListElementIndex.Entry e : index.pageData()) {
                json.writeStartObject();
                json.writeStringField("values", hex(e.values()));
                json.writeStringField("_rowaddr", Long.toUnsignedString(e.rowAddress()));
                json.writeEndObject();
            }
            json.writeEndArray();
            json.writeArrayFieldStart("page_lookup");
            for (ListElementIndex.Page p : index.pageLookup()) {
                json.writeStartObject();
                json.writeStringField("min", hex(p.min()));
                json.writeStringField("max", hex(p.max()));
                json.writeNumberField("null_count", p.nullCount());
                json.writeNumberField("page_idx", p.pageIdx());
                json.writeEndObject();
            }
            json.writeEndArray();
            json.writeEndObject();
        }
        out.println();
    }

    @Command(name = "query", mixinStandardHelpOptions = true,
            description = {"Answer [NOT] any_element with the index and print the mode, the reason, the key ranges, "
                + "the pages read, the rows (row addresses where the call, or its NOT, is TRUE) and scan_rows (the same "
                + "from the data): one JSON object, or with --format markdown tables ready to paste into a spec."})
    static final class Query extends Common {
        @Option(names = "--predicate", required = true, paramLabel = "SQL", description = "A predicate over the element's fields.")
        String predicate;

        @Option(names = "--not", description = "Answer NOT any_element(...).")
        boolean negated;

        @Option(names = "--covered", paramLabel = "IDS", split = ",", description = "Fragments the index covers (default: all).")
        List<Long> covered;

        @Option(names = "--enumeration-limit", paramLabel = "N", defaultValue = "1000",
                description = "Null-set combinations NOT any_element may enumerate (default: ${DEFAULT-VALUE}).")
        int enumerationLimit;

        /**
         * The table is read row by row and never held: once for the index, then once for the answer and once for the
         * scan, so the memory is the index's and the answers' (docs/decisions/0142).
         */
        @Override
        void run(PrintWriter out) throws IOException {
            if (enumerationLimit < 0) {
                throw new IllegalArgumentException("--enumeration-limit must be 0 or more, got " + enumerationLimit);
            }
            ListElementIndex.Streamed built;
            try {
                built = ListElementIndex.buildOnNames(TableReader.of(this.table), keys,
                        covered == null ? null : new HashSet<>(covered), pageSize);
            } catch (ListElementIndex.NoSuchFragment e) {
                throw new IllegalArgumentException("--covered: " + e.getMessage());
            }
            IndexedTable table = built.table();
            IndexedTable.Rows rows = IndexedTable.rowsOf(this.table);
            ListElementQuery.Answer answer = ListElementQuery.answer(table, rows, List.of(built.index()), predicate, negated,
                    enumerationLimit);
            Plan plan = answer.plan();
            // under --not the mode is that of the NOT answer: an index that cannot answer NOT exactly is not used for it
            boolean notFromIndex = plan.mode() != Plan.Mode.NOT_USED && plan.notExact();
            String mode = negated && !notFromIndex ? Plan.Mode.NOT_USED.name() : plan.mode().name();
            String reason = negated && plan.mode() != Plan.Mode.NOT_USED && !plan.notExact() ? plan.notReason() : plan.reason();
            int pagesRead = answer.pagesRead();
            Set<Long> answerRows = answer.rows();
            answer = null;
            BoundPredicate bound = BoundPredicate.of(predicate, table.element());
            // the answer's rows are printed (or made a cell) before the scan's are found: one set of rows held at a time
            if (format == OutputFormat.markdown) {
                String rowsCell = array(answerRows);
                answerRows = null;
                String scanCell = array(ListElementQuery.scan(rows, bound, negated));
                out.print(OutputFormat.markdownTable(List.of("mode", "reason", "pages_read", "rows", "scan_rows"),
                        List.of(List.of(mode, reason, String.valueOf(pagesRead), rowsCell, scanCell))));
                List<List<String>> rangeRows = new java.util.ArrayList<>();
                plan.ranges().forEach(r -> rangeRows.add(List.of(
                        r.lower() == null ? "(unbounded)" : "[" + HEX.formatHex(r.lower()),
                        r.upper() == null ? "(unbounded)" : HEX.formatHex(r.upper()) + ")")));
                out.print("\nranges:\n\n" + OutputFormat.markdownTable(List.of("from (inclusive)", "to (exclusive)"), rangeRows));
                return;
            }
            try (JsonGenerator json = OutputFormat.compactJson(out)) {
                json.writeStartObject();
                json.writeStringField("mode", mode);
                json.writeStringField("reason", reason);
                json.writeArrayFieldStart("ranges");
                for (KeyRange range : plan.ranges()) {
                    json.writeStartObject();
                    json.writeStringField("lower", range.lower() == null ? null : HEX.formatHex(range.lower()));
                    json.writeBooleanField("lower_inclusive", true);
                    json.writeStringField("upper", range.upper() == null ? null : HEX.formatHex(range.upper()));
                    json.writeBooleanField("upper_inclusive", false);
                    json.writeEndObject();
                }
                json.writeEndArray();
                json.writeNumberField("pages_read", pagesRead);
                writeRows(json, "rows", answerRows);
                answerRows = null;
                writeRows(json, "scan_rows", ListElementQuery.scan(rows, bound, negated));
                json.writeEndObject();
            }
            out.println();
        }

        private static void writeRows(JsonGenerator json, String field, Set<Long> rows) throws IOException {
            json.writeArrayFieldStart(field);
            for (long row : rows) {
                json.writeNumber(row);
            }
            json.writeEndArray();
        }

        /** Row addresses as a JSON array without spaces, {@code [1,2]}. */
        private static String array(Set<Long> rows) {
            StringBuilder text = new StringBuilder("[");
            for (long row : rows) {
                text.append(text.length() == 1 ? "" : ",").append(row);
            }
            return text.append(']').toString();
        }
    }

    static String hex(byte[] bytes) {
        return bytes == null ? "null" : HEX.formatHex(bytes);
    }
}
