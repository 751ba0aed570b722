package dev.tableindex.tck.junit;

import dev.tableindex.tck.integrity.RulesCatalogue.Rule;
import dev.tableindex.tck.run.Console;
import dev.tableindex.tck.run.Outcome;
import dev.tableindex.tck.run.ScenarioResult;
import dev.tableindex.tck.run.ScenarioRules;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.reporting.ReportEntry;
import org.opentest4j.TestAbortedException;

/**
 * The one place a kit outcome becomes a JUnit Platform result, so that Surefire, Gradle, IDEs and the JUnit XML
 * carry the kit's verdict: FAIL and UNEXPECTED_PASS fail (an {@link AssertionError}), ERROR errors (any other
 * throwable), UNSUPPORTED and OPEN are aborted with their reason (reported as skipped), PASS and EXPECTED_FAIL pass,
 * ADVISORY_FAIL passes unless should is enforced. Every scenario also publishes its outcome, message and
 * known-failure reason as a report entry, so a passing EXPECTED_FAIL keeps its reason.
 */
final class ScenarioVerdicts {
    private ScenarioVerdicts() {
    }

    static TestExecutionResult result(ScenarioResult s, boolean enforceShould) {
        return switch (s.outcome()) {
            case PASS, EXPECTED_FAIL -> TestExecutionResult.successful();
            case ADVISORY_FAIL -> enforceShould ? TestExecutionResult.failed(new ScenarioFailed(text(s)))
                    : TestExecutionResult.successful();
            case FAIL, UNEXPECTED_PASS -> TestExecutionResult.failed(new ScenarioFailed(text(s)));
            case ERROR -> TestExecutionResult.failed(new ScenarioError(text(s)));
            case UNSUPPORTED, OPEN -> TestExecutionResult.aborted(new ScenarioNotScored(text(s)));
        };
    }

    static ReportEntry entry(ScenarioResult s) {
        Map<String, String> values = new LinkedHashMap<>();
        values.put("outcome", s.outcome().name());
        if (s.message() != null && !s.message().isBlank()) {
            values.put("message", Console.oneLine(s.message()));
        }
        if (s.knownFailureReason() != null && !s.knownFailureReason().isBlank()) {
            values.put("known_failure_reason", Console.oneLine(s.knownFailureReason()));
        }
        return ReportEntry.from(values);
    }

    /** {@code FAIL: message}, then the rules the scenario checks with their statements, then the input. */
    static String text(ScenarioResult s) {
        StringBuilder text = new StringBuilder(s.outcome().name()).append(": ")
                .append(s.message() == null || s.message().isBlank() ? "(no message)" : Console.oneLine(s.message()));
        if (s.outcome() == Outcome.FAIL || s.outcome() == Outcome.ADVISORY_FAIL || s.outcome() == Outcome.UNEXPECTED_PASS) {
            for (Rule rule : ScenarioRules.bundled().of(s.id())) {
                text.append("\n  rule ").append(rule.id()).append(" (").append(rule.level().label()).append(", ")
                        .append(rule.spec()).append("): ").append(Console.oneLine(rule.statement()));
            }
        }
        text.append("\n  at ").append(s.uri()).append(":").append(s.line());
        if (s.knownFailureReason() != null) {
            text.append("\n  known failure: ").append(Console.oneLine(s.knownFailureReason()));
        }
        return text.toString();
    }

    /** A must violated (or a should, enforced), or a known failure that passed: a test failure. */
    static final class ScenarioFailed extends AssertionError {
        private static final long serialVersionUID = 1L;

        ScenarioFailed(String message) {
            super(message);
        }

        @Override
        public synchronized Throwable fillInStackTrace() {
            return this; // the kit's frames say nothing about the engine under test
        }
    }

    /** The run could not judge (engine crash or hang, harness problem): a test error. */
    static final class ScenarioError extends RuntimeException {
        private static final long serialVersionUID = 1L;

        ScenarioError(String message) {
            super(message, null, false, false);
        }
    }

    /** Not scored (capability not declared, or an open question): the test is aborted, with this reason. */
    static final class ScenarioNotScored extends TestAbortedException {
        private static final long serialVersionUID = 1L;

        ScenarioNotScored(String message) {
            super(message);
        }

        @Override
        public synchronized Throwable fillInStackTrace() {
            return this;
        }
    }
}
