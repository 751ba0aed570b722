package dev.tableindex.tck.api;

/**
 * Capability {@code list_element_index.read_files}: the engine's {@link ListElementIndexer}, as a reader, takes
 * each segment of the index from its files ({@code QueryListIndexRequest.segments[].index_directory}: the target
 * BTree's {@code page_data.lance} and {@code page_lookup.lance}, written by the kit or by real Lance) instead of
 * from rows in the request, and reads them "exactly as a standalone BTree, using target_details as its details
 * and target_index_version as its version" ("Storage Layout"). It adds no operation of its own: the requests are
 * {@code query_list_index}'s. Engines that do not declare it are handed the segments' rows.
 */
public interface ListIndexFileReading extends Facet {
}
