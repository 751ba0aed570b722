package dev.tableindex.tck.freedoms;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tableindex.tck.engine.Engines;
import dev.tableindex.tck.run.Outcome;
import dev.tableindex.tck.run.ScenarioResult;
import dev.tableindex.tck.run.TckReport;
import dev.tableindex.tck.run.TckRun;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * "No scenario fails an engine that uses a freedom the draft gives": every scored scenario of the index data and
 * query capabilities passes for {@link FreeIcebergEngine}, which names its files its own way, writes other formats
 * than asked, reuses range files, adds optional metrics, uses the last matching index snapshot, ignores a lagging
 * index and answers with file: URIs.
 */
class IcebergFreedomsTest {
    @TempDir
    Path reports;

    @Test
    void anEngineUsingTheDraftsFreedomsPassesEveryIndexDataAndQueryScenario() {
        TckReport report = TckRun.run(new TckRun.Options(FreeIcebergEngine.NAME,
                        "(@requires:iceberg_index.build or @requires:iceberg_index.query or @requires:iceberg_index.encryption)"
                                + " and not @open", null, reports, false, false,
                        new Engines.Timeouts(Duration.ofSeconds(60), Duration.ofSeconds(30)),
                        Path.of(System.getProperty("tck.workdir", "."))),
                new PrintWriter(PrintWriter.nullWriter()));
        List<ScenarioResult> notPassed = report.scenarios().stream().filter(r -> r.outcome() != Outcome.PASS).toList();
        assertThat(report.scenarios()).hasSizeGreaterThan(100);
        assertThat(notPassed).as("scenarios a freedom of the draft fails").isEmpty();
    }
}
