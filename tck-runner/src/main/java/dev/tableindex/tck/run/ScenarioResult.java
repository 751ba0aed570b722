package dev.tableindex.tck.run;

import java.util.List;

/** One scenario's result: who it is (from its tags), what happened, and why. */
public record ScenarioResult(
        String id,
        String name,
        String uri,
        int line,
        String level,
        List<String> requires,
        List<String> spec,
        Outcome outcome,
        String message,
        String knownFailureReason) {
}
