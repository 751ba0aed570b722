package dev.tableindex.tck.junit;

/**
 * The TCK as JUnit tests, for {@code mvn verify} or Gradle: extend it in your test sources
 * ({@code class MyEngineTckTest extends TckConformanceTest {}}) and the kit's JUnit Platform engine
 * ({@link TckTestEngine}, on the class path with {@code tck-runner}) gives that class one test per scenario run,
 * outline rows included, named by id and title ({@code MR-0050#17 A refusal names what is wrong and where}),
 * grouped by feature file and timed one by one. Surefire, Gradle and IDEs list, filter, re-run and report each.
 *
 * <p>Outcomes as JUnit sees them: FAIL and UNEXPECTED_PASS fail, ERROR errors, UNSUPPORTED and OPEN are skipped
 * (aborted, with the reason), PASS and EXPECTED_FAIL pass (the known-failure reason is published as a report entry),
 * ADVISORY_FAIL passes unless {@code tck.enforceShould}; a stale known-failure entry is a failing test of its own.
 * So the build fails exactly when {@code tck run} would exit non-zero.
 *
 * <p>Options are system properties (or JUnit configuration parameters):
 * <ul>
 *   <li>{@code tck.engine}: an engine name (your {@code TckEngineProvider}) or {@code cmd:<command>}
 *       (default: {@link #defaultEngine()});</li>
 *   <li>{@code tck.knownFailures}: a known-failures YAML file;</li>
 *   <li>{@code tck.tags}: a Cucumber tag expression (it may name one outline row, {@code @id:AE-0041#3});</li>
 *   <li>{@code tck.report}: the report folder (default {@code target/tck-report});</li>
 *   <li>{@code tck.workdir}: where {@code cmd:} engines start (default: the current folder);</li>
 *   <li>{@code tck.enforceShould}, {@code tck.updateKnownFailures}, {@code tck.verbose},
 *       {@code tck.cucumberReports}: {@code true} to turn them on; {@code tck.logProtocol}: a file for a
 *       {@code cmd:} engine's protocol lines; {@code tck.startupTimeout}, {@code tck.requestTimeout}: seconds.</li>
 * </ul>
 */
public abstract class TckConformanceTest {

    /** The engine to use when {@code tck.engine} is not set; override to default to your own. */
    protected String defaultEngine() {
        return "reference";
    }
}
