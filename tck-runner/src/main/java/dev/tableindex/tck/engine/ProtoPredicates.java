package dev.tableindex.tck.engine;

import dev.tableindex.model.anyelement.BoundPredicate;
import dev.tableindex.model.anyelement.ElementSchema;
import dev.tableindex.model.anyelement.Predicate;
import dev.tableindex.model.anyelement.PredicateException;
import dev.tableindex.model.anyelement.TypedLiteral;
import dev.tableindex.model.key.KeyType;
import dev.tableindex.proto.tck.ComparisonOperator;
import dev.tableindex.proto.tck.ElementPredicate;
import dev.tableindex.proto.tck.KeyValue;
import dev.tableindex.proto.tck.PredicateBetween;
import dev.tableindex.proto.tck.PredicateComparison;
import dev.tableindex.proto.tck.PredicateIn;
import dev.tableindex.proto.tck.PredicateIsDistinctFrom;
import dev.tableindex.proto.tck.PredicateIsNull;
import dev.tableindex.proto.tck.PredicateIsTruth;
import dev.tableindex.proto.tck.PredicateLiteral;
import dev.tableindex.proto.tck.PredicateOperand;
import dev.tableindex.proto.tck.PredicatePair;
import dev.tableindex.proto.tck.Truth;
import java.util.Optional;

/**
 * A predicate's text to the protocol's {@link ElementPredicate} tree: parsed and bound by the kit's
 * grammar (docs/any-element-grammar.md), each literal typed where it is compared ({@link TypedLiteral}).
 * Empty when the kit's grammar refuses the text.
 */
public final class ProtoPredicates {
    private final ElementSchema schema;

    private ProtoPredicates(ElementSchema schema) {
        this.schema = schema;
    }

    public static Optional<ElementPredicate> tree(String text, ElementSchema schema) {
        try {
            Predicate predicate = BoundPredicate.of(text, schema).predicate();
            return Optional.of(new ProtoPredicates(schema).node(predicate));
        } catch (PredicateException | Untypable e) {
            return Optional.empty();
        }
    }

    /** A literal that has no value where it is compared (the kit would have refused the text). */
    private static final class Untypable extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Untypable() {
            super(null, null, false, false);
        }
    }

    private ElementPredicate node(Predicate p) {
        ElementPredicate.Builder node = ElementPredicate.newBuilder();
        if (p instanceof Predicate.And and) {
            return node.setAnd(pair(and.left(), and.right())).build();
        }
        if (p instanceof Predicate.Or or) {
            return node.setOr(pair(or.left(), or.right())).build();
        }
        if (p instanceof Predicate.Not not) {
            return node.setNot(node(not.operand())).build();
        }
        if (p instanceof Predicate.Comparison c) {
            return node.setComparison(PredicateComparison.newBuilder().setOperator(operator(c.operator()))
                    .setLeft(operand(c.left(), c.right())).setRight(operand(c.right(), c.left()))).build();
        }
        if (p instanceof Predicate.In in) {
            PredicateIn.Builder proto = PredicateIn.newBuilder().setValue(operand(in.value(), in.list().get(0))).setNegated(in.negated());
            in.list().forEach(v -> proto.addList(operand(v, in.value())));
            return node.setIn(proto).build();
        }
        if (p instanceof Predicate.Between b) {
            return node.setBetween(PredicateBetween.newBuilder().setValue(operand(b.value(), b.low())).setLow(operand(b.low(), b.value()))
                    .setHigh(operand(b.high(), b.value())).setNegated(b.negated())).build();
        }
        if (p instanceof Predicate.IsNull n) {
            return node.setIsNull(PredicateIsNull.newBuilder().setValue(operand(n.value(), null)).setNegated(n.negated())).build();
        }
        if (p instanceof Predicate.IsDistinctFrom d) {
            return node.setIsDistinctFrom(PredicateIsDistinctFrom.newBuilder().setLeft(operand(d.left(), d.right()))
                    .setRight(operand(d.right(), d.left())).setNegated(d.negated())).build();
        }
        if (p instanceof Predicate.IsTruth t) {
            return node.setIsTruth(PredicateIsTruth.newBuilder().setOperand(node(t.operand())).setTarget(switch (t.target()) {
                case TRUE -> Truth.TRUTH_TRUE;
                case FALSE -> Truth.TRUTH_FALSE;
                case UNKNOWN -> Truth.TRUTH_UNKNOWN;
            }).setNegated(t.negated())).build();
        }
        Predicate.BooleanOperand b = (Predicate.BooleanOperand) p;
        return node.setOperand(operand(b.operand(), null, Optional.of(KeyType.of(KeyType.Kind.BOOL)))).build();
    }

    private PredicatePair pair(Predicate left, Predicate right) {
        return PredicatePair.newBuilder().setLeft(node(left)).setRight(node(right)).build();
    }

    private static ComparisonOperator operator(Predicate.Operator operator) {
        return switch (operator) {
            case EQ -> ComparisonOperator.COMPARISON_OPERATOR_EQ;
            case NE -> ComparisonOperator.COMPARISON_OPERATOR_NE;
            case LT -> ComparisonOperator.COMPARISON_OPERATOR_LT;
            case LE -> ComparisonOperator.COMPARISON_OPERATOR_LE;
            case GT -> ComparisonOperator.COMPARISON_OPERATOR_GT;
            case GE -> ComparisonOperator.COMPARISON_OPERATOR_GE;
        };
    }

    /** {@code operand}, a literal typed by the field it is compared with ({@code other}), if that is a field. */
    private PredicateOperand operand(Predicate.Operand operand, Predicate.Operand other) {
        return operand(operand, other, Optional.empty());
    }

    private PredicateOperand operand(Predicate.Operand operand, Predicate.Operand other, Optional<KeyType> standing) {
        if (operand instanceof Predicate.FieldRef field) {
            return PredicateOperand.newBuilder().setField(field.name()).build();
        }
        Predicate.Literal literal = (Predicate.Literal) operand;
        Optional<KeyType> comparedWith = other instanceof Predicate.FieldRef f
                ? schema.indexOf(f.name()).map(i -> schema.fields().get(i).type()) : standing;
        TypedLiteral typed = TypedLiteral.of(literal, comparedWith).orElseThrow(Untypable::new);
        PredicateLiteral.Builder proto = PredicateLiteral.newBuilder();
        if (typed.decimal() != null) {
            proto.setDecimal(typed.decimal());
        } else if (typed.type() == null) {
            proto.setValue(KeyValue.newBuilder().setIsNull(true));
        } else {
            proto.setType(typed.type().lanceName()).setValue(ProtoKeyValues.toProto(typed.type(), typed.value()));
        }
        return PredicateOperand.newBuilder().setLiteral(proto).build();
    }
}
