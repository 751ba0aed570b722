package dev.tableindex.model.iceberg.data;

import java.nio.ByteBuffer;
import java.util.Map;

/**
 * A tracking file entry (draft, Tracking File Entry): one range file, its format, row count, size and the
 * statistics of the index fields, by index field id.
 */
public record TrackingEntry(
        String filePath,
        String fileFormat,
        long recordCount,
        long fileSizeInBytes,
        Map<Integer, FieldStats> contentStats,
        ByteBuffer keyMetadata) {
}
