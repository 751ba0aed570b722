package dev.tableindex.model.iceberg.metadata;

import dev.tableindex.model.iceberg.definition.IndexDefinition;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * An index metadata file (draft, Index Metadata File): the index definition and its snapshot history.
 * Immutable, like the file: an update makes a new value ({@code with...}) that a commit writes to a new file.
 *
 * @param formatVersion  the index format version; the draft defines {@value #FORMAT_VERSION}
 * @param indexUuid      the index's UUID, assigned at creation
 * @param tableUuid      the UUID of the indexed table
 * @param location       the index root location, against which relative paths resolve
 * @param lastUpdatedMs  when the index was last updated (ms from epoch)
 * @param definition     type, index fields and cluster spec
 * @param properties     index properties
 * @param snapshots      index snapshots; empty for an index not built yet
 * @param metadataLog    earlier metadata files, oldest first
 * @param encryptionKeys keys used by the index
 */
public record IndexMetadata(
        int formatVersion,
        String indexUuid,
        String tableUuid,
        String location,
        long lastUpdatedMs,
        IndexDefinition definition,
        Map<String, String> properties,
        List<IndexSnapshot> snapshots,
        List<MetadataLogEntry> metadataLog,
        List<EncryptionKey> encryptionKeys) {

    public static final int FORMAT_VERSION = 1;
    /** Index property: how many metadata log entries a commit keeps. */
    public static final String PREVIOUS_VERSIONS_MAX = "write.metadata.previous-versions-max";
    /** Index property: whether a commit deletes the metadata files it drops from the log. */
    public static final String DELETE_AFTER_COMMIT_ENABLED = "write.metadata.delete-after-commit.enabled";

    public IndexMetadata {
        Objects.requireNonNull(indexUuid, "indexUuid");
        Objects.requireNonNull(tableUuid, "tableUuid");
        Objects.requireNonNull(location, "location");
        Objects.requireNonNull(definition, "definition");
        properties = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(properties));
        snapshots = List.copyOf(snapshots);
        metadataLog = List.copyOf(metadataLog);
        encryptionKeys = List.copyOf(encryptionKeys);
    }

    /** A new index: no snapshots, no log, no keys. */
    public static IndexMetadata create(
            String indexUuid, String tableUuid, String location, long createdMs, IndexDefinition definition,
            Map<String, String> properties) {
        return new IndexMetadata(FORMAT_VERSION, indexUuid, tableUuid, location, createdMs, definition, properties,
                List.of(), List.of(), List.of());
    }

    public Optional<IndexSnapshot> snapshot(long snapshotId) {
        return snapshots.stream().filter(s -> s.snapshotId() == snapshotId).findFirst();
    }

    /** Every index snapshot of this source table snapshot, in list order (more than one may match). */
    public List<IndexSnapshot> snapshotsFor(long sourceTableSnapshotId) {
        return snapshots.stream().filter(s -> s.sourceTableSnapshotId() == sourceTableSnapshotId).toList();
    }

    public Optional<EncryptionKey> encryptionKey(String keyId) {
        return encryptionKeys.stream().filter(k -> k.keyId().equals(keyId)).findFirst();
    }

    /** {@code path} from this metadata, made absolute against {@link #location()}. */
    public String resolve(String path) {
        return IndexPaths.resolve(location, path);
    }

    public IndexMetadata withLastUpdatedMs(long ms) {
        return new IndexMetadata(formatVersion, indexUuid, tableUuid, location, ms, definition, properties,
                snapshots, metadataLog, encryptionKeys);
    }

    public IndexMetadata withDefinition(IndexDefinition newDefinition) {
        return new IndexMetadata(formatVersion, indexUuid, tableUuid, location, lastUpdatedMs, newDefinition, properties,
                snapshots, metadataLog, encryptionKeys);
    }

    public IndexMetadata withProperties(Map<String, String> newProperties) {
        return new IndexMetadata(formatVersion, indexUuid, tableUuid, location, lastUpdatedMs, definition,
                newProperties, snapshots, metadataLog, encryptionKeys);
    }

    public IndexMetadata withProperty(String key, String value) {
        Map<String, String> changed = new LinkedHashMap<>(properties);
        changed.put(key, value);
        return withProperties(changed);
    }

    public IndexMetadata withSnapshots(List<IndexSnapshot> newSnapshots) {
        return new IndexMetadata(formatVersion, indexUuid, tableUuid, location, lastUpdatedMs, definition,
                properties, newSnapshots, metadataLog, encryptionKeys);
    }

    public IndexMetadata withSnapshot(IndexSnapshot snapshot) {
        List<IndexSnapshot> added = new ArrayList<>(snapshots);
        added.add(snapshot);
        return withSnapshots(added);
    }

    public IndexMetadata withoutSnapshot(long snapshotId) {
        return withSnapshots(snapshots.stream().filter(s -> s.snapshotId() != snapshotId).toList());
    }

    public IndexMetadata withMetadataLog(List<MetadataLogEntry> log) {
        return new IndexMetadata(formatVersion, indexUuid, tableUuid, location, lastUpdatedMs, definition,
                properties, snapshots, log, encryptionKeys);
    }

    public IndexMetadata withEncryptionKeys(List<EncryptionKey> keys) {
        return new IndexMetadata(formatVersion, indexUuid, tableUuid, location, lastUpdatedMs, definition,
                properties, snapshots, metadataLog, keys);
    }
}
