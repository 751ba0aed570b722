package dev.tableindex.tck.cli;

import dev.tableindex.model.manifest.ManifestFormatException;
import dev.tableindex.tck.run.BuildInfo;
import java.io.PrintWriter;
import java.nio.Buffer;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * {@code tck}: the kit's command line. Exit codes: 0 success, 1 checks failed, 2 bad input or usage.
 *
 * <p>Subcommands are registered lazily: a command line that names one builds only that subcommand's model (picocli
 * reads each subcommand class's annotations when it is added), the others are added for help and for usage errors.
 */
@Command(name = "tck", mixinStandardHelpOptions = true, versionProvider = TckCli.Version.class,
        description = "The conformance kit for table-format indexes: it runs the TCK against an engine and answers "
                + "spec authors' questions with the reference model.")
public final class TckCli {
    public static final int EXIT_FAILED_CHECKS = 1;
    public static final int EXIT_BAD_INPUT = 2;

    /**
     * Every subcommand: its name (its {@code @Command} name) and its class in this package, in the order help lists
     * them. Names, not class literals: a command line loads only the class it names (TckCliTest checks the names).
     */
    static final Map<String, String> SUBCOMMANDS = subcommands("run", "RunCommand", "list", "ListCommand",
            "smoke", "SmokeCommand", "serve-engine", "ServeEngineCommand", "compare", "CompareCommand",
            "conformance-page", "ConformancePageCommand", "matrix", "MatrixCommand", "trace", "TraceCommand",
            "golden", "GoldenCommand", "encode-key", "EncodeKeyCommand", "decode-key", "DecodeKeyCommand",
            "any-element", "AnyElementCommand", "list-index", "ListIndexCommand", "manifest", "ManifestCommand",
            "serve-store", "ServeStoreCommand", "iceberg-index", "IcebergIndexCommand");

    /** {@code tck --version}: the kit's version, the commit it was built from and the digest of its suite. */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return BuildInfo.current().describe().split("\n");
        }
    }

    private static Map<String, String> subcommands(String... namesAndClasses) {
        Map<String, String> byName = new LinkedHashMap<>();
        for (int i = 0; i < namesAndClasses.length; i += 2) {
            byName.put(namesAndClasses[i], TckCli.class.getPackageName() + "." + namesAndClasses[i + 1]);
        }
        return byName;
    }

    static Class<?> commandClass(String className) {
        try {
            return Class.forName(className);
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException("the kit's jar has no " + className, e);
        }
    }

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
        // asked first: Arrow, started without it, prints its own stack trace before it fails
        if (!Buffer.class.getModule().isOpen("java.nio", TckCli.class.getModule())) {
            err.println("error: this JVM does not open java.base/java.nio to the kit, which Arrow needs: run the jar with"
                    + " java -jar (its manifest opens it), or add --add-opens=java.base/java.nio=ALL-UNNAMED");
            return EXIT_BAD_INPUT;
        }
        Optional<String> name = Arrays.stream(args).filter(a -> !a.startsWith("-")).findFirst();
        if (name.filter("run"::equals).isPresent()) {
            RunCommand.beginReadingTheSuite();
        }
        CommandLine cli = new CommandLine(new TckCli());
        String named = name.map(SUBCOMMANDS::get).orElse(null);
        if (named != null) {
            cli.addSubcommand(commandClass(named));
        } else {
            SUBCOMMANDS.values().forEach(command -> cli.addSubcommand(commandClass(command)));
        }
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
        try {
            return cli.execute(args);
        } catch (OutOfMemoryError e) {
            // what the command held is unreachable now, so there is room for one line
            err.println("error: out of memory: the input needs more than this JVM's "
                    + Runtime.getRuntime().maxMemory() / (1 << 20) + " MiB heap (a larger one: JAVA_TOOL_OPTIONS=-Xmx<size>)");
            return EXIT_BAD_INPUT;
        } catch (Error e) {
            // an Error passes picocli's handler (a class that could not initialise, a stack overflow): one line, as any
            // failure, not a stack trace
            Throwable cause = e.getCause() == null ? e : e.getCause();
            err.println("error: internal error, please report: " + cause.getClass().getName()
                    + (cause.getMessage() == null ? "" : ": " + oneLine(cause.getMessage())));
            return EXIT_BAD_INPUT;
        }
    }

    /** A message as one bounded line (an exception's message may carry input). */
    static String oneLine(String message) {
        String line = message.replaceAll("\\s*[\\r\\n]+\\s*", " ");
        return line.length() > 1000 ? line.substring(0, 1000) + "…" : line;
    }
}
