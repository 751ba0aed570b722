package dev.tableindex.model.anyelement;

import static dev.tableindex.model.anyelement.TruthValue.FALSE;
import static dev.tableindex.model.anyelement.TruthValue.TRUE;
import static dev.tableindex.model.anyelement.TruthValue.UNKNOWN;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Hand-worked cases; the scenarios in features/any-element hold the full truth tables. */
class AnyElementTest {
    /** The example: a row with car/person, a null list, an empty list, a null element beside car with a null confidence. */
    private static final ListTable DETECTIONS = ListTable.fromJson("""
            {"column": "detections",
             "element": [{"name": "label", "type": "string"}, {"name": "confidence", "type": "float"}],
             "rows": [[{"label": "car", "confidence": 0.95}, {"label": "person", "confidence": 0.30}],
                      null,
                      [],
                      [null, {"label": "car", "confidence": null}]]}
            """);

    @Test
    void anyElementIsTrueFalseOrNullPerRow() {
        assertThat(AnyElement.evaluate(DETECTIONS, "label = 'car' AND confidence > 0.5", false))
                .containsExactly(TRUE, UNKNOWN, FALSE, UNKNOWN);
        assertThat(AnyElement.evaluate(DETECTIONS, "label = 'car' AND confidence > 0.5", true))
                .containsExactly(FALSE, UNKNOWN, TRUE, UNKNOWN);
        assertThat(AnyElement.evaluate(DETECTIONS, "label = 'person'", false)).containsExactly(TRUE, UNKNOWN, FALSE, UNKNOWN);
        assertThat(AnyElement.evaluate(DETECTIONS, "label IS NULL", false)).containsExactly(FALSE, UNKNOWN, FALSE, TRUE);
        assertThat(AnyElement.evaluate(DETECTIONS, "confidence = 0.95", false)).containsExactly(TRUE, UNKNOWN, FALSE, UNKNOWN);
    }

    @Test
    void inWithANullLiteralIsUnknownWhereNothingMatches() {
        ElementSchema schema = new ElementSchema(List.of(new ElementSchema.Field("label", dev.tableindex.model.key.KeyType.parse("string"))));
        BoundPredicate in = BoundPredicate.of("label IN ('car', NULL)", schema);
        assertThat(in.test(new Object[] {"car"})).isEqualTo(TRUE);
        assertThat(in.test(new Object[] {"dog"})).isEqualTo(UNKNOWN);
        assertThat(BoundPredicate.of("label NOT IN ('car', NULL)", schema).test(new Object[] {"dog"})).isEqualTo(UNKNOWN);
        assertThat(BoundPredicate.of("label IS DISTINCT FROM NULL", schema).test(new Object[] {null})).isEqualTo(FALSE);
        assertThat(BoundPredicate.of("(label = 'x') IS UNKNOWN", schema).test(new Object[] {null})).isEqualTo(TRUE);
        assertThat(BoundPredicate.of("label = 'x' IS NOT FALSE", schema).test(new Object[] {"y"})).isEqualTo(FALSE);
    }

    @Test
    void floatsCompareByTotalOrder() {
        ElementSchema schema = new ElementSchema(List.of(new ElementSchema.Field("x", dev.tableindex.model.key.KeyType.parse("double"))));
        Object[] nan = {dev.tableindex.model.key.Float64.of(Double.NaN)};
        Object[] negativeZero = {dev.tableindex.model.key.Float64.of(-0.0)};
        assertThat(BoundPredicate.of("x = DOUBLE 'NaN'", schema).test(nan)).isEqualTo(TRUE);
        assertThat(BoundPredicate.of("x > DOUBLE 'Infinity'", schema).test(nan)).isEqualTo(TRUE);
        assertThat(BoundPredicate.of("x = 0.0", schema).test(negativeZero)).isEqualTo(FALSE);
        assertThat(BoundPredicate.of("x < 0.0", schema).test(negativeZero)).isEqualTo(TRUE);
        assertThat(BoundPredicate.of("x = -0.0", schema).test(negativeZero)).isEqualTo(TRUE);
    }

    @Test
    void errorsSayWhatAndWhichColumn() {
        ElementSchema schema = DETECTIONS.element();
        assertError("label = 'car' AND size > 3", schema, PredicateException.Kind.UNKNOWN_FIELD, 19, "[label, confidence]");
        assertError("confidence = 'high'", schema, PredicateException.Kind.TYPE_MISMATCH, 14, "cannot compare field confidence (float)");
        assertError("label = 'car' AND", schema, PredicateException.Kind.SYNTAX, 18, "the end of the predicate");
        assertError("confidence > FLOAT 'big'", schema, PredicateException.Kind.BAD_LITERAL, 14, "bits:0x<8 hex digits>");
        assertError("label = 'car", schema, PredicateException.Kind.SYNTAX, 9, "unterminated string");
        assertError("confidence", schema, PredicateException.Kind.TYPE_MISMATCH, 1, "is not a boolean");
        assertError("label IN ('a' 'b')", schema, PredicateException.Kind.SYNTAX, 15, "')' or ','");
    }

    private static void assertError(String predicate, ElementSchema schema, PredicateException.Kind kind, int column, String text) {
        assertThatThrownBy(() -> BoundPredicate.of(predicate, schema))
                .isInstanceOfSatisfying(PredicateException.class, e -> {
                    assertThat(e.kind()).isEqualTo(kind);
                    assertThat(e.column()).isEqualTo(column);
                })
                .hasMessageContaining(text);
    }

    @Test
    void quotedIdentifiersNameFieldsWithSpacesOrKeywords() {
        ElementSchema schema = new ElementSchema(List.of(
                new ElementSchema.Field("box size", dev.tableindex.model.key.KeyType.parse("int32")),
                new ElementSchema.Field("from", dev.tableindex.model.key.KeyType.parse("string"))));
        assertThat(BoundPredicate.of("\"box size\" BETWEEN 1 AND 3 AND \"from\" = 'it''s'", schema)
                .test(new Object[] {2L, "it's"})).isEqualTo(TRUE);
    }

    @Test
    void malformedTablesNameTheRowAndField() {
        assertThatThrownBy(() -> ListTable.fromJson("""
                {"element": [{"name": "x", "type": "int32"}], "rows": [[{"x": 1}], [{"x": "one"}]]}"""))
                .hasMessageStartingWith("row 1, element 0, field x:");
        assertThatThrownBy(() -> ListTable.fromJson("""
                {"element": [{"name": "x", "type": "int32"}], "rows": [[{"y": 1}]]}"""))
                .hasMessageContaining("row 0, element 0: unknown field 'y'");
        assertThatThrownBy(() -> ListTable.fromJson("""
                {"element": [{"name": "x", "type": "int32"}], "rows": [[{}]]}"""))
                .hasMessageContaining("field 'x' is missing");
    }

    @Test
    void deepPredicatesAreRefusedWithATypedErrorNotAStackOverflow() {
        ElementSchema schema = new ElementSchema(List.of(new ElementSchema.Field("n", dev.tableindex.model.key.KeyType.parse("int64"))));
        String parens = "(".repeat(1000) + "n = 1" + ")".repeat(1000);
        String nots = "NOT ".repeat(2000) + "n = 1";
        String ands = String.join(" AND ", java.util.Collections.nCopies(9000, "n = 1"));
        String ors = String.join(" OR ", java.util.Collections.nCopies(9000, "n = 1"));
        for (String deep : List.of(parens, nots, ands, ors)) {
            assertThatThrownBy(() -> BoundPredicate.of(deep, schema)).isInstanceOfSatisfying(PredicateException.class, e -> {
                assertThat(e.kind()).isEqualTo(PredicateException.Kind.SYNTAX);
                assertThat(e.getMessage()).contains("deeper than " + PredicateParser.MAX_DEPTH);
            });
        }
        // at the limit it still parses and evaluates
        String atLimit = String.join(" AND ", java.util.Collections.nCopies(PredicateParser.MAX_DEPTH, "n = 1"));
        assertThat(BoundPredicate.of(atLimit, schema).test(new Object[] {1L})).isEqualTo(TRUE);
    }

    @Test
    void tooDeepANestingIsRefusedAtTheTokenThatCrossesTheLimit() {
        // 255 NOTs and a comparison are 256 levels; one more NOT, or a 257th NOT before anything, is the 257th level:
        // either way the refusal points at column 1025, where the 257th level starts
        assertThat(PredicateParser.parse("NOT ".repeat(255) + "n = 1")).isNotNull();
        for (String deep : List.of("NOT ".repeat(256) + "n = 1", "NOT ".repeat(257) + "n = 1", "NOT ".repeat(300) + "n = 1")) {
            assertThatThrownBy(() -> PredicateParser.parse(deep)).isInstanceOfSatisfying(PredicateException.class,
                    e -> assertThat(e.column()).as(deep.length() + " characters").isEqualTo(1025));
        }
    }

    @Test
    void aHugeLiteralMagnitudeIsAnsweredAtOnce() {
        ElementSchema schema = new ElementSchema(List.of(new ElementSchema.Field("n", dev.tableindex.model.key.KeyType.parse("int64"))));
        // not a timing assertion: before the fix these took minutes, making a BigInteger of 10^99999999
        assertThat(KeyLiterals.asKeyValue((Predicate.Literal) ((Predicate.Comparison) PredicateParser.parse("n = 1e99999999"))
                .right(), dev.tableindex.model.key.KeyType.parse("int64"))).isEmpty();
        assertThat(KeyLiterals.asKeyValue((Predicate.Literal) ((Predicate.Comparison) PredicateParser.parse("n = 1e-99999999"))
                .right(), dev.tableindex.model.key.KeyType.parse("int64"))).isEmpty();
        assertThat(BoundPredicate.of("n = 1e99999999", schema).test(new Object[] {1L})).isEqualTo(FALSE);
        assertThat(KeyLiterals.asKeyValue((Predicate.Literal) ((Predicate.Comparison) PredicateParser.parse("n = 12e1"))
                .right(), dev.tableindex.model.key.KeyType.parse("int64"))).contains(120L);
    }
}
