package dev.tableindex.model.table;

import dev.tableindex.proto.lance.table.Transaction;

/** What an operation produces: the new version and the transaction that describes the change. */
public record Commit(TableVersion version, Transaction transaction) {
}
