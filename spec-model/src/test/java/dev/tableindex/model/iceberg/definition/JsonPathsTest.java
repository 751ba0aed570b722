package dev.tableindex.model.iceberg.definition;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tableindex.model.iceberg.metadata.IndexMetadataValidator;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** Normalized JSON paths as RFC 9535 (section 2.7) writes them, worked by hand. */
class JsonPathsTest {
    @Test
    void namesAreQuotedWithTheirQuoteBackslashAndControlCharactersEscaped() {
        assertThat(JsonPaths.member("$", "key-id")).isEqualTo("$['key-id']");
        assertThat(JsonPaths.member("$", "it's")).isEqualTo("$['it\\'s']");
        assertThat(JsonPaths.member("$", "a\\b")).isEqualTo("$['a\\\\b']");
        assertThat(JsonPaths.member("$", "tab\tend")).isEqualTo("$['tab\\tend']");
        assertThat(JsonPaths.member("$", "\u0001")).isEqualTo("$['\\u0001']");
        assertThat(JsonPaths.element(JsonPaths.member("$", "snapshots"), 1)).isEqualTo("$['snapshots'][1]");
    }

    @Test
    void theValidatorNamesAPropertyWithAQuoteByItsEscapedPath() {
        String file = """
                {"format-version": 1, "index-uuid": "u", "table-uuid": "t", "location": "file:/x",
                 "last-updated-ms": 1, "type": "SCALAR", "identity-fields": [1], "cluster-spec": [1],
                 "properties": {"it's": 7}}""";

        assertThat(IndexMetadataValidator.withoutSourceSchema().validate(file.getBytes(StandardCharsets.UTF_8)))
                .extracting(v -> v.jsonPath() + " " + v.rule().code())
                .containsExactly("$['properties']['it\\'s'] json-type");
    }
}
