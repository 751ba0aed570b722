package dev.tableindex.tck.run;

/** What a scenario's run means for the engine under test. */
public enum Outcome {
    /** The assertion held. */
    PASS,
    /** A must was violated (a declared capability that misbehaves included). */
    FAIL,
    /** A should was not met. */
    ADVISORY_FAIL,
    /** Listed as a known failure, and failed. */
    EXPECTED_FAIL,
    /** Listed as a known failure, but passed: fails the run until the entry is removed. */
    UNEXPECTED_PASS,
    /** The engine does not declare the capability the scenario requires. */
    UNSUPPORTED,
    /** The spec is unsettled: the engine's answer is recorded, never scored. */
    OPEN,
    /** The run could not judge: engine crash, hang or garbage, harness problem, missing golden file. */
    ERROR;

    /** Whether this outcome makes the run fail. */
    public boolean failsRun() {
        return this == FAIL || this == UNEXPECTED_PASS || this == ERROR;
    }

    /** The lower-case, hyphenated form used in summaries ("expected-fail"). */
    public String label() {
        return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
    }
}
