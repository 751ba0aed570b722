package dev.tableindex.tck.engine;

import dev.tableindex.tck.api.TckEngine;
import dev.tableindex.tck.api.TckEngineProvider;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.ServiceLoader;

/**
 * Turns an engine selector into an engine: {@code <name>} of a ServiceLoader provider, {@code <name>@<version>} (that
 * provider, which must start an engine of that version: the launcher put that build on the class path, as the tck
 * script does for {@code lance@4.0.0}), or {@code cmd:<command>}. The report names the engine by its selector.
 */
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
        int at = selector.indexOf('@');
        String name = at < 0 ? selector : selector.substring(0, at);
        TckEngineProvider provider = providers().stream().filter(p -> p.name().equals(name)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no engine named '" + name + "' (known: "
                        + providers().stream().map(TckEngineProvider::name).toList()
                        + "; or cmd:<command> for an engine in another process)"));
        TckEngine engine = provider.start();
        if (at >= 0 && !engine.info().version().equals(selector.substring(at + 1))) {
            String version = engine.info().version();
            engine.close();
            throw new IllegalArgumentException("engine '" + name + "' on this class path is version " + version + ", not "
                    + selector.substring(at + 1) + " (the tck script builds and puts " + selector + " on the class path)");
        }
        return new TimeLimitedEngine(engine, timeouts.request());
    }

    public static List<TckEngineProvider> providers() {
        return ServiceLoader.load(TckEngineProvider.class).stream().map(ServiceLoader.Provider::get).toList();
    }
}
