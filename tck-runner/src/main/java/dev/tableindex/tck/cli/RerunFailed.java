package dev.tableindex.tck.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tableindex.tck.run.Outcome;
import dev.tableindex.tck.run.TckReport;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.Set;

/** {@code tck run --rerun-failed REPORT.json}: the run ids an earlier report lists as failed. */
final class RerunFailed {
    private static final Set<String> FAILED = Set.of(Outcome.FAIL.name(), Outcome.ADVISORY_FAIL.name(),
            Outcome.UNEXPECTED_PASS.name(), Outcome.ERROR.name());

    private RerunFailed() {
    }

    static Set<String> ids(Path report) {
        JsonNode read = TckReport.read(report);
        Set<String> ids = new LinkedHashSet<>();
        for (JsonNode scenario : read.path("scenarios")) {
            if (FAILED.contains(scenario.path("outcome").asText())) {
                ids.add(scenario.path("id").asText());
            }
        }
        if (ids.isEmpty()) {
            throw new IllegalArgumentException(report + ": no scenario failed in that run, so there is nothing to rerun");
        }
        return ids;
    }
}
