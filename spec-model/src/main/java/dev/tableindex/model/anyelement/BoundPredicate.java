package dev.tableindex.model.anyelement;

import dev.tableindex.model.anyelement.Predicate.Operand;
import dev.tableindex.model.anyelement.PredicateException.Kind;
import dev.tableindex.model.key.KeyType;
import java.util.ArrayList;
import java.util.List;

/**
 * A predicate bound to an element schema: every field name resolved to its current field, every
 * comparison given the family it compares in. {@link #test} is its three-valued truth on one element.
 */
public final class BoundPredicate {
    /** One element's values, in schema order; null for a null element (every field UNKNOWN). */
    @FunctionalInterface
    interface Node {
        TruthValue test(Object[] element);
    }

    private final Predicate predicate;
    private final ElementSchema schema;
    private final Node root;

    private BoundPredicate(Predicate predicate, ElementSchema schema) {
        this.predicate = predicate;
        this.schema = schema;
        this.root = bind(predicate);
    }

    /** Parses {@code text} and binds it to {@code schema}. */
    public static BoundPredicate of(String text, ElementSchema schema) {
        return new BoundPredicate(PredicateParser.parse(text), schema);
    }

    public static BoundPredicate of(Predicate predicate, ElementSchema schema) {
        return new BoundPredicate(predicate, schema);
    }

    public Predicate predicate() {
        return predicate;
    }

    public ElementSchema schema() {
        return schema;
    }

    /** The predicate on one element; {@code element} null is a null element. */
    public TruthValue test(Object[] element) {
        return root.test(element);
    }

    // ----- binding -----

    /** A bound operand: how to get its value in its comparison's family. */
    private interface Value {
        Object get(Object[] element);
    }

    private Node bind(Predicate p) {
        if (p instanceof Predicate.And and) {
            Node l = bind(and.left());
            Node r = bind(and.right());
            return e -> l.test(e).and(r.test(e));
        }
        if (p instanceof Predicate.Or or) {
            Node l = bind(or.left());
            Node r = bind(or.right());
            return e -> l.test(e).or(r.test(e));
        }
        if (p instanceof Predicate.Not not) {
            Node inner = bind(not.operand());
            return e -> inner.test(e).not();
        }
        if (p instanceof Predicate.IsTruth is) {
            Node inner = bind(is.operand());
            return e -> TruthValue.of((inner.test(e) == is.target()) != is.negated());
        }
        if (p instanceof Predicate.Comparison c) {
            return comparison(c.operator(), c.left(), c.right());
        }
        if (p instanceof Predicate.Between b) {
            Node low = comparison(Predicate.Operator.GE, b.value(), b.low());
            Node high = comparison(Predicate.Operator.LE, b.value(), b.high());
            return e -> {
                TruthValue within = low.test(e).and(high.test(e));
                return b.negated() ? within.not() : within;
            };
        }
        if (p instanceof Predicate.In in) {
            List<Node> equals = new ArrayList<>();
            for (Operand item : in.list()) {
                equals.add(comparison(Predicate.Operator.EQ, in.value(), item));
            }
            return e -> {
                TruthValue any = TruthValue.FALSE;
                for (Node equal : equals) {
                    any = any.or(equal.test(e));
                }
                return in.negated() ? any.not() : any;
            };
        }
        if (p instanceof Predicate.IsNull isNull) {
            Family family = family(isNull.value());
            Value value = value(isNull.value(), family == Family.NUMBER || family == Family.ANY ? Family.INTEGER : family);
            return e -> TruthValue.of((value.get(e) == null) != isNull.negated());
        }
        if (p instanceof Predicate.IsDistinctFrom d) {
            Family family = common(d.left(), d.right());
            Value left = value(d.left(), family);
            Value right = value(d.right(), family);
            return e -> {
                Object a = left.get(e);
                Object b = right.get(e);
                boolean distinct = a == null || b == null ? (a == null) != (b == null) : Operands.compare(family, a, b) != 0;
                return TruthValue.of(distinct != d.negated());
            };
        }
        Predicate.BooleanOperand b = (Predicate.BooleanOperand) p;
        Family family = family(b.operand());
        if (family != Family.BOOL && family != Family.ANY) {
            throw new PredicateException(Kind.TYPE_MISMATCH, b.column(), describe(b.operand())
                    + " is not a boolean: compare it (e.g. with =) to make a predicate");
        }
        Value value = value(b.operand(), Family.BOOL);
        return e -> {
            Object v = value.get(e);
            return v == null ? TruthValue.UNKNOWN : TruthValue.of((Boolean) v);
        };
    }

    private Node comparison(Predicate.Operator operator, Operand leftOperand, Operand rightOperand) {
        Family family = common(leftOperand, rightOperand);
        Value left = value(leftOperand, family);
        Value right = value(rightOperand, family);
        return e -> {
            Object a = left.get(e);
            Object b = right.get(e);
            return a == null || b == null ? TruthValue.UNKNOWN : TruthValue.of(operator.holds(Operands.compare(family, a, b)));
        };
    }

    private Family common(Operand left, Operand right) {
        Family family = Family.common(family(left), family(right));
        if (family == null) {
            throw new PredicateException(Kind.TYPE_MISMATCH, right.column(), "cannot compare " + describe(left)
                    + " with " + describe(right));
        }
        return family == Family.ANY ? Family.INTEGER : family;
    }

    private Family family(Operand operand) {
        return operand instanceof Predicate.FieldRef ref ? Operands.familyOf(field(ref).type())
                : Operands.familyOf((Predicate.Literal) operand);
    }

    private Value value(Operand operand, Family family) {
        if (operand instanceof Predicate.FieldRef ref) {
            int index = schema.indexOf(ref.name()).orElseThrow();
            KeyType type = schema.fields().get(index).type();
            return e -> e == null ? null : Operands.fromField(e[index], type, family);
        }
        Object constant = Operands.fromLiteral((Predicate.Literal) operand, family);
        return e -> constant;
    }

    private ElementSchema.Field field(Predicate.FieldRef ref) {
        return schema.indexOf(ref.name()).map(i -> schema.fields().get(i)).orElseThrow(() -> new PredicateException(
                Kind.UNKNOWN_FIELD, ref.column(), "unknown field '" + ref.name() + "'; the element's fields are "
                        + schema.names()));
    }

    private String describe(Operand operand) {
        if (operand instanceof Predicate.FieldRef ref) {
            return "field " + ref.name() + " (" + field(ref).type() + ")";
        }
        Predicate.Literal literal = (Predicate.Literal) operand;
        return literal.kind().name().toLowerCase(java.util.Locale.ROOT) + " literal "
                + (literal.kind() == Predicate.LiteralKind.STRING ? "'" + literal.text() + "'" : literal.text());
    }
}
