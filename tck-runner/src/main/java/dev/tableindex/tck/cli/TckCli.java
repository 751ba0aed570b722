package dev.tableindex.tck.cli;

import dev.tableindex.model.manifest.ManifestFormatException;
import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code tck}: the kit's command line. Exit codes: 0 success, 1 checks failed, 2 bad input or usage. */
@Command(name = "tck", mixinStandardHelpOptions = true, version = "tck 0.1.0-SNAPSHOT",
        description = "Conformance kit for table-format indexes.",
        subcommands = {RunCommand.class, ServeEngineCommand.class, CompareCommand.class, TraceCommand.class,
            EncodeKeyCommand.class, DecodeKeyCommand.class, AnyElementCommand.class, ListIndexCommand.class,
            ManifestCommand.class, ConformancePageCommand.class, SmokeCommand.class, ServeStoreCommand.class,
            GoldenCommand.class, IcebergIndexCommand.class, MatrixCommand.class})
public final class TckCli {
    public static final int EXIT_FAILED_CHECKS = 1;
    public static final int EXIT_BAD_INPUT = 2;

    public static void main(String[] args) {
        // Arrow (key batches) logs through SLF4J, which has no provider here: keep its notice off stderr
        if (System.getProperty("slf4j.internal.verbosity") == null) {
            System.setProperty("slf4j.internal.verbosity", "ERROR");
        }
        PrintWriter out = new PrintWriter(System.out, true);
        PrintWriter err = new PrintWriter(System.err, true);
        int code = run(args, out, err);
        out.flush();
        err.flush();
        System.exit(code);
    }

    /** Runs the CLI with the given streams; returns the exit code. */
    public static int run(String[] args, PrintWriter out, PrintWriter err) {
        CommandLine cli = new CommandLine(new TckCli());
        cli.setOut(out);
        cli.setErr(err);
        cli.setParameterExceptionHandler((e, badArgs) -> {
            err.println("error: " + e.getMessage());
            e.getCommandLine().usage(err);
            return EXIT_BAD_INPUT;
        });
        // bad input is one line and exit 2, never a stack trace; so is anything a command did not foresee
        cli.setExecutionExceptionHandler((e, commandLine, parseResult) -> {
            if (e instanceof ManifestFormatException || e instanceof IllegalArgumentException
                    || e instanceof java.io.UncheckedIOException || e instanceof java.io.IOException) {
                err.println("error: " + oneLine(e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage()));
            } else {
                err.println("error: internal error, please report: " + e.getClass().getName()
                        + (e.getMessage() == null ? "" : ": " + oneLine(e.getMessage())));
            }
            return EXIT_BAD_INPUT;
        });
        return cli.execute(args);
    }

    /** A message as one bounded line (an exception's message may carry input). */
    static String oneLine(String message) {
        String line = message.replaceAll("\\s*[\\r\\n]+\\s*", " ");
        return line.length() > 1000 ? line.substring(0, 1000) + "…" : line;
    }
}
