package dev.tableindex.tck.engine;

import dev.tableindex.model.iceberg.read.FilterJson;
import dev.tableindex.model.iceberg.read.RowFilter;
import dev.tableindex.model.iceberg.table.SourceTable;
import dev.tableindex.proto.tck.QueryIcebergIndexRequest;

/** The filter of an iceberg_index.query request, bound to the schema of the snapshot it reads. */
public final class IcebergFilters {
    private IcebergFilters() {
    }

    public static RowFilter filter(SourceTable table, QueryIcebergIndexRequest request) {
        return FilterJson.parse(request.getFilterJson(), table.schemaOf(request.getSnapshotId()));
    }
}
