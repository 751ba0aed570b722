package dev.tableindex.tck.api;

/**
 * Capability {@code list_element_index.files}: the engine's {@link ListElementIndexer} also writes the
 * segment's files into {@code BuildListIndexRequest.index_directory}, as its target BTree writes them
 * ("Storage Layout"), so the kit judges the files rather than the rows the engine reports. It adds no
 * operation of its own: the requests are {@code build_list_index}'s.
 */
public interface ListIndexFileWriting extends Facet {
}
