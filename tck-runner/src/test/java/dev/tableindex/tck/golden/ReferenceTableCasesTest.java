package dev.tableindex.tck.golden;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tableindex.model.dataset.LanceDatasetFolder;
import dev.tableindex.model.manifest.ManifestFile;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/** golden-files/reference-tables: made by the generator byte for byte, and read as expected.json says. */
class ReferenceTableCasesTest {
    private static final GoldenFiles GOLDEN = GoldenFiles.locate();

    @TempDir
    Path scratch;

    @Test
    void everyGeneratedCaseIsCommittedWithItsExpectedView() {
        assertThat(GOLDEN.referenceTableCases()).extracting(ReferenceTableCase::name)
                .containsExactlyInAnyOrderElementsOf(ReferenceTableCases.cases().stream()
                        .map(ReferenceTableCases.Case::name).toList());
    }

    @TestFactory
    Stream<DynamicTest> theGeneratorWritesTheCommittedBytes() {
        return ReferenceTableCases.cases().stream().map(c -> DynamicTest.dynamicTest(c.name(), () -> {
            Path generated = scratch.resolve(c.name());
            ReferenceTableCases.write(c, generated);
            assertThat(ReferenceTableCases.compare(generated,
                    GOLDEN.root().resolve(GoldenFiles.REFERENCE_TABLES).resolve(c.name()))).isEmpty();
        }));
    }

    @Test
    void writingTwiceGivesTheSameBytes() {
        ReferenceTableCases.Case overlay = ReferenceTableCases.cases().stream()
                .filter(c -> c.name().equals("overlay")).findFirst().orElseThrow();
        ReferenceTableCases.write(overlay, scratch.resolve("a"));
        ReferenceTableCases.write(overlay, scratch.resolve("b"));
        ReferenceTableCases.write(overlay, scratch.resolve("b")); // over an earlier run
        assertThat(ReferenceTableCases.compare(scratch.resolve("a"), scratch.resolve("b"))).isEmpty();
    }

    /** The reader part of expected.json: IndexCatalog (with the reader-flag rule) on the latest version. */
    @TestFactory
    Stream<DynamicTest> theReaderSeesTheLatestVersionAsExpected() {
        return GOLDEN.referenceTableCases().stream().map(c -> DynamicTest.dynamicTest(c.id(), () -> {
            JsonNode expected = GoldenManifestCase.readJson(c.folder().resolve("expected.json"));
            long latest = expected.path("latest_version").asLong();
            assertThat(expected.path("reader").path("version").asLong()).isEqualTo(latest);
            assertThat(JsonDiff.between(expected.path("reader"), ReferenceTableCase.readerView(c.folder(), latest)))
                    .isEmpty();
        }));
    }

    @Test
    void theIndexOnAnEmptyTableHasTheEightByteEmptyBitmapInBothForms() {
        ManifestFile v2 = LanceDatasetFolder.open(GOLDEN.root().resolve(GoldenFiles.REFERENCE_TABLES)
                .resolve("index-on-empty-table")).read(2);
        HexFormat hex = HexFormat.of();
        assertThat(hex.formatHex(v2.indexSection().orElseThrow().getIndices(0).getFragmentBitmap().toByteArray()))
                .isEqualTo("3a30000000000000");
        assertThat(hex.formatHex(v2.indexSection().orElseThrow().getIndicesV2(0).getFiles(0).getFragmentBitmap()
                .toByteArray())).isEqualTo("3a30000000000000");
    }
}
