package dev.tableindex.tck.run;

import dev.tableindex.tck.api.EngineRefusal;
import dev.tableindex.tck.api.EngineUnsupported;
import io.cucumber.plugin.ConcurrentEventListener;
import io.cucumber.plugin.event.EventPublisher;
import io.cucumber.plugin.event.Result;
import io.cucumber.plugin.event.TestCase;
import io.cucumber.plugin.event.TestCaseFinished;

/**
 * Turns each finished Cucumber scenario into an {@link Outcome} (before known failures are
 * applied). Registered by {@link TckRun} as a Cucumber plugin.
 *
 * <p>The mapping: passed is PASS, and so is a scenario whose situation the engine declined to make where the
 * spec leaves it free to ({@link SituationDeclined}: nothing to judge, the message says why); an assertion
 * error, or an engine that refused or did not support
 * an operation of a capability it declares, is FAIL for a must and ADVISORY_FAIL for a should; a
 * scenario skipped because its capability is not declared is UNSUPPORTED; anything else (engine
 * crash or hang, harness error, missing golden file, undefined or pending step) is ERROR. An
 * {@code @open} scenario that ran to a verdict is OPEN, with that verdict as its message.
 */
public final class OutcomePlugin implements ConcurrentEventListener {

    @Override
    public void setEventPublisher(EventPublisher publisher) {
        publisher.registerHandlerFor(io.cucumber.plugin.event.TestCaseStarted.class, event ->
                RunContext.current().started(event.getTestCase().getUri().toString(), event.getTestCase().getLocation().getLine()));
        publisher.registerHandlerFor(TestCaseFinished.class, this::finished);
    }

    private void finished(TestCaseFinished event) {
        RunContext context = RunContext.current();
        TestCase testCase = event.getTestCase();
        ScenarioTags tags = new ScenarioTags(testCase.getTags());
        String key = scenarioKey(testCase.getUri().toString(), testCase.getLocation().getLine());
        Result result = event.getResult();
        Outcome outcome;
        String message;
        String observed = Observations.take();
        switch (result.getStatus()) {
            case PASSED -> {
                outcome = Outcome.PASS;
                message = observed;
            }
            case SKIPPED -> {
                String capability = context.undeclaredCapability(key);
                outcome = capability != null ? Outcome.UNSUPPORTED : Outcome.ERROR;
                message = capability != null ? "engine does not declare capability " + capability
                        : "skipped without a declared reason: " + describe(result.getError());
            }
            case FAILED -> {
                Throwable error = result.getError();
                boolean judged = error instanceof AssertionError || error instanceof EngineRefusal
                        || error instanceof EngineUnsupported;
                if (error instanceof SituationDeclined) {
                    outcome = Outcome.PASS;
                    message = "declined: " + error.getMessage();
                } else {
                    outcome = !judged ? Outcome.ERROR : "should".equals(tags.level()) ? Outcome.ADVISORY_FAIL : Outcome.FAIL;
                    message = describe(error);
                }
            }
            default -> {
                outcome = Outcome.ERROR;
                message = result.getStatus().name().toLowerCase(java.util.Locale.ROOT) + " step: the suite is broken";
            }
        }
        // an open question records the engine's answer instead of judging it; an engine that does not
        // declare the capability, or that broke, is still UNSUPPORTED or ERROR
        if (tags.open() && (outcome == Outcome.PASS || outcome == Outcome.FAIL || outcome == Outcome.ADVISORY_FAIL)) {
            message = "open question; engine answer: " + (outcome == Outcome.PASS
                    ? "as the scenario proposes" + (observed.isEmpty() ? "" : "; observed: " + observed) : message);
            outcome = Outcome.OPEN;
        }
        // an outline row's id comes from its line in the feature file, not from the order rows finish in
        String id = SuiteIds.bundled().at(testCase.getUri().toString(), testCase.getLocation().getLine())
                .map(SuiteIds.Run::id).orElse(tags.id().orElse(key));
        // random ids (index uuids in paths and request logs) masked: a report, and the conformance page made from it,
        // reads the same on every run, and two runs compare equal (tck compare)
        message = UUID_TEXT.matcher(message).replaceAll("<uuid>");
        ScenarioResult scenario = new ScenarioResult(id, testCase.getName(),
                SuiteIds.suitePath(testCase.getUri().toString()), testCase.getLocation().getLine(), tags.level(),
                tags.requires(), tags.spec(), outcome, message, null);
        context.add(scenario);
    }

    private static final java.util.regex.Pattern UUID_TEXT =
            java.util.regex.Pattern.compile("[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}");

    static String scenarioKey(String uri, int line) {
        return uri + ":" + line;
    }

    private static String describe(Throwable error) {
        if (error == null) {
            return "";
        }
        String text = error.getMessage() == null ? error.getClass().getSimpleName()
                : error instanceof AssertionError ? error.getMessage().strip()
                : error.getClass().getSimpleName() + ": " + error.getMessage().strip();
        return text.replaceAll("\\s+", " ");
    }
}
