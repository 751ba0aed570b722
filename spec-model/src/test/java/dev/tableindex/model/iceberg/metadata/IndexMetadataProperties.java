package dev.tableindex.model.iceberg.metadata;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tableindex.model.iceberg.definition.IndexDefinition;
import dev.tableindex.model.iceberg.definition.IndexType;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** Metadata the model writes is valid and reads back; one broken part gives exactly its own violation. */
class IndexMetadataProperties {

    @Provide
    Arbitrary<IndexMetadata> metadata() {
        Arbitrary<List<Long>> snapshotIds = Arbitraries.longs().between(1, 1_000_000).set().ofMaxSize(6).map(ArrayList::new);
        Arbitrary<List<String>> keyIds = Arbitraries.strings().alpha().ofMinLength(1).ofMaxLength(6).set().ofMaxSize(3)
                .map(ArrayList::new);
        Arbitrary<List<Integer>> identity = Arbitraries.integers().between(1, 50).set().ofMinSize(1).ofMaxSize(4)
                .map(ArrayList::new);
        return Combinators.combine(snapshotIds, keyIds, identity, Arbitraries.longs().between(0, 4_000_000_000_000L))
                .as((ids, keys, fields, ms) -> {
                    List<EncryptionKey> encryptionKeys = keys.stream()
                            .map(k -> new EncryptionKey(k, "a2V5", Optional.empty(), Map.of())).toList();
                    List<IndexSnapshot> snapshots = new ArrayList<>();
                    for (int i = 0; i < ids.size(); i++) {
                        Optional<String> key = keys.isEmpty() || i % 2 == 0 ? Optional.empty() : Optional.of(keys.get(i % keys.size()));
                        snapshots.add(new IndexSnapshot(ids.get(i), ms + i, ms, "data/t-" + i + ".avro", Map.of(), key));
                    }
                    List<MetadataLogEntry> log = List.of(new MetadataLogEntry("metadata/00000-a.metadata.json", ms));
                    return new IndexMetadata(1, "u", "t", "file:/idx", ms,
                            new IndexDefinition(IndexType.SCALAR, fields, List.of(), List.of(), fields.subList(0, 1)),
                            Map.of("k", "v"), snapshots, log, encryptionKeys);
                });
    }

    @Property(tries = 200)
    void writtenMetadataIsValidAndReadsBack(@ForAll("metadata") IndexMetadata metadata) {
        byte[] bytes = IndexMetadataJson.toBytes(metadata);
        assertThat(IndexMetadataValidator.withoutSourceSchema().validate(bytes)).isEmpty();
        assertThat(IndexMetadataJson.read(bytes)).isEqualTo(metadata);
    }

    @Property(tries = 200)
    void aSnapshotNamingAnUnknownKeyIsReportedAtItsPathAndNothingElse(@ForAll("metadata") IndexMetadata metadata) {
        ObjectNode json = IndexMetadataJson.write(metadata);
        ArrayNode snapshots = (ArrayNode) json.get("snapshots");
        ObjectNode extra = snapshots.addObject();
        extra.put("snapshot-id", -1L).put("source-table-snapshot-id", 1L).put("timestamp-ms", 1L)
                .put("tracking-file", "x.avro").put("key-id", "no-such-key-0");
        List<Violation> violations = IndexMetadataValidator.withoutSourceSchema().validate(json);
        assertThat(violations).extracting(v -> v.jsonPath() + " " + v.rule().code())
                .containsExactly("$['snapshots'][" + (snapshots.size() - 1) + "]['key-id'] snapshot-key-id-unknown");
    }
}
