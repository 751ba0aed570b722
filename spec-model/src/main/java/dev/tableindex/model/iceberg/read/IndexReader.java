package dev.tableindex.model.iceberg.read;

import dev.tableindex.model.iceberg.data.DataFileIO;
import dev.tableindex.model.iceberg.data.FieldStats;
import dev.tableindex.model.iceberg.data.TrackingEntry;
import dev.tableindex.model.iceberg.data.TrackingFiles;
import dev.tableindex.model.iceberg.definition.ExpressionField;
import dev.tableindex.model.iceberg.definition.IndexDefinition;
import dev.tableindex.model.iceberg.definition.ReservedFieldIds;
import dev.tableindex.model.iceberg.definition.ValueExpression;
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
import java.util.OptionalInt;
import java.util.Set;
import org.apache.iceberg.FileScanTask;
import org.apache.iceberg.Schema;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.types.Type;

/**
 * A reader that answers a filter on an identity field through an index (draft, Index Snapshot, Index Type,
 * Commits and Concurrency): it ignores an index it does not implement and reads the table; otherwise it picks an
 * index snapshot for the wanted table snapshot, skips range files by their clustering bounds, reads the matching
 * entries' row pointers (decision 0021) and reconciles them with the wanted snapshot (decision 0022): entries
 * whose row is no longer live are dropped, and rows in data files the index snapshot did not see are read from
 * the table.
 */
public final class IndexReader {
    private IndexReader() {
    }

    /** The table's own answer: the live rows of the snapshot whose field matches, as Iceberg reads them. */
    public static List<SourceRow> fromTable(SourceTable table, long snapshotId, FieldPredicate predicate) {
        Schema schema = table.schemaOf(snapshotId);
        Type.PrimitiveType type = schema.findType(predicate.fieldId()).asPrimitiveType();
        List<SourceRow> rows = new ArrayList<>();
        for (SourceRow row : table.liveRows(snapshotId)) {
            if (predicate.test(type, schema.accessorForField(predicate.fieldId()).get(row.values()))) {
                rows.add(row);
            }
        }
        return rows;
    }

    public static QueryAnswer query(IndexMetadata metadata, SourceTable table, long snapshotId,
            FieldPredicate predicate) {
        IndexDefinition definition = metadata.definition();
        OptionalInt fileField = pointerField(definition, ReservedFieldIds.FILE);
        OptionalInt posField = pointerField(definition, ReservedFieldIds.POS);
        IndexSnapshotChoice choice = IndexSnapshotChoice.choose(metadata, table.table(), snapshotId);
        boolean usable = definition.type().isScalar() && definition.isIdentityField(predicate.fieldId())
                && fileField.isPresent() && posField.isPresent() && choice.snapshot().isPresent();
        if (!usable) {
            return new QueryAnswer(fromTable(table, snapshotId, predicate), QueryAnswer.Route.TABLE, Optional.empty(),
                    0);
        }
        IndexSnapshot indexSnapshot = choice.snapshot().get();
        Type.PrimitiveType type = table.schemaOf(snapshotId).findType(predicate.fieldId()).asPrimitiveType();
        Set<String> pointers = new HashSet<>();
        int filesRead = 0;
        Path tracking = LocalFileIO.path(metadata.resolve(indexSnapshot.trackingFile()));
        boolean firstClusterField = definition.clusterSpec().get(0) == predicate.fieldId();
        Object previousMax = null;
        boolean first = true;
        for (TrackingEntry entry : TrackingFiles.read(tracking)) {
            FieldStats stats = entry.contentStats().get(definition.clusterSpec().get(0));
            Object max = stats == null ? null : stats.groupMaxValue();
            boolean skip = firstClusterField && stats != null
                    && !predicate.mayMatchBetween(type, previousMax, first, max);
            previousMax = max;
            first = false;
            if (skip) {
                continue;
            }
            filesRead++;
            Path file = LocalFileIO.path(metadata.resolve(entry.filePath()));
            Schema fileSchema = DataFileIO.fileSchema(file, DataFileIO.formatOf(file.toString()));
            for (Record row : DataFileIO.read(file, DataFileIO.formatOf(file.toString()), fileSchema)) {
                Object value = row.getField(fileSchema.findColumnName(predicate.fieldId()));
                if (predicate.test(type, value)) {
                    pointers.add(row.getField(fileSchema.findColumnName(fileField.getAsInt())) + "#"
                            + row.getField(fileSchema.findColumnName(posField.getAsInt())));
                }
            }
        }
        Set<String> indexedFiles = choice.lagging() ? dataFiles(table, indexSnapshot.sourceTableSnapshotId()) : null;
        Schema schema = table.schemaOf(snapshotId);
        List<SourceRow> rows = new ArrayList<>();
        for (SourceRow row : table.liveRows(snapshotId)) {
            boolean unseen = indexedFiles != null && !indexedFiles.contains(row.file());
            if (unseen ? predicate.test(type, schema.accessorForField(predicate.fieldId()).get(row.values()))
                    : pointers.contains(row.pointer())) {
                rows.add(row);
            }
        }
        return new QueryAnswer(rows, choice.lagging() ? QueryAnswer.Route.INDEX_RECONCILED : QueryAnswer.Route.INDEX,
                Optional.of(indexSnapshot.snapshotId()), filesRead);
    }

    /** The materialized field that is exactly a reference to this metadata column, if the index has one. */
    static OptionalInt pointerField(IndexDefinition definition, int metadataColumn) {
        for (ExpressionField field : definition.materializedFields()) {
            if (field.expr() instanceof ValueExpression.IdReference ref && ref.fieldId() == metadataColumn) {
                return OptionalInt.of(field.fieldId());
            }
        }
        return OptionalInt.empty();
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
