package dev.tableindex.tck.api;

import dev.tableindex.proto.tck.CommitIndexUpdatesRequest;
import dev.tableindex.proto.tck.CommitIndexUpdatesResult;

/**
 * Capability {@code iceberg_index.commit}: commit updates to an Iceberg index's metadata in the kit's file
 * catalog, one concurrent writer per update; the kit then checks the files on disk.
 */
public interface IcebergIndexCommits extends Facet {
    CommitIndexUpdatesResult commitIndexUpdates(CommitIndexUpdatesRequest request);
}
