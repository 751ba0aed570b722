package dev.tableindex.model.iceberg.table;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Map;
import java.util.function.Consumer;
import org.apache.iceberg.CombinedScanTask;
import org.apache.iceberg.DeleteFile;
import org.apache.iceberg.FileScanTask;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableScan;
import org.apache.iceberg.data.BaseDeleteLoader;
import org.apache.iceberg.data.DeleteLoader;
import org.apache.iceberg.data.GenericDeleteFilter;
import org.apache.iceberg.data.IcebergGenerics;
import org.apache.iceberg.data.IdentityPartitionConverters;
import org.apache.iceberg.data.InternalRecordWrapper;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.expressions.Evaluator;
import org.apache.iceberg.expressions.Expression;
import org.apache.iceberg.expressions.Expressions;
import org.apache.iceberg.formats.FormatModelRegistry;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.io.FileIO;
import org.apache.iceberg.io.InputFile;
import org.apache.iceberg.util.PartitionUtil;

/**
 * The rows a table scan reads, delete files applied, as {@link IcebergGenerics} reads them: the scan's tasks in the
 * same order, each file through Iceberg's own reader for its format, its deletes applied by Iceberg's
 * {@link GenericDeleteFilter}. The one difference is where the delete files are loaded: {@code IcebergGenerics}
 * loads them on Iceberg's delete worker pool and polls the pool, sleeping 10 ms a round, which was a sixth of the
 * wall time of the TCK's Iceberg scenarios; here they are loaded in the calling thread (docs/benchmarks.md, "Where
 * the whole run's time goes"). {@code InThreadRowsTest} checks the two row for row.
 */
final class InThreadRows {
    private InThreadRows() {
    }

    /** Hands {@code action} every row {@code scan} of {@code table} reads, in IcebergGenerics' order. */
    static void forEach(Table table, TableScan scan, Consumer<Record> action) {
        Schema tableSchema = table.schema(); // as IcebergGenerics: the table's current schema
        try (CloseableIterable<CombinedScanTask> tasks = scan.planTasks()) {
            for (CombinedScanTask combined : tasks) {
                for (FileScanTask task : combined.files()) {
                    try (CloseableIterable<Record> rows = open(table.io(), task, tableSchema, scan)) {
                        rows.forEach(action);
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static CloseableIterable<Record> open(FileIO io, FileScanTask task, Schema tableSchema, TableScan scan) {
        InCallerThreadDeleteFilter deletes = new InCallerThreadDeleteFilter(io, task, tableSchema, scan.schema());
        Schema readSchema = deletes.requiredSchema();
        Map<Integer, ?> partition = PartitionUtil.constantsMap(task, IdentityPartitionConverters::convertConstant);
        CloseableIterable<Record> records = FormatModelRegistry.<Record, Object>readBuilder(task.file().format(),
                        Record.class, io.newInputFile(task.file()))
                .project(readSchema)
                .idToConstant(partition)
                .split(task.start(), task.length())
                .caseSensitive(scan.isCaseSensitive())
                .filter(task.residual())
                .build();
        return withResidual(deletes.filter(records), readSchema, task.residual(), scan.isCaseSensitive());
    }

    private static CloseableIterable<Record> withResidual(CloseableIterable<Record> records, Schema schema,
            Expression residual, boolean caseSensitive) {
        if (residual == null || residual == Expressions.alwaysTrue()) {
            return records;
        }
        InternalRecordWrapper wrapper = new InternalRecordWrapper(schema.asStruct());
        Evaluator filter = new Evaluator(schema.asStruct(), residual, caseSensitive);
        return CloseableIterable.filter(records, record -> filter.eval(wrapper.wrap(record)));
    }

    /** Iceberg's delete filter for generic records, loading a task's delete files in the calling thread. */
    private static final class InCallerThreadDeleteFilter extends GenericDeleteFilter {
        private final FileIO io;

        InCallerThreadDeleteFilter(FileIO io, FileScanTask task, Schema tableSchema, Schema requestedSchema) {
            super(io, task, tableSchema, requestedSchema);
            this.io = io;
        }

        @Override
        protected InputFile loadInputFile(DeleteFile deleteFile) {
            return io.newInputFile(deleteFile);
        }

        @Override
        protected DeleteLoader newDeleteLoader() {
            return new BaseDeleteLoader(this::loadInputFile, CallerThreadExecutor.INSTANCE);
        }
    }
}
