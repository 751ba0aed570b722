package dev.tableindex.tck.api;

import dev.tableindex.proto.tck.BuildIcebergIndexRequest;
import dev.tableindex.proto.tck.BuildIcebergIndexResult;

/**
 * Capability {@code iceberg_index.build}: write the index data (range files and a tracking file) of one
 * snapshot of a real Iceberg table; the kit checks the files, not the engine's account of them.
 */
public interface IcebergIndexBuilding extends Facet {
    BuildIcebergIndexResult buildIcebergIndex(BuildIcebergIndexRequest request);
}
