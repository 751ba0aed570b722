package dev.tableindex.tck.run;

/**
 * The engine declined to make the situation a scenario judges, in a way the spec documents leave it free to
 * (it refused something they do not require, or only aim at: docs/decisions/0060). There is then nothing for
 * the scenario to judge: it passes, and the report says why ({@link OutcomePlugin}). Thrown by a step, it ends
 * the scenario there.
 */
public final class SituationDeclined extends RuntimeException {
    public SituationDeclined(String why) {
        super(why, null, false, false);
    }
}
