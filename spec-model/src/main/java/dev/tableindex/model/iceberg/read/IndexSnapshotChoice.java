package dev.tableindex.model.iceberg.read;

import dev.tableindex.model.iceberg.metadata.IndexMetadata;
import dev.tableindex.model.iceberg.metadata.IndexSnapshot;
import java.util.List;
import java.util.Optional;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.Table;
import org.apache.iceberg.util.SnapshotUtil;

/**
 * Which index snapshot a reader uses for the table snapshot it wants (draft, Index Snapshot; Commits and
 * Concurrency): one whose {@code source-table-snapshot-id} is that snapshot (any of several may be used; this
 * reader takes the first in list order); otherwise, for an index that lags, the index snapshot of the nearest
 * ancestor of the wanted snapshot (decision 0022), which the reader then reconciles; otherwise none.
 */
public record IndexSnapshotChoice(Optional<IndexSnapshot> snapshot, boolean lagging) {

    public static IndexSnapshotChoice none() {
        return new IndexSnapshotChoice(Optional.empty(), false);
    }

    public static IndexSnapshotChoice choose(IndexMetadata metadata, Table table, long wantedSnapshotId) {
        List<IndexSnapshot> exact = metadata.snapshotsFor(wantedSnapshotId);
        if (!exact.isEmpty()) {
            return new IndexSnapshotChoice(Optional.of(exact.get(0)), false);
        }
        if (table.snapshot(wantedSnapshotId) == null) {
            return none();
        }
        for (Snapshot ancestor : SnapshotUtil.ancestorsOf(wantedSnapshotId, table::snapshot)) {
            List<IndexSnapshot> older = metadata.snapshotsFor(ancestor.snapshotId());
            if (!older.isEmpty()) {
                return new IndexSnapshotChoice(Optional.of(older.get(0)), true);
            }
        }
        return none();
    }
}
