package dev.tableindex.tck.golden;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

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

    /** What `tck golden` reports for golden-files/lance-index-files: the kit reads them as Lance's own reader did. */
    @TestFactory
    Stream<DynamicTest> everyRealIndexFileReadsAsLancesReaderReadIt() {
        assertThat(GOLDEN.indexFilesCases()).extracting(GoldenIndexFilesCase::id)
                .contains("lance-7.0.0/btree-binary", "lance-7.0.0/btree-binary-many");
        return GOLDEN.indexFilesCases().stream().map(goldenCase -> DynamicTest.dynamicTest(goldenCase.id(),
                () -> assertThat(goldenCase.check()).isEmpty()));
    }

    @Test
    void anIndexFileThatIsNotWhatLancesReaderReadFails(@TempDir Path copy) throws Exception {
        GoldenIndexFilesCase real = GOLDEN.indexFilesCases().get(0);
        for (String name : List.of("expected.json", "provenance.json", "page_data.lance", "page_lookup.lance")) {
            Files.copy(real.folder().resolve(name), copy.resolve(name));
        }
        Files.writeString(copy.resolve("expected.json"), Files.readString(copy.resolve("expected.json"))
                .replaceFirst("\"num_rows\": 7", "\"num_rows\": 8")
                .replaceFirst("\\[null, 1\\]", "[null, 2]"));
        byte[] lookup = Files.readAllBytes(copy.resolve("page_lookup.lance"));
        Files.write(copy.resolve("page_lookup.lance"), Arrays.copyOf(lookup, lookup.length - 1));
        assertThat(new GoldenIndexFilesCase("w", "c", copy).check())
                .anySatisfy(p -> assertThat(p).startsWith("page_data.lance: the kit reads 7 rows, Lance's reader 8"))
                .anySatisfy(p -> assertThat(p).isEqualTo("page_data.lance: row 0 column ids is 1 as the kit decodes it,"
                        + " 2 as Lance's reader read it"))
                .anySatisfy(p -> assertThat(p).startsWith("page_lookup.lance: sha256"))
                .anySatisfy(p -> assertThat(p).startsWith("page_lookup.lance: not a Lance file"));
    }
}
