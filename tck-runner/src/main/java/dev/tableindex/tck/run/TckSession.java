package dev.tableindex.tck.run;

import dev.tableindex.tck.api.TckEngine;
import dev.tableindex.tck.engine.Engines;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import org.junit.platform.engine.discovery.DiscoverySelectors;
import org.junit.platform.engine.discovery.FilePosition;
import org.junit.platform.launcher.EngineFilter;
import org.junit.platform.launcher.LauncherDiscoveryRequest;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;

/**
 * One engine under test, started, and the runs of the suite chosen for it: {@link #execute} runs them (Cucumber on
 * the JUnit Platform, once, in this thread or, with {@link ScenarioThreads} of more than one, on that many) and tells
 * a {@link Listener} as each one starts and finishes; {@link #finish} applies the rest (stale known failures), writes
 * the reports and prints the summary. The kit's JUnit engine ({@code dev.tableindex.tck.junit}) drives it, for
 * {@code tck run} and for {@code mvn verify} alike.
 */
public final class TckSession implements AutoCloseable {

    /**
     * Hears each run start and finish (known failures applied), in the thread that runs it. Calls never overlap, also
     * when scenarios run on several threads: a listener keeps its own state without locks.
     */
    public interface Listener {
        void started(SuiteIds.Run run);

        void finished(SuiteIds.Run run, ScenarioResult result);
    }

    private final TckRun.Options options;
    private final TagSelection selection;
    private final List<SuiteIds.Run> selected;
    private final KnownFailures known;
    private final Path reportDir;
    private final Path scratch;
    private final Console console;
    private final Instant started = Instant.now();
    private final dev.tableindex.tck.engine.ProtocolLog protocolLog;
    private final TckEngine engine;
    private final RunContext context;
    /** How many scenarios run at once (decision 0147). */
    private final int threads;
    /** What the reports need at the end, read while scenarios run (HeadStart). */
    private final HeadStart.Ahead<BuildInfo> buildInfo = HeadStart.begin(BuildInfo::current);
    private final HeadStart.Ahead<ScenarioRules> rules = HeadStart.begin(ScenarioRules::bundled);
    private TckReport report;

    private TckSession(TckRun.Options options, PrintWriter out) {
        this.options = options;
        this.selection = TagSelection.parse(options.tags());
        this.selected = selectedRuns(options);
        this.known = options.knownFailures() == null ? KnownFailures.none()
                : options.updateKnownFailures() ? KnownFailures.loadOrEmpty(options.knownFailures())
                : KnownFailures.load(options.knownFailures());
        this.reportDir = options.reportDir().toAbsolutePath();
        TckRun.checkWritable(reportDir);
        this.threads = options.threads().resolve(options.engine());
        // golden datasets copied out for engines to read: in the temporary folder, which ./tck puts on a tmpfs where
        // there is one (docs/benchmarks.md, "Scratch files"), not beside the reports
        this.scratch = FileTrees.newTemporaryFolder("tck-run-");
        this.console = new Console(out, options.console(), selected.size());
        this.protocolLog = dev.tableindex.tck.engine.ProtocolLog.to(options.protocolLog());
        this.engine = Engines.start(options.engine(), options.workingDirectory(), options.timeouts(), protocolLog);
        this.context = new RunContext(engine, new GoldenStore(scratch), known, selected);
        console.header(context.engineInfo(), threads);
    }

    /**
     * Starts the engine for a run with these options; refuses bad options (a malformed tag expression, an unreadable
     * known-failures file, a report folder that cannot be written) before anything runs.
     */
    public static TckSession open(TckRun.Options options, PrintWriter out) {
        return new TckSession(options, out);
    }

    /** The runs the options choose: by tag expression, narrowed to {@code onlyIds} when given. */
    public static List<SuiteIds.Run> selectedRuns(TckRun.Options options) {
        List<SuiteIds.Run> runs = TagSelection.parse(options.tags()).select(SuiteIds.bundled());
        return options.onlyIds() == null ? runs : runs.stream().filter(r -> options.onlyIds().contains(r.id())).toList();
    }

    public List<SuiteIds.Run> selected() {
        return selected;
    }

    public TckRun.Options options() {
        return options;
    }

    /** Stale known-failure entries (they name nothing of the suite): each fails the run. */
    public List<String> staleKnownFailures() {
        return known.staleIds(SuiteIds.bundled());
    }

    /** Runs {@code runs} (a part of {@link #selected}, or all of it), once each, telling {@code listener}. */
    public void execute(List<SuiteIds.Run> runs, Listener listener) {
        if (runs.isEmpty()) {
            return;
        }
        context.listen(new Listener() {
            @Override
            public synchronized void started(SuiteIds.Run run) {
                protocolLog.note(run.id() + " " + run.name());
                listener.started(run);
            }

            @Override
            public synchronized void finished(SuiteIds.Run run, ScenarioResult result) {
                console.finished(result);
                listener.finished(run, result);
            }
        });
        RunContext.set(context);
        try {
            LauncherFactory.create().execute(discovery(runs));
        } finally {
            RunContext.set(null);
        }
    }

    /** The report of what ran: written (JSON, HTML, and Cucumber's own when asked), known failures rewritten if asked. */
    public TckReport finish() {
        if (report != null) {
            return report;
        }
        SuiteIds suiteIds = SuiteIds.bundled();
        List<ScenarioResult> results = context.results().stream()
                .sorted(Comparator.comparing(ScenarioResult::id, ScenarioIdOrder.INSTANCE)).toList();
        rules.get(); // HtmlReport reads them: any trouble reading the catalogue surfaces here, as it would there
        report = new TckReport(buildInfo.get(), context.engineInfo(), options.engine(), started, Instant.now(),
                options.tags(), options.knownFailures() == null ? null : options.knownFailures().toString(),
                results, known.staleIds(suiteIds), options.enforceShould());
        report.write(reportDir.resolve("tck-report.json"));
        HtmlReport.write(report, reportDir);
        if (options.updateKnownFailures() && options.knownFailures() != null) {
            KnownFailures.write(options.knownFailures(), known.updated(results, suiteIds));
            console.line("rewrote " + options.knownFailures());
        }
        console.summary(report, reportDir);
        return report;
    }

    @Override
    public void close() {
        try {
            engine.close();
        } catch (Exception e) {
            // the engine's own trouble at shutdown changes no verdict
        } finally {
            protocolLog.close();
            FileTrees.delete(scratch);
        }
    }

    /** Up to this many selected runs are chosen by their lines rather than by Cucumber's tag filter. */
    static final int LINE_SELECTION_LIMIT = 64;

    private LauncherDiscoveryRequest discovery(List<SuiteIds.Run> runs) {
        LauncherDiscoveryRequestBuilder request = LauncherDiscoveryRequestBuilder.request();
        boolean everything = runs.size() == SuiteIds.bundled().runs().size();
        boolean subset = runs.size() < selected.size() || options.onlyIds() != null;
        // Cucumber's tag filter cannot see row ids, and it parses (and its HTML report embeds) every feature file even
        // for one scenario: a few chosen runs are selected by their lines instead, which keeps the edit-and-retest
        // loop of one scenario short (docs/benchmarks.md)
        if (!everything && (subset || selection.namesRows() || runs.size() <= LINE_SELECTION_LIMIT)) {
            runs.forEach(run -> request.selectors(SuiteFiles.selector(run)));
        } else {
            request.selectors(SuiteFiles.featuresSelector());
            if (!everything) {
                request.configurationParameter("cucumber.filter.tags", selection.text());
            }
        }
        String plugins = OutcomePlugin.class.getName();
        if (options.cucumberReports()) {
            plugins += ", html:" + reportDir.resolve("cucumber.html") + ", json:" + reportDir.resolve("cucumber.json");
        }
        if (threads > 1) {
            // JUnit's fork-join executor, held to exactly this many threads (Cucumber's own "fixed" strategy)
            String n = Integer.toString(threads);
            request.configurationParameter("cucumber.execution.parallel.enabled", "true")
                    .configurationParameter("cucumber.execution.parallel.config.strategy", "fixed")
                    .configurationParameter("cucumber.execution.parallel.config.fixed.parallelism", n)
                    .configurationParameter("cucumber.execution.parallel.config.fixed.max-pool-size", n);
        }
        request.filters(EngineFilter.includeEngines("cucumber"))
                .configurationParameter("cucumber.glue", "dev.tableindex.tck.steps")
                .configurationParameter("cucumber.publish.quiet", "true")
                .configurationParameter("cucumber.plugin", plugins);
        return request.build();
    }

    /** Where Cucumber finds the suite's feature files: on the class path, or in the folder {@code tck.suite} names. */
    static final class SuiteFiles {
        private SuiteFiles() {
        }

        static org.junit.platform.engine.DiscoverySelector selector(SuiteIds.Run run) {
            FilePosition line = FilePosition.from(run.line());
            return ClasspathTree.suiteOverride()
                    .<org.junit.platform.engine.DiscoverySelector>map(dir ->
                            DiscoverySelectors.selectFile(dir.resolve(run.file()).toFile(), line))
                    .orElseGet(() -> DiscoverySelectors.selectClasspathResource(ClasspathTree.SUITE + run.file(), line));
        }

        static org.junit.platform.engine.DiscoverySelector featuresSelector() {
            return ClasspathTree.suiteOverride()
                    .<org.junit.platform.engine.DiscoverySelector>map(dir ->
                            DiscoverySelectors.selectDirectory(dir.resolve("features").toFile()))
                    .orElseGet(() -> DiscoverySelectors.selectPackage(ClasspathTree.FEATURES.replace('/', '.')));
        }
    }
}
