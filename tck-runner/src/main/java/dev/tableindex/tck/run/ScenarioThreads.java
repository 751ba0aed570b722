package dev.tableindex.tck.run;

import dev.tableindex.tck.engine.Engines;
import dev.tableindex.tck.engine.ReferenceEngine;

/**
 * How many scenarios a run runs at once (decision 0147). A number asks for that many; {@link #AUTO} gives the kit's
 * own reference engine, in this JVM, one thread per core, and every other engine one: only an engine known to take
 * calls from several threads at once gets them unasked. Scenarios keep their step state per thread and share only
 * what they read, so a scenario's outcome does not depend on what runs beside it.
 */
public record ScenarioThreads(int requested) {
    /** The most a run may ask for: far more than the cores of a CI machine. */
    public static final int MAX = 64;
    /** One per core for the in-process reference engine, one for any other engine. */
    public static final ScenarioThreads AUTO = new ScenarioThreads(0);

    /** @param requested a number of threads from 1 to {@value #MAX}, or 0 for {@link #AUTO} */
    public ScenarioThreads {
        if (requested < 0 || requested > MAX) {
            throw new IllegalArgumentException("threads must be 'auto' or 1 to " + MAX + ", got '" + requested + "'");
        }
    }

    /** {@code auto} or a number of threads from 1 to {@value #MAX}. */
    public static ScenarioThreads parse(String text) {
        String value = text.strip();
        if (value.equals("auto")) {
            return AUTO;
        }
        int n;
        try {
            n = Integer.parseInt(value);
        } catch (NumberFormatException e) {
            n = 0;
        }
        if (n < 1 || n > MAX) {
            throw new IllegalArgumentException("threads must be 'auto' or 1 to " + MAX + ", got '" + text + "'");
        }
        return new ScenarioThreads(n);
    }

    /**
     * The threads a run against {@code engine} (an engine selector) uses. An engine in another process answers one
     * request at a time and may keep state between a scenario's requests, so it is refused more than one.
     */
    public int resolve(String engine) {
        if (requested == 0) {
            return engine.equals(ReferenceEngine.NAME) ? Runtime.getRuntime().availableProcessors() : 1;
        }
        if (requested > 1 && engine.startsWith(Engines.COMMAND_PREFIX)) {
            throw new IllegalArgumentException("--threads " + requested + " needs an engine in this JVM: a cmd: engine"
                    + " answers one request at a time, so its scenarios run one at a time (--threads 1 or auto)");
        }
        return requested;
    }
}
