package dev.tableindex.tck.golden;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/** Every golden file, one test each: what `tck golden` reports, as JUnit tests. */
class GoldenFilesTest {
    private static final GoldenFiles GOLDEN = GoldenFiles.locate();

    @Test
    void thereAreGoldenManifestsFromLance700() {
        assertThat(GOLDEN.manifestCases()).extracting(GoldenManifestCase::writer).contains("lance-7.0.0");
        assertThat(GOLDEN.invalidManifests().entries()).hasSizeGreaterThanOrEqualTo(15);
    }

    @TestFactory
    Stream<DynamicTest> everyGoldenManifestReadsAsItsExpectedView() {
        return GOLDEN.manifestCases().stream().map(goldenCase -> DynamicTest.dynamicTest(goldenCase.id(),
                () -> assertThat(goldenCase.check()).isEmpty()));
    }

    /** What `tck golden` reports for golden-files/reference-tables (more in ReferenceTableCasesTest). */
    @TestFactory
    Stream<DynamicTest> everyReferenceTableReadsAsItsExpectedView() {
        return GOLDEN.referenceTableCases().stream().map(goldenCase -> DynamicTest.dynamicTest(goldenCase.id(),
                () -> assertThat(goldenCase.check()).isEmpty()));
    }

    @TestFactory
    Stream<DynamicTest> everyInvalidManifestGivesItsExpectedError() {
        InvalidManifestCorpus corpus = GOLDEN.invalidManifests();
        return corpus.entries().stream().map(entry -> DynamicTest.dynamicTest(entry.file(),
                () -> assertThat(corpus.check(entry)).isEmpty()));
    }
}
