package dev.tableindex.model.iceberg.table;

import java.util.concurrent.ExecutorService;
import org.apache.iceberg.AppendFiles;
import org.apache.iceberg.BaseTable;
import org.apache.iceberg.RowDelta;
import org.apache.iceberg.TableOperations;
import org.apache.iceberg.TableScan;

/**
 * An Iceberg table whose scans and commits do their work in the calling thread. Iceberg hands manifest writing and
 * scan planning to its shared worker pool and waits for the pool by polling, sleeping 10 ms a round
 * ({@code Tasks.waitFor}, {@code ParallelIterable}); the kit's tables are a few small files, so nearly all of that
 * was waiting: 7 of the TCK's 22 seconds (docs/benchmarks.md, "Where the whole run's time goes"). The files and
 * metadata Iceberg writes are the same either way.
 */
final class InThreadTable extends BaseTable {
    private static final ExecutorService IN_CALLER_THREAD = CallerThreadExecutor.INSTANCE;

    InThreadTable(TableOperations ops, String name) {
        super(ops, name);
    }

    @Override
    public TableScan newScan() {
        return super.newScan().planWith(IN_CALLER_THREAD);
    }

    @Override
    public AppendFiles newAppend() {
        return super.newAppend().scanManifestsWith(IN_CALLER_THREAD).writeManifestsWith(IN_CALLER_THREAD, 1);
    }

    @Override
    public RowDelta newRowDelta() {
        return super.newRowDelta().scanManifestsWith(IN_CALLER_THREAD).writeManifestsWith(IN_CALLER_THREAD, 1);
    }
}
