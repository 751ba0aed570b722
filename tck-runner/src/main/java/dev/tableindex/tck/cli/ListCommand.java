package dev.tableindex.tck.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import dev.tableindex.tck.run.ScenarioTags;
import dev.tableindex.tck.run.SuiteIds;
import dev.tableindex.tck.run.TagSelection;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code tck list}: the runs of the suite (outline rows included) a tag expression selects, without running them. */
@Command(name = "list", mixinStandardHelpOptions = true,
        description = {"List the scenarios of the suite (each outline row on its own line) with their level, the "
                + "capabilities they require and their titles, without running anything.",
            "Exit 1 when the tag expression selects nothing."})
final class ListCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--tags", paramLabel = "EXPR",
            description = "Select with a Cucumber tag expression, as tck run does (it may name one outline row, "
                    + "'@id:AE-0041#3').")
    String tags;

    @Option(names = "--json", description = "Print one JSON array of {id, level, requires, open, file, line, title}.")
    boolean json;

    @Override
    public Integer call() throws Exception {
        List<SuiteIds.Run> runs = TagSelection.parse(tags).select(SuiteIds.bundled());
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
            ArrayNode list = mapper.createArrayNode();
            for (SuiteIds.Run run : runs) {
                ScenarioTags t = run.scenarioTags();
                var node = list.addObject().put("id", run.id()).put("level", t.level());
                t.requires().forEach(node.putArray("requires")::add);
                node.put("open", t.open()).put("file", run.file()).put("line", run.line()).put("title", run.name());
            }
            out.println(mapper.writeValueAsString(list));
        } else {
            int idWidth = runs.stream().mapToInt(r -> r.id().length()).max().orElse(0);
            for (SuiteIds.Run run : runs) {
                ScenarioTags t = run.scenarioTags();
                String requires = t.requires().isEmpty() ? "-" : String.join(",", t.requires());
                out.printf("%-" + idWidth + "s  %-6s  %-32s  %s%s%n", run.id(), t.level(), requires,
                        t.open() ? "(open) " : "", run.name());
            }
        }
        if (runs.isEmpty()) {
            spec.commandLine().getErr().println("no scenario matches " + (tags == null ? "the suite" : "--tags '" + tags + "'"));
            return TckCli.EXIT_FAILED_CHECKS;
        }
        return 0;
    }
}
