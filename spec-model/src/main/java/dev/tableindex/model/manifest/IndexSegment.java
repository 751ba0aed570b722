package dev.tableindex.model.manifest;

import dev.tableindex.proto.lance.table.IndexFile;
import dev.tableindex.proto.lance.table.IndexMetadata;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.UUID;

/**
 * One {@code IndexMetadata} entry, decoded as Lance decodes it (lance-source-facts.md §2.3):
 * the uuid is required and 16 bytes, the bitmap becomes a {@link FragmentCoverage}, absent
 * {@code index_version} stays distinguishable from 0. Entries that share a name are segments
 * of one logical index.
 */
public record IndexSegment(
        UUID uuid,
        String name,
        List<Integer> fields,
        long datasetVersion,
        FragmentCoverage coverage,
        Optional<String> typeUrl,
        OptionalInt indexVersion,
        OptionalLong createdAtMillis,
        List<IndexFile> files,
        List<Integer> coveringFields,
        IndexMetadata proto) {

    /** UUID from its 16 raw bytes in RFC 4122 (big-endian) order, as Lance stores it. */
    public static UUID uuidFromBytes(byte[] raw) {
        ByteBuffer buffer = ByteBuffer.wrap(raw);
        return new UUID(buffer.getLong(), buffer.getLong());
    }

    public static byte[] uuidToBytes(UUID uuid) {
        return ByteBuffer.allocate(16).putLong(uuid.getMostSignificantBits())
                .putLong(uuid.getLeastSignificantBits()).array();
    }

    /**
     * Decodes one entry of an index section.
     *
     * @param fieldPath the entry's path for error messages, e.g. {@code indices[2]}
     * @param at where the entry's bytes are, for error offsets
     */
    static IndexSegment decode(IndexMetadata entry, String fieldPath, FieldSite at) {
        if (!entry.hasUuid()) {
            throw at.error(ManifestProblem.INVALID_FIELD, fieldPath + ".uuid", 1, "index entry has no uuid");
        }
        byte[] uuid = entry.getUuid().getUuid().toByteArray();
        if (uuid.length != 16) {
            throw at.error(ManifestProblem.INVALID_FIELD, fieldPath + ".uuid", 1,
                    "uuid has " + uuid.length + " bytes, expected 16");
        }
        FragmentCoverage coverage = at.coverage(entry.getFragmentBitmap().toByteArray(), fieldPath + ".fragment_bitmap", 5);
        return new IndexSegment(
                uuidFromBytes(uuid),
                entry.getName(),
                List.copyOf(entry.getFieldsList()),
                entry.getDatasetVersion(),
                coverage,
                entry.hasIndexDetails() ? Optional.of(entry.getIndexDetails().getTypeUrl()) : Optional.empty(),
                entry.hasIndexVersion() ? OptionalInt.of(entry.getIndexVersion()) : OptionalInt.empty(),
                entry.hasCreatedAt() ? OptionalLong.of(entry.getCreatedAt()) : OptionalLong.empty(),
                List.copyOf(entry.getFilesList()),
                List.copyOf(entry.getCoveringFieldsList()),
                entry);
    }
}
