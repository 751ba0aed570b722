package dev.tableindex.engines.duckdb;

import dev.tableindex.model.key.KeyType;
import dev.tableindex.proto.tck.ElementPredicate;
import dev.tableindex.proto.tck.PredicateLiteral;
import dev.tableindex.proto.tck.PredicateOperand;
import dev.tableindex.proto.tck.Truth;
import dev.tableindex.tck.engine.ProtoKeyValues;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The protocol's predicate tree (docs/protocol.md, "Predicates as trees") as a SQL boolean expression over one
 * element, a struct named by {@code element}: node for node, each operator SQL's own, each literal written in the
 * type the tree gives it. Nothing is evaluated here; every truth value, NULL included, is the database's.
 */
final class ElementPredicateSql {
    private final String element;

    private ElementPredicateSql(String element) {
        this.element = element;
    }

    /**
     * The tree as SQL over the struct {@code element} (e.g. {@code e}).
     *
     * @throws IllegalArgumentException for a node or literal the protocol does not define
     */
    static String of(ElementPredicate predicate, String element) {
        return new ElementPredicateSql(element).node(predicate);
    }

    private String node(ElementPredicate p) {
        return switch (p.getNodeCase()) {
            case AND -> "(" + node(p.getAnd().getLeft()) + " AND " + node(p.getAnd().getRight()) + ")";
            case OR -> "(" + node(p.getOr().getLeft()) + " OR " + node(p.getOr().getRight()) + ")";
            case NOT -> "(NOT " + node(p.getNot()) + ")";
            case COMPARISON -> "(" + operand(p.getComparison().getLeft()) + " " + operator(p.getComparison().getOperator()) + " "
                    + operand(p.getComparison().getRight()) + ")";
            case IN -> "(" + operand(p.getIn().getValue()) + (p.getIn().getNegated() ? " NOT IN (" : " IN (")
                    + p.getIn().getListList().stream().map(this::operand).collect(Collectors.joining(", ")) + "))";
            case BETWEEN -> "(" + operand(p.getBetween().getValue()) + (p.getBetween().getNegated() ? " NOT BETWEEN " : " BETWEEN ")
                    + operand(p.getBetween().getLow()) + " AND " + operand(p.getBetween().getHigh()) + ")";
            case IS_NULL -> "(" + operand(p.getIsNull().getValue()) + (p.getIsNull().getNegated() ? " IS NOT NULL)" : " IS NULL)");
            case IS_DISTINCT_FROM -> "(" + operand(p.getIsDistinctFrom().getLeft())
                    + (p.getIsDistinctFrom().getNegated() ? " IS NOT DISTINCT FROM " : " IS DISTINCT FROM ")
                    + operand(p.getIsDistinctFrom().getRight()) + ")";
            case IS_TRUTH -> "(" + node(p.getIsTruth().getOperand()) + (p.getIsTruth().getNegated() ? " IS NOT " : " IS ")
                    + truth(p.getIsTruth().getTarget()) + ")";
            case OPERAND -> standing(p.getOperand());
            case NODE_NOT_SET -> throw new IllegalArgumentException("a predicate node with none of its cases set");
        };
    }

    private static String operator(dev.tableindex.proto.tck.ComparisonOperator operator) {
        return switch (operator) {
            case COMPARISON_OPERATOR_EQ -> "=";
            case COMPARISON_OPERATOR_NE -> "<>";
            case COMPARISON_OPERATOR_LT -> "<";
            case COMPARISON_OPERATOR_LE -> "<=";
            case COMPARISON_OPERATOR_GT -> ">";
            case COMPARISON_OPERATOR_GE -> ">=";
            default -> throw new IllegalArgumentException("comparison operator " + operator + " is not one of the protocol's");
        };
    }

    private static String truth(Truth target) {
        return switch (target) {
            case TRUTH_TRUE -> "TRUE";
            case TRUTH_FALSE -> "FALSE";
            case TRUTH_UNKNOWN -> "UNKNOWN";
            default -> throw new IllegalArgumentException("IS test against " + target + ", which is no truth value");
        };
    }

    /** A bool field or a TRUE/FALSE/NULL literal standing as a predicate: the untyped NULL is a BOOLEAN one. */
    private String standing(PredicateOperand operand) {
        if (operand.hasLiteral() && operand.getLiteral().getType().isEmpty() && operand.getLiteral().getDecimal().isEmpty()) {
            return "CAST(NULL AS BOOLEAN)";
        }
        return operand(operand);
    }

    private String operand(PredicateOperand operand) {
        return switch (operand.getOperandCase()) {
            case FIELD -> element + "." + DuckDbValues.identifier(operand.getField());
            case LITERAL -> literal(operand.getLiteral());
            case OPERAND_NOT_SET -> throw new IllegalArgumentException("an operand that is neither a field nor a literal");
        };
    }

    /** A decimal is SQL's exact numeric literal (DuckDB: a DECIMAL up to 38 digits); NULL is SQL's untyped NULL. */
    private static String literal(PredicateLiteral literal) {
        if (!literal.getDecimal().isEmpty()) {
            if (!literal.getDecimal().matches("-?\\d+(\\.\\d+)?")) {
                throw new IllegalArgumentException("decimal literal '" + literal.getDecimal() + "' is not a plain decimal");
            }
            return "(" + literal.getDecimal() + ")";
        }
        if (literal.getType().isEmpty()) {
            return "NULL";
        }
        KeyType type = KeyType.parse(literal.getType());
        return DuckDbValues.literal(type, ProtoKeyValues.fromProto(List.of(type), List.of(literal.getValue())).get(0));
    }
}
