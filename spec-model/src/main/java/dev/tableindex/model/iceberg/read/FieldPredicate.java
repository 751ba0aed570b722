package dev.tableindex.model.iceberg.read;

import dev.tableindex.model.iceberg.order.ClusteringOrder;
import org.apache.iceberg.types.Type;

/**
 * A filter on one source field that an index stores as an identity field: a comparison with a non-null,
 * non-NaN constant, or {@code is-null}, with the expressions spec's meaning: a comparison is false for a null
 * or NaN value, and floats compare in IEEE 754 order (-0.0 = 0.0), unlike the clustering order.
 */
public record FieldPredicate(int fieldId, Op op, Object value) {

    /** The expressions spec's comparison names (Appendix B JSON). */
    public enum Op {
        EQ("eq"), LT("lt"), LT_EQ("lt-eq"), GT("gt"), GT_EQ("gt-eq"), IS_NULL("is-null");

        private final String json;

        Op(String json) {
            this.json = json;
        }

        public String json() {
            return json;
        }

        public static Op fromJson(String text) {
            for (Op op : values()) {
                if (op.json.equals(text)) {
                    return op;
                }
            }
            throw new IllegalArgumentException("unknown comparison '" + text + "' (eq, lt, lt-eq, gt, gt-eq, is-null)");
        }
    }

    public FieldPredicate {
        if (op != Op.IS_NULL && (value == null || isNaN(value))) {
            throw new IllegalArgumentException("a comparison constant must be non-null and non-NaN");
        }
    }

    /** Whether a row whose field holds {@code v} matches. */
    public boolean test(Type.PrimitiveType type, Object v) {
        if (op == Op.IS_NULL) {
            return v == null;
        }
        if (v == null || isNaN(v)) {
            return false;
        }
        int c = compare(type, v, value);
        return switch (op) {
            case EQ -> c == 0;
            case LT -> c < 0;
            case LT_EQ -> c <= 0;
            case GT -> c > 0;
            case GT_EQ -> c >= 0;
            case IS_NULL -> false;
        };
    }

    /**
     * The clustering order, except that non-NaN floats compare as IEEE 754 numbers (-0.0 = 0.0); it only
     * merges neighbours of the clustering order, so a clustering-order interval stays an interval under it.
     */
    static int compare(Type.PrimitiveType type, Object a, Object b) {
        boolean floating = type.typeId() == Type.TypeID.FLOAT || type.typeId() == Type.TypeID.DOUBLE;
        if (floating && a != null && b != null && !isNaN(a) && !isNaN(b)) {
            double x = ((Number) a).doubleValue();
            double y = ((Number) b).doubleValue();
            return x < y ? -1 : (x > y ? 1 : 0);
        }
        return ClusteringOrder.compareValues(type, a, b);
    }

    /** Whether some value in the clustering-order interval [low, high] could match (used to skip range files). */
    public boolean mayMatchBetween(Type.PrimitiveType type, Object low, boolean lowOpen, Object high) {
        if (op == Op.IS_NULL) {
            return lowOpen || low == null;
        }
        int lowVsValue = lowOpen ? -1 : compare(type, low, value);
        int highVsValue = compare(type, high, value);
        return switch (op) {
            case EQ -> lowVsValue <= 0 && highVsValue >= 0;
            case LT -> lowVsValue < 0;
            case LT_EQ -> lowVsValue <= 0;
            case GT -> highVsValue > 0;
            case GT_EQ -> highVsValue >= 0;
            case IS_NULL -> true;
        };
    }

    static boolean isNaN(Object v) {
        return (v instanceof Double d && d.isNaN()) || (v instanceof Float f && f.isNaN());
    }
}
