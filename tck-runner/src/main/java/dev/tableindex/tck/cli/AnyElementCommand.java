package dev.tableindex.tck.cli;

import dev.tableindex.model.anyelement.AnyElement;
import dev.tableindex.model.anyelement.ListTable;
import dev.tableindex.model.anyelement.TableReader;
import dev.tableindex.model.anyelement.TruthValue;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code tck any-element}: the reference evaluation of any_element on a JSON table, row by row. */
@Command(name = "any-element", mixinStandardHelpOptions = true,
        description = {"Evaluate [NOT] any_element(list, 'predicate') on every row of a JSON table "
                + "(docs/any-element.md) and print, per row, its index and TRUE, FALSE or NULL.",
            "With --format markdown or json it prints each row's list too, ready to paste into a spec.",
            "  tck any-element --table t.json --predicate 'label = ''car'' AND confidence > 0.5'"})
final class AnyElementCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--table", required = true, paramLabel = "FILE", description = "The table, in the JSON table format.")
    Path table;

    @Option(names = "--predicate", required = true, paramLabel = "SQL", description = "A predicate over the element's fields.")
    String predicate;

    @Option(names = "--not", description = "Evaluate NOT any_element(...).")
    boolean negated;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "text",
            description = "Text (<row><TAB><value>), markdown or json (default: ${DEFAULT-VALUE}).")
    OutputFormat format;

    @Override
    public Integer call() {
        try {
            PrintWriter out = spec.commandLine().getOut();
            if (format == OutputFormat.text) {
                // row by row, the table never held: memory of the order of one value per row (docs/fuzzing.md, "Limits")
                List<TruthValue> rows = AnyElement.evaluate(TableReader.of(table), predicate, negated);
                for (int i = 0; i < rows.size(); i++) {
                    out.println(i + "\t" + rows.get(i).sql());
                }
                return 0;
            }
            String json = Files.readString(table);
            List<TruthValue> rows = AnyElement.evaluate(ListTable.fromJson(json), predicate, negated);
            com.fasterxml.jackson.databind.ObjectMapper mapper = new com.fasterxml.jackson.databind.ObjectMapper();
            com.fasterxml.jackson.databind.JsonNode lists = mapper.readTree(json).path("rows");
            String call = (negated ? "NOT " : "") + "any_element(" + "list" + ", '" + predicate.replace("'", "''") + "')";
            if (format == OutputFormat.json) {
                var array = mapper.createArrayNode();
                for (int i = 0; i < rows.size(); i++) {
                    array.addObject().put("row", i).set("list", lists.path(i));
                    ((com.fasterxml.jackson.databind.node.ObjectNode) array.get(i)).put("value", rows.get(i).sql());
                }
                out.println(mapper.writerWithDefaultPrettyPrinter().writeValueAsString(array));
            } else {
                List<List<String>> cells = new java.util.ArrayList<>();
                for (int i = 0; i < rows.size(); i++) {
                    cells.add(List.of(String.valueOf(i), "`" + lists.path(i) + "`", rows.get(i).sql()));
                }
                out.print(OutputFormat.markdownTable(List.of("row", "list", call), cells));
            }
            return 0;
        } catch (IOException | UncheckedIOException e) {
            IOException cause = e instanceof UncheckedIOException u ? u.getCause() : (IOException) e;
            spec.commandLine().getErr().println("error: " + table + ": cannot be read: " + dev.tableindex.model.io.FileProblems.describe(cause));
            return TckCli.EXIT_BAD_INPUT;
        } catch (IllegalArgumentException e) { // PredicateException, ListTable.TableException
            spec.commandLine().getErr().println("error: " + e.getMessage());
            return TckCli.EXIT_BAD_INPUT;
        }
    }
}
