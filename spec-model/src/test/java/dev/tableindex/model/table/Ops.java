package dev.tableindex.model.table;

import dev.tableindex.proto.tck.AlterColumnType;
import dev.tableindex.proto.tck.Append;
import dev.tableindex.proto.tck.Column;
import dev.tableindex.proto.tck.Compact;
import dev.tableindex.proto.tck.CreateIndex;
import dev.tableindex.proto.tck.CreateTable;
import dev.tableindex.proto.tck.DeleteRows;
import dev.tableindex.proto.tck.DropColumn;
import dev.tableindex.proto.tck.DropIndex;
import dev.tableindex.proto.tck.MergeInsert;
import dev.tableindex.proto.tck.OptimizeIndices;
import dev.tableindex.proto.tck.RenameColumn;
import dev.tableindex.proto.tck.Rows;
import dev.tableindex.proto.tck.TableOperation;
import dev.tableindex.proto.tck.UpdateColumn;
import java.util.Map;

/** Test helper: table_ops.proto requests in one line each. */
final class Ops {
    private Ops() {
    }

    static Column column(String name, String type) {
        return Column.newBuilder().setName(name).setType(type).setNullable(true).build();
    }

    static TableOperation create(String rowsJson, int rowsPerFragment, Column... columns) {
        return TableOperation.newBuilder().setCreateTable(CreateTable.newBuilder().addAllColumns(java.util.List.of(columns))
                .setRows(rows(rowsJson)).setRowsPerFragment(rowsPerFragment)).build();
    }

    static TableOperation append(String rowsJson, int rowsPerFragment) {
        return TableOperation.newBuilder().setAppend(Append.newBuilder().setRows(rows(rowsJson))
                .setRowsPerFragment(rowsPerFragment)).build();
    }

    static TableOperation delete(String filter) {
        return TableOperation.newBuilder().setDeleteRows(DeleteRows.newBuilder().setFilter(filter)).build();
    }

    static TableOperation mergeInsert(String key, String rowsJson) {
        return TableOperation.newBuilder().setMergeInsert(MergeInsert.newBuilder().setKeyColumn(key)
                .setRows(rows(rowsJson))).build();
    }

    static TableOperation updateColumn(String key, String column, String rowsJson) {
        return TableOperation.newBuilder().setUpdateColumn(UpdateColumn.newBuilder().setKeyColumn(key).setColumn(column)
                .setRows(rows(rowsJson))).build();
    }

    static TableOperation compact(int target) {
        return TableOperation.newBuilder().setCompact(Compact.newBuilder().setTargetRowsPerFragment(target)).build();
    }

    static TableOperation rename(String column, String newName) {
        return TableOperation.newBuilder().setRenameColumn(RenameColumn.newBuilder().setColumn(column)
                .setNewName(newName)).build();
    }

    static TableOperation drop(String column) {
        return TableOperation.newBuilder().setDropColumn(DropColumn.newBuilder().setColumn(column)).build();
    }

    static TableOperation alter(String column, String type) {
        return TableOperation.newBuilder().setAlterColumnType(AlterColumnType.newBuilder().setColumn(column)
                .setNewType(type)).build();
    }

    static TableOperation createIndex(String name, String column, String type) {
        return createIndex(name, column, type, Map.of(), false);
    }

    static TableOperation createIndex(String name, String column, String type, Map<String, String> params,
                                      boolean replace) {
        return TableOperation.newBuilder().setCreateIndex(CreateIndex.newBuilder().setName(name).addColumns(column)
                .setIndexType(type).putAllParams(params).setReplace(replace)).build();
    }

    static TableOperation dropIndex(String name) {
        return TableOperation.newBuilder().setDropIndex(DropIndex.newBuilder().setName(name)).build();
    }

    static TableOperation optimize() {
        return TableOperation.newBuilder().setOptimizeIndices(OptimizeIndices.getDefaultInstance()).build();
    }

    static Rows rows(String json) {
        return Rows.newBuilder().setJson(json).build();
    }
}
