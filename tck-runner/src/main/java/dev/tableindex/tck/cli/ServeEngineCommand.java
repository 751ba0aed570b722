package dev.tableindex.tck.cli;

import dev.tableindex.tck.api.TckEngine;
import dev.tableindex.tck.api.TckEngineProvider;
import dev.tableindex.tck.engine.EngineServer;
import dev.tableindex.tck.engine.Engines;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code tck serve-engine NAME}: an in-process engine served over the line protocol on stdin/stdout. */
@Command(name = "serve-engine", mixinStandardHelpOptions = true,
        description = "Serve an engine over the out-of-process protocol (docs/protocol.md) on stdin/stdout.")
final class ServeEngineCommand implements Callable<Integer> {
    @Parameters(paramLabel = "NAME", description = "Engine name, e.g. reference.")
    String name;

    @Override
    public Integer call() throws Exception {
        TckEngineProvider provider = Engines.providers().stream().filter(p -> p.name().equals(name)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no engine named '" + name + "'"));
        // stdout belongs to the protocol: anything else printed there would corrupt it
        PrintStream protocol = new PrintStream(new java.io.FileOutputStream(java.io.FileDescriptor.out), true,
                StandardCharsets.UTF_8);
        System.setOut(System.err);
        try (TckEngine engine = provider.start()) {
            new EngineServer(engine, protocol).serve(new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8)));
        }
        return 0;
    }
}
