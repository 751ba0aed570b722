package dev.tableindex.tck.cli;

import dev.tableindex.model.anyelement.AnyElement;
import dev.tableindex.model.anyelement.ListTable;
import dev.tableindex.model.anyelement.TruthValue;
import java.io.IOException;
import java.io.PrintWriter;
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
        description = {"Evaluate [NOT] any_element(list, 'predicate') on every row of a JSON table",
            "(docs/any-element.md); prints <row index><TAB><TRUE|FALSE|NULL> per row.",
            "  tck any-element --table t.json --predicate 'label = ''car'' AND confidence > 0.5'"})
final class AnyElementCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--table", required = true, paramLabel = "FILE", description = "the table, in the JSON table format")
    Path table;

    @Option(names = "--predicate", required = true, paramLabel = "SQL", description = "a predicate over the element's fields")
    String predicate;

    @Option(names = "--not", description = "evaluate NOT any_element(...)")
    boolean negated;

    @Override
    public Integer call() {
        try {
            List<TruthValue> rows = AnyElement.evaluate(ListTable.fromJson(Files.readString(table)), predicate, negated);
            PrintWriter out = spec.commandLine().getOut();
            for (int i = 0; i < rows.size(); i++) {
                out.println(i + "\t" + rows.get(i).sql());
            }
            return 0;
        } catch (IOException e) {
            spec.commandLine().getErr().println("error: " + table + ": cannot be read: " + dev.tableindex.model.io.FileProblems.describe(e));
            return TckCli.EXIT_BAD_INPUT;
        } catch (IllegalArgumentException e) { // PredicateException, ListTable.TableException
            spec.commandLine().getErr().println("error: " + e.getMessage());
            return TckCli.EXIT_BAD_INPUT;
        }
    }
}
