package dev.tableindex.tck.run;

import dev.tableindex.tck.api.EngineInfo;
import dev.tableindex.tck.api.TckEngine;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What one TCK run shares between the runner, the step definitions and the outcome plugin, which
 * Cucumber instantiates itself. Set by {@link TckRun} before scenarios run.
 */
public final class RunContext {
    private static volatile RunContext current;

    private final TckEngine engine;
    private final EngineInfo engineInfo;
    private final GoldenStore golden;
    private final java.io.PrintWriter progress;
    private final KnownFailures knownFailures;
    private final List<ScenarioResult> results = Collections.synchronizedList(new ArrayList<>());
    /** Scenario (uri:line) to the capability it needs and the engine does not declare. */
    private final Map<String, String> undeclared = new ConcurrentHashMap<>();

    RunContext(TckEngine engine, GoldenStore golden, KnownFailures knownFailures, java.io.PrintWriter progress) {
        this.engine = engine;
        this.knownFailures = knownFailures;
        this.engineInfo = engine.info();
        this.golden = golden;
        this.progress = progress;
    }

    public static RunContext current() {
        RunContext context = current;
        if (context == null) {
            throw new IllegalStateException("no TCK run in progress (scenarios run through TckRun)");
        }
        return context;
    }

    static void set(RunContext context) {
        current = context;
    }

    public TckEngine engine() {
        return engine;
    }

    public EngineInfo engineInfo() {
        return engineInfo;
    }

    public GoldenStore golden() {
        return golden;
    }

    public void markUndeclared(String scenarioKey, String capability) {
        undeclared.put(scenarioKey, capability);
    }

    public String undeclaredCapability(String scenarioKey) {
        return undeclared.get(scenarioKey);
    }

    /**
     * One line per finished scenario, so a long run shows where it is; a failure, an error, an unexpected pass
     * and an open question's answer show their message (cut to {@link #CONSOLE_MESSAGE} characters) beneath.
     */
    private void progress(ScenarioResult result) {
        progress.printf("  %-15s %-10s %s%n", result.outcome(), result.id(), result.name());
        if (showsMessage(result.outcome()) && result.message() != null && !result.message().isEmpty()) {
            progress.printf("  %-15s %-10s └ %s%n", "", "", consoleMessage(result.message()));
        }
        progress.flush();
    }

    static final int CONSOLE_MESSAGE = 300;

    static boolean showsMessage(Outcome outcome) {
        return outcome == Outcome.FAIL || outcome == Outcome.ADVISORY_FAIL || outcome == Outcome.ERROR
                || outcome == Outcome.UNEXPECTED_PASS || outcome == Outcome.OPEN;
    }

    static String consoleMessage(String message) {
        String line = message.replaceAll("\\s+", " ");
        return line.length() > CONSOLE_MESSAGE ? line.substring(0, CONSOLE_MESSAGE) + "…" : line;
    }

    /** Records a finished scenario, known failures applied, and prints its progress line. */
    void add(ScenarioResult result) {
        ScenarioResult judged = knownFailures.apply(result);
        results.add(judged);
        progress(judged);
    }

    List<ScenarioResult> results() {
        synchronized (results) {
            return List.copyOf(results);
        }
    }
}
