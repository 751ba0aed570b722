package dev.tableindex.tck.engine;

import dev.tableindex.model.iceberg.data.IndexFieldValues;
import dev.tableindex.model.iceberg.read.FieldPredicate;
import dev.tableindex.model.iceberg.table.SourceTable;
import dev.tableindex.proto.tck.QueryIcebergIndexRequest;
import org.apache.iceberg.SingleValueParser;
import org.apache.iceberg.types.Type;

/** The filter of an iceberg_index.query request, its constant read with Iceberg's JSON single-value parser. */
public final class IcebergFilters {
    private IcebergFilters() {
    }

    public static FieldPredicate predicate(SourceTable table, QueryIcebergIndexRequest request) {
        FieldPredicate.Op op = FieldPredicate.Op.fromJson(request.getOp());
        if (op == FieldPredicate.Op.IS_NULL) {
            return new FieldPredicate(request.getFieldId(), op, null);
        }
        Type type = table.schemaOf(request.getSnapshotId()).findType(request.getFieldId());
        if (type == null) {
            throw new IllegalArgumentException("no source field " + request.getFieldId());
        }
        Object value = IndexFieldValues.generic(type, SingleValueParser.fromJson(type, request.getValueJson()));
        return new FieldPredicate(request.getFieldId(), op, value);
    }
}
