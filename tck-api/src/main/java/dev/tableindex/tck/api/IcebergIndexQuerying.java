package dev.tableindex.tck.api;

import dev.tableindex.proto.tck.QueryIcebergIndexRequest;
import dev.tableindex.proto.tck.QueryIcebergIndexResult;

/**
 * Capability {@code iceberg_index.query}: answer a filter on a snapshot of a real Iceberg table, through an
 * index where the engine can use it; the kit compares the rows with the table's own answer.
 */
public interface IcebergIndexQuerying extends Facet {
    QueryIcebergIndexResult queryIcebergIndex(QueryIcebergIndexRequest request);
}
