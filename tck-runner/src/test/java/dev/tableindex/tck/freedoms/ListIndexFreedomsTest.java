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
 * "No scenario fails (at any level) an engine that uses a freedom the spec gives": every scenario of a list element
 * index committed to a table (LEI11) passes for {@link FreeListIndexTables}, which writes host-prefixed type URLs
 * and pages of its own size.
 */
class ListIndexFreedomsTest {
    @TempDir
    Path reports;

    @Test
    void aWriterUsingTheFreedomsOfTheListElementIndexPassesEveryCommittedIndexScenario() {
        TckReport report = TckRun.run(new TckRun.Options(FreeListIndexTables.NAME,
                        "@requires:table.list_element_index and not @open", null, reports, false, false,
                        new Engines.Timeouts(Duration.ofSeconds(60), Duration.ofSeconds(30)),
                        Path.of(System.getProperty("tck.workdir", "."))),
                new PrintWriter(PrintWriter.nullWriter()));
        List<ScenarioResult> notPassed = report.scenarios().stream().filter(r -> r.outcome() != Outcome.PASS).toList();
        assertThat(report.scenarios()).hasSizeGreaterThanOrEqualTo(5);
        assertThat(notPassed).as("scenarios a freedom of the list element index fails").isEmpty();
    }
}
