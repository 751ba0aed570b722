package dev.tableindex.tck.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tableindex.proto.tck.ReadManifestRequest;
import dev.tableindex.tck.api.Capability;
import dev.tableindex.tck.api.EngineBroken;
import dev.tableindex.tck.api.EngineRefusal;
import dev.tableindex.tck.api.ManifestReading;
import dev.tableindex.tck.golden.GoldenFiles;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The runner survives an engine process that crashes, hangs or talks garbage, and starts a fresh one. */
class SubprocessEngineTest {
    private static final Path GOLDEN = GoldenFiles.locate().root().toAbsolutePath();
    private static final ReadManifestRequest BTREE = ReadManifestRequest.newBuilder()
            .setDatasetPath(GOLDEN.resolve("lance-manifests/lance-7.0.0/btree").toString()).build();

    static SubprocessEngine engine(String mode, int at) {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        String command = "'" + java + "' -cp '" + System.getProperty("java.class.path") + "' "
                + MisbehavingEngineMain.class.getName() + " " + mode + " " + at;
        return new SubprocessEngine(command, Path.of("."), Duration.ofSeconds(30), Duration.ofSeconds(3));
    }

    @Test
    void aWellBehavedEngineAnswersAndDeclaresItsCapabilities() {
        try (SubprocessEngine engine = engine("none", 0)) {
            assertThat(engine.info().name()).isEqualTo("reference");
            assertThat(engine.info().declares(Capability.MANIFEST_READ)).isTrue();
            assertThat(engine.facet(ManifestReading.class).readManifest(BTREE).getManifest().getVersion()).isEqualTo(2);
        }
    }

    @Test
    void aRefusalCrossesTheProtocolWithItsKindOffsetAndField() {
        ReadManifestRequest bad = ReadManifestRequest.newBuilder()
                .setManifestPath(GOLDEN.resolve("invalid-manifests/roaring-unknown-cookie.manifest").toString()).build();
        try (SubprocessEngine engine = engine("none", 0)) {
            assertThatThrownBy(() -> engine.facet(ManifestReading.class).readManifest(bad))
                    .isInstanceOfSatisfying(EngineRefusal.class, e -> {
                        assertThat(e.error().getKind()).isEqualTo("INVALID_ROARING");
                        assertThat(e.error().getOffset()).isEqualTo(42);
                        assertThat(e.error().getField()).isEqualTo("indices[0].fragment_bitmap");
                    });
        }
    }

    @Test
    void aCrashIsBrokenWithTheExitCodeAndStderrAndTheNextCallRestarts() {
        try (SubprocessEngine engine = engine("crash", 2)) {
            ManifestReading reading = engine.facet(ManifestReading.class);
            reading.readManifest(BTREE);
            assertThatThrownBy(() -> reading.readManifest(BTREE)).isInstanceOf(EngineBroken.class)
                    .hasMessageContaining("exit code 134").hasMessageContaining("simulated native abort");
            assertThat(reading.readManifest(BTREE).getManifest().getVersion()).isEqualTo(2);
        }
    }

    @Test
    void aLauncherGivesEachProcessItsCommandAndHearsWhenItIsGone() {
        java.util.List<String> events = new java.util.concurrent.CopyOnWriteArrayList<>();
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        SubprocessEngine.Launcher launcher = new SubprocessEngine.Launcher() {
            @Override
            public String nextCommand() {
                events.add("start");
                return "'" + java + "' -cp '" + System.getProperty("java.class.path") + "' "
                        + MisbehavingEngineMain.class.getName() + " crash 2";
            }

            @Override
            public void stopped() {
                events.add("stopped");
            }
        };
        try (SubprocessEngine engine = new SubprocessEngine(launcher, Path.of("."), Duration.ofSeconds(30), Duration.ofSeconds(3))) {
            ManifestReading reading = engine.facet(ManifestReading.class);
            reading.readManifest(BTREE);
            assertThatThrownBy(() -> reading.readManifest(BTREE)).isInstanceOf(EngineBroken.class);
            assertThat(events).containsExactly("start", "stopped");
            reading.readManifest(BTREE);
        }
        assertThat(events).containsExactly("start", "stopped", "start", "stopped");
    }

    @Test
    void aHangIsBrokenAfterTheTimeoutAndTheNextCallRestarts() {
        try (SubprocessEngine engine = engine("hang", 2)) {
            ManifestReading reading = engine.facet(ManifestReading.class);
            reading.readManifest(BTREE);
            assertThatThrownBy(() -> reading.readManifest(BTREE)).isInstanceOf(EngineBroken.class)
                    .hasMessageContaining("within 3000 ms");
            assertThat(reading.readManifest(BTREE).getManifest().getVersion()).isEqualTo(2);
        }
    }

    @Test
    void garbageIsBrokenWithTheLineQuoted() {
        try (SubprocessEngine engine = engine("garbage", 2)) {
            ManifestReading reading = engine.facet(ManifestReading.class);
            reading.readManifest(BTREE);
            assertThatThrownBy(() -> reading.readManifest(BTREE)).isInstanceOf(EngineBroken.class)
                    .hasMessageContaining("\"panic: this is not a reply\"");
            assertThat(reading.readManifest(BTREE).getManifest().getVersion()).isEqualTo(2);
        }
    }

    @Test
    void aReplyToAnotherRequestIsBroken() {
        try (SubprocessEngine engine = engine("wrong-id", 1)) {
            assertThatThrownBy(() -> engine.facet(ManifestReading.class).readManifest(BTREE))
                    .isInstanceOf(EngineBroken.class).hasMessageContaining("answers request 999, expected 1");
        }
    }

    @Test
    void aBadHandshakeIsBroken() {
        try (SubprocessEngine engine = engine("bad-handshake", 0)) {
            assertThatThrownBy(engine::info).isInstanceOf(EngineBroken.class)
                    .hasMessageContaining("expected a Handshake").hasMessageContaining("hello");
        }
    }

    @Test
    void aCommandThatIsNotAnEngineIsBroken() {
        try (SubprocessEngine engine = new SubprocessEngine("echo not an engine; exit 0", Path.of("."),
                Duration.ofSeconds(10), Duration.ofSeconds(3))) {
            assertThatThrownBy(engine::info).isInstanceOf(EngineBroken.class).hasMessageContaining("not an engine");
        }
    }

    @Test
    void aReplyWithoutTheRequestedResultIsBrokenNamingWhatWasExpected() {
        for (String mode : new String[] {"empty-result", "other-result"}) {
            try (SubprocessEngine engine = engine(mode, 1)) {
                assertThatThrownBy(() -> engine.facet(ManifestReading.class).readManifest(BTREE))
                        .as(mode).isInstanceOf(EngineBroken.class)
                        .hasMessageContaining("expected result.read_manifest");
            }
        }
    }

    @Test
    void aHugeGarbageLineIsQuotedInBoundedLength() {
        try (SubprocessEngine engine = engine("huge-garbage", 1)) {
            assertThatThrownBy(() -> engine.facet(ManifestReading.class).readManifest(BTREE))
                    .isInstanceOf(EngineBroken.class)
                    .satisfies(e -> assertThat(e.getMessage().length()).isLessThan(SubprocessEngine.MAX_MESSAGE_CHARS + 200));
        }
    }

    @Test
    void aHugeRefusalMessageIsBounded() {
        try (SubprocessEngine engine = engine("huge-error", 1)) {
            assertThatThrownBy(() -> engine.facet(ManifestReading.class).readManifest(BTREE))
                    .isInstanceOf(EngineRefusal.class)
                    .satisfies(e -> assertThat(e.getMessage().length()).isLessThan(SubprocessEngine.MAX_MESSAGE_CHARS + 200));
        }
    }

    @Test
    void aDeeplyNestedReplyIsBrokenSayingSoAndTheNextCallRestarts() {
        try (SubprocessEngine engine = engine("deep-reply", 2)) {
            ManifestReading reading = engine.facet(ManifestReading.class);
            reading.readManifest(BTREE);
            assertThatThrownBy(() -> reading.readManifest(BTREE)).isInstanceOf(EngineBroken.class)
                    .hasMessageContaining("expected a Reply").hasMessageContaining("nested deeper than 256 levels")
                    .satisfies(e -> assertThat(e.getMessage().length()).isLessThan(SubprocessEngine.MAX_MESSAGE_CHARS + 200));
            assertThat(reading.readManifest(BTREE).getManifest().getVersion()).isEqualTo(2);
        }
    }

    @Test
    void aLineLongerThanTheProtocolAllowsIsBrokenWithoutBeingKept() {
        try (SubprocessEngine engine = engine("overlong", 1)) {
            assertThatThrownBy(() -> engine.facet(ManifestReading.class).readManifest(BTREE))
                    .isInstanceOf(EngineBroken.class)
                    .hasMessage("expected the reply to request 1, got a line longer than 16777216 characters, the protocol's limit");
        }
    }

    @Test
    void anErrorKindThatIsNoStringIsBrokenNotCoerced() {
        try (SubprocessEngine engine = engine("coerced-kind", 1)) {
            assertThatThrownBy(() -> engine.facet(ManifestReading.class).readManifest(BTREE))
                    .isInstanceOf(EngineBroken.class).hasMessageContaining("$.error.kind: expected a string, got an array");
        }
    }

    @Test
    void aDeepOrCoercedHandshakeIsBroken() {
        try (SubprocessEngine engine = engine("deep-handshake", 0)) {
            assertThatThrownBy(engine::info).isInstanceOf(EngineBroken.class)
                    .hasMessageContaining("expected a Handshake").hasMessageContaining("nested deeper than 256 levels");
        }
        try (SubprocessEngine engine = engine("coerced-handshake", 0)) {
            assertThatThrownBy(engine::info).isInstanceOf(EngineBroken.class)
                    .hasMessageContaining("$.capabilities[0]: expected a string, got an array");
        }
    }
}
