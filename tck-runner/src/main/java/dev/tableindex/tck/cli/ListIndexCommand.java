package dev.tableindex.tck.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tableindex.model.anyelement.BoundPredicate;
import dev.tableindex.model.listindex.IndexedTable;
import dev.tableindex.model.listindex.KeyRange;
import dev.tableindex.model.listindex.ListElementIndex;
import dev.tableindex.model.listindex.ListElementQuery;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
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
        description = "Build a list element index over a JSON table, or answer [NOT] any_element with it.",
        subcommands = {ListIndexCommand.Build.class, ListIndexCommand.Query.class})
final class ListIndexCommand {
    private static final HexFormat HEX = HexFormat.ofDelimiter(" ").withUpperCase();

    /** Options both subcommands take. */
    abstract static class Common implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Option(names = "--table", required = true, paramLabel = "FILE",
                description = "the table: the JSON table format, with \"rows\" or \"fragments\" (docs/list-element-index.md)")
        Path table;

        @Option(names = "--keys", required = true, paramLabel = "NAMES", split = ",", description = "key fields in key order")
        List<String> keys;

        @Option(names = "--page-size", paramLabel = "N", defaultValue = "4096", description = "rows per page (default: ${DEFAULT-VALUE})")
        int pageSize;

        @Override
        public Integer call() {
            if (pageSize <= 0) {
                spec.commandLine().getErr().println("error: --page-size must be a positive number of rows, got " + pageSize);
                return TckCli.EXIT_BAD_INPUT;
            }
            try {
                IndexedTable indexed = IndexedTable.fromJson(Files.readString(table));
                run(indexed, spec.commandLine().getOut());
                return 0;
            } catch (IOException e) {
                spec.commandLine().getErr().println("error: " + table + ": cannot be read: " + dev.tableindex.model.io.FileProblems.describe(e));
                return TckCli.EXIT_BAD_INPUT;
            } catch (IllegalArgumentException e) { // table, keys or predicate
                spec.commandLine().getErr().println("error: " + e.getMessage());
                return TckCli.EXIT_BAD_INPUT;
            }
        }

        abstract void run(IndexedTable table, PrintWriter out) throws IOException;

        ListElementIndex build(IndexedTable table, Set<Long> fragments) {
            return ListElementIndex.buildOnNames(table, keys, fragments, pageSize);
        }

        static Set<Long> all(IndexedTable table) {
            return new HashSet<>(table.fragments().stream().map(IndexedTable.Fragment::id).toList());
        }
    }

    @Command(name = "build", mixinStandardHelpOptions = true,
            description = {"Print page_data (<values hex or null><TAB><row address>), a line --, then page_lookup",
                "(<min><TAB><max><TAB><null_count><TAB><page_idx>)."})
    static final class Build extends Common {
        @Override
        void run(IndexedTable table, PrintWriter out) {
            ListElementIndex index = build(table, all(table));
            for (ListElementIndex.Entry entry : index.pageData()) {
                out.println(hex(entry.values()) + "\t" + Long.toUnsignedString(entry.rowAddress()));
            }
            out.println("--");
            for (ListElementIndex.Page page : index.pageLookup()) {
                out.println(hex(page.min()) + "\t" + hex(page.max()) + "\t" + page.nullCount() + "\t" + page.pageIdx());
            }
        }
    }

    @Command(name = "query", mixinStandardHelpOptions = true,
            description = {"Answer [NOT] any_element with the index; print one JSON object: mode, reason, ranges,",
                "pages_read, rows (row addresses where the call, or its NOT, is TRUE) and scan_rows (the same from the data)."})
    static final class Query extends Common {
        @Option(names = "--predicate", required = true, paramLabel = "SQL", description = "a predicate over the element's fields")
        String predicate;

        @Option(names = "--not", description = "answer NOT any_element(...)")
        boolean negated;

        @Option(names = "--covered", paramLabel = "IDS", split = ",", description = "fragments the index covers (default: all)")
        List<Long> covered;

        @Option(names = "--enumeration-limit", paramLabel = "N", defaultValue = "1000",
                description = "null-set combinations NOT any_element may enumerate (default: ${DEFAULT-VALUE})")
        int enumerationLimit;

        @Override
        void run(IndexedTable table, PrintWriter out) throws IOException {
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
            out.println(json.writeValueAsString(result));
        }
    }

    static String hex(byte[] bytes) {
        return bytes == null ? "null" : HEX.formatHex(bytes);
    }
}
