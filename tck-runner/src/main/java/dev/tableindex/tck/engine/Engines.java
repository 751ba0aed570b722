package dev.tableindex.tck.engine;

import dev.tableindex.tck.api.TckEngine;
import dev.tableindex.tck.api.TckEngineProvider;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.ServiceLoader;

/** Turns an engine selector ({@code <name>} of a ServiceLoader provider, or {@code cmd:<command>}) into an engine. */
public final class Engines {
    public static final String COMMAND_PREFIX = "cmd:";

    private Engines() {
    }

    /** Timeouts for talking to an engine. */
    public record Timeouts(Duration startup, Duration request) {
        public static final Timeouts DEFAULT = new Timeouts(Duration.ofMinutes(5), Duration.ofSeconds(60));
    }

    public static TckEngine start(String selector, Path workingDirectory, Timeouts timeouts) {
        return start(selector, workingDirectory, timeouts, ProtocolLog.NONE);
    }

    /** As {@link #start(String, Path, Timeouts)}; a {@code cmd:} engine writes its protocol lines to {@code log}. */
    public static TckEngine start(String selector, Path workingDirectory, Timeouts timeouts, ProtocolLog log) {
        if (selector.startsWith(COMMAND_PREFIX)) {
            return new SubprocessEngine(selector.substring(COMMAND_PREFIX.length()), workingDirectory,
                    timeouts.startup(), timeouts.request()).logTo(log);
        }
        TckEngineProvider provider = providers().stream().filter(p -> p.name().equals(selector)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no engine named '" + selector + "' (known: "
                        + providers().stream().map(TckEngineProvider::name).toList()
                        + "; or cmd:<command> for an engine in another process)"));
        return new TimeLimitedEngine(provider.start(), timeouts.request());
    }

    public static List<TckEngineProvider> providers() {
        return ServiceLoader.load(TckEngineProvider.class).stream().map(ServiceLoader.Provider::get).toList();
    }
}
