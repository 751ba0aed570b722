package dev.tableindex.model.iceberg.metadata;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tableindex.model.iceberg.definition.ExpressionField;
import dev.tableindex.model.iceberg.definition.IndexType;
import dev.tableindex.model.iceberg.definition.ValueExpression.Apply;
import dev.tableindex.model.iceberg.definition.ValueExpression.IdReference;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.Test;

class IndexMetadataJsonTest {

    static byte[] resource(String name) throws IOException {
        try (InputStream in = IndexMetadataJsonTest.class.getResourceAsStream("/iceberg/" + name)) {
            return in.readAllBytes();
        }
    }

    @Test
    void readsEveryField() throws IOException {
        IndexMetadata m = IndexMetadataJson.read(resource("full-metadata.json"));

        assertThat(m.formatVersion()).isEqualTo(1);
        assertThat(m.location()).isEqualTo("file:/warehouse/db/events/indexes/by_user");
        assertThat(m.lastUpdatedMs()).isEqualTo(1767225600000L);
        assertThat(m.definition().type().kind()).contains(IndexType.Kind.SCALAR);
        assertThat(m.definition().identityFields()).containsExactly(1, 2);
        ExpressionField bucket = m.definition().materializedFields().get(0);
        assertThat(bucket.fieldId()).isEqualTo(1000);
        assertThat(bucket.dataType()).isEqualTo(Types.IntegerType.get());
        assertThat(((Apply) bucket.expr()).function().name()).isEqualTo("bucket");
        assertThat(bucket.expr().referencedFieldIds()).containsExactly(1);
        ExpressionField day = m.definition().nonMaterializedFields().get(0);
        assertThat(((Apply) day.expr()).function().catalog()).contains("iceberg_functions");
        assertThat(day.expr().references()).containsExactly(new IdReference(3));
        assertThat(m.definition().clusterSpec()).containsExactly(1, 2);
        assertThat(m.properties()).containsEntry(IndexMetadata.PREVIOUS_VERSIONS_MAX, "5");
        assertThat(m.snapshotsFor(3051729675574597004L)).hasSize(2);
        assertThat(m.snapshot(12).orElseThrow().keyId()).contains("k1");
        assertThat(m.snapshot(11).orElseThrow().keyId()).isEmpty();
        assertThat(m.resolve(m.snapshot(11).orElseThrow().trackingFile()))
                .isEqualTo("file:/warehouse/db/events/indexes/by_user/data/snap-11-tracking.avro");
        assertThat(m.resolve(m.snapshot(12).orElseThrow().trackingFile()))
                .isEqualTo("file:/elsewhere/snap-12-tracking.avro");
        assertThat(m.metadataLog()).containsExactly(
                new MetadataLogEntry("metadata/00000-6f0b.metadata.json", 1767225500000L));
        assertThat(m.encryptionKey("k1").orElseThrow().encryptedById()).contains("master");
    }

    @Test
    void writeThenReadGivesTheSameMetadata() throws IOException {
        IndexMetadata m = IndexMetadataJson.read(resource("full-metadata.json"));
        assertThat(IndexMetadataJson.read(IndexMetadataJson.toBytes(m))).isEqualTo(m);
    }

    @Test
    void missingOptionalListsReadAsEmpty() {
        String json = """
                {"format-version": 1, "index-uuid": "u", "table-uuid": "t", "location": "file:/i",
                 "last-updated-ms": 1, "type": "scalar", "identity-fields": [1], "cluster-spec": [1]}""";
        IndexMetadata m = IndexMetadataJson.read(json.getBytes(StandardCharsets.UTF_8));
        assertThat(m.snapshots()).isEmpty();
        assertThat(m.metadataLog()).isEmpty();
        assertThat(m.encryptionKeys()).isEmpty();
        assertThat(m.definition().materializedFields()).isEmpty();
        assertThat(m.definition().nonMaterializedFields()).isEmpty();
        assertThat(m.properties()).isEmpty();
        assertThat(m.definition().type().isScalar()).isTrue();
        assertThat(m.definition().type().isWrittenUpperCase()).isFalse();
    }

    @Test
    void structuralProblemsNameTheirJsonPath() {
        String json = """
                {"format-version": 1, "index-uuid": "u", "table-uuid": "t", "location": "file:/i",
                 "last-updated-ms": 1, "type": "SCALAR", "identity-fields": [1], "cluster-spec": [1],
                 "snapshots": [{"snapshot-id": 1, "source-table-snapshot-id": 2, "timestamp-ms": 3}]}""";
        assertThatThrownBy(() -> IndexMetadataJson.read(json.getBytes(StandardCharsets.UTF_8)))
                .isInstanceOf(IndexMetadataFormatException.class)
                .hasMessage("$['snapshots'][0]['tracking-file']: required field is missing");
        assertThatThrownBy(() -> IndexMetadataJson.read("{".getBytes(StandardCharsets.UTF_8)))
                .isInstanceOf(IndexMetadataFormatException.class)
                .hasMessageStartingWith("$: not JSON");
    }

    @Test
    void writesTheDraftsFieldNames() {
        IndexMetadata m = IndexMetadata.create("u", "t", "file:/i", 5,
                new dev.tableindex.model.iceberg.definition.IndexDefinition(IndexType.SCALAR, List.of(1),
                        List.of(), List.of(), List.of(1)),
                java.util.Map.of())
                .withSnapshot(new IndexSnapshot(7, 8, 9, "t.avro", java.util.Map.of(), Optional.empty()));
        String json = new String(IndexMetadataJson.toBytes(m), StandardCharsets.UTF_8);
        assertThat(json).contains("\"format-version\" : 1", "\"source-table-snapshot-id\" : 8",
                "\"tracking-file\" : \"t.avro\"", "\"identity-fields\" : [ 1 ]");
    }
}
