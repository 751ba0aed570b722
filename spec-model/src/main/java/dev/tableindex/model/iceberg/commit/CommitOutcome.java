package dev.tableindex.model.iceberg.commit;

import dev.tableindex.model.iceberg.metadata.IndexMetadata;
import dev.tableindex.model.iceberg.metadata.Violation;
import java.util.List;

/** What became of one commit attempt. */
public sealed interface CommitOutcome {

    /**
     * The new metadata file is current.
     *
     * @param metadataFile the new file's location
     * @param metadata     what it holds
     * @param deletedFiles metadata files the commit dropped from the log and deleted (locations)
     */
    record Committed(String metadataFile, IndexMetadata metadata, List<String> deletedFiles) implements CommitOutcome {
        public Committed {
            deletedFiles = List.copyOf(deletedFiles);
        }
    }

    /**
     * The writer's base was no longer current: nothing was changed, and the file the writer had written for
     * the attempt was removed again.
     *
     * @param current the metadata file that is current instead
     */
    record Rejected(String current) implements CommitOutcome {
    }

    /**
     * The update would have made a metadata file that breaks the draft (a snapshot-id used twice, ...): nothing was
     * written and nothing changed, whether or not the base was still current.
     *
     * @param violations what the file would have broken
     */
    record Refused(List<Violation> violations) implements CommitOutcome {
        public Refused {
            violations = List.copyOf(violations);
        }
    }
}
