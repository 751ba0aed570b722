package dev.tableindex.tck.matrix;

import dev.tableindex.tck.run.Outcome;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** How the matrix writes an outcome, and a set of outcomes, in one table cell (the same words in Markdown and HTML). */
final class Cells {
    /** After the passes, the outcomes a counts cell names, worst first. */
    private static final List<Outcome> NAMED = List.of(Outcome.FAIL, Outcome.ERROR, Outcome.UNEXPECTED_PASS,
            Outcome.ADVISORY_FAIL, Outcome.EXPECTED_FAIL, Outcome.OPEN, Outcome.UNSUPPORTED);

    private Cells() {
    }

    /** One scenario's outcome; empty when the report did not judge it. */
    static String outcome(Outcome outcome) {
        if (outcome == null) {
            return "";
        }
        return switch (outcome) {
            case PASS -> "pass";
            case FAIL -> "FAIL";
            case ADVISORY_FAIL -> "advisory";
            case EXPECTED_FAIL -> "known";
            case UNEXPECTED_PASS -> "unexpected pass";
            case UNSUPPORTED -> "–";
            case OPEN -> "open";
            case ERROR -> "ERROR";
        };
    }

    /**
     * Scenarios passed of those scored (not UNSUPPORTED, not OPEN), then the other outcomes by count:
     * {@code 37/69 · 32 known · 37 open · 4 unsupported}; "–" when the engine supports none of them, empty when it
     * judged none.
     */
    static String counts(Map<Outcome, Long> counts) {
        long total = counts.values().stream().mapToLong(Long::longValue).sum();
        long unsupported = counts.getOrDefault(Outcome.UNSUPPORTED, 0L);
        if (total == 0) {
            return "";
        }
        if (total == unsupported) {
            return "–";
        }
        long open = counts.getOrDefault(Outcome.OPEN, 0L);
        long scored = total - unsupported - open;
        List<String> parts = new ArrayList<>();
        if (scored > 0) {
            parts.add(counts.getOrDefault(Outcome.PASS, 0L) + "/" + scored);
        }
        for (Outcome outcome : NAMED) {
            long n = counts.getOrDefault(outcome, 0L);
            if (n > 0) {
                parts.add(n + " " + (outcome == Outcome.UNSUPPORTED ? "unsupported" : outcome(outcome)));
            }
        }
        return String.join(" · ", parts);
    }

    /**
     * The outcome a counts cell is coloured by: its worst scored one (a failure before a known one before a pass),
     * open only when nothing was scored.
     */
    static Outcome worst(Map<Outcome, Long> counts) {
        for (Outcome outcome : List.of(Outcome.ERROR, Outcome.FAIL, Outcome.UNEXPECTED_PASS, Outcome.ADVISORY_FAIL,
                Outcome.EXPECTED_FAIL, Outcome.PASS, Outcome.OPEN, Outcome.UNSUPPORTED)) {
            if (counts.getOrDefault(outcome, 0L) > 0) {
                return outcome;
            }
        }
        return null;
    }

    /** The column heading of an engine. */
    static String heading(ConformanceMatrix.Engine engine) {
        return engine.name() + " " + engine.version();
    }

    /** Where a {@code @spec} tag or a rule's spec points, from docs/conformance/. */
    static String specLink(String spec) {
        return "../../spec/" + spec;
    }
}
