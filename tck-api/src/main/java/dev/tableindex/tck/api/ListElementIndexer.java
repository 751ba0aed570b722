package dev.tableindex.tck.api;

import dev.tableindex.proto.tck.BuildListIndexRequest;
import dev.tableindex.proto.tck.BuildListIndexResult;
import dev.tableindex.proto.tck.QueryListIndexRequest;
import dev.tableindex.proto.tck.QueryListIndexResult;

/** Capability {@code list_element_index}: build a list element index segment and answer any_element with it. */
public interface ListElementIndexer extends Facet {
    BuildListIndexResult buildListIndex(BuildListIndexRequest request);

    QueryListIndexResult queryListIndex(QueryListIndexRequest request);
}
