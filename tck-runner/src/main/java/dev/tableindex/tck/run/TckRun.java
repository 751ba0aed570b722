package dev.tableindex.tck.run;

import dev.tableindex.tck.api.TckEngine;
import dev.tableindex.tck.engine.Engines;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import org.junit.platform.engine.discovery.DiscoverySelectors;
import org.junit.platform.launcher.EngineFilter;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;

/**
 * One run of the TCK against one engine: starts the engine, runs the scenarios (Cucumber on the
 * JUnit Platform), applies known failures, writes the reports and decides the verdict. Both entry
 * points ({@code tck run} and {@code mvn verify}) come here.
 */
public final class TckRun {
    /** What to run against what. */
    public record Options(String engine, String tags, Path knownFailures, Path reportDir,
                          boolean updateKnownFailures, boolean enforceShould, Engines.Timeouts timeouts,
                          Path workingDirectory) {
    }

    private TckRun() {
    }

    public static TckReport run(Options options, PrintWriter out) {
        TagSelection selection = TagSelection.parse(options.tags());
        KnownFailures known = options.knownFailures() == null ? KnownFailures.none()
                : options.updateKnownFailures() ? KnownFailures.loadOrEmpty(options.knownFailures())
                : KnownFailures.load(options.knownFailures());
        Path reportDir = options.reportDir().toAbsolutePath();
        checkWritable(reportDir);
        Path scratch = reportDir.resolve("scratch");
        FileTrees.delete(scratch);
        Instant started = Instant.now();
        try (TckEngine engine = Engines.start(options.engine(), options.workingDirectory(), options.timeouts())) {
            RunContext context = new RunContext(engine, new GoldenStore(scratch), known, out);
            out.println("TCK " + BuildInfo.current().version() + " against engine " + context.engineInfo().name()
                    + " " + context.engineInfo().version() + " (capabilities "
                    + context.engineInfo().capabilities().stream().map(c -> c.id()).sorted().toList() + ")");
            RunContext.set(context);
            try {
                LauncherFactory.create().execute(discovery(selection, reportDir));
            } finally {
                RunContext.set(null);
            }
            SuiteIds suiteIds = SuiteIds.bundled();
            List<ScenarioResult> results = context.results().stream()
                    .sorted(Comparator.comparing(ScenarioResult::id, ScenarioIdOrder.INSTANCE)).toList();
            TckReport report = new TckReport(BuildInfo.current(), context.engineInfo(), options.engine(), started,
                    Instant.now(),
                    options.tags(), options.knownFailures() == null ? null : options.knownFailures().toString(),
                    results, known.staleIds(suiteIds), options.enforceShould());
            report.write(reportDir.resolve("tck-report.json"));
            JUnitReport.write(report, reportDir.resolve("tck-junit.xml"));
            if (options.updateKnownFailures() && options.knownFailures() != null) {
                KnownFailures.write(options.knownFailures(), known.updated(results, suiteIds));
                out.println("rewrote " + options.knownFailures());
            }
            report.staleKnownFailures().forEach(id -> out.println("known-failure entry " + id
                    + " names no scenario of this suite: remove it (or run with --update-known-failures)"));
            List<ScenarioResult> failing = results.stream().filter(r -> r.outcome().failsRun()
                    || r.outcome() == Outcome.ADVISORY_FAIL).toList();
            if (!failing.isEmpty()) {
                out.println("what failed (" + failing.size() + "):");
                failing.stream().limit(50).forEach(r -> out.printf("  %-15s %-10s %s%n", r.outcome(), r.id(),
                        RunContext.consoleMessage(r.message() == null ? "" : r.message())));
                if (failing.size() > 50) {
                    out.println("  … and " + (failing.size() - 50) + " more in tck-report.json");
                }
            }
            out.println("reports: " + reportDir);
            out.println(report.summaryLine());
            out.flush();
            return report;
        } finally {
            FileTrees.delete(scratch);
        }
    }

    /** Up to this many selected runs are chosen by their lines rather than by Cucumber's tag filter. */
    static final int LINE_SELECTION_LIMIT = 64;

    /** A report folder that cannot be written is found before the run, not after it. */
    static void checkWritable(Path reportDir) {
        try {
            java.nio.file.Files.createDirectories(reportDir);
            java.nio.file.Files.delete(java.nio.file.Files.createTempFile(reportDir, ".tck-probe", ""));
        } catch (java.io.IOException | SecurityException e) {
            throw new IllegalArgumentException("the report folder " + reportDir + " cannot be written ("
                    + e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage()) + ")");
        }
    }

    private static LauncherDiscoveryRequest discovery(TagSelection selection, Path reportDir) {
        LauncherDiscoveryRequestBuilder request = LauncherDiscoveryRequestBuilder.request();
        List<SuiteIds.Run> selected = selection.all() ? List.of() : selection.select(SuiteIds.bundled());
        // Cucumber's tag filter cannot see row ids, and it parses (and the HTML report embeds) every feature file even
        // for one scenario: a few chosen runs are selected by their lines instead, which keeps the edit-and-retest
        // loop of one scenario short (docs/benchmarks.md)
        if (selection.namesRows() || (!selection.all() && selected.size() <= LINE_SELECTION_LIMIT)) {
            selected.forEach(run -> request.selectors(DiscoverySelectors.selectClasspathResource(
                    ClasspathTree.SUITE + run.file(), org.junit.platform.engine.discovery.FilePosition.from(run.line()))));
        } else {
            request.selectors(DiscoverySelectors.selectPackage(ClasspathTree.FEATURES.replace('/', '.')));
            if (!selection.all()) {
                request.configurationParameter("cucumber.filter.tags", selection.text());
            }
        }
        request.filters(EngineFilter.includeEngines("cucumber"))
                .configurationParameter("cucumber.glue", "dev.tableindex.tck.steps")
                .configurationParameter("cucumber.publish.quiet", "true")
                .configurationParameter("cucumber.plugin", String.join(", ",
                        OutcomePlugin.class.getName(),
                        "html:" + reportDir.resolve("cucumber.html"),
                        "json:" + reportDir.resolve("cucumber.json")));
        return request.build();
    }

}
