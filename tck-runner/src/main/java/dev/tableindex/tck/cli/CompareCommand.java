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

/**
 * {@code tck compare OLD NEW}: what changed between two reports; fails when NEW fails something OLD did not.
 * A change is another outcome, for an OPEN scenario another recorded answer, and for a PASS another observation
 * (what a scenario recorded without judging it, e.g. a reader's plan beside the kit's): information, never a
 * failure, but a change for {@code --fail-on-change}. Input that is not a report (missing, a folder, not JSON, not
 * of the report schema, judging no scenario) is exit 2.
 */
@Command(name = "compare", mixinStandardHelpOptions = true,
        description = "List the scenarios whose outcome changed between two tck-report.json files; exit 1 on new failures.")
final class CompareCommand implements Callable<Integer> {
    private static final Set<String> FAILING = Set.of("FAIL", "UNEXPECTED_PASS", "ERROR");

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "OLD.")
    Path oldReport;

    @Parameters(index = "1", paramLabel = "NEW.")
    Path newReport;

    @picocli.CommandLine.Option(names = "--fail-on-change",
            description = "exit 1 on any changed outcome, not only new failures (two runs that must agree)")
    boolean failOnChange;

    @Override
    public Integer call() {
        Map<String, String> before = outcomes(TckReport.read(oldReport));
        Map<String, String> after = outcomes(TckReport.read(newReport));
        java.util.Set<String> ids = new java.util.TreeSet<>(dev.tableindex.tck.run.ScenarioIdOrder.INSTANCE);
        ids.addAll(before.keySet());
        ids.addAll(after.keySet());
        PrintWriter out = spec.commandLine().getOut();
        int newFailures = 0;
        int changes = 0;
        for (String id : ids) {
            String was = before.getOrDefault(id, "ABSENT");
            String now = after.getOrDefault(id, "ABSENT");
            if (was.equals(now)) {
                continue;
            }
            changes++;
            boolean worse = FAILING.contains(outcome(now)) && !FAILING.contains(outcome(was));
            newFailures += worse ? 1 : 0;
            String label = worse ? "NEW FAILURE" : now.equals("ABSENT") ? "removed    "
                    : !outcome(was).equals(outcome(now)) ? "changed    " : outcome(now).equals("PASS") ? "observed   " : "answer     ";
            out.printf("%s %-12s %s -> %s%n", label, id, was, now);
        }
        out.println(changes + " changed, " + newFailures + " new failures");
        return newFailures == 0 && !(failOnChange && changes > 0) ? 0 : TckCli.EXIT_FAILED_CHECKS;
    }

    /**
     * Each scenario's outcome; an OPEN scenario's with the engine's recorded answer and a PASS with what it observed,
     * which is what they are compared on.
     */
    private static Map<String, String> outcomes(JsonNode report) {
        Map<String, String> outcomes = new LinkedHashMap<>();
        report.path("scenarios").forEach(s -> {
            String outcome = s.path("outcome").asText();
            String message = s.path("message").asText();
            outcomes.put(s.path("id").asText(), outcome.equals("OPEN") ? "OPEN (" + message + ")"
                    : outcome.equals("PASS") && !message.isEmpty() ? "PASS (observed: " + message + ")" : outcome);
        });
        return outcomes;
    }

    private static String outcome(String shown) {
        int space = shown.indexOf(' ');
        return space < 0 ? shown : shown.substring(0, space);
    }
}
