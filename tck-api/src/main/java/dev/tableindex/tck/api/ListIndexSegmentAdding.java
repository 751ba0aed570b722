package dev.tableindex.tck.api;

/**
 * Capability {@code list_element_index.segments}: the engine's {@link ListElementIndexer} can add a
 * segment to an existing list element index ({@code BuildListIndexRequest.existing_segments}) instead of
 * rebuilding it. The spec does not require a writer to add segments; it says what the segments of one
 * index share when it does ("Every segment of one logical index has the same key_field_ids, key_types and
 * key_encoding"). It adds no operation of its own: the requests are {@code build_list_index}'s.
 */
public interface ListIndexSegmentAdding extends Facet {
}
