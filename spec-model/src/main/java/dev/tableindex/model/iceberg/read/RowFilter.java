package dev.tableindex.model.iceberg.read;

import dev.tableindex.model.iceberg.order.ClusteringOrder;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.IntFunction;
import org.apache.iceberg.types.Type;

/**
 * A filter on source fields, as the expressions spec defines predicates ("Predicates"): tests, comparisons of a
 * field with a constant, sets, and AND, OR, NOT, in 2-valued logic. Comparisons are null-safe: {@code <},
 * {@code >} (and {@code =}) are false when the value is null or NaN, {@code !=} is the negation of {@code =};
 * floats compare in IEEE 754 order (-0.0 = 0.0); other types by the spec's comparisons (unsigned bytes, UTF-8).
 * Constants are non-null and non-NaN, as the spec requires. Read from JSON by {@link FilterJson}.
 */
public sealed interface RowFilter {

    /** Whether a row whose field values are given by id matches. */
    boolean test(IntFunction<Object> valueById);

    /** The source field ids the filter reads. */
    default Set<Integer> fieldIds() {
        Set<Integer> ids = new TreeSet<>();
        collect(this, ids);
        return ids;
    }

    private static void collect(RowFilter filter, Set<Integer> ids) {
        if (filter instanceof And and) {
            collect(and.left(), ids);
            collect(and.right(), ids);
        } else if (filter instanceof Or or) {
            collect(or.left(), ids);
            collect(or.right(), ids);
        } else if (filter instanceof Not not) {
            collect(not.child(), ids);
        } else if (filter instanceof FieldFilter field) {
            ids.add(field.fieldId());
        }
    }

    record Constant(boolean value) implements RowFilter {
        @Override
        public boolean test(IntFunction<Object> valueById) {
            return value;
        }
    }

    record And(RowFilter left, RowFilter right) implements RowFilter {
        @Override
        public boolean test(IntFunction<Object> valueById) {
            return left.test(valueById) && right.test(valueById);
        }
    }

    record Or(RowFilter left, RowFilter right) implements RowFilter {
        @Override
        public boolean test(IntFunction<Object> valueById) {
            return left.test(valueById) || right.test(valueById);
        }
    }

    record Not(RowFilter child) implements RowFilter {
        @Override
        public boolean test(IntFunction<Object> valueById) {
            return !child.test(valueById);
        }
    }

    /** A predicate on one source field. */
    sealed interface FieldFilter extends RowFilter {
        int fieldId();

        Type.PrimitiveType type();

        /** Whether the field's value matches. */
        boolean matches(Object value);

        @Override
        default boolean test(IntFunction<Object> valueById) {
            return matches(valueById.apply(fieldId()));
        }
    }

    /** The spec's tests without a constant. */
    enum TestOp {
        IS_NULL("is-null"), NOT_NULL("not-null"), IS_NAN("is-nan"), NOT_NAN("not-nan");

        final String json;

        TestOp(String json) {
            this.json = json;
        }
    }

    record Test(int fieldId, Type.PrimitiveType type, TestOp op) implements FieldFilter {
        public Test {
            Objects.requireNonNull(type, "type");
            boolean floating = type.typeId() == Type.TypeID.FLOAT || type.typeId() == Type.TypeID.DOUBLE;
            if ((op == TestOp.IS_NAN || op == TestOp.NOT_NAN) && !floating) {
                throw new IllegalArgumentException(op.json + " applies to float and double, not " + type);
            }
        }

        @Override
        public boolean matches(Object value) {
            return switch (op) {
                case IS_NULL -> value == null;
                case NOT_NULL -> value != null;
                case IS_NAN -> isNaN(value);
                case NOT_NAN -> !isNaN(value);
            };
        }
    }

    /** The spec's comparisons of a field with a constant, and the string prefix tests. */
    enum CompareOp {
        EQ("eq"), NOT_EQ("not-eq"), LT("lt"), LT_EQ("lt-eq"), GT("gt"), GT_EQ("gt-eq"),
        STARTS_WITH("starts-with"), NOT_STARTS_WITH("not-starts-with");

        final String json;

        CompareOp(String json) {
            this.json = json;
        }
    }

    record Comparison(int fieldId, Type.PrimitiveType type, CompareOp op, Object constant) implements FieldFilter {
        public Comparison {
            Objects.requireNonNull(type, "type");
            requireConstant(constant);
            boolean prefix = op == CompareOp.STARTS_WITH || op == CompareOp.NOT_STARTS_WITH;
            if (prefix && type.typeId() != Type.TypeID.STRING) {
                throw new IllegalArgumentException(op.json + " applies to strings, not " + type);
            }
        }

        @Override
        public boolean matches(Object value) {
            return switch (op) {
                case EQ -> equal(type, value, constant);
                case NOT_EQ -> !equal(type, value, constant);
                case LT -> ordered(value) && compare(type, value, constant) < 0;
                case LT_EQ -> ordered(value) && compare(type, value, constant) <= 0;
                case GT -> ordered(value) && compare(type, value, constant) > 0;
                case GT_EQ -> ordered(value) && compare(type, value, constant) >= 0;
                case STARTS_WITH -> value != null && value.toString().startsWith(constant.toString());
                case NOT_STARTS_WITH -> value == null || !value.toString().startsWith(constant.toString());
            };
        }
    }

    /** {@code IN} and {@code NOT IN} a set of constants. */
    record In(int fieldId, Type.PrimitiveType type, boolean negated, List<Object> constants) implements FieldFilter {
        public In {
            Objects.requireNonNull(type, "type");
            constants = List.copyOf(constants);
            if (constants.isEmpty()) {
                throw new IllegalArgumentException("an in or not-in test needs at least one constant");
            }
            constants.forEach(RowFilter::requireConstant);
        }

        @Override
        public boolean matches(Object value) {
            boolean any = constants.stream().anyMatch(c -> equal(type, value, c));
            return negated != any;
        }
    }

    private static void requireConstant(Object constant) {
        if (constant == null || isNaN(constant)) {
            throw new IllegalArgumentException("a constant must be non-null and non-NaN (use is-null or is-nan)");
        }
    }

    /** Null-safe equality with a non-null, non-NaN constant: false for null and NaN. */
    static boolean equal(Type.PrimitiveType type, Object value, Object constant) {
        return ordered(value) && compare(type, value, constant) == 0;
    }

    private static boolean ordered(Object value) {
        return value != null && !isNaN(value);
    }

    /**
     * The expressions spec's order for non-null, non-NaN values: the clustering order, except that floats compare
     * as IEEE 754 numbers (-0.0 = 0.0). It only merges neighbours of the clustering order, so an interval of the
     * clustering order stays an interval under it.
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

    static boolean isNaN(Object v) {
        return (v instanceof Double d && d.isNaN()) || (v instanceof Float f && f.isNaN());
    }
}
