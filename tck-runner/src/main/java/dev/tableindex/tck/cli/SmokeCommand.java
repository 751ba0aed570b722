package dev.tableindex.tck.cli;

import dev.tableindex.tck.api.EngineBroken;
import dev.tableindex.tck.engine.Engines;
import dev.tableindex.tck.run.Console;
import dev.tableindex.tck.run.Smoke;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code tck smoke --engine E}: handshake and one known-answer request per declared capability, in seconds. */
@Command(name = "smoke", mixinStandardHelpOptions = true,
        description = "Check in seconds that an engine speaks: its handshake, then one known-answer request per"
                + " declared capability (exit 0 when all answer right; the TCK run is the verdict).")
final class SmokeCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--engine", required = true, paramLabel = "ENGINE", description = "An engine name or cmd:<command>.")
    String engine;

    @Option(names = "--request-timeout", paramLabel = "SECONDS", defaultValue = "10",
            description = "How long one request may take (default: ${DEFAULT-VALUE}).")
    long requestTimeoutSeconds;

    @Option(names = "--startup-timeout", paramLabel = "SECONDS", defaultValue = "60",
            description = "How long the engine may take to send its handshake (default: ${DEFAULT-VALUE}).")
    long startupTimeoutSeconds;

    @Override
    public Integer call() {
        if (requestTimeoutSeconds <= 0 || startupTimeoutSeconds <= 0) {
            spec.commandLine().getErr().println("error: --request-timeout and --startup-timeout must be positive seconds");
            return TckCli.EXIT_BAD_INPUT;
        }
        Path scratch = Path.of("target", "tck-smoke").toAbsolutePath();
        try {
            boolean ok = Smoke.run(engine, Path.of("").toAbsolutePath(), new Engines.Timeouts(
                    Duration.ofSeconds(startupTimeoutSeconds), Duration.ofSeconds(requestTimeoutSeconds)), scratch,
                    spec.commandLine().getOut());
            return ok ? 0 : TckCli.EXIT_FAILED_CHECKS;
        } catch (EngineBroken e) {
            spec.commandLine().getOut().flush();
            spec.commandLine().getErr().println("error: the engine could not be started: "
                    + Console.cut(Console.oneLine(e.getMessage())));
            return TckCli.EXIT_BAD_INPUT;
        }
    }
}
