package dev.tableindex.model.iceberg.data;

import dev.tableindex.model.iceberg.metadata.IndexMetadata;
import dev.tableindex.model.iceberg.metadata.IndexSnapshot;
import dev.tableindex.model.iceberg.table.LocalFileIO;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * How the checker and readers open an index snapshot's files: as they are ({@link #PLAIN}), or decrypted through
 * the snapshot's key chain ({@code model.iceberg.encryption}). Either gives plain local files to read.
 */
public interface IndexFiles {

    /** An index snapshot whose files can be read. */
    interface Opened {
        /** The tracking file, readable as Avro, Parquet or ORC. */
        Path trackingFile();

        /**
         * The range file of a tracking file entry, stored at {@code stored}, readable as a data file; empty (with
         * the reason added to {@code out}) when it cannot be opened.
         */
        Optional<Path> rangeFile(TrackingEntry entry, Path stored, List<DataViolation> out);
    }

    /** The snapshot's files, or empty (with the reason added to {@code out}) when they cannot be opened. */
    Optional<Opened> open(IndexMetadata metadata, IndexSnapshot snapshot, List<DataViolation> out);

    /** Files read as they are stored. */
    IndexFiles PLAIN = (metadata, snapshot, out) -> {
        Path tracking = LocalFileIO.path(metadata.resolve(snapshot.trackingFile()));
        return Optional.of(new Opened() {
            @Override
            public Path trackingFile() {
                return tracking;
            }

            @Override
            public Optional<Path> rangeFile(TrackingEntry entry, Path stored, List<DataViolation> violations) {
                return Optional.of(stored);
            }
        });
    };
}
