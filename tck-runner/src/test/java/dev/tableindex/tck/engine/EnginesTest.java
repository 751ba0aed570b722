package dev.tableindex.tck.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tableindex.tck.api.TckEngine;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** Engine selectors: a provider's name, or {@code <name>@<version>}, which must be the version that starts. */
class EnginesTest {
    @Test
    void aSelectorWithAVersionStartsThatProviderOnlyInThatVersion() {
        try (TckEngine engine = Engines.start("reference@" + ReferenceEngine.VERSION, Path.of("."), Engines.Timeouts.DEFAULT)) {
            assertThat(engine.info().name()).isEqualTo(ReferenceEngine.NAME);
        }
        assertThatThrownBy(() -> Engines.start("reference@9.9.9", Path.of("."), Engines.Timeouts.DEFAULT))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("engine 'reference' on this class path is version " + ReferenceEngine.VERSION + ", not 9.9.9");
        assertThatThrownBy(() -> Engines.start("nosuch@1", Path.of("."), Engines.Timeouts.DEFAULT))
                .hasMessageContaining("no engine named 'nosuch'");
    }
}
