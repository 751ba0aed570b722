package dev.tableindex.tck.junit;

import dev.tableindex.tck.engine.Engines;
import dev.tableindex.tck.junit.TckDescriptors.FeatureDescriptor;
import dev.tableindex.tck.junit.TckDescriptors.RunDescriptor;
import dev.tableindex.tck.junit.TckDescriptors.ScenarioDescriptor;
import dev.tableindex.tck.junit.TckDescriptors.StaleEntryDescriptor;
import dev.tableindex.tck.run.BuildInfo;
import dev.tableindex.tck.run.Console;
import dev.tableindex.tck.run.ScenarioResult;
import dev.tableindex.tck.run.ScenarioThreads;
import dev.tableindex.tck.run.SuiteIds;
import dev.tableindex.tck.run.TckRun;
import dev.tableindex.tck.run.TckSession;
import java.io.PrintWriter;
import java.lang.reflect.Modifier;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;
import org.junit.platform.commons.support.ReflectionSupport;
import org.junit.platform.engine.ConfigurationParameters;
import org.junit.platform.engine.EngineDiscoveryRequest;
import org.junit.platform.engine.EngineExecutionListener;
import org.junit.platform.engine.ExecutionRequest;
import org.junit.platform.engine.Filter;
import org.junit.platform.engine.TestDescriptor;
import org.junit.platform.engine.TestEngine;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.UniqueId;
import org.junit.platform.engine.discovery.ClassNameFilter;
import org.junit.platform.engine.discovery.ClassSelector;
import org.junit.platform.engine.discovery.ClasspathRootSelector;
import org.junit.platform.engine.discovery.PackageSelector;
import org.junit.platform.engine.discovery.UniqueIdSelector;
import org.junit.platform.engine.support.descriptor.EngineDescriptor;

/**
 * The kit as a JUnit Platform engine ({@value #ID}): one test per scenario run (outline rows included), named by id
 * and title, grouped by feature file, under a run — each concrete {@link TckConformanceTest} class, or the command
 * line's {@code tck run}. Scenarios report as they run (Cucumber runs each once, several at once where the run has
 * threads for them: decision 0147), so each test is timed, and their outcomes map to JUnit results in
 * {@link ScenarioVerdicts}. A test class, a package or a classpath root selects the whole selection
 * ({@code tck.tags}); a unique id selects one scenario, as an IDE's re-run does.
 *
 * <p>Options are configuration parameters, which the JUnit Platform also reads from system properties:
 * {@code tck.engine}, {@code tck.tags}, {@code tck.knownFailures}, {@code tck.report}, {@code tck.workdir},
 * {@code tck.enforceShould}, {@code tck.updateKnownFailures}, {@code tck.startupTimeout}, {@code tck.requestTimeout},
 * {@code tck.logProtocol}, {@code tck.verbose}, {@code tck.cucumberReports}, {@code tck.threads}.
 */
public final class TckTestEngine implements TestEngine {
    public static final String ID = "tck";
    /** Configuration parameter naming a session {@link #register}ed by the command line. */
    public static final String SESSION = "tck.session";

    private static final Map<String, TckSession> SESSIONS = new ConcurrentHashMap<>();

    @Override
    public String getId() {
        return ID;
    }

    @Override
    public Optional<String> getGroupId() {
        return Optional.of("dev.tableindex");
    }

    @Override
    public Optional<String> getArtifactId() {
        return Optional.of("tck-runner");
    }

    @Override
    public Optional<String> getVersion() {
        return Optional.of(BuildInfo.kitVersion());
    }

    /** Hands the command line's started session to the engine's run; the token goes in {@value #SESSION}. */
    public static String register(TckSession session) {
        String token = UUID.randomUUID().toString();
        SESSIONS.put(token, session);
        return token;
    }

    public static void unregister(String token) {
        SESSIONS.remove(token);
    }

    // ---- discovery

    @Override
    public TestDescriptor discover(EngineDiscoveryRequest request, UniqueId uniqueId) {
        ConfigurationParameters config = request.getConfigurationParameters();
        TckSession session = config.get(SESSION).map(SESSIONS::get).orElse(null);
        EngineDescriptor root = new EngineDescriptor(uniqueId, "TCK " + BuildInfo.kitVersion()
                + (session != null ? " against " + session.options().engine() : ""));
        // a test class to the scenario ids chosen in it (null: its whole selection)
        Map<Class<?>, Set<String>> classes = new LinkedHashMap<>();
        Set<String> commandLineIds = null;
        boolean commandLine = false;
        Predicate<String> classNames = Filter.composeFilters(request.getFiltersByType(ClassNameFilter.class)).toPredicate();
        Predicate<Class<?>> isTckClass = TckTestEngine::isTckClass;
        for (ClassSelector selector : request.getSelectorsByType(ClassSelector.class)) {
            Class<?> type = selector.getJavaClass();
            if (isTckClass.test(type)) {
                classes.put(type, null);
            }
        }
        for (PackageSelector selector : request.getSelectorsByType(PackageSelector.class)) {
            ReflectionSupport.findAllClassesInPackage(selector.getPackageName(), isTckClass, classNames)
                    .forEach(c -> classes.put(c, null));
        }
        for (ClasspathRootSelector selector : request.getSelectorsByType(ClasspathRootSelector.class)) {
            ReflectionSupport.findAllClassesInClasspathRoot(selector.getClasspathRoot(), isTckClass, classNames)
                    .forEach(c -> classes.put(c, null));
        }
        for (UniqueIdSelector selector : request.getSelectorsByType(UniqueIdSelector.class)) {
            List<UniqueId.Segment> segments = selector.getUniqueId().getSegments();
            if (!selector.getUniqueId().hasPrefix(uniqueId)) {
                continue;
            }
            Optional<String> scenario = segments.stream().filter(s -> s.getType().equals("scenario"))
                    .map(UniqueId.Segment::getValue).findFirst();
            Optional<String> className = segments.stream().filter(s -> s.getType().equals("class"))
                    .map(UniqueId.Segment::getValue).findFirst();
            if (className.isPresent()) {
                Optional<Class<?>> type = ReflectionSupport.tryToLoadClass(className.get()).toOptional();
                if (type.isPresent() && isTckClass.test(type.get())) {
                    narrow(classes, type.get(), scenario);
                }
            } else if (segments.stream().anyMatch(s -> s.getType().equals("run"))) {
                commandLine = true;
                commandLineIds = scenario.isEmpty() ? null : addTo(commandLineIds, scenario.get());
            } else if (segments.size() == 1) {
                commandLine = true;
            }
        }
        if (commandLine && session != null) {
            root.addChild(runTree(root.getUniqueId().append("run", "tck"), "tck run", null, session.options(), session,
                    commandLineIds, session.staleKnownFailures()));
        }
        for (Map.Entry<Class<?>, Set<String>> entry : classes.entrySet()) {
            Class<?> type = entry.getKey();
            TckRun.Options options = options(config, (TckConformanceTest) ReflectionSupport.newInstance(type));
            root.addChild(runTree(root.getUniqueId().append("class", type.getName()), type.getSimpleName(),
                    TckDescriptors.classSource(type), options, null, entry.getValue(), staleEntries(options)));
        }
        return root;
    }

    private static boolean isTckClass(Class<?> type) {
        return TckConformanceTest.class.isAssignableFrom(type) && !Modifier.isAbstract(type.getModifiers());
    }

    private static void narrow(Map<Class<?>, Set<String>> classes, Class<?> type, Optional<String> scenario) {
        if (classes.containsKey(type) && classes.get(type) == null) {
            return; // the whole class is selected already
        }
        classes.put(type, scenario.isEmpty() ? null : addTo(classes.get(type), scenario.get()));
    }

    private static Set<String> addTo(Set<String> ids, String id) {
        Set<String> more = ids == null ? new HashSet<>() : ids;
        more.add(id);
        return more;
    }

    /** A known-failures file that cannot be read is the run's own failure when it executes, not a discovery error. */
    private static List<String> staleEntries(TckRun.Options options) {
        try {
            return options.knownFailures() == null ? List.of() : dev.tableindex.tck.run.KnownFailures
                    .load(options.knownFailures()).staleIds(SuiteIds.bundled());
        } catch (RuntimeException e) {
            return List.of();
        }
    }

    private static RunDescriptor runTree(UniqueId id, String name, org.junit.platform.engine.TestSource source,
                                         TckRun.Options options, TckSession session, Set<String> onlyIds,
                                         List<String> stale) {
        RunDescriptor run = new RunDescriptor(id, name, source, options, session);
        List<SuiteIds.Run> runs;
        try {
            runs = session != null ? session.selected() : TckSession.selectedRuns(options);
        } catch (IllegalArgumentException e) {
            runs = List.of(); // a malformed tck.tags: the run itself fails with the message when it executes
        }
        Map<String, FeatureDescriptor> features = new LinkedHashMap<>();
        for (SuiteIds.Run r : runs) {
            if (onlyIds != null && !onlyIds.contains(r.id())) {
                continue;
            }
            FeatureDescriptor feature = features.computeIfAbsent(r.file(), file -> {
                FeatureDescriptor f = new FeatureDescriptor(id.append("feature", file), file);
                run.addChild(f);
                return f;
            });
            feature.addChild(new ScenarioDescriptor(feature.getUniqueId().append("scenario", r.id()), r));
        }
        if (onlyIds == null) {
            stale.forEach(entry -> run.addChild(new StaleEntryDescriptor(id.append("stale-known-failure", entry), entry)));
        }
        return run;
    }

    /** A test class's options: configuration parameters (or system properties), its default engine otherwise. */
    static TckRun.Options options(ConfigurationParameters config, TckConformanceTest test) {
        return new TckRun.Options(
                value(config, "tck.engine").orElse(test.defaultEngine()),
                value(config, "tck.tags").orElse(null),
                value(config, "tck.knownFailures").map(Path::of).orElse(null),
                Path.of(value(config, "tck.report").orElse("target/tck-report")),
                flag(config, "tck.updateKnownFailures"),
                flag(config, "tck.enforceShould"),
                new Engines.Timeouts(Duration.ofSeconds(Long.parseLong(value(config, "tck.startupTimeout").orElse("300"))),
                        Duration.ofSeconds(Long.parseLong(value(config, "tck.requestTimeout").orElse("60")))),
                Path.of(value(config, "tck.workdir").orElse(".")).toAbsolutePath(),
                null,
                new Console.Mode(flag(config, "tck.verbose"), false),
                flag(config, "tck.cucumberReports"),
                value(config, "tck.logProtocol").map(Path::of).orElse(null),
                value(config, "tck.threads").map(ScenarioThreads::parse).orElse(ScenarioThreads.AUTO));
    }

    /** Maven passes an unset property as "": empty counts as absent. */
    private static Optional<String> value(ConfigurationParameters config, String key) {
        return config.get(key).filter(v -> !v.isBlank());
    }

    private static boolean flag(ConfigurationParameters config, String key) {
        return value(config, key).map(Boolean::parseBoolean).orElse(false);
    }

    // ---- execution

    @Override
    public void execute(ExecutionRequest request) {
        EngineExecutionListener listener = request.getEngineExecutionListener();
        TestDescriptor root = request.getRootTestDescriptor();
        listener.executionStarted(root);
        for (TestDescriptor child : root.getChildren()) {
            execute((RunDescriptor) child, listener);
        }
        listener.executionFinished(root, TestExecutionResult.successful());
    }

    private static void execute(RunDescriptor run, EngineExecutionListener listener) {
        listener.executionStarted(run);
        TckSession session;
        try {
            session = run.session().orElseGet(() -> TckSession.open(run.options(), new PrintWriter(System.out, true)));
        } catch (RuntimeException e) {
            listener.executionFinished(run, TestExecutionResult.failed(e));
            return;
        }
        try {
            Map<String, ScenarioDescriptor> byId = new LinkedHashMap<>();
            run.getDescendants().stream().filter(ScenarioDescriptor.class::isInstance).map(ScenarioDescriptor.class::cast)
                    .forEach(d -> byId.put(d.run().id(), d));
            Set<TestDescriptor> started = new HashSet<>();
            Set<TestDescriptor> finished = new HashSet<>();
            boolean enforceShould = run.options().enforceShould();
            List<SuiteIds.Run> runs = byId.values().stream().map(ScenarioDescriptor::run).toList();
            session.execute(runs, new TckSession.Listener() {
                @Override
                public void started(SuiteIds.Run r) {
                    ScenarioDescriptor d = byId.get(r.id());
                    if (d != null && started.add(d)) {
                        d.getParent().filter(started::add).ifPresent(listener::executionStarted);
                        listener.executionStarted(d);
                    }
                }

                @Override
                public void finished(SuiteIds.Run r, ScenarioResult result) {
                    ScenarioDescriptor d = byId.get(r.id());
                    if (d != null && started.contains(d) && finished.add(d)) {
                        listener.reportingEntryPublished(d, ScenarioVerdicts.entry(result));
                        listener.executionFinished(d, ScenarioVerdicts.result(result, enforceShould));
                    }
                }
            });
            for (ScenarioDescriptor d : byId.values()) {
                if (!finished.contains(d)) {
                    if (started.add(d)) {
                        d.getParent().filter(started::add).ifPresent(listener::executionStarted);
                        listener.executionStarted(d);
                    }
                    listener.executionFinished(d, TestExecutionResult.failed(new ScenarioVerdicts.ScenarioError(
                            "ERROR: the scenario did not run (Cucumber gave no result for "
                                    + d.run().file() + ":" + d.run().line() + ")")));
                }
            }
            for (TestDescriptor child : new ArrayList<>(run.getChildren())) {
                if (child instanceof StaleEntryDescriptor stale) {
                    listener.executionStarted(stale);
                    listener.executionFinished(stale, TestExecutionResult.failed(new ScenarioVerdicts.ScenarioFailed(
                            "known-failure entry " + stale.entry() + " names no scenario of this suite: remove it"
                                    + " (or run with --update-known-failures)")));
                } else if (started.contains(child)) {
                    listener.executionFinished(child, TestExecutionResult.successful());
                }
            }
            session.finish();
            listener.executionFinished(run, TestExecutionResult.successful());
        } catch (RuntimeException e) {
            listener.executionFinished(run, TestExecutionResult.failed(e));
        } finally {
            if (run.session().isEmpty()) {
                session.close();
            }
        }
    }
}
