package dev.tableindex.tck.cli;

import dev.tableindex.tck.engine.Engines;
import dev.tableindex.tck.run.KnownFailures;
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
        description = "Run the TCK against an engine and write tck-report.json, JUnit XML and Cucumber HTML/JSON.")
final class RunCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--engine", defaultValue = "reference", paramLabel = "ENGINE",
            description = "an engine name (ServiceLoader provider) or cmd:<command> for an engine in another process"
                    + " (default: ${DEFAULT-VALUE})")
    String engine;

    @Option(names = "--tags", paramLabel = "EXPR", description = "Cucumber tag expression, e.g. '@requires:manifest.read and not @open'")
    String tags;

    @Option(names = "--known-failures", paramLabel = "FILE", description = "YAML list of known failures {id, reason, issue?, message_prefix?}")
    Path knownFailures;

    @Option(names = "--update-known-failures", description = "rewrite the known-failures file from this run's outcomes")
    boolean updateKnownFailures;

    @Option(names = "--report", paramLabel = "DIR", defaultValue = "target/tck-report",
            description = "where reports go (default: ${DEFAULT-VALUE})")
    Path reportDir;

    @Option(names = "--enforce-should", description = "let ADVISORY_FAIL fail the run too")
    boolean enforceShould;

    @Option(names = "--request-timeout", paramLabel = "SECONDS", defaultValue = "60",
            description = "how long one engine call may take (default: ${DEFAULT-VALUE})")
    long requestTimeoutSeconds;

    @Option(names = "--startup-timeout", paramLabel = "SECONDS", defaultValue = "300",
            description = "how long a cmd: engine may take to send its handshake (default: ${DEFAULT-VALUE})")
    long startupTimeoutSeconds;

    @Override
    public Integer call() {
        if (requestTimeoutSeconds <= 0 || startupTimeoutSeconds <= 0) {
            spec.commandLine().getErr().println("error: --request-timeout and --startup-timeout must be positive seconds, got "
                    + requestTimeoutSeconds + " and " + startupTimeoutSeconds);
            return TckCli.EXIT_BAD_INPUT;
        }
        try {
            TckReport report = TckRun.run(new TckRun.Options(engine, tags, knownFailures, reportDir, updateKnownFailures,
                    enforceShould, new Engines.Timeouts(Duration.ofSeconds(startupTimeoutSeconds),
                            Duration.ofSeconds(requestTimeoutSeconds)), Path.of("").toAbsolutePath()),
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
