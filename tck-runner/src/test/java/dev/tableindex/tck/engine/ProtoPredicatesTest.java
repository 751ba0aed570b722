package dev.tableindex.tck.engine;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.TextFormat;
import dev.tableindex.model.anyelement.ElementSchema;
import dev.tableindex.model.key.KeyType;
import dev.tableindex.proto.tck.ElementPredicate;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Predicates as the protocol's trees: expected trees written by hand from the message definitions. */
class ProtoPredicatesTest {
    private static final ElementSchema SCHEMA = new ElementSchema(List.of(
            new ElementSchema.Field("label", KeyType.parse("string")),
            new ElementSchema.Field("confidence", KeyType.parse("float")),
            new ElementSchema.Field("n", KeyType.parse("int32")),
            new ElementSchema.Field("seen", KeyType.parse("date32:day")),
            new ElementSchema.Field("flag", KeyType.parse("bool"))));

    private static ElementPredicate expected(String text) throws TextFormat.ParseException {
        return TextFormat.parse(text, ElementPredicate.class);
    }

    @Test
    void aConjunctionWithAFloatLiteralCarriesTheFloatsBits() throws Exception {
        // 0.5 compared with a float field is the float 0x3F000000 = 1056964608
        assertThat(ProtoPredicates.tree("label = 'car' AND confidence > 0.5", SCHEMA)).contains(expected("""
                and {
                  left { comparison { operator: COMPARISON_OPERATOR_EQ left { field: "label" }
                                      right { literal { type: "string" value { string_value: "car" } } } } }
                  right { comparison { operator: COMPARISON_OPERATOR_GT left { field: "confidence" }
                                       right { literal { type: "float" value { float_bits: 1056964608 } } } } }
                }"""));
    }

    @Test
    void numbersComparedWithIntegersAreIntegersOrDecimalsAndNullIsNull() throws Exception {
        assertThat(ProtoPredicates.tree("n NOT IN (1, 2.5, NULL)", SCHEMA)).contains(expected("""
                in { value { field: "n" }
                     list { literal { type: "int64" value { int_value: 1 } } }
                     list { literal { decimal: "2.5" } }
                     list { literal { value { is_null: true } } }
                     negated: true }"""));
    }

    @Test
    void datesAreDaysAndTruthTestsAndBoolFieldsKeepTheirShape() throws Exception {
        // 2024-01-31 is day 19753 since 1970-01-01
        assertThat(ProtoPredicates.tree("NOT seen = DATE '2024-01-31' OR (flag) IS NOT UNKNOWN", SCHEMA)).contains(expected("""
                or {
                  left { not { comparison { operator: COMPARISON_OPERATOR_EQ left { field: "seen" }
                                            right { literal { type: "date32:day" value { int_value: 19753 } } } } } }
                  right { is_truth { operand { operand { field: "flag" } } target: TRUTH_UNKNOWN negated: true } }
                }"""));
    }

    @Test
    void whatTheKitsGrammarRefusesHasNoTree() {
        assertThat(ProtoPredicates.tree("labels = 'car'", SCHEMA)).isEmpty();
        assertThat(ProtoPredicates.tree("confidence = 'high'", SCHEMA)).isEmpty();
        assertThat(ProtoPredicates.tree("label =", SCHEMA)).isEmpty();
    }
}
