package dev.tableindex.model.lancefile;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.tableindex.model.key.Float32;
import dev.tableindex.model.key.KeyEncoding;
import dev.tableindex.model.key.KeyType;
import dev.tableindex.proto.lance.file.Field;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The index files real Lance 7.0.0 wrote for a BTree over a binary column (golden-files/lance-index-files, made by
 * {@code generate.sh --index-files}): the kit's summary reads them as v2.1 files with the target BTree's schemas
 * ("Storage Layout", LEI-R042) and Lance's own reader's row counts, metadata and rows (expected.json).
 */
class RealLanceIndexFilesTest {
    static final Path CASES = Path.of(System.getProperty("tck.golden.dir", "../golden-files"))
            .resolve("lance-index-files/lance-7.0.0");
    static final Path CASE = CASES.resolve("btree-binary");
    /** 3000 rows of 40 keys and nulls in zones of 512: Lance compresses these pages (see the case's README row). */
    static final Path MANY = CASES.resolve("btree-binary-many");

    static JsonNode json(String name) throws IOException {
        return new ObjectMapper().readTree(CASE.resolve(name).toFile());
    }

    static String describe(Field field) {
        return field.getName() + " " + field.getLogicalType() + " " + (field.getNullable() ? "nullable" : "not null");
    }

    @Test
    void pageDataIsAVersionTwoPointOneFileWithTheSpecsSchema() throws IOException {
        LanceFileSummary summary = LanceFileReader.summary(CASE.resolve("page_data.lance"));
        assertThat(summary.version()).isEqualTo("2.1");
        assertThat(summary.major()).isEqualTo(2);
        assertThat(summary.minor()).isEqualTo(1);
        // the spec: values binary nullable, ids uint64 not nullable
        assertThat(summary.fields()).extracting(RealLanceIndexFilesTest::describe)
                .containsExactly("values binary nullable", "ids uint64 not null");
        assertThat(summary.fields()).allSatisfy(f -> assertThat(f.getParentId()).isEqualTo(-1));
        JsonNode lance = json("expected.json").get("page_data.lance");
        assertThat(summary.rows()).isEqualTo(lance.get("num_rows").asLong()).isEqualTo(7);
        assertThat(summary.schemaMetadata()).isEmpty();
        assertThat(summary.columns()).isEqualTo(2);
    }

    @Test
    void pageLookupIsAVersionTwoPointOneFileWithTheSpecsSchemaAndTheBatchSize() throws IOException {
        LanceFileSummary summary = LanceFileReader.summary(CASE.resolve("page_lookup.lance"));
        assertThat(summary.version()).isEqualTo("2.1");
        assertThat(summary.fields()).extracting(RealLanceIndexFilesTest::describe).containsExactly(
                "min binary nullable", "max binary nullable", "null_count uint32 not null", "page_idx uint32 not null");
        // 7 rows in pages of zone_size 3: 3 pages
        assertThat(summary.rows()).isEqualTo(json("expected.json").get("page_lookup.lance").get("num_rows").asLong())
                .isEqualTo(3);
        assertThat(summary.metadataString("batch_size")).hasValue("3");
        // Lance 7.0.0 also writes range_partitioned (not in the spec's schema; see the case's README row)
        assertThat(summary.metadataString("range_partitioned")).hasValue("false");
        assertThat(summary.columns()).isEqualTo(4);
    }

    /** The kit decodes every row of both files of each case as Lance's own reader read them (expected.json). */
    @ParameterizedTest
    @ValueSource(strings = {"btree-binary", "btree-binary-many"})
    void theKitDecodesTheSameRowsAsLancesOwnReader(String name) throws IOException {
        JsonNode lance = new ObjectMapper().readTree(CASES.resolve(name).resolve("expected.json").toFile());
        for (String file : List.of("page_data.lance", "page_lookup.lance")) {
            LanceColumns read = LanceFileReader.read(CASES.resolve(name).resolve(file));
            JsonNode rows = lance.get(file).get("rows");
            assertThat(read.rows()).as(file).isEqualTo(rows.size());
            for (int row = 0; row < rows.size(); row++) {
                for (int c = 0; c < read.columns().size(); c++) {
                    Object value = read.columns().get(c).values().get(row);
                    JsonNode expected = rows.get(row).get(c);
                    Object kit = value instanceof byte[] bytes ? HexFormat.of().formatHex(bytes) : value;
                    Object real = expected.isNull() ? null : expected.isNumber() ? (Object) expected.asLong()
                            : expected.asText();
                    assertThat(kit).as("%s %s row %d column %s", name, file, row, read.columns().get(c).name())
                            .isEqualTo(real);
                }
            }
        }
    }

    /**
     * The larger case is the evidence for compressed BTree pages: Lance 7.0.0 wrote page_data's values as a
     * dictionary with run-length indices and bitpacked definition levels, and its ids bitpacked.
     */
    @Test
    void theLargerCaseHasTheCompressedPagesLanceWritesForRealisticIndexes() throws IOException {
        List<List<String>> encodings = LanceFileReader.pageEncodings(
                java.nio.file.Files.readAllBytes(MANY.resolve("page_data.lance")), "page_data.lance");
        assertThat(encodings.get(0).get(0)).contains("dictionary {", "rle {", "out_of_line_bitpacking");
        assertThat(encodings.get(1).get(0)).contains("inline_bitpacking");
        LanceColumns data = LanceFileReader.read(MANY.resolve("page_data.lance"));
        // 31 null keys (rows 0, 97, ..., 2910) first, then the keys in order; ids are the rows' addresses
        assertThat(data.column("values").values().subList(0, 31)).containsOnlyNulls();
        assertThat(data.column("values").values().get(31)).isEqualTo(new byte[] {2, 'k', 0});
        assertThat(data.column("ids").values().subList(0, 3)).containsExactly(0L, 97L, 194L);
    }

    /** The files are the ones provenance.json hashed, and the kit's schema reading agrees with Lance's own reader. */
    @Test
    void theKitReadsTheSameFieldsAsLancesOwnReader() throws Exception {
        JsonNode files = json("provenance.json").get("files");
        JsonNode lance = json("expected.json");
        for (String name : List.of("page_data.lance", "page_lookup.lance")) {
            byte[] bytes = java.nio.file.Files.readAllBytes(CASE.resolve(name));
            assertThat(HexFormat.of().formatHex(java.security.MessageDigest.getInstance("SHA-256").digest(bytes)))
                    .as(name).isEqualTo(files.get(name).get("sha256").asText());
            LanceFileSummary summary = LanceFileReader.summary(bytes, name);
            JsonNode fields = lance.get(name).get("fields");
            assertThat(summary.fields()).hasSize(fields.size());
            for (int i = 0; i < fields.size(); i++) {
                assertThat(summary.fields().get(i).getName()).isEqualTo(fields.get(i).get("name").asText());
                assertThat(summary.fields().get(i).getNullable()).isEqualTo(fields.get(i).get("nullable").asBoolean());
            }
            lance.get(name).get("schema_metadata").fields().forEachRemaining(entry ->
                    assertThat(summary.metadataString(entry.getKey())).hasValue(entry.getValue().asText()));
            assertThat(summary.schemaMetadata()).hasSize(lance.get(name).get("schema_metadata").size());
        }
    }

    /** The keys Lance indexed are the spec's Key Encoding of the tuples provenance.json names (worked by hand there). */
    @Test
    void theIndexedKeysAreTheEncodedTuples() throws IOException {
        List<KeyType> types = List.of(KeyType.of(KeyType.Kind.STRING), KeyType.of(KeyType.Kind.FLOAT));
        JsonNode table = json("provenance.json").get("table");
        Object[][] tuples = {{"car", 0.5f}, null, {"bus", 0.25f}, {null, null}, {"car", 0.5f}, {"", 1.0f},
            {"person", 0.75f}};
        assertThat(table).hasSize(tuples.length);
        for (int row = 0; row < tuples.length; row++) {
            JsonNode key = table.get(row).get("key");
            if (tuples[row] == null) {
                assertThat(key.isNull()).isTrue();
                continue;
            }
            Object label = tuples[row][0];
            Object confidence = tuples[row][1] == null ? null : Float32.of((Float) tuples[row][1]);
            assertThat(key.asText()).as("row %d", row)
                    .isEqualTo(HexFormat.of().formatHex(KeyEncoding.encode(types, Arrays.asList(label, confidence))));
        }
    }
}
