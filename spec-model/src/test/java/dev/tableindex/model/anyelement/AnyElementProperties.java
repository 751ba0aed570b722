package dev.tableindex.model.anyelement;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tableindex.model.key.Float32;
import dev.tableindex.model.key.KeyType;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** Properties of any_element on random tables and random predicates. */
class AnyElementProperties {
    static final ElementSchema SCHEMA = new ElementSchema(List.of(
            new ElementSchema.Field("label", KeyType.parse("string")),
            new ElementSchema.Field("confidence", KeyType.parse("float")),
            new ElementSchema.Field("n", KeyType.parse("int32")),
            new ElementSchema.Field("flag", KeyType.parse("bool"))));

    record Case(List<List<Object[]>> rows, String predicate) {
        @Override
        public String toString() {
            return predicate + " over " + rows.size() + " rows";
        }
    }

    @Provide
    Arbitrary<Case> cases() {
        return Combinators.combine(rows(), predicate(3)).as(Case::new);
    }

    static Arbitrary<List<List<Object[]>>> rows() {
        Arbitrary<Object[]> element = Combinators.combine(
                Arbitraries.of("car", "person", "", "cart").injectNull(0.2),
                Arbitraries.of(0.5f, 0.95f, -0.0f, 0.0f, Float.NaN, Float.POSITIVE_INFINITY, -1f).map(f -> (Object) Float32.of(f)).injectNull(0.2),
                Arbitraries.longs().between(-2, 8).injectNull(0.2),
                Arbitraries.of(true, false).injectNull(0.2))
                .as((label, confidence, n, flag) -> new Object[] {label, confidence, n, flag})
                .injectNull(0.1);
        return element.list().ofMaxSize(4).injectNull(0.1).list().ofMinSize(1).ofMaxSize(8);
    }

    static Arbitrary<String> predicate(int depth) {
        Arbitrary<String> atom = Arbitraries.oneOf(
                Combinators.combine(op(), Arbitraries.of("'car'", "'person'", "''", "NULL")).as((op, v) -> "label " + op + " " + v),
                Combinators.combine(op(), Arbitraries.of("0.5", "0.95", "-0.0", "0.0", "FLOAT 'NaN'", "FLOAT 'Infinity'", "NULL"))
                        .as((op, v) -> "confidence " + op + " " + v),
                Combinators.combine(op(), Arbitraries.of("-1", "0", "7", "2.5", "NULL")).as((op, v) -> "n " + op + " " + v),
                Arbitraries.of("flag", "flag IS TRUE", "flag IS NOT FALSE", "label IS NULL", "n IS NOT NULL",
                        "n IS DISTINCT FROM 7", "n IS NOT DISTINCT FROM NULL", "label IN ('car', 'person')",
                        "label NOT IN ('car', NULL)", "n IN (0, 7, NULL)", "n BETWEEN 0 AND 5", "n NOT BETWEEN 1 AND NULL",
                        "confidence BETWEEN -0.0 AND 0.5", "TRUE", "NULL"));
        if (depth == 0) {
            return atom;
        }
        Arbitrary<String> inner = predicate(depth - 1);
        return Arbitraries.oneOf(atom, atom,
                Combinators.combine(inner, inner).as((a, b) -> "(" + a + ") AND (" + b + ")"),
                Combinators.combine(inner, inner).as((a, b) -> "(" + a + ") OR (" + b + ")"),
                inner.map(a -> "NOT (" + a + ")"),
                inner.map(a -> "(" + a + ") IS UNKNOWN"));
    }

    private static Arbitrary<String> op() {
        return Arbitraries.of("=", "<>", "!=", "<", "<=", ">", ">=");
    }

    private static ListTable table(List<List<Object[]>> rows) {
        return new ListTable("list", SCHEMA, rows);
    }

    private static List<TruthValue> evaluate(Case c, String predicate, boolean negated) {
        List<TruthValue> out = new ArrayList<>();
        BoundPredicate bound = BoundPredicate.of(predicate, SCHEMA);
        for (List<Object[]> row : c.rows()) {
            TruthValue v = AnyElement.test(bound, row);
            out.add(negated ? v.not() : v);
        }
        return out;
    }

    @Property(tries = 2000)
    void notAnyElementIsTrueExactlyWhereAnyElementIsFalse(@ForAll("cases") Case c) {
        List<TruthValue> any = AnyElement.evaluate(table(c.rows()), c.predicate(), false);
        List<TruthValue> not = AnyElement.evaluate(table(c.rows()), c.predicate(), true);
        for (int i = 0; i < any.size(); i++) {
            assertThat(not.get(i) == TruthValue.TRUE).isEqualTo(any.get(i) == TruthValue.FALSE);
            assertThat(not.get(i) == TruthValue.UNKNOWN).isEqualTo(any.get(i) == TruthValue.UNKNOWN);
        }
    }

    @Property(tries = 2000)
    void anyElementIsTrueExactlyWhereSomeElementSatisfiesPIsTrue(@ForAll("cases") Case c) {
        BoundPredicate isTrue = BoundPredicate.of("(" + c.predicate() + ") IS TRUE", SCHEMA);
        BoundPredicate isUnknown = BoundPredicate.of("(" + c.predicate() + ") IS UNKNOWN", SCHEMA);
        List<TruthValue> any = AnyElement.evaluate(table(c.rows()), c.predicate(), false);
        for (int i = 0; i < c.rows().size(); i++) {
            List<Object[]> row = c.rows().get(i);
            boolean someTrue = row != null && row.stream().anyMatch(e -> isTrue.test(e) == TruthValue.TRUE);
            boolean someUnknown = row != null && row.stream().anyMatch(e -> isUnknown.test(e) == TruthValue.TRUE);
            TruthValue expected = row == null ? TruthValue.UNKNOWN
                    : someTrue ? TruthValue.TRUE : someUnknown ? TruthValue.UNKNOWN : TruthValue.FALSE;
            assertThat(any.get(i)).as("row %d", i).isEqualTo(expected);
        }
    }

    @Property(tries = 2000)
    void betweenMeansTwoComparisons(@ForAll("rowsAndBounds") Object[] input) {
        @SuppressWarnings("unchecked")
        List<List<Object[]>> rows = (List<List<Object[]>>) input[0];
        String low = (String) input[1];
        String high = (String) input[2];
        Case c = new Case(rows, "");
        for (String field : List.of("n", "confidence")) {
            assertThat(evaluate(c, field + " BETWEEN " + low + " AND " + high, false))
                    .isEqualTo(evaluate(c, field + " >= " + low + " AND " + field + " <= " + high, false));
            assertThat(evaluate(c, field + " NOT BETWEEN " + low + " AND " + high, false))
                    .isEqualTo(evaluate(c, "NOT (" + field + " >= " + low + " AND " + field + " <= " + high + ")", false));
        }
    }

    @Provide
    Arbitrary<Object[]> rowsAndBounds() {
        Arbitrary<String> bound = Arbitraries.of("-1", "0", "2.5", "7", "-0.0", "NULL");
        return Combinators.combine(rows(), bound, bound).as((rows, low, high) -> new Object[] {rows, low, high});
    }
}
