package dev.tableindex.tck.run;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What a run prints: a progress line rewritten in place, then each failure with expected and got apart. */
class ConsoleTest {
    private static ScenarioResult result(String id, Outcome outcome, String message) {
        return new ScenarioResult(id, "scenario " + id, "classpath:dev/tableindex/tck/suite/features/x/X.feature", 7,
                "must", List.of(), List.of(), outcome, message, null);
    }

    @Test
    void theProgressLineCountsDoneAndFailuresAndIsClearedBeforeTheSummary() {
        StringWriter text = new StringWriter();
        Console console = new Console(new PrintWriter(text), new Console.Mode(false, true), 3);

        console.finished(result("XX-0001", Outcome.PASS, ""));
        console.finished(result("XX-0002", Outcome.FAIL, "row 3 is 0:4: expected 0:5"));
        assertThat(text.toString()).endsWith("\r2/3 scenarios, 1 failure");

        console.line("after");
        assertThat(text.toString()).endsWith("\r" + " ".repeat(60) + "\rafter" + System.lineSeparator());
    }

    @Test
    void quietWithoutATerminalPrintsNoProgress() {
        StringWriter text = new StringWriter();
        Console console = new Console(new PrintWriter(text), Console.Mode.QUIET, 1);

        console.finished(result("XX-0001", Outcome.FAIL, "no"));

        assertThat(text.toString()).isEmpty();
    }

    @Test
    void aFailureShowsWhatWasExpectedApartFromWhatWasGot() {
        assertThat(Console.gotAndExpected("key encoding X, target index version 0: expected ARROW_ROW_V1 and a version of 1 or more"))
                .containsExactly("key encoding X, target index version 0", "ARROW_ROW_V1 and a version of 1 or more");
        assertThat(Console.gotAndExpected("the engine did it; expected a refusal WRITER_FEATURE_UNSUPPORTED"))
                .containsExactly("the engine did it", "a refusal WRITER_FEATURE_UNSUPPORTED");
        // an engine's own words, or a message of another shape, are all "got"
        assertThat(Console.gotAndExpected("EngineBroken: engine exited before the reply"))
                .containsExactly("EngineBroken: engine exited before the reply");
        assertThat(Console.gotAndExpected(": expected at the start")).containsExactly(": expected at the start");
    }
}
