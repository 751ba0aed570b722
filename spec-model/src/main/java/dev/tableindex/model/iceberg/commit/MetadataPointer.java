package dev.tableindex.model.iceberg.commit;

import java.util.Optional;

/**
 * Where the location of an index's current metadata file is kept, and the atomic swap of it (draft, Commits
 * and Concurrency). The draft leaves this to the catalog; {@link FileMetadataPointer} is the kit's.
 */
public interface MetadataPointer {
    /** The current metadata file's location; empty before the index is created. */
    Optional<String> current();

    /**
     * Atomically makes {@code next} current if and only if {@code expected} is still current, compared by name.
     *
     * @param expected the metadata file the writer started from; empty when creating the index
     * @return whether the swap happened; false means a newer file was committed and nothing was changed
     */
    boolean compareAndSwap(Optional<String> expected, String next);
}
