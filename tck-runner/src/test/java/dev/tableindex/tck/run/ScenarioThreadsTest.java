package dev.tableindex.tck.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** How many scenarios a run runs at once (decision 0147). */
class ScenarioThreadsTest {

    @Test
    void autoGivesTheReferenceEngineOneThreadPerCoreAndEveryOtherEngineOne() {
        assertThat(ScenarioThreads.AUTO.resolve("reference")).isEqualTo(Runtime.getRuntime().availableProcessors());
        assertThat(ScenarioThreads.AUTO.resolve("lance")).isEqualTo(1);
        assertThat(ScenarioThreads.AUTO.resolve("reference@0.2.0")).as("only the kit's own, by its name").isEqualTo(1);
        assertThat(ScenarioThreads.AUTO.resolve("mutant-accepts-anything")).isEqualTo(1);
        assertThat(ScenarioThreads.AUTO.resolve("cmd:./tck serve-engine reference")).isEqualTo(1);
    }

    @Test
    void aNumberIsTakenAsAskedForAnEngineInThisJvm() {
        assertThat(ScenarioThreads.parse("3").resolve("lance")).isEqualTo(3);
        assertThat(ScenarioThreads.parse(" 1 ").resolve("reference")).isEqualTo(1);
        assertThat(ScenarioThreads.parse("1").resolve("cmd:python3 engine.py")).isEqualTo(1);
        assertThat(ScenarioThreads.parse("auto")).isEqualTo(ScenarioThreads.AUTO);
    }

    @Test
    void moreThanOneThreadForAnEngineInAnotherProcessIsRefused() {
        assertThatThrownBy(() -> ScenarioThreads.parse("2").resolve("cmd:python3 engine.py"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("--threads 2 needs an engine in this JVM: a cmd: engine answers one request at a time, so"
                        + " its scenarios run one at a time (--threads 1 or auto)");
    }

    @Test
    void anythingButAutoOrOneToSixtyFourIsRefused() {
        for (String bad : new String[] {"0", "-1", "65", "two", "", "1.5"}) {
            assertThatThrownBy(() -> ScenarioThreads.parse(bad)).as(bad)
                    .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("threads must be 'auto' or 1 to 64, got ");
        }
    }
}
