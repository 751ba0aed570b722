package dev.tableindex.model.iceberg.metadata;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tableindex.model.iceberg.definition.ExpressionField;
import dev.tableindex.model.iceberg.definition.IcebergTypeJson;
import java.util.List;
import java.util.Map;

/**
 * What a reader makes of an index metadata file, as one JSON object (capability {@code iceberg_index.metadata},
 * docs/iceberg-index.md "Reading"): every field, with what the draft asks a reader to derive: missing optional
 * lists as empty lists, {@code index-type} matched case-insensitively ({@code SCALAR}, {@code VECTOR} or null
 * for a type the draft does not name), paths resolved against {@code location}, the source fields each
 * expression reads, and for an encrypted snapshot the key metadata of its tracking file.
 */
public final class IndexMetadataReading {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    private IndexMetadataReading() {
    }

    public static ObjectNode of(IndexMetadata m) {
        ObjectNode node = NODES.objectNode();
        node.put("format-version", m.formatVersion());
        node.put("index-uuid", m.indexUuid());
        node.put("table-uuid", m.tableUuid());
        node.put("location", m.location());
        node.put("last-updated-ms", m.lastUpdatedMs());
        node.put("type", m.definition().type().written());
        node.put("index-type", m.definition().type().kind().map(Enum::name).orElse(null));
        ints(node.putArray("identity-fields"), m.definition().identityFields());
        expressionFields(node.putArray("materialized-fields"), m.definition().materializedFields());
        expressionFields(node.putArray("non-materialized-fields"), m.definition().nonMaterializedFields());
        ints(node.putArray("cluster-spec"), m.definition().clusterSpec());
        strings(node.putObject("properties"), m.properties());
        ArrayNode snapshots = node.putArray("snapshots");
        for (IndexSnapshot s : m.snapshots()) {
            ObjectNode sn = snapshots.addObject();
            sn.put("snapshot-id", s.snapshotId());
            sn.put("source-table-snapshot-id", s.sourceTableSnapshotId());
            sn.put("timestamp-ms", s.timestampMs());
            sn.put("tracking-file", m.resolve(s.trackingFile()));
            strings(sn.putObject("properties"), s.properties());
            sn.put("key-id", s.keyId().orElse(null));
            sn.put("tracking-file-key-metadata", s.keyId().flatMap(m::encryptionKey)
                    .map(EncryptionKey::encryptedKeyMetadata).orElse(null));
        }
        ArrayNode log = node.putArray("metadata-log");
        for (MetadataLogEntry e : m.metadataLog()) {
            ObjectNode en = log.addObject();
            en.put("metadata-file", m.resolve(e.metadataFile()));
            en.put("timestamp-ms", e.timestampMs());
        }
        ArrayNode keys = node.putArray("encryption-keys");
        for (EncryptionKey k : m.encryptionKeys()) {
            ObjectNode kn = keys.addObject();
            kn.put("key-id", k.keyId());
            kn.put("encrypted-key-metadata", k.encryptedKeyMetadata());
            kn.put("encrypted-by-id", k.encryptedById().orElse(null));
            strings(kn.putObject("properties"), k.properties());
        }
        return node;
    }

    private static void ints(ArrayNode array, List<Integer> values) {
        values.forEach(array::add);
    }

    private static void strings(ObjectNode object, Map<String, String> values) {
        values.forEach(object::put);
    }

    private static void expressionFields(ArrayNode array, List<ExpressionField> fields) {
        for (ExpressionField f : fields) {
            ObjectNode fn = array.addObject();
            fn.put("field-id", f.fieldId());
            fn.set("data-type", IcebergTypeJson.toJson(f.dataType()));
            ints(fn.putArray("referenced-field-ids"), f.expr().referencedFieldIds());
        }
    }
}
