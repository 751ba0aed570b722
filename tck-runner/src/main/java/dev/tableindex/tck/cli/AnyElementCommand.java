package dev.tableindex.tck.cli;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tableindex.model.anyelement.AnyElement;
import dev.tableindex.model.anyelement.TableReader;
import dev.tableindex.model.anyelement.TruthValue;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
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
    private static final ObjectMapper MAPPER = new ObjectMapper();

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
            // row by row, the table never held: memory of the order of one value per row (docs/fuzzing.md, "Limits")
            List<TruthValue> rows = AnyElement.evaluate(TableReader.of(table), predicate, negated);
            if (format == OutputFormat.text) {
                for (int i = 0; i < rows.size(); i++) {
                    out.println(i + "\t" + rows.get(i).sql());
                }
                return 0;
            }
            String call = (negated ? "NOT " : "") + "any_element(" + "list" + ", '" + predicate.replace("'", "''") + "')";
            if (format == OutputFormat.json) {
                try (JsonGenerator json = OutputFormat.json(out)) {
                    json.writeStartArray();
                    forEachList((i, list) -> {
                        json.writeStartObject();
                        json.writeNumberField("row", i);
                        json.writeFieldName("list");
                        MAPPER.writeTree(json, list);
                        json.writeStringField("value", rows.get(i).sql());
                        json.writeEndObject();
                    });
                    json.writeEndArray();
                }
                out.println();
            } else {
                OutputFormat.markdownHeader(out, List.of("row", "list", call));
                forEachList((i, list) -> OutputFormat.markdownRow(out, List.of(String.valueOf(i), "`" + list + "`",
                        rows.get(i).sql())));
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

    private interface ListSink {
        void list(int row, JsonNode list) throws IOException;
    }

    /**
     * Each row's list as the file writes it, one at a time, in row order: a pass after the answers, which already
     * checked the table (its one top-level {@code rows} array; duplicate members refused).
     */
    private void forEachList(ListSink sink) throws IOException {
        try (JsonParser parser = MAPPER.createParser(table.toFile())) {
            parser.nextToken();
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                String name = parser.currentName();
                parser.nextToken();
                if (name.equals("rows") && parser.currentToken() == JsonToken.START_ARRAY) {
                    for (int i = 0; parser.nextToken() != JsonToken.END_ARRAY; i++) {
                        sink.list(i, MAPPER.readTree(parser));
                    }
                    return;
                }
                parser.skipChildren();
            }
        }
    }
}
