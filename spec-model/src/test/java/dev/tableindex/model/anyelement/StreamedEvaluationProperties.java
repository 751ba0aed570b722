package dev.tableindex.model.anyelement;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.function.Supplier;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * {@code tck any-element} reads its table row by row ({@link AnyElement#evaluate(TableReader, String, boolean)}):
 * its answers, and its refusals of a predicate, are those of the call on the table held whole.
 */
class StreamedEvaluationProperties {
    record Case(List<List<Object[]>> rows, String predicate, boolean negated) {
        @Override
        public String toString() {
            return (negated ? "NOT " : "") + predicate + " over " + rows.size() + " rows";
        }
    }

    @Provide
    Arbitrary<Case> cases() {
        // a predicate naming no field of the element, or of the wrong type, is refused either way
        Arbitrary<String> predicate = Arbitraries.frequencyOf(
                net.jqwik.api.Tuple.of(9, AnyElementProperties.predicate(3)),
                net.jqwik.api.Tuple.of(1, Arbitraries.of("size > 1", "label > 3", "label = ")));
        return Combinators.combine(AnyElementProperties.rows(), predicate, Arbitraries.of(false, true)).as(Case::new);
    }

    @Property(tries = 1000)
    void streamedAnswersEqualTheHeldTablesAnswers(@ForAll("cases") Case c) {
        ListTable held = new ListTable("list", AnyElementProperties.SCHEMA, c.rows());
        String json = TableJsonText.of(held);
        assertThat(outcome(() -> AnyElement.evaluate(TableReader.of(json), c.predicate(), c.negated())))
                .isEqualTo(outcome(() -> AnyElement.evaluate(held, c.predicate(), c.negated())));
    }

    /** The answers, or the refusal's message. */
    static String outcome(Supplier<List<TruthValue>> call) {
        try {
            return call.get().toString();
        } catch (IllegalArgumentException e) {
            return "refused: " + e.getMessage();
        }
    }
}
