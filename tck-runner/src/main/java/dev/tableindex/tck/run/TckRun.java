package dev.tableindex.tck.run;

import dev.tableindex.tck.engine.Engines;
import dev.tableindex.tck.junit.TckTestEngine;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Set;
import org.junit.platform.engine.UniqueId;
import org.junit.platform.engine.discovery.DiscoverySelectors;
import org.junit.platform.launcher.EngineFilter;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.reporting.legacy.xml.LegacyXmlReportGeneratingListener;

/**
 * One run of the TCK against one engine, as {@code tck run} (and the kill matrix, and tests) make it: a
 * {@link TckSession} started here, run through the kit's JUnit Platform engine ({@link TckTestEngine}), as
 * {@code mvn verify} runs a {@code TckConformanceTest}, so both give the same tests and verdicts. The JUnit XML
 * ({@code tck-junit.xml}) is the JUnit Platform's own Ant-style report of those tests.
 */
public final class TckRun {
    /**
     * What to run against what.
     *
     * @param onlyIds     run only these run ids of the selection ({@code --rerun-failed}), or null for all of it
     * @param protocolLog where a {@code cmd:} engine's protocol lines go ({@code --log-protocol}), or null
     * @param threads     how many scenarios run at once ({@code --threads}, decision 0147)
     */
    public record Options(String engine, String tags, Path knownFailures, Path reportDir,
                          boolean updateKnownFailures, boolean enforceShould, Engines.Timeouts timeouts,
                          Path workingDirectory, Set<String> onlyIds, Console.Mode console, boolean cucumberReports,
                          Path protocolLog, ScenarioThreads threads) {

        public Options(String engine, String tags, Path knownFailures, Path reportDir, boolean updateKnownFailures,
                       boolean enforceShould, Engines.Timeouts timeouts, Path workingDirectory) {
            this(engine, tags, knownFailures, reportDir, updateKnownFailures, enforceShould, timeouts, workingDirectory,
                    null, Console.Mode.QUIET, false, null, ScenarioThreads.AUTO);
        }
    }

    /** The JUnit XML's name in the report folder. */
    public static final String JUNIT_XML = "tck-junit.xml";

    private TckRun() {
    }

    public static TckReport run(Options options, PrintWriter out) {
        try (TckSession session = TckSession.open(options, out)) {
            Path reportDir = options.reportDir().toAbsolutePath();
            Path xmlDir = reportDir.resolve("junit-xml");
            String token = TckTestEngine.register(session);
            try {
                LauncherFactory.create().execute(LauncherDiscoveryRequestBuilder.request()
                        .selectors(DiscoverySelectors.selectUniqueId(UniqueId.forEngine(TckTestEngine.ID)))
                        .filters(EngineFilter.includeEngines(TckTestEngine.ID))
                        .configurationParameter(TckTestEngine.SESSION, token)
                        .build(), new LegacyXmlReportGeneratingListener(xmlDir, out));
            } finally {
                TckTestEngine.unregister(token);
            }
            moveJUnitXml(xmlDir, reportDir.resolve(JUNIT_XML));
            return session.finish();
        }
    }

    private static void moveJUnitXml(Path xmlDir, Path target) {
        try {
            Path written = xmlDir.resolve("TEST-" + TckTestEngine.ID + ".xml");
            if (Files.exists(written)) {
                Files.move(written, target, StandardCopyOption.REPLACE_EXISTING);
            }
            FileTrees.delete(xmlDir);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A report folder that cannot be written is found before the run, not after it. */
    static void checkWritable(Path reportDir) {
        try {
            Files.createDirectories(reportDir);
            Files.delete(Files.createTempFile(reportDir, ".tck-probe", ""));
        } catch (IOException | SecurityException e) {
            throw new IllegalArgumentException("the report folder " + reportDir + " cannot be written ("
                    + e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage()) + ")");
        }
    }
}
