package dev.tableindex.tck.cli;

import dev.tableindex.tck.engine.Engines;
import dev.tableindex.tck.run.Console;
import dev.tableindex.tck.run.HeadStart;
import dev.tableindex.tck.run.KnownFailures;
import dev.tableindex.tck.run.ScenarioThreads;
import dev.tableindex.tck.run.SuiteIds;
import dev.tableindex.tck.run.TckReport;
import dev.tableindex.tck.run.TckRun;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code tck run}: the whole TCK (or a tag selection) against one engine. Exit 0 only when the run passes. */
@Command(name = "run", mixinStandardHelpOptions = true,
        description = {"Run the TCK against an engine and write its reports: tck-report.json, tck-report.html and "
                + "tck-junit.xml (Cucumber's own HTML and JSON with --cucumber-reports).",
            "It prints a progress line on a terminal, then every failure with its rule, statement and input, then "
                + "the summary line; -v prints every scenario as it finishes.",
            "Exit 0 when the run passes, 1 when it fails, 2 on bad input."})
final class RunCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--engine", defaultValue = "reference", paramLabel = "ENGINE",
            description = "The engine: a name (a ServiceLoader provider) or cmd:<command> for an engine in another "
                    + "process that speaks the protocol (default: ${DEFAULT-VALUE}).")
    String engine;

    @Option(names = "--tags", paramLabel = "EXPR",
            description = "Run only what a Cucumber tag expression selects, e.g. '@requires:manifest.read and not @open';"
                    + " it may name one outline row, '@id:AE-0041#3'.")
    String tags;

    @Option(names = "--rerun-failed", paramLabel = "REPORT.json",
            description = "Run only the scenarios that failed in an earlier report (FAIL, ADVISORY_FAIL, "
                    + "UNEXPECTED_PASS, ERROR), within --tags if given.")
    Path rerunFailed;

    @Option(names = "--known-failures", paramLabel = "FILE",
            description = "A YAML list of known failures, each {id, reason, issue?, message_prefix?}.")
    Path knownFailures;

    @Option(names = "--update-known-failures",
            description = "Rewrite the known-failures file from this run's outcomes.")
    boolean updateKnownFailures;

    @Option(names = "--report", paramLabel = "DIR", defaultValue = "target/tck-report",
            description = "Where the reports go (default: ${DEFAULT-VALUE}).")
    Path reportDir;

    @Option(names = "--enforce-should", description = "Let ADVISORY_FAIL fail the run too.")
    boolean enforceShould;

    @Option(names = {"-v", "--verbose"}, description = "Print every scenario as it finishes.")
    boolean verbose;

    @Option(names = "--cucumber-reports",
            description = "Write Cucumber's own cucumber.html and cucumber.json as well (about 16 MB for the whole suite).")
    boolean cucumberReports;

    @Option(names = "--log-protocol", paramLabel = "FILE",
            description = "Write every protocol line a cmd: engine was sent ('> ') and answered ('< '), each scenario "
                    + "announced by a '# <id> <title>' line, so a request can be replayed with echo '<line>' | <command>.")
    Path logProtocol;

    @Option(names = "--threads", paramLabel = "N|auto", defaultValue = "auto",
            description = "How many scenarios run at once: auto (the default) is one per core for the in-process "
                    + "reference engine and one for any other engine; a number asks for that many (more than one "
                    + "only for an engine in this JVM that takes calls from several threads at once).")
    String threads;

    @Option(names = "--request-timeout", paramLabel = "SECONDS", defaultValue = "60",
            description = "How long one engine call may take (default: ${DEFAULT-VALUE}).")
    long requestTimeoutSeconds;

    @Option(names = "--startup-timeout", paramLabel = "SECONDS", defaultValue = "300",
            description = "How long a cmd: engine may take to send its handshake (default: ${DEFAULT-VALUE}).")
    long startupTimeoutSeconds;

    /**
     * Begins reading the suite's scenario ids on the head-start thread, which every run needs first: called before
     * picocli builds this command's options from its annotations, which takes about as long on the main thread.
     */
    static void beginReadingTheSuite() {
        HeadStart.begin(SuiteIds::bundled);
    }

    @Override
    public Integer call() {
        if (requestTimeoutSeconds <= 0 || startupTimeoutSeconds <= 0) {
            spec.commandLine().getErr().println("error: --request-timeout and --startup-timeout must be positive seconds, got "
                    + requestTimeoutSeconds + " and " + startupTimeoutSeconds);
            return TckCli.EXIT_BAD_INPUT;
        }
        try {
            java.util.Set<String> onlyIds = rerunFailed == null ? null : RerunFailed.ids(rerunFailed);
            TckReport report = TckRun.run(new TckRun.Options(engine, tags, knownFailures, reportDir, updateKnownFailures,
                    enforceShould, new Engines.Timeouts(Duration.ofSeconds(startupTimeoutSeconds),
                            Duration.ofSeconds(requestTimeoutSeconds)), Path.of("").toAbsolutePath(), onlyIds,
                    new Console.Mode(verbose, System.console() != null), cucumberReports, logProtocol,
                    ScenarioThreads.parse(threads)),
                    spec.commandLine().getOut());
            return report.passed() ? 0 : TckCli.EXIT_FAILED_CHECKS;
        } catch (KnownFailures.Invalid | IllegalArgumentException e) {
            spec.commandLine().getErr().println("error: " + e.getMessage());
            return TckCli.EXIT_BAD_INPUT;
        } catch (dev.tableindex.tck.api.EngineBroken e) {
            spec.commandLine().getErr().println("error: the engine could not be started: " + e.getMessage());
            return TckCli.EXIT_BAD_INPUT;
        }
    }
}
