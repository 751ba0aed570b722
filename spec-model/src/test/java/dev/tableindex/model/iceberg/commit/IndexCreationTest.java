package dev.tableindex.model.iceberg.commit;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tableindex.model.iceberg.metadata.IndexMetadataValidator;
import java.util.List;
import org.apache.iceberg.Schema;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.Test;

/** What a writer makes of a definition as a user asks for it (IndexCreation), worked by hand against the draft. */
class IndexCreationTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Schema EVENTS = new Schema(
            Types.NestedField.required(1, "user_id", Types.LongType.get()),
            Types.NestedField.optional(2, "event_ts", Types.TimestampType.withZone()));

    private static ObjectNode create(String requested) throws Exception {
        return IndexCreation.metadataJson(JSON.readTree(requested), EVENTS, "t-uuid", "file:/idx", "i-uuid", 42);
    }

    @Test
    void theTypeIsWrittenUpperCaseAndNamesAreBoundToTheirFieldIds() throws Exception {
        ObjectNode file = create("""
                {"type": "scalar", "identity-fields": [1],
                 "materialized-fields": [{"field-id": 1000, "type": "expr-value", "data-type": "int",
                   "expr": {"type": "apply", "function": "bucket", "arguments": [16, {"type": "reference", "name": "user_id"}]}}],
                 "non-materialized-fields": [{"field-id": 1001, "type": "expr-value", "data-type": "date",
                   "expr": {"type": "apply", "function": "day", "arguments": [{"type": "reference", "term": "event_ts"}]}}],
                 "cluster-spec": [1000], "ignored": true}""");

        assertThat(file.get("type").asText()).isEqualTo("SCALAR");
        assertThat(file.at("/materialized-fields/0/expr/arguments/1")).isEqualTo(JSON.readTree("{\"type\": \"reference\", \"id\": 1}"));
        assertThat(file.at("/non-materialized-fields/0/expr/arguments/0")).isEqualTo(JSON.readTree("{\"type\": \"reference\", \"id\": 2}"));
        assertThat(file.at("/materialized-fields/0/expr/arguments/0").asInt()).isEqualTo(16);
        assertThat(file.get("format-version").asInt()).isEqualTo(1);
        assertThat(file.get("table-uuid").asText()).isEqualTo("t-uuid");
        assertThat(file.get("last-updated-ms").asLong()).isEqualTo(42);
        assertThat(file.has("snapshots")).isFalse();
        assertThat(file.has("ignored")).isFalse();
        assertThat(IndexMetadataValidator.withSourceSchemas(List.of(EVENTS)).validate(file)).isEmpty();
    }

    @Test
    void aNameTheSchemaLacksStaysSoTheCheckReportsIt() throws Exception {
        JsonNode file = create("""
                {"type": "SCALAR", "identity-fields": [1],
                 "non-materialized-fields": [{"field-id": 1001, "type": "expr-value", "data-type": "long",
                   "expr": {"type": "reference", "name": "no_column"}}],
                 "cluster-spec": [1]}""");

        assertThat(IndexMetadataValidator.withSourceSchemas(List.of(EVENTS)).validate(file))
                .extracting(v -> v.jsonPath() + " " + v.rule().code())
                .containsExactly("$['non-materialized-fields'][0]['expr'] expr-named-reference");
    }

    @Test
    void aMalformedExpressionIsCopiedAsAskedForTheCheckToReport() throws Exception {
        JsonNode file = create("""
                {"type": "SCALAR", "identity-fields": [1],
                 "non-materialized-fields": [{"field-id": 1001, "type": "expr-value", "data-type": "date",
                   "expr": {"type": "call", "function": "day", "arguments": [{"type": "reference", "name": "event_ts"}]}}],
                 "cluster-spec": [1]}""");

        assertThat(file.at("/non-materialized-fields/0/expr/type").asText()).isEqualTo("call");
        assertThat(IndexMetadataValidator.withSourceSchemas(List.of(EVENTS)).validate(file))
                .extracting(v -> v.rule().code()).containsExactly("expr-invalid");
    }
}
