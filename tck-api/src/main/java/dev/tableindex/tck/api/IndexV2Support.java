package dev.tableindex.tck.api;

/**
 * Capability {@code index_v2}: the engine's {@link TableLifecycle} writes the proposed top-level
 * IndexV2 next to the legacy index metadata and, as a reader, prefers it. It adds no operation of
 * its own: the kit checks the manifests the engine writes and the indexes it describes.
 */
public interface IndexV2Support extends Facet {
}
