package dev.tableindex.tck.cli;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tableindex.model.anyelement.BoundPredicate;
import dev.tableindex.model.anyelement.TableReader;
import dev.tableindex.model.listindex.IndexedTable;
import dev.tableindex.model.listindex.KeyRange;
import dev.tableindex.model.listindex.ListElementIndex;
import dev.tableindex.model.listindex.ListElementQuery;
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

        ListElementIndex build(IndexedTable table, Set<Long> fragments) {
            return ListElementIndex.buildOnNames(table, keys, fragments, pageSize);
        }

        static Set<Long> all(IndexedTable table) {
            return new HashSet<>(table.fragments().stream().map(IndexedTable.Fragment::id).toList());
        }
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

        @Override
        void run(PrintWriter out) throws IOException {
            // held as rows, its text never: answers recheck rows the index finds, anywhere in the table
            IndexedTable table = IndexedTable.fromJson(TableReader.of(this.table));
            if (enumerationLimit < 0) {
                throw new IllegalArgumentException("--enumeration-limit must be 0 or more, got " + enumerationLimit);
            }
            if (covered != null) {
                Set<Long> fragments = all(table);
                covered.stream().filter(id -> !fragments.contains(id)).findFirst().ifPresent(id -> {
                    throw new IllegalArgumentException("--covered: the table has no fragment " + id
                            + " (its fragments: " + new java.util.TreeSet<>(fragments) + ")");
                });
            }
            ListElementIndex index = build(table, covered == null ? all(table) : new HashSet<>(covered));
            ListElementQuery.Answer answer = ListElementQuery.answer(table, index, predicate, negated, enumerationLimit);
            ObjectMapper json = new ObjectMapper();
            ObjectNode result = json.createObjectNode();
            // under --not the mode is that of the NOT answer: an index that cannot answer NOT exactly is not used for it
            boolean notFromIndex = answer.plan().mode() != dev.tableindex.model.listindex.Plan.Mode.NOT_USED
                    && answer.plan().notExact();
            result.put("mode", negated && !notFromIndex ? dev.tableindex.model.listindex.Plan.Mode.NOT_USED.name()
                    : answer.plan().mode().name());
            result.put("reason", negated && answer.plan().mode() != dev.tableindex.model.listindex.Plan.Mode.NOT_USED
                    && !answer.plan().notExact() ? answer.plan().notReason() : answer.plan().reason());
            ArrayNode ranges = result.putArray("ranges");
            for (KeyRange range : answer.plan().ranges()) {
                ranges.addObject().put("lower", range.lower() == null ? null : HEX.formatHex(range.lower()))
                        .put("lower_inclusive", true)
                        .put("upper", range.upper() == null ? null : HEX.formatHex(range.upper()))
                        .put("upper_inclusive", false);
            }
            result.put("pages_read", answer.pagesRead());
            answer.rows().forEach(result.putArray("rows")::add);
            ListElementQuery.scan(table, BoundPredicate.of(predicate, table.element()), negated)
                    .forEach(result.putArray("scan_rows")::add);
            if (format == OutputFormat.markdown) {
                out.print(OutputFormat.markdownTable(List.of("mode", "reason", "pages_read", "rows", "scan_rows"),
                        List.of(List.of(result.path("mode").asText(), result.path("reason").asText(),
                                result.path("pages_read").asText(), result.path("rows").toString(),
                                result.path("scan_rows").toString()))));
                List<List<String>> rangeRows = new java.util.ArrayList<>();
                result.path("ranges").forEach(r -> rangeRows.add(List.of(
                        r.path("lower").isNull() ? "(unbounded)" : "[" + r.path("lower").asText(),
                        r.path("upper").isNull() ? "(unbounded)" : r.path("upper").asText() + ")")));
                out.print("\nranges:\n\n" + OutputFormat.markdownTable(List.of("from (inclusive)", "to (exclusive)"), rangeRows));
            } else {
                out.println(json.writeValueAsString(result));
            }
        }
    }

    static String hex(byte[] bytes) {
        return bytes == null ? "null" : HEX.formatHex(bytes);
    }
}
