package dev.tableindex.tck.run;

import dev.tableindex.tck.api.Capability;
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
    private final KnownFailures knownFailures;
    private volatile TckSession.Listener listener = new TckSession.Listener() {
        @Override
        public void started(SuiteIds.Run run) {
        }

        @Override
        public void finished(SuiteIds.Run run, ScenarioResult result) {
        }
    };
    private final List<ScenarioResult> results = Collections.synchronizedList(new ArrayList<>());
    /** Scenario (uri:line) to the capability it needs and the engine does not declare. */
    private final Map<String, String> undeclared = new ConcurrentHashMap<>();

    private final List<SuiteIds.Run> selected;

    RunContext(TckEngine engine, GoldenStore golden, KnownFailures knownFailures, List<SuiteIds.Run> selected) {
        this.engine = engine;
        this.selected = List.copyOf(selected);
        this.knownFailures = knownFailures;
        this.engineInfo = engine.info();
        this.golden = golden;
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

    /**
     * Whether a scenario this run selected requires {@code capability} and the engine declares it, so will run: what
     * set-up begun ahead of its first use ({@link HeadStart}) goes by.
     */
    public boolean willRun(Capability capability) {
        String tag = "@requires:" + capability.id();
        return engineInfo.declares(capability) && selected.stream().anyMatch(run -> run.tags().contains(tag));
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

    void listen(TckSession.Listener listener) {
        this.listener = listener;
    }

    /** A scenario starts: the run it is, found by its feature file and line. */
    void started(String uri, int line) {
        SuiteIds.bundled().at(uri, line).ifPresent(listener::started);
    }

    /** Records a finished scenario, known failures applied, and tells the listener. */
    void add(ScenarioResult result) {
        ScenarioResult judged = knownFailures.apply(result);
        results.add(judged);
        SuiteIds.bundled().at(result.uri(), result.line()).ifPresent(run -> listener.finished(run, judged));
    }

    List<ScenarioResult> results() {
        synchronized (results) {
            return List.copyOf(results);
        }
    }
}
