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
            ManifestCommand.class, ConformancePageCommand.class,
            GoldenCommand.class, IcebergIndexCommand.class})
public final class TckCli {
    public static final int EXIT_FAILED_CHECKS = 1;
    public static final int EXIT_BAD_INPUT = 2;

    public static void main(String[] args) {
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
        cli.setExecutionExceptionHandler((e, commandLine, parseResult) -> {
            if (e instanceof ManifestFormatException bad) {
                err.println("error: " + bad.getMessage());
                return EXIT_BAD_INPUT;
            }
            throw e;
        });
        return cli.execute(args);
    }
}
