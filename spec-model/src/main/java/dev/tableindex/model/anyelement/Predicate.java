package dev.tableindex.model.anyelement;

import java.util.List;

/**
 * The parsed predicate: an immutable tree, before names and types are bound (docs/any-element-grammar.md).
 * Every node keeps the 1-based column where it starts, for error messages.
 */
public sealed interface Predicate {
    int column();

    record And(Predicate left, Predicate right, int column) implements Predicate {
    }

    record Or(Predicate left, Predicate right, int column) implements Predicate {
    }

    record Not(Predicate operand, int column) implements Predicate {
    }

    /** {@code left op right} with op one of =, <>, <, <=, >, >= ({@code !=} is read as {@code <>}). */
    record Comparison(Operator operator, Operand left, Operand right, int column) implements Predicate {
    }

    record In(Operand value, List<Operand> list, boolean negated, int column) implements Predicate {
    }

    record Between(Operand value, Operand low, Operand high, boolean negated, int column) implements Predicate {
    }

    record IsNull(Operand value, boolean negated, int column) implements Predicate {
    }

    record IsDistinctFrom(Operand left, Operand right, boolean negated, int column) implements Predicate {
    }

    /** {@code predicate IS [NOT] TRUE|FALSE|UNKNOWN}. */
    record IsTruth(Predicate operand, TruthValue target, boolean negated, int column) implements Predicate {
    }

    /** An operand used as a predicate: a bool field or a TRUE, FALSE or NULL literal. */
    record BooleanOperand(Operand operand, int column) implements Predicate {
    }

    enum Operator {
        EQ("="), NE("<>"), LT("<"), LE("<="), GT(">"), GE(">=");

        private final String sql;

        Operator(String sql) {
            this.sql = sql;
        }

        public String sql() {
            return sql;
        }

        boolean holds(int comparison) {
            return switch (this) {
                case EQ -> comparison == 0;
                case NE -> comparison != 0;
                case LT -> comparison < 0;
                case LE -> comparison <= 0;
                case GT -> comparison > 0;
                case GE -> comparison >= 0;
            };
        }
    }

    /** A value in a predicate: a field of the element, or a literal. */
    sealed interface Operand {
        int column();
    }

    /** A field by its current name. */
    record FieldRef(String name, int column) implements Operand {
    }

    /** A literal; {@code kind} says how {@code text} is written. */
    record Literal(LiteralKind kind, String text, int column) implements Operand {
    }

    /**
     * How a literal is written: a number ({@code 42}, {@code -0.5}, {@code 1e-3}), a string
     * ({@code 'car'}), TRUE/FALSE, NULL, {@code DATE '2024-01-31'}, {@code TIMESTAMP '2024-01-31 12:00:00'},
     * {@code X'0AFF'}, {@code FLOAT 'NaN'} or {@code DOUBLE '-0.0'} (the float notation of key values).
     */
    enum LiteralKind { NUMBER, STRING, BOOLEAN, NULL, DATE, TIMESTAMP, BINARY, FLOAT, DOUBLE }
}
