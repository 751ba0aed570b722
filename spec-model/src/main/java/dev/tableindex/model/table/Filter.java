package dev.tableindex.model.table;

import dev.tableindex.model.anyelement.Predicate;
import dev.tableindex.model.anyelement.PredicateException;
import dev.tableindex.model.anyelement.PredicateParser;
import dev.tableindex.proto.lance.file.Field;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The filter language of table_ops.proto, a SQL subset every engine understands:
 * <pre>
 *   filter     := "true" | comparison ("AND" comparison)*
 *   comparison := column ("=" | "!=" | "&lt;" | "&lt;=" | "&gt;" | "&gt;=") literal | column "IS NULL"
 *   literal    := integer | 'string'       ('' inside a string is one quote)
 * </pre>
 * Keywords are case-insensitive, column names are not. The reference also accepts {@code <>} for
 * {@code !=}, a decimal literal ({@code 1.5}), parentheses and quoted column names, as the kit's
 * predicate grammar does. Evaluation is SQL's three-valued logic: a
 * comparison with a NULL value is UNKNOWN, and a row counts only when the whole filter is TRUE.
 * Comparisons need a scalar column of the literal's family (a number for int32/int64/float/double,
 * a string for string); IS NULL works on every column.
 */
public record Filter(List<Comparison> conjuncts) {
    public Filter {
        conjuncts = List.copyOf(conjuncts);
    }

    public enum Op {
        EQ("="), NE("!="), LT("<"), LE("<="), GT(">"), GE(">="), IS_NULL("IS NULL");

        private final String text;

        Op(String text) {
            this.text = text;
        }

        boolean holds(int order) {
            return switch (this) {
                case EQ -> order == 0;
                case NE -> order != 0;
                case LT -> order < 0;
                case LE -> order <= 0;
                case GT -> order > 0;
                case GE -> order >= 0;
                case IS_NULL -> throw new IllegalStateException();
            };
        }
    }

    /** One comparison; {@code literal} is a Long, a Double or a String (null for IS NULL). */
    public record Comparison(String column, Op op, Object literal) {
        /** TRUE, FALSE or UNKNOWN (null) for one value of the column. */
        public Boolean test(Object value) {
            if (op == Op.IS_NULL) {
                return value == null;
            }
            if (value == null) {
                return null;
            }
            return op.holds(Values.compare(value, literal));
        }

        @Override
        public String toString() {
            return column + " " + op.text + (op == Op.IS_NULL ? "" : " " + (literal instanceof String s
                    ? "'" + s.replace("'", "''") + "'" : literal));
        }
    }

    /**
     * Parses with the kit's SQL predicate parser (the any_element grammar, docs/any-element-grammar.md)
     * and accepts only the subset above, so both languages read their shared syntax the same way.
     *
     * @throws TableException INVALID_OPERATION naming what is wrong and where
     */
    public static Filter parse(String text) {
        Predicate predicate;
        try {
            predicate = PredicateParser.parse(text);
        } catch (PredicateException e) {
            throw TableException.invalid("filter '" + text + "': " + e.getMessage());
        }
        if (predicate instanceof Predicate.BooleanOperand b && b.operand() instanceof Predicate.Literal l
                && l.kind() == Predicate.LiteralKind.BOOLEAN && l.text().equals("TRUE")) {
            return new Filter(List.of());
        }
        List<Comparison> conjuncts = new ArrayList<>();
        addConjuncts(predicate, text, conjuncts);
        return new Filter(conjuncts);
    }

    private static void addConjuncts(Predicate predicate, String text, List<Comparison> out) {
        if (predicate instanceof Predicate.And and) {
            addConjuncts(and.left(), text, out);
            addConjuncts(and.right(), text, out);
        } else if (predicate instanceof Predicate.IsNull isNull && !isNull.negated()
                && isNull.value() instanceof Predicate.FieldRef field) {
            out.add(new Comparison(field.name(), Op.IS_NULL, null));
        } else if (predicate instanceof Predicate.Comparison c && c.left() instanceof Predicate.FieldRef field
                && c.right() instanceof Predicate.Literal literal) {
            out.add(new Comparison(field.name(), Op.valueOf(c.operator().name()), literal(literal, text)));
        } else {
            throw TableException.invalid("filter '" + text + "', at column " + predicate.column()
                    + ": not in the filter subset (column op literal, column IS NULL, joined by AND)");
        }
    }

    private static Object literal(Predicate.Literal literal, String text) {
        try {
            return switch (literal.kind()) {
                case STRING -> literal.text();
                case NUMBER -> literal.text().matches("[+-]?[0-9]+") ? (Object) Long.parseLong(literal.text())
                        : (Object) Double.parseDouble(literal.text());
                default -> throw TableException.invalid("filter '" + text + "', at column " + literal.column()
                        + ": expected a number or a 'string'");
            };
        } catch (NumberFormatException e) {
            throw TableException.invalid("filter '" + text + "', at column " + literal.column()
                    + ": number out of range: " + literal.text());
        }
    }

    /**
     * Checks the filter against a schema: every column exists, every comparison fits its type.
     *
     * @return the field id of each conjunct's column, in order
     * @throws TableException INVALID_OPERATION naming the column
     */
    public List<Integer> bind(TableSchema schema) {
        List<Integer> ids = new ArrayList<>();
        for (Comparison c : conjuncts) {
            Field column = schema.require(c.column());
            ColumnType type = schema.typeOf(column);
            if (c.op() != Op.IS_NULL) {
                boolean fits = c.literal() instanceof String ? type.base() == ColumnType.Base.STRING
                        : type.isNumeric();
                if (!fits) {
                    throw TableException.invalid("cannot compare column '" + c.column() + "' of type "
                            + type.notation() + " with " + (c.literal() instanceof String ? "a string" : "a number"));
                }
            }
            ids.add(column.getId());
        }
        return ids;
    }

    /** TRUE (the row counts), FALSE or UNKNOWN (null), by SQL's AND. */
    public Boolean evaluate(Map<Integer, Object> row, List<Integer> fieldIds) {
        Boolean result = Boolean.TRUE;
        for (int i = 0; i < conjuncts.size(); i++) {
            Boolean value = conjuncts.get(i).test(row.get(fieldIds.get(i)));
            if (Boolean.FALSE.equals(value)) {
                return false;
            }
            if (value == null) {
                result = null;
            }
        }
        return result;
    }

    @Override
    public String toString() {
        return conjuncts.isEmpty() ? "true" : String.join(" AND ", conjuncts.stream().map(Comparison::toString).toList());
    }
}
