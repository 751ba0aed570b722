package dev.tableindex.model.iceberg.order;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

class ClusteringOrderTest {
    static final Path VECTORS = Path.of(System.getProperty("tck.golden.dir", "../golden-files"),
            "iceberg-index", "clustering", "vectors.json");

    @TestFactory
    Stream<DynamicTest> goldenVectorsSortBackIntoTheirOrder() throws Exception {
        JsonNode root = new ObjectMapper().readTree(VECTORS.toFile());
        List<DynamicTest> tests = new ArrayList<>();
        for (JsonNode c : root.get("cases")) {
            tests.add(DynamicTest.dynamicTest(c.get("name").asText(), () -> {
                List<Type.PrimitiveType> types = new ArrayList<>();
                c.get("types").forEach(t -> types.add(Types.fromPrimitiveString(t.asText())));
                List<List<Object>> ordered = new ArrayList<>();
                for (JsonNode key : c.get("ordered")) {
                    List<Object> values = new ArrayList<>();
                    for (int i = 0; i < types.size(); i++) {
                        values.add(VectorValues.parse(types.get(i), key.get(i)));
                    }
                    ordered.add(values);
                }
                ClusteringOrder order = new ClusteringOrder(types);
                for (int i = 0; i + 1 < ordered.size(); i++) {
                    assertThat(order.compare(ordered.get(i), ordered.get(i + 1))).as("key %d < key %d", i, i + 1)
                            .isNegative();
                    assertThat(order.compare(ordered.get(i + 1), ordered.get(i))).isPositive();
                    assertThat(order.compare(ordered.get(i), ordered.get(i))).isZero();
                }
                for (long seed = 0; seed < 5; seed++) {
                    List<List<Object>> shuffled = new ArrayList<>(ordered);
                    Collections.shuffle(shuffled, new Random(seed));
                    shuffled.sort(order);
                    assertThat(shuffled).isEqualTo(ordered);
                }
            }));
        }
        return tests.stream();
    }

    @Test
    void negativeNanIsNotJavasNanOrder() {
        // Double.compare puts every NaN last; the draft puts -NaN first
        double negativeNan = Double.longBitsToDouble(0xFFF8_0000_0000_0000L);
        assertThat(Double.compare(negativeNan, Double.NEGATIVE_INFINITY)).isPositive();
        assertThat(ClusteringOrder.compareValues(Types.DoubleType.get(), negativeNan, Double.NEGATIVE_INFINITY))
                .isNegative();
    }

    @Test
    void theSupplementaryStringVectorIsNotUtf16Order() {
        // the vector is only worth having where UTF-16 code units (String.compareTo) order otherwise
        String privateUse = "\ue000";
        String supplementary = "\ud800\udc00";
        assertThat(privateUse.compareTo(supplementary)).isPositive();
        assertThat(ClusteringOrder.compareValues(Types.StringType.get(), privateUse, supplementary)).isNegative();
    }

    @Test
    void theUnsignedByteVectorsAreNotSignedOrder() {
        byte[] low = {0x7f, 0, 0, 0};
        byte[] high = {(byte) 0x80, 0, 0, 0};
        assertThat(java.util.Arrays.compare(low, high)).isPositive();
        assertThat(ClusteringOrder.compareValues(Types.FixedType.ofLength(4), low, high)).isNegative();
    }
}
