package dev.tableindex.tck.run;

import dev.tableindex.tck.api.EngineInfo;
import dev.tableindex.tck.integrity.RulesCatalogue.Rule;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;

/**
 * What a run prints. Quiet by default: one progress line (done/total, failures so far) rewritten in place on a
 * terminal, then every failure in full (rule, statement, the input, what went wrong), then the summary line.
 * Verbose ({@code -v}): one line per scenario as it finishes as well. Nothing is cut short: every failure is
 * printed, however many there are.
 */
public final class Console {
    /** How much to print: every scenario ({@code verbose}), and a progress line (only on a terminal). */
    public record Mode(boolean verbose, boolean progress) {
        public static final Mode QUIET = new Mode(false, false);
    }

    /** A message on one line is cut to this many characters where a line per scenario is printed. */
    static final int LINE_MESSAGE = 300;

    private final PrintWriter out;
    private final Mode mode;
    private final int total;
    private int done;
    private int failing;
    private boolean progressShown;

    Console(PrintWriter out, Mode mode, int total) {
        this.out = out;
        this.mode = mode;
        this.total = total;
    }

    void header(EngineInfo engine, int threads) {
        out.println("TCK " + BuildInfo.kitVersion() + " against engine " + engine.name() + " " + engine.version()
                + " (capabilities " + engine.capabilities().stream().map(c -> c.id()).sorted().toList() + "), "
                + total + (total == 1 ? " scenario" : " scenarios") + (threads > 1 ? ", " + threads + " at a time" : ""));
        out.flush();
    }

    synchronized void finished(ScenarioResult result) {
        done++;
        if (fails(result.outcome())) {
            failing++;
        }
        if (mode.verbose()) {
            clearProgress();
            out.printf("  %-15s %-10s %s%n", result.outcome(), result.id(), result.name());
            if (result.outcome() != Outcome.PASS && result.message() != null && !result.message().isEmpty()) {
                out.printf("  %-15s %-10s └ %s%n", "", "", cut(oneLine(result.message())));
            }
        }
        if (mode.progress()) {
            out.print("\r" + done + "/" + total + " scenarios, " + failing + (failing == 1 ? " failure" : " failures"));
            progressShown = true;
        }
        out.flush();
    }

    void line(String text) {
        clearProgress();
        out.println(text);
        out.flush();
    }

    /** Every failure in full, the stale known-failure entries, where the reports are, and the summary line. */
    void summary(TckReport report, Path reportDir) {
        clearProgress();
        List<ScenarioResult> failures = report.scenarios().stream().filter(s -> fails(s.outcome())).toList();
        if (!failures.isEmpty()) {
            out.println();
            out.println("what failed (" + failures.size() + "):");
            failures.forEach(this::detail);
        }
        report.staleKnownFailures().forEach(id -> out.println("known-failure entry " + id
                + " names no scenario of this suite: remove it (or run with --update-known-failures)"));
        out.println("reports: " + reportDir + " (tck-report.html, tck-report.json, tck-junit.xml)");
        out.println(report.summaryLine());
        out.flush();
    }

    /** What the console and the HTML report list as failed: a run-failing outcome, or a should not met. */
    static boolean fails(Outcome outcome) {
        return outcome.failsRun() || outcome == Outcome.ADVISORY_FAIL;
    }

    private void detail(ScenarioResult s) {
        out.println();
        out.printf("%s %s  %s%n", s.outcome(), s.id(), s.name());
        for (Rule rule : ScenarioRules.bundled().of(s.id())) {
            out.printf("  rule      %s (%s, %s): %s%n", rule.id(), rule.level().label(), rule.spec(), oneLine(rule.statement()));
        }
        if (ScenarioRules.bundled().of(s.id()).isEmpty() && !s.spec().isEmpty()) {
            out.printf("  spec      %s%n", String.join(", ", s.spec()));
        }
        out.printf("  input     %s%n", ScenarioInput.describe(s));
        String[] gotAndExpected = gotAndExpected(oneLine(s.message() == null ? "" : s.message()));
        if (gotAndExpected.length == 2) {
            out.printf("  expected  %s%n", gotAndExpected[1]);
        }
        out.printf("  got       %s%n", gotAndExpected[0]);
        if (s.knownFailureReason() != null) {
            out.printf("  listed    as a known failure: %s%n", oneLine(s.knownFailureReason()));
        }
    }

    /**
     * The kit's messages say what the engine did, then "{@code : expected …}" (or "{@code ; expected …}"): the two
     * parts, what was got first; a message without that shape (an engine's own error, an exception) is all got.
     */
    static String[] gotAndExpected(String message) {
        int colon = message.indexOf(": expected ");
        int semicolon = message.indexOf("; expected ");
        int at = colon < 0 ? semicolon : semicolon < 0 ? colon : Math.min(colon, semicolon);
        if (at <= 0) {
            return new String[] {message};
        }
        return new String[] {message.substring(0, at), message.substring(at + ": expected ".length())};
    }

    private void clearProgress() {
        if (progressShown) {
            out.print("\r" + " ".repeat(60) + "\r");
            progressShown = false;
        }
    }

    /** A message on one line (whitespace runs, newlines included, become one space). */
    public static String oneLine(String message) {
        return message.replaceAll("\\s+", " ").strip();
    }

    /** A console line cut to a length a reader takes in (a message may carry input of any size). */
    public static String cut(String line) {
        return line.length() > LINE_MESSAGE ? line.substring(0, LINE_MESSAGE) + "…" : line;
    }
}
