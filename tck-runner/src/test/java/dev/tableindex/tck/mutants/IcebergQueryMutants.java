package dev.tableindex.tck.mutants;

import dev.tableindex.model.iceberg.data.DataFileIO;
import dev.tableindex.model.iceberg.data.FieldStats;
import dev.tableindex.model.iceberg.data.IndexFieldValues;
import dev.tableindex.model.iceberg.data.RowPointers;
import dev.tableindex.model.iceberg.data.TrackingEntry;
import dev.tableindex.model.iceberg.data.TrackingFiles;
import dev.tableindex.model.iceberg.definition.ExpressionField;
import dev.tableindex.model.iceberg.definition.IndexDefinition;
import dev.tableindex.model.iceberg.definition.ValueExpression;
import dev.tableindex.model.iceberg.metadata.IndexMetadata;
import dev.tableindex.model.iceberg.metadata.IndexMetadataJson;
import dev.tableindex.model.iceberg.metadata.IndexSnapshot;
import dev.tableindex.model.iceberg.read.FilterJson;
import dev.tableindex.model.iceberg.read.RowFilter;
import dev.tableindex.model.iceberg.table.LocalFileIO;
import dev.tableindex.model.iceberg.table.SourceRow;
import dev.tableindex.model.iceberg.table.SourceTable;
import dev.tableindex.proto.tck.IcebergRowPointer;
import dev.tableindex.proto.tck.QueryIcebergIndexRequest;
import dev.tableindex.proto.tck.QueryIcebergIndexResult;
import dev.tableindex.tck.api.IcebergIndexQuerying;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.apache.iceberg.FileFormat;
import org.apache.iceberg.Schema;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.types.Type;

/**
 * Mutants of the reference engine's {@code iceberg_index.query}, each with one bug an implementer could make in how
 * it finds index data or prunes range files; the rules they break are in features/rules/iceberg-index-spec-draft.yaml.
 */
public final class IcebergQueryMutants {
    private IcebergQueryMutants() {
    }

    static IndexMetadata metadata(QueryIcebergIndexRequest request) {
        try {
            return IndexMetadataJson.read(Files.readAllBytes(Path.of(request.getMetadataPath())));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Answers from the index snapshot of the table's current snapshot, whichever snapshot is read. */
    public static final class UsesIndexOfCurrentTableSnapshot extends IcebergDataMutants.Base {
        public UsesIndexOfCurrentTableSnapshot() {
            super("mutant-uses-index-of-current-table-snapshot", Set.of("ICE-R313"),
                    "looks up the index snapshot of the table's current snapshot instead of the snapshot it reads,"
                            + " and answers from it as if it were that snapshot's");
        }

        @Override
        IcebergIndexQuerying query(IcebergIndexQuerying reference) {
            return request -> {
                SourceTable table = SourceTable.load(Path.of(request.getTablePath()));
                long current = table.currentSnapshotId();
                if (metadata(request).snapshotsFor(current).isEmpty()) {
                    return reference.queryIcebergIndex(request);
                }
                return reference.queryIcebergIndex(request.toBuilder().setSnapshotId(current).build());
            };
        }
    }

    /**
     * A reader of its own that skips range files by its own (wrong) rule for a filter on one field, reads the rest,
     * and rechecks every row it found against the table, so only the files it skips can make it wrong. Other
     * filters, other index types and snapshots without an exact index snapshot go to the reference.
     */
    abstract static class PruningReader extends IcebergDataMutants.Base {
        PruningReader(String name, Set<String> breaks, String flaw) {
            super(name, breaks, flaw);
        }

        /**
         * Whether to skip a range file: {@code low} is the preceding entry's group_max_value key (null for the
         * first), {@code high} this entry's, both in cluster-spec order.
         */
        abstract boolean skip(RowFilter.FieldFilter filter, IndexDefinition definition, IndexFieldValues values,
                List<Object> low, List<Object> high);

        @Override
        IcebergIndexQuerying query(IcebergIndexQuerying reference) {
            return request -> {
                IndexMetadata metadata = metadata(request);
                SourceTable table = SourceTable.load(Path.of(request.getTablePath()));
                Schema schema = table.schemaOf(request.getSnapshotId());
                RowFilter filter = FilterJson.parse(request.getFilterJson(), schema);
                List<IndexSnapshot> exact = metadata.snapshotsFor(request.getSnapshotId());
                Optional<RowPointers> pointers = RowPointers.of(metadata.definition());
                if (!(filter instanceof RowFilter.FieldFilter field) || exact.isEmpty() || pointers.isEmpty()
                        || !metadata.definition().type().isScalar()) {
                    return reference.queryIcebergIndex(request);
                }
                IndexDefinition definition = metadata.definition();
                Set<String> candidates = new HashSet<>();
                List<Object> low = null;
                for (TrackingEntry entry : TrackingFiles.read(LocalFileIO.path(metadata.resolve(exact.get(0).trackingFile())))) {
                    List<Object> high = definition.clusterSpec().stream().map(id -> {
                        FieldStats s = entry.contentStats().get(id);
                        return s == null ? null : s.groupMaxValue();
                    }).toList();
                    boolean skip = skip(field, definition, new IndexFieldValues(schema), low, high);
                    low = high;
                    if (skip) {
                        continue;
                    }
                    Path file = LocalFileIO.path(metadata.resolve(entry.filePath()));
                    FileFormat format = DataFileIO.formatOf(file.toString());
                    Schema fileSchema = DataFileIO.fileSchema(file, format);
                    for (Record row : DataFileIO.read(file, format, fileSchema)) {
                        candidates.add(pointers.get().pointer(id -> row.getField(fileSchema.findColumnName(id))));
                    }
                }
                QueryIcebergIndexResult.Builder result = QueryIcebergIndexResult.newBuilder().setRoute("INDEX");
                for (SourceRow row : table.liveRows(request.getSnapshotId())) {
                    if (candidates.contains(row.pointer())
                            && filter.test(id -> IndexFieldValues.sourceValue(schema, row.values(), id))) {
                        result.addRows(IcebergRowPointer.newBuilder().setFile(row.file()).setPos(row.pos()));
                    }
                }
                return result.build();
            };
        }

        /** The constant of a comparison, or null for other filters. */
        static Object constant(RowFilter.FieldFilter filter, RowFilter.CompareOp... ops) {
            if (filter instanceof RowFilter.Comparison c && List.of(ops).contains(c.op())) {
                return c.constant();
            }
            return null;
        }
    }

    /** Takes group_max_value as an exclusive upper bound of a range file. */
    public static final class GroupMaxExclusive extends PruningReader {
        public GroupMaxExclusive() {
            super("mutant-group-max-exclusive", Set.of("ICE-R312"),
                    "takes a range file's group_max_value as an exclusive upper bound, skipping the file for an equal"
                            + " constant");
        }

        @Override
        boolean skip(RowFilter.FieldFilter filter, IndexDefinition definition, IndexFieldValues values,
                List<Object> low, List<Object> high) {
            Object v = constant(filter, RowFilter.CompareOp.EQ);
            int first = definition.clusterSpec().get(0);
            return v != null && filter.fieldId() == first && high.get(0) != null
                    && dev.tableindex.model.iceberg.order.ClusteringOrder.compareValues(filter.type(), high.get(0), v) <= 0;
        }
    }

    /** Takes each cluster field's group_max_value as that field's own upper bound in the range file. */
    public static final class PrunesByEachGroupMaxField extends PruningReader {
        public PrunesByEachGroupMaxField() {
            super("mutant-prunes-by-each-group-max-field", Set.of("ICE-R312"),
                    "takes every cluster field's group_max_value as an upper bound of that field, though only the"
                            + " whole key bounds the range");
        }

        @Override
        boolean skip(RowFilter.FieldFilter filter, IndexDefinition definition, IndexFieldValues values,
                List<Object> low, List<Object> high) {
            int k = definition.clusterSpec().indexOf(filter.fieldId());
            Object v = constant(filter, RowFilter.CompareOp.GT, RowFilter.CompareOp.GT_EQ, RowFilter.CompareOp.EQ);
            if (k < 0 || v == null || high.get(k) == null) {
                return false;
            }
            int c = dev.tableindex.model.iceberg.order.ClusteringOrder.compareValues(filter.type(), high.get(k), v);
            return ((RowFilter.Comparison) filter).op() == RowFilter.CompareOp.GT ? c <= 0 : c < 0;
        }
    }

    /** Projects a comparison on a column through the first cluster field's function. */
    abstract static class ProjectsThroughFunction extends PruningReader {
        ProjectsThroughFunction(String name, Set<String> breaks, String flaw) {
            super(name, breaks, flaw);
        }

        /** Whether this mutant projects ranges through this function, and whether strictly. */
        abstract boolean projects(ValueExpression.Apply apply);

        abstract boolean strict();

        @Override
        boolean skip(RowFilter.FieldFilter filter, IndexDefinition definition, IndexFieldValues values,
                List<Object> low, List<Object> high) {
            Optional<ExpressionField> first = definition.expressionField(definition.clusterSpec().get(0));
            if (first.isEmpty() || !(first.get().expr() instanceof ValueExpression.Apply apply) || !projects(apply)
                    || !(filter instanceof RowFilter.Comparison cmp)
                    || !(IndexFieldValues.lastValue(apply) instanceof ValueExpression.IdReference ref)
                    || ref.fieldId() != filter.fieldId() || high.get(0) == null) {
                return false;
            }
            Type.PrimitiveType type = first.get().dataType().asPrimitiveType();
            Object image = values.evaluate(apply, id -> id == ref.fieldId() ? cmp.constant() : null);
            Object lowKey = low == null ? null : low.get(0);
            int highVsImage = dev.tableindex.model.iceberg.order.ClusteringOrder.compareValues(type, high.get(0), image);
            int lowVsImage = lowKey == null ? -1
                    : dev.tableindex.model.iceberg.order.ClusteringOrder.compareValues(type, lowKey, image);
            return switch (cmp.op()) {
                case GT, GT_EQ -> strict() && cmp.op() == RowFilter.CompareOp.GT ? highVsImage <= 0 : highVsImage < 0;
                case LT, LT_EQ -> strict() && cmp.op() == RowFilter.CompareOp.LT ? lowVsImage >= 0 : lowVsImage > 0;
                default -> false;
            };
        }
    }

    /** Treats bucket like an order-preserving function. */
    public static final class PrunesRangesThroughBucket extends ProjectsThroughFunction {
        public PrunesRangesThroughBucket() {
            super("mutant-prunes-ranges-through-bucket", Set.of("ICE-R315"),
                    "prunes a range filter on a column through a bucket cluster field as if bucket preserved order");
        }

        @Override
        boolean projects(ValueExpression.Apply apply) {
            return apply.function().name().equals("bucket");
        }

        @Override
        boolean strict() {
            return false;
        }
    }

    /** Projects strict comparisons through truncate strictly. */
    public static final class StrictProjectionThroughTruncate extends ProjectsThroughFunction {
        public StrictProjectionThroughTruncate() {
            super("mutant-strict-projection-through-truncate", Set.of("ICE-R315"),
                    "turns city > c into truncate(city) > truncate(c), though truncate merges neighbours: city > 'a'"
                            + " holds for 'ab', whose truncate is 'a'");
        }

        @Override
        boolean projects(ValueExpression.Apply apply) {
            return IndexFieldValues.preservesOrder(apply) && !apply.function().name().equals("identity");
        }

        @Override
        boolean strict() {
            return true;
        }
    }
}
