package dev.tableindex.model.iceberg.read;

import dev.tableindex.model.iceberg.data.DataFileIO;
import dev.tableindex.model.iceberg.data.FieldStats;
import dev.tableindex.model.iceberg.data.IndexFieldValues;
import dev.tableindex.model.iceberg.data.RowPointers;
import dev.tableindex.model.iceberg.data.TrackingEntry;
import dev.tableindex.model.iceberg.data.TrackingFiles;
import dev.tableindex.model.iceberg.definition.IndexDefinition;
import dev.tableindex.model.iceberg.metadata.IndexMetadata;
import dev.tableindex.model.iceberg.metadata.IndexSnapshot;
import dev.tableindex.model.iceberg.table.LocalFileIO;
import dev.tableindex.model.iceberg.table.SourceRow;
import dev.tableindex.model.iceberg.table.SourceTable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.apache.iceberg.FileFormat;
import org.apache.iceberg.FileScanTask;
import org.apache.iceberg.Schema;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.io.CloseableIterable;

/**
 * A reader that answers a filter through an index (draft, Index Snapshot, Index Type, Group Max Value, Commits and
 * Concurrency): it ignores an index it does not implement and reads the table; otherwise it picks an index
 * snapshot for the wanted table snapshot, reads the tracking file's entries in order and skips range files the
 * filter cannot match ({@link IndexPruning}), answers from the stored values where the filter reads identity fields
 * only, and follows the row pointers (decision 0021) of the other entries to recheck their rows in the table. It
 * reconciles with the wanted snapshot (decision 0022): entries whose row is no longer live are dropped, and rows in
 * data files the index snapshot did not see are read from the table.
 */
public final class IndexReader {
    private IndexReader() {
    }

    /** The table's own answer: the live rows of the snapshot the filter matches, as Iceberg reads them. */
    public static List<SourceRow> fromTable(SourceTable table, long snapshotId, RowFilter filter) {
        Schema schema = table.schemaOf(snapshotId);
        List<SourceRow> rows = new ArrayList<>();
        for (SourceRow row : table.liveRows(snapshotId)) {
            if (filter.test(id -> value(schema, row, id))) {
                rows.add(row);
            }
        }
        return rows;
    }

    private static Object value(Schema schema, SourceRow row, int fieldId) {
        return IndexFieldValues.sourceValue(schema, row.values(), fieldId);
    }

    public static QueryAnswer query(IndexMetadata metadata, SourceTable table, long snapshotId, RowFilter filter) {
        IndexDefinition definition = metadata.definition();
        Optional<RowPointers> pointers = RowPointers.of(definition);
        IndexSnapshotChoice choice = IndexSnapshotChoice.choose(metadata, table.table(), snapshotId);
        if (!definition.type().isScalar() || pointers.isEmpty() || choice.snapshot().isEmpty()) {
            return new QueryAnswer(fromTable(table, snapshotId, filter), QueryAnswer.Route.TABLE, Optional.empty(), 0);
        }
        IndexSnapshot indexSnapshot = choice.snapshot().get();
        Schema schema = table.schemaOf(snapshotId);
        IndexPruning pruning = new IndexPruning(definition, new IndexFieldValues(schema));
        Schema indexed = table.schemaOf(indexSnapshot.sourceTableSnapshotId());
        // the index holds values of the types the filter was bound to, unless a field was promoted since it was built
        boolean typesAgree = filter.fieldIds().stream()
                .allMatch(id -> indexed.findType(id) != null && indexed.findType(id).equals(schema.findType(id)));
        boolean fromStoredValues = typesAgree && definition.identityFields().containsAll(filter.fieldIds());
        Set<String> matched = new HashSet<>();
        Set<String> candidates = new HashSet<>();
        int filesRead = 0;
        int firstCluster = definition.clusterSpec().get(0);
        Object low = null; // the preceding entry's group_max_value of the first cluster field
        boolean lowKnown = false;
        for (TrackingEntry entry : TrackingFiles.read(LocalFileIO.path(metadata.resolve(indexSnapshot.trackingFile())))) {
            FieldStats stats = entry.contentStats().get(firstCluster);
            boolean prunable = typesAgree && stats != null && stats.hasGroupMax();
            Object max = prunable ? stats.groupMaxValue() : null;
            boolean skip = prunable && !pruning.mayMatch(filter, low, !lowKnown, max, entry.contentStats());
            low = max;
            lowKnown = prunable;
            if (skip) {
                continue;
            }
            filesRead++;
            Path file = LocalFileIO.path(metadata.resolve(entry.filePath()));
            FileFormat format = DataFileIO.formatOf(file.toString());
            Schema fileSchema = DataFileIO.fileSchema(file, format);
            for (Record row : DataFileIO.read(file, format, fileSchema)) {
                String pointer = pointers.get().pointer(id -> stored(fileSchema, row, id));
                if (!fromStoredValues) {
                    candidates.add(pointer);
                } else if (filter.test(id -> stored(fileSchema, row, id))) {
                    matched.add(pointer);
                }
            }
        }
        Set<String> indexedFiles = choice.lagging() ? dataFiles(table, indexSnapshot.sourceTableSnapshotId()) : null;
        List<SourceRow> rows = new ArrayList<>();
        for (SourceRow row : table.liveRows(snapshotId)) {
            boolean unseen = indexedFiles != null && !indexedFiles.contains(row.file());
            boolean recheck = unseen || candidates.contains(row.pointer());
            if (recheck ? filter.test(id -> value(schema, row, id)) : matched.contains(row.pointer())) {
                rows.add(row);
            }
        }
        return new QueryAnswer(rows, choice.lagging() ? QueryAnswer.Route.INDEX_RECONCILED : QueryAnswer.Route.INDEX,
                Optional.of(indexSnapshot.snapshotId()), filesRead);
    }

    /** A range file row's value of the index field with this id (identity fields are stored under their own id). */
    private static Object stored(Schema fileSchema, Record row, int fieldId) {
        String name = fileSchema.findColumnName(fieldId);
        return name == null ? null : row.getField(name);
    }

    /** The data files of a table snapshot (those its index snapshot saw). */
    private static Set<String> dataFiles(SourceTable table, long snapshotId) {
        Set<String> files = new HashSet<>();
        try (CloseableIterable<FileScanTask> tasks = table.table().newScan().useSnapshot(snapshotId).planFiles()) {
            tasks.forEach(t -> files.add(t.file().location()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return files;
    }
}
