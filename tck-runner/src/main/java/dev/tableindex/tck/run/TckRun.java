package dev.tableindex.tck.run;

import dev.tableindex.tck.api.TckEngine;
import dev.tableindex.tck.engine.Engines;
import dev.tableindex.tck.integrity.FeatureSuite;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
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
        KnownFailures known = options.knownFailures() == null ? KnownFailures.none()
                : KnownFailures.load(options.knownFailures());
        Path reportDir = options.reportDir().toAbsolutePath();
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
                LauncherFactory.create().execute(discovery(options.tags(), reportDir));
            } finally {
                RunContext.set(null);
            }
            Set<String> suiteIds = suiteIds();
            List<ScenarioResult> results = context.results().stream()
                    .sorted(Comparator.comparing(ScenarioResult::id)).toList();
            TckReport report = new TckReport(BuildInfo.current(), context.engineInfo(), options.engine(), started,
                    Instant.now(),
                    options.tags(), options.knownFailures() == null ? null : options.knownFailures().toString(),
                    results, known.staleIds(suiteIds), options.enforceShould());
            report.write(reportDir.resolve("tck-report.json"));
            if (options.updateKnownFailures() && options.knownFailures() != null) {
                KnownFailures.write(options.knownFailures(), known.updated(results, suiteIds));
                out.println("rewrote " + options.knownFailures());
            }
            report.staleKnownFailures().forEach(id -> out.println("known-failure entry " + id
                    + " names no scenario of this suite: remove it (or run with --update-known-failures)"));
            out.println("reports: " + reportDir);
            out.println(report.summaryLine());
            out.flush();
            return report;
        } finally {
            FileTrees.delete(scratch);
        }
    }

    private static LauncherDiscoveryRequest discovery(String tags, Path reportDir) {
        LauncherDiscoveryRequestBuilder request = LauncherDiscoveryRequestBuilder.request()
                .selectors(DiscoverySelectors.selectPackage(ClasspathTree.FEATURES.replace('/', '.')))
                .filters(EngineFilter.includeEngines("cucumber"))
                .configurationParameter("cucumber.glue", "dev.tableindex.tck.steps")
                .configurationParameter("cucumber.publish.quiet", "true")
                .configurationParameter("cucumber.plugin", String.join(", ",
                        OutcomePlugin.class.getName(),
                        "html:" + reportDir.resolve("cucumber.html"),
                        "json:" + reportDir.resolve("cucumber.json"),
                        "junit:" + reportDir.resolve("tck-junit.xml")));
        if (tags != null && !tags.isBlank()) {
            request.configurationParameter("cucumber.filter.tags", tags);
        }
        return request.build();
    }

    /** Every scenario id of the suite, whatever the tag filter ran. */
    static Set<String> suiteIds() {
        return FeatureSuite.load().scenarios().stream().map(FeatureSuite.TckScenario::id)
                .flatMap(Optional::stream).collect(Collectors.toSet());
    }
}
