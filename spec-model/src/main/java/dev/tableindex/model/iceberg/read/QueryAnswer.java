package dev.tableindex.model.iceberg.read;

import dev.tableindex.model.iceberg.table.SourceRow;
import java.util.List;
import java.util.Optional;

/**
 * Rows that match a filter, and how the reader found them: through an index snapshot (reconciled when it lags
 * behind the wanted table snapshot) or by reading the table directly (no usable index).
 */
public record QueryAnswer(List<SourceRow> rows, Route route, Optional<Long> indexSnapshotId, int rangeFilesRead) {

    public enum Route {
        /** The index snapshot of the wanted table snapshot. */
        INDEX,
        /** An index snapshot of an older table snapshot, reconciled with the wanted one. */
        INDEX_RECONCILED,
        /** No index the reader can use (unknown type, VECTOR, no snapshot, no row pointers): the table itself. */
        TABLE
    }
}
