package dev.tableindex.tck.run;

import dev.tableindex.tck.api.TckEngine;
import java.nio.file.Path;

/** Installs a run context around one engine, so that step definitions can be tested without Cucumber. */
public final class StepContext {
    private StepContext() {
    }

    public static void install(TckEngine engine, Path scratch) {
        RunContext.set(new RunContext(engine, new GoldenStore(scratch), KnownFailures.none(), java.util.List.of()));
    }

    public static void clear() {
        RunContext.set(null);
    }
}
