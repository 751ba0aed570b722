package dev.tableindex.model.key;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/** Every hand-derived golden vector (golden-files/key-encoding/vectors.json): encode and decode. */
class KeyVectorsTest {
    private static final HexFormat HEX = HexFormat.ofDelimiter(" ").withUpperCase();

    static List<JsonNode> vectors() throws Exception {
        Path file = Path.of(System.getProperty("tck.golden.dir", "../golden-files"), "key-encoding", "vectors.json");
        JsonNode root = KeyNotation.readTree(java.nio.file.Files.readString(file));
        return StreamSupport.stream(root.path("vectors").spliterator(), false).toList();
    }

    @Test
    void thereAreAtLeast150VectorsWithProvenance() throws Exception {
        assertThat(vectors()).hasSizeGreaterThanOrEqualTo(150)
                .allSatisfy(v -> assertThat(v.path("provenance").asText()).isNotBlank());
    }

    @TestFactory
    Stream<DynamicTest> everyVectorEncodesToItsBytesAndDecodesToItsValues() throws Exception {
        return vectors().stream().map(vector -> DynamicTest.dynamicTest(vector.path("id").asText(), () -> {
            List<KeyType> types = StreamSupport.stream(vector.path("types").spliterator(), false)
                    .map(t -> KeyType.parse(t.asText())).toList();
            List<Object> tuple = KeyNotation.parseTuple(types, vector.path("values"));
            String expected = vector.path("hex").asText();
            assertThat(HEX.formatHex(KeyEncoding.encode(types, tuple))).as(vector.path("rule").asText()).isEqualTo(expected);
            List<Object> decoded = KeyDecoder.decode(types, HEX.parseHex(expected));
            assertThat(decoded).isEqualTo(tuple);
            assertThat(KeyNotation.parseTuple(types, KeyNotation.formatTuple(types, decoded))).isEqualTo(tuple);
        }));
    }
}
