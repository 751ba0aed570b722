package dev.tableindex.model.iceberg.metadata;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.iceberg.Schema;
import org.apache.iceberg.SchemaParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The golden index metadata files: valid ones read and pass; each invalid one gives its hand-written violations. */
class IndexMetadataCorpusTest {
    static final Path ROOT = Path.of(System.getProperty("tck.golden.dir", "../golden-files"), "iceberg-index", "metadata");
    private static final ObjectMapper JSON = new ObjectMapper();

    static Schema sourceSchema() throws IOException {
        return SchemaParser.fromJson(Files.readString(ROOT.resolve("source-schema.json")));
    }

    static JsonNode expected() throws IOException {
        return JSON.readTree(ROOT.resolve("invalid/expected-violations.json").toFile()).get("files");
    }

    static Stream<String> validFiles() throws IOException {
        try (Stream<Path> files = Files.list(ROOT.resolve("valid"))) {
            return files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".json") && !n.startsWith("expected-"))
                    .sorted().toList().stream();
        }
    }

    static Stream<String> invalidFiles() throws IOException {
        try (Stream<Path> files = Files.list(ROOT.resolve("invalid"))) {
            return files.map(p -> p.getFileName().toString())
                    .filter(n -> n.endsWith(".json") && !n.equals("expected-violations.json")).sorted().toList().stream();
        }
    }

    @ParameterizedTest
    @MethodSource("validFiles")
    void validFilesHaveNoViolationsAndRoundTrip(String name) throws IOException {
        byte[] bytes = Files.readAllBytes(ROOT.resolve("valid").resolve(name));
        assertThat(IndexMetadataValidator.withSourceSchemas(List.of(sourceSchema())).validate(bytes)).isEmpty();
        IndexMetadata metadata = IndexMetadataJson.read(bytes);
        assertThat(IndexMetadataJson.read(IndexMetadataJson.toBytes(metadata))).isEqualTo(metadata);
    }

    @ParameterizedTest
    @MethodSource("invalidFiles")
    void invalidFilesGiveExactlyTheirExpectedViolations(String name) throws IOException {
        JsonNode expected = expected().get(name);
        assertThat(expected).as("expected-violations.json has an entry for " + name).isNotNull();
        Set<String> want = new TreeSet<>();
        expected.forEach(v -> want.add(v.get("path").asText() + " " + v.get("rule").asText()));

        List<Violation> got = IndexMetadataValidator.withSourceSchemas(List.of(sourceSchema()))
                .validate(Files.readAllBytes(ROOT.resolve("invalid").resolve(name)));

        Set<String> gotPaths = got.stream().map(v -> v.jsonPath() + " " + v.rule().code())
                .collect(Collectors.toCollection(TreeSet::new));
        assertThat(gotPaths)
                .as(got.toString())
                .isEqualTo(want);
    }

    @Test
    void everyRuleFailsOnSomeCorpusFileAndEveryEntryHasAFile() throws IOException {
        Set<String> shown = new HashSet<>();
        Set<String> entries = new TreeSet<>();
        expected().fields().forEachRemaining(e -> {
            entries.add(e.getKey());
            e.getValue().forEach(v -> shown.add(v.get("rule").asText()));
        });
        assertThat(shown).containsAll(Arrays.stream(IndexMetadataRule.values()).map(IndexMetadataRule::code).toList());
        assertThat(entries).isEqualTo(invalidFiles().collect(Collectors.toCollection(TreeSet::new)));
    }

    @Test
    void withoutASchemaTheSchemaRulesAreNotChecked() throws IOException {
        byte[] bytes = Files.readAllBytes(ROOT.resolve("invalid/identity-field-not-in-schema.json"));
        assertThat(IndexMetadataValidator.withoutSourceSchema().validate(bytes)).isEmpty();
    }
}
