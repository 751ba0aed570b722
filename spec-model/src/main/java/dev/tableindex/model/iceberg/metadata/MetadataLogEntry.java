package dev.tableindex.model.iceberg.metadata;

import java.util.Objects;

/**
 * One index metadata file that preceded the current one (draft, Metadata Log).
 *
 * @param metadataFile the location of that metadata file
 * @param timestampMs  that file's {@code last-updated-ms}
 */
public record MetadataLogEntry(String metadataFile, long timestampMs) {
    public MetadataLogEntry {
        Objects.requireNonNull(metadataFile, "metadataFile");
    }
}
