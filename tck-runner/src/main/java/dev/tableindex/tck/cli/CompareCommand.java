package dev.tableindex.tck.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tableindex.tck.run.TckReport;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code tck compare OLD NEW}: what changed between two reports; fails when NEW fails something OLD did not. */
@Command(name = "compare", mixinStandardHelpOptions = true,
        description = "List the scenarios whose outcome changed between two tck-report.json files; exit 1 on new failures.")
final class CompareCommand implements Callable<Integer> {
    private static final Set<String> FAILING = Set.of("FAIL", "UNEXPECTED_PASS", "ERROR");

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "OLD")
    Path oldReport;

    @Parameters(index = "1", paramLabel = "NEW")
    Path newReport;

    @picocli.CommandLine.Option(names = "--fail-on-change",
            description = "exit 1 on any changed outcome, not only new failures (two runs that must agree)")
    boolean failOnChange;

    @Override
    public Integer call() {
        Map<String, String> before = outcomes(TckReport.read(oldReport));
        Map<String, String> after = outcomes(TckReport.read(newReport));
        PrintWriter out = spec.commandLine().getOut();
        int newFailures = 0;
        int changes = 0;
        for (Map.Entry<String, String> scenario : after.entrySet()) {
            String was = before.getOrDefault(scenario.getKey(), "ABSENT");
            if (!was.equals(scenario.getValue())) {
                changes++;
                boolean worse = FAILING.contains(scenario.getValue()) && !FAILING.contains(was);
                newFailures += worse ? 1 : 0;
                out.printf("%s %-12s %s -> %s%n", worse ? "NEW FAILURE" : "changed    ", scenario.getKey(), was, scenario.getValue());
            }
        }
        for (String gone : before.keySet()) {
            if (!after.containsKey(gone)) {
                changes++;
                out.printf("removed     %-12s %s -> ABSENT%n", gone, before.get(gone));
            }
        }
        out.println(changes + " changed, " + newFailures + " new failures");
        return newFailures == 0 && !(failOnChange && changes > 0) ? 0 : TckCli.EXIT_FAILED_CHECKS;
    }

    private static Map<String, String> outcomes(JsonNode report) {
        Map<String, String> outcomes = new LinkedHashMap<>();
        report.path("scenarios").forEach(s -> outcomes.put(s.path("id").asText(), s.path("outcome").asText()));
        return outcomes;
    }
}
