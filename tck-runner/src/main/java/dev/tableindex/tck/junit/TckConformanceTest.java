package dev.tableindex.tck.junit;

import dev.tableindex.tck.engine.Engines;
import dev.tableindex.tck.run.Outcome;
import dev.tableindex.tck.run.ScenarioResult;
import dev.tableindex.tck.run.TckReport;
import dev.tableindex.tck.run.TckRun;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The TCK as one JUnit test, for {@code mvn verify}: extend it in your test sources
 * ({@code class MyEngineTckTest extends TckConformanceTest {}}) and select the engine and options
 * with system properties:
 *
 * <ul>
 *   <li>{@code tck.engine}: an engine name (your {@code TckEngineProvider}) or {@code cmd:<command>};</li>
 *   <li>{@code tck.knownFailures}: a known-failures YAML file;</li>
 *   <li>{@code tck.tags}: a Cucumber tag expression;</li>
 *   <li>{@code tck.report}: the report folder (default {@code target/tck-report});</li>
 *   <li>{@code tck.workdir}: where {@code cmd:} engines start (default: the current folder);</li>
 *   <li>{@code tck.enforceShould}, {@code tck.updateKnownFailures}: {@code true} to turn them on.</li>
 * </ul>
 *
 * The test fails exactly when {@code tck run} would exit non-zero, and says which scenarios made it
 * fail.
 */
public abstract class TckConformanceTest {

    /** The engine to use when {@code tck.engine} is not set; override to default to your own. */
    protected String defaultEngine() {
        return "reference";
    }

    @Test
    void theEnginePassesTheTck() {
        TckRun.Options options = new TckRun.Options(
                property("tck.engine", defaultEngine()),
                property("tck.tags", null),
                pathProperty("tck.knownFailures"),
                Path.of(property("tck.report", "target/tck-report")),
                Boolean.parseBoolean(property("tck.updateKnownFailures", "false")),
                Boolean.parseBoolean(property("tck.enforceShould", "false")),
                new Engines.Timeouts(Duration.ofSeconds(Long.parseLong(property("tck.startupTimeout", "300"))),
                        Duration.ofSeconds(Long.parseLong(property("tck.requestTimeout", "60")))),
                Path.of(property("tck.workdir", ".")).toAbsolutePath());
        TckReport report = TckRun.run(options, new PrintWriter(System.out, true));
        if (!report.passed()) {
            String failures = report.scenarios().stream()
                    .filter(s -> s.outcome().failsRun() || options.enforceShould() && s.outcome() == Outcome.ADVISORY_FAIL)
                    .map(TckConformanceTest::line).collect(Collectors.joining("\n"));
            String stale = report.staleKnownFailures().isEmpty() ? ""
                    : "\nstale known-failure entries: " + report.staleKnownFailures();
            throw new AssertionError(report.summaryLine() + "\n" + failures + stale);
        }
    }

    private static String line(ScenarioResult s) {
        return "  " + s.outcome() + " " + s.id() + " " + s.name() + ": " + s.message();
    }

    /** A system property, with empty treated as absent (Maven passes unset properties as ""). */
    private static String property(String name, String fallback) {
        String value = System.getProperty(name);
        return value == null || value.isBlank() ? fallback : value;
    }

    private static Path pathProperty(String name) {
        String value = property(name, null);
        return value == null ? null : Path.of(value);
    }
}
