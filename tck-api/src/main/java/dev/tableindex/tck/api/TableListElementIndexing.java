package dev.tableindex.tck.api;

/**
 * Capability {@code table.list_element_index}: the engine's {@link TableLifecycle} also commits a list element
 * index on a list-of-structs column ({@code create_index} with {@code index_type "list_element"} and the key
 * fields in {@code params["keys"]}), so the kit judges the manifest entry the engine wrote and the target BTree
 * files in the index's folder, not the engine's account of them. It adds no operation of its own: the requests
 * are {@code table.lifecycle}'s.
 */
public interface TableListElementIndexing extends Facet {
}
