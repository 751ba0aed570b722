package dev.tableindex.model.iceberg.read;

import dev.tableindex.model.iceberg.data.FieldStats;
import dev.tableindex.model.iceberg.data.IndexFieldValues;
import dev.tableindex.model.iceberg.definition.ExpressionField;
import dev.tableindex.model.iceberg.definition.IndexDefinition;
import dev.tableindex.model.iceberg.definition.ValueExpression;
import java.util.Map;
import java.util.Optional;
import org.apache.iceberg.types.Type;

/**
 * Which range files a filter may find rows in (draft, Index Type, Group Max Value): a range file's keys lie above
 * the preceding entry's {@code group_max_value} and at most its own ("Readers use these keys as inclusive range
 * file upper bounds ... tracking file entries must be read in order"), so the first cluster field of its rows lies
 * between the two keys' first values. A filter on that field's source prunes through it: directly for an identity
 * field or a plain reference, by equality through any function (a point lookup: {@code bucket(34)} is one value),
 * by ranges only through an order-preserving one ("range filters when the clustering expressions are order
 * preserving"; a range over a bucket proves nothing). The bounds of a stats struct over the filtered field prune
 * comparisons too. Everything else is kept: pruning only ever drops files that cannot hold a match.
 */
final class IndexPruning {
    private final IndexDefinition definition;
    private final IndexFieldValues values;

    IndexPruning(IndexDefinition definition, IndexFieldValues values) {
        this.definition = definition;
        this.values = values;
    }

    /**
     * Whether a range file whose first cluster field lies in [{@code low}, {@code high}] (clustering order; no lower
     * end when {@code unbounded}) and with these stats may hold a row the filter matches.
     */
    boolean mayMatch(RowFilter filter, Object low, boolean unbounded, Object high, Map<Integer, FieldStats> stats) {
        if (filter instanceof RowFilter.Constant c) {
            return c.value();
        }
        if (filter instanceof RowFilter.And and) {
            return mayMatch(and.left(), low, unbounded, high, stats) && mayMatch(and.right(), low, unbounded, high, stats);
        }
        if (filter instanceof RowFilter.Or or) {
            return mayMatch(or.left(), low, unbounded, high, stats) || mayMatch(or.right(), low, unbounded, high, stats);
        }
        if (filter instanceof RowFilter.FieldFilter field) {
            return byClustering(field, low, unbounded, high) && byBounds(field, stats);
        }
        return true; // NOT: kept (negations are not pruned)
    }

    private boolean byClustering(RowFilter.FieldFilter filter, Object low, boolean unbounded, Object high) {
        int first = definition.clusterSpec().get(0);
        if (first == filter.fieldId() && definition.isIdentityField(first)) {
            return inRange(filter, filter.type(), low, unbounded, high);
        }
        Optional<ExpressionField> expression = definition.expressionField(first);
        if (expression.isEmpty()) {
            return true;
        }
        ValueExpression expr = expression.get().expr();
        if (expr instanceof ValueExpression.IdReference ref && ref.fieldId() == filter.fieldId()) {
            return inRange(filter, filter.type(), low, unbounded, high);
        }
        if (!(expr instanceof ValueExpression.Apply apply)
                || !(IndexFieldValues.lastValue(apply) instanceof ValueExpression.IdReference source)
                || source.fieldId() != filter.fieldId()) {
            return true;
        }
        Type.PrimitiveType keyType = expression.get().dataType().asPrimitiveType();
        if (filter instanceof RowFilter.Comparison cmp && cmp.op() == RowFilter.CompareOp.EQ) {
            return contains(keyType, low, unbounded, high, image(apply, cmp.fieldId(), cmp.constant()));
        }
        if (filter instanceof RowFilter.In in && !in.negated()) {
            return in.constants().stream()
                    .anyMatch(c -> contains(keyType, low, unbounded, high, image(apply, in.fieldId(), c)));
        }
        if (filter instanceof RowFilter.Test test && test.op() == RowFilter.TestOp.IS_NULL) {
            return unbounded || low == null; // every function of the spec gives null for null
        }
        if (filter instanceof RowFilter.Comparison cmp && IndexFieldValues.preservesOrder(apply)) {
            Object bound = image(apply, cmp.fieldId(), cmp.constant());
            // f(x) <= f(c) for every x <= c, and f(x) >= f(c) for every x >= c: never strict, f merges neighbours
            return switch (cmp.op()) {
                case LT, LT_EQ -> unbounded || RowFilter.compare(keyType, low, bound) <= 0;
                case GT, GT_EQ -> RowFilter.compare(keyType, high, bound) >= 0;
                default -> true;
            };
        }
        return true;
    }

    private Object image(ValueExpression.Apply apply, int sourceField, Object constant) {
        return values.evaluate(apply, id -> id == sourceField ? constant : null);
    }

    private static boolean contains(Type.PrimitiveType type, Object low, boolean unbounded, Object high, Object v) {
        return (unbounded || RowFilter.compare(type, low, v) <= 0) && RowFilter.compare(type, high, v) >= 0;
    }

    /**
     * Whether some value in [{@code low}, {@code high}] of the clustering order may satisfy the filter on its
     * field; false only where no value of the interval can.
     */
    static boolean inRange(RowFilter.FieldFilter filter, Type.PrimitiveType type, Object low, boolean unbounded,
            Object high) {
        if (filter instanceof RowFilter.Test test) {
            return switch (test.op()) {
                case IS_NULL -> unbounded || low == null;
                case NOT_NULL -> high != null;
                default -> true;
            };
        }
        if (filter instanceof RowFilter.In in) {
            return in.negated() || in.constants().stream().anyMatch(c -> contains(type, low, unbounded, high, c));
        }
        RowFilter.Comparison cmp = (RowFilter.Comparison) filter;
        Object v = cmp.constant();
        return switch (cmp.op()) {
            case EQ -> contains(type, low, unbounded, high, v);
            case LT -> unbounded || RowFilter.compare(type, low, v) < 0;
            case LT_EQ -> unbounded || RowFilter.compare(type, low, v) <= 0;
            case GT -> RowFilter.compare(type, high, v) > 0;
            case GT_EQ -> RowFilter.compare(type, high, v) >= 0;
            case STARTS_WITH -> high != null && RowFilter.compare(type, high, v) >= 0
                    && (unbounded || low == null || RowFilter.compare(type, low, v) <= 0
                    || low.toString().startsWith(v.toString()));
            case NOT_EQ, NOT_STARTS_WITH -> true;
        };
    }

    /**
     * Comparisons true only for non-null, non-NaN values within the filtered field's bounds: a stats struct of an
     * index field over that source field (itself, or a plain reference to it) with both bounds known prunes them.
     */
    private boolean byBounds(RowFilter.FieldFilter filter, Map<Integer, FieldStats> stats) {
        boolean needsAValue = (filter instanceof RowFilter.Comparison cmp && cmp.op() != RowFilter.CompareOp.NOT_EQ
                && cmp.op() != RowFilter.CompareOp.NOT_STARTS_WITH) || (filter instanceof RowFilter.In in && !in.negated());
        if (!needsAValue) {
            return true;
        }
        for (Map.Entry<Integer, FieldStats> e : stats.entrySet()) {
            if (!overSource(e.getKey(), filter.fieldId()) || e.getValue().lowerBound() == null
                    || e.getValue().upperBound() == null) {
                continue;
            }
            if (!inRange(filter, filter.type(), e.getValue().lowerBound(), false, e.getValue().upperBound())) {
                return false;
            }
        }
        return true;
    }

    /** Whether index field {@code indexField} holds the source field's value itself. */
    private boolean overSource(int indexField, int sourceField) {
        if (definition.isIdentityField(indexField)) {
            return indexField == sourceField;
        }
        return definition.expressionField(indexField)
                .map(f -> f.expr() instanceof ValueExpression.IdReference ref && ref.fieldId() == sourceField)
                .orElse(false);
    }
}
