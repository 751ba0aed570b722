package dev.tableindex.tck.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.UncheckedIOException;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

class HeadStartTest {

    @Test
    void workBegunAheadRunsOnTheHeadStartThreadAndGivesItsResult() {
        AtomicReference<Thread> ranOn = new AtomicReference<>();
        HeadStart.Ahead<String> ahead = HeadStart.begin(() -> {
            ranOn.set(Thread.currentThread());
            return "rules";
        });

        assertThat(ahead.get()).isEqualTo("rules");
        assertThat(ranOn.get().getName()).isEqualTo("tck-head-start");
        assertThat(ranOn.get().isDaemon()).as("never keeps the JVM alive").isTrue();
    }

    @Test
    void theAskerGetsWhatTheWorkThrewNotAWrapper() {
        HeadStart.Ahead<String> ahead = HeadStart.begin(() -> {
            throw new UncheckedIOException("features/rules: unreadable", new java.io.IOException("denied"));
        });

        assertThatThrownBy(ahead::get).isInstanceOf(UncheckedIOException.class)
                .hasMessage("features/rules: unreadable");
    }
}
