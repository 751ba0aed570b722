package dev.tableindex.model.iceberg.metadata;

import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * An immutable version of the index data, built from one source table snapshot (draft, Index Snapshot).
 *
 * @param snapshotId            the index snapshot's id, unique within the metadata file
 * @param sourceTableSnapshotId the source table snapshot whose live rows it indexes
 * @param timestampMs           when it was created (ms from epoch)
 * @param trackingFile          the location of its tracking file, absolute or relative to the index location
 * @param properties            snapshot properties
 * @param keyId                 the {@code key-id} of the encryption key holding the tracking file's key metadata
 */
public record IndexSnapshot(
        long snapshotId,
        long sourceTableSnapshotId,
        long timestampMs,
        String trackingFile,
        Map<String, String> properties,
        Optional<String> keyId) {

    public IndexSnapshot {
        Objects.requireNonNull(trackingFile, "trackingFile");
        properties = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(properties)); // keeps the order written
        Objects.requireNonNull(keyId, "keyId");
    }

    /** An unencrypted snapshot without properties. */
    public static IndexSnapshot of(long snapshotId, long sourceTableSnapshotId, long timestampMs, String trackingFile) {
        return new IndexSnapshot(snapshotId, sourceTableSnapshotId, timestampMs, trackingFile, Map.of(), Optional.empty());
    }
}
