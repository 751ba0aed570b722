package dev.tableindex.tck.steps;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tableindex.proto.lance.table.Manifest;
import dev.tableindex.proto.tck.EngineError;
import dev.tableindex.proto.tck.ReadManifestResult;
import dev.tableindex.tck.api.EngineInfo;
import dev.tableindex.tck.api.EngineRefusal;
import dev.tableindex.tck.api.Facet;
import dev.tableindex.tck.api.ManifestReading;
import dev.tableindex.tck.api.TckEngine;
import dev.tableindex.tck.run.StepContext;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Set;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The manifest steps judge the last read only: what an earlier read left must not decide a verdict. */
class ManifestStepsTest {
    @TempDir
    Path scratch;

    private final Deque<Supplier<ReadManifestResult>> answers = new ArrayDeque<>();

    @AfterEach
    void clear() {
        StepContext.clear();
    }

    private ManifestSteps steps() throws IOException {
        // the "golden files" the steps name: present in the scratch folder, so the store hands them out as they are
        Files.createFile(scratch.resolve("a.manifest"));
        Files.createFile(scratch.resolve("b.manifest"));
        ManifestReading reading = request -> answers.removeFirst().get();
        StepContext.install(new TckEngine() {
            @Override
            public EngineInfo info() {
                return new EngineInfo("scripted", "0", Set.of());
            }

            @Override
            public <F extends Facet> F facet(Class<F> type) {
                return type.cast(reading);
            }
        }, scratch);
        return new ManifestSteps();
    }

    private static ReadManifestResult version(long version) {
        return ReadManifestResult.newBuilder().setManifest(Manifest.newBuilder().setVersion(version)).build();
    }

    private static ReadManifestResult refuse() {
        throw new EngineRefusal(EngineError.newBuilder().setKind("BAD_MAGIC").setMessage("refused").setOffset(0).build());
    }

    @Test
    void aRefusalDoesNotOutliveTheNextRead() throws IOException {
        ManifestSteps steps = steps();
        answers.add(ManifestStepsTest::refuse);
        answers.add(() -> version(1));
        steps.theEngineReadsTheManifestFile("a.manifest");
        steps.theReadIsRefused();
        steps.theEngineReadsTheManifestFile("b.manifest");
        assertThatThrownBy(steps::theReadIsRefused).isInstanceOf(AssertionError.class)
                .hasMessageContaining("accepted");
        assertThatCode(() -> steps.theManifestIsVersion(1)).doesNotThrowAnyException();
    }

    @Test
    void aResultDoesNotOutliveARefusedRead() throws IOException {
        ManifestSteps steps = steps();
        answers.add(() -> version(1));
        answers.add(ManifestStepsTest::refuse);
        steps.theEngineReadsTheManifestFile("a.manifest");
        steps.theManifestIsVersion(1);
        steps.theEngineReadsTheManifestFile("b.manifest");
        assertThatThrownBy(() -> steps.theManifestIsVersion(1)).isInstanceOf(AssertionError.class)
                .hasMessageContaining("refused");
    }
}
