package dev.tableindex.model.anyelement.arrow;

import static dev.tableindex.model.anyelement.TruthValue.FALSE;
import static dev.tableindex.model.anyelement.TruthValue.TRUE;
import static dev.tableindex.model.anyelement.TruthValue.UNKNOWN;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.protobuf.ByteString;
import dev.tableindex.model.anyelement.AnyElement;
import dev.tableindex.model.anyelement.ElementSchema;
import dev.tableindex.model.anyelement.ListTable;
import dev.tableindex.model.key.Float32;
import dev.tableindex.model.key.Float64;
import dev.tableindex.model.key.KeyType;
import dev.tableindex.model.key.KeyValueException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.complex.LargeListVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.junit.jupiter.api.Test;

class ArrowListsTest {
    /** The issue's example: car/person, a null list, an empty list, a null element beside car with a null confidence. */
    static final String DETECTIONS_JSON = """
            {"column": "detections",
             "element": [{"name": "label", "type": "string"}, {"name": "confidence", "type": "float"}],
             "rows": [[{"label": "car", "confidence": 0.95}, {"label": "person", "confidence": 0.30}],
                      null,
                      [],
                      [null, {"label": "car", "confidence": null}]]}
            """;
    private static final String CAR = "label = 'car' AND confidence > 0.5";

    @Test
    void theIssueExampleAsAListVector() {
        ListTable json = ListTable.fromJson(DETECTIONS_JSON);
        try (BufferAllocator allocator = new RootAllocator(); ListVector vector = ArrowLists.write(json, allocator)) {
            assertThat(vector.getValueCount()).isEqualTo(4);
            assertThat(vector.isNull(1)).isTrue();
            assertThat(ArrowLists.evaluate(vector, CAR, false)).containsExactly(TRUE, UNKNOWN, FALSE, UNKNOWN);
            assertThat(ArrowLists.evaluate(vector, CAR, true)).containsExactly(FALSE, UNKNOWN, TRUE, UNKNOWN);
            assertThat(ArrowLists.evaluate(vector, CAR, false)).isEqualTo(AnyElement.evaluate(json, CAR, false));
            assertThat(ArrowLists.evaluate(vector, CAR, true)).isEqualTo(AnyElement.evaluate(json, CAR, true));
            assertSameTable(ArrowLists.read("detections", vector), json);
        }
    }

    @Test
    void theIssueExampleAsALargeListVector() {
        ListTable json = ListTable.fromJson(DETECTIONS_JSON);
        try (BufferAllocator allocator = new RootAllocator(); LargeListVector vector = ArrowLists.writeLarge(json, allocator)) {
            assertThat(ArrowLists.evaluate(vector, CAR, false)).containsExactly(TRUE, UNKNOWN, FALSE, UNKNOWN);
            assertThat(ArrowLists.evaluate(vector, CAR, true)).containsExactly(FALSE, UNKNOWN, TRUE, UNKNOWN);
            assertThat(ArrowLists.evaluate(vector, CAR, false)).isEqualTo(AnyElement.evaluate(json, CAR, false));
            assertThat(ArrowLists.evaluate(vector, CAR, true)).isEqualTo(AnyElement.evaluate(json, CAR, true));
            assertSameTable(ArrowLists.read("detections", vector), json);
        }
    }

    @Test
    void theIssueExampleWithViewStrings() {
        ListTable json = ListTable.fromJson(DETECTIONS_JSON);
        try (BufferAllocator allocator = new RootAllocator();
                FieldVector vector = ArrowLists.write(json, allocator, false, true)) {
            assertThat(((ListVector) vector).getDataVector().getChildrenFromFields().get(0).getField().getType())
                    .isEqualTo(ArrowType.Utf8View.INSTANCE);
            assertThat(ArrowLists.evaluate(vector, CAR, false)).containsExactly(TRUE, UNKNOWN, FALSE, UNKNOWN);
            assertSameTable(ArrowLists.read("detections", vector), json);
        }
    }

    @Test
    void floatBitsNaNPayloadsAndUnsignedBitsSurviveTheRoundTrip() {
        ElementSchema schema = new ElementSchema(List.of(
                new ElementSchema.Field("f", KeyType.parse("float")),
                new ElementSchema.Field("d", KeyType.parse("double")),
                new ElementSchema.Field("u", KeyType.parse("uint64")),
                new ElementSchema.Field("u8", KeyType.parse("uint8")),
                new ElementSchema.Field("s", KeyType.parse("string")),
                new ElementSchema.Field("vb", KeyType.parse("binary"))));
        List<Object[]> elements = List.of(
                new Object[] {new Float32(0x7F80_0001), new Float64(0xFFF0_0000_0000_0001L), -1L, 255L,
                    "a string longer than twelve bytes, é 😀", ByteString.copyFrom(new byte[40])},
                new Object[] {new Float32(0x8000_0000), new Float64(0x8000_0000_0000_0000L), Long.MIN_VALUE, 0L, "", ByteString.EMPTY},
                new Object[] {null, null, null, null, null, null});
        List<List<Object[]>> rows = new ArrayList<>();
        rows.add(elements);
        ListTable table = new ListTable("xs", schema, rows);
        for (boolean large : new boolean[] {false, true}) {
            for (boolean views : new boolean[] {false, true}) {
                try (BufferAllocator allocator = new RootAllocator();
                        FieldVector vector = ArrowLists.write(table, allocator, large, views)) {
                    assertSameTable(ArrowLists.read("xs", vector), table);
                    assertThat(ArrowLists.evaluate(vector, "f = FLOAT 'bits:0x7F800001'", false)).containsExactly(TRUE);
                    // the quiet NaN is another value than the signalling one; the all-null element makes it UNKNOWN
                    assertThat(ArrowLists.evaluate(vector, "f = FLOAT 'NaN'", false)).containsExactly(UNKNOWN);
                    assertThat(ArrowLists.evaluate(vector, "(f = FLOAT 'NaN') IS TRUE", false)).containsExactly(FALSE);
                    assertThat(ArrowLists.evaluate(vector, "d = DOUBLE 'bits:0xFFF0000000000001'", false)).containsExactly(TRUE);
                    assertThat(ArrowLists.evaluate(vector, "f = -0.0 AND d < 0.0", false)).containsExactly(TRUE);
                    assertThat(ArrowLists.evaluate(vector, "u = 18446744073709551615", false)).containsExactly(TRUE);
                    assertThat(ArrowLists.evaluate(vector, "u = 9223372036854775808", false)).containsExactly(TRUE);
                }
            }
        }
    }

    @Test
    void aListOfInt32IsRejectedNamingWhatWasFoundAndWhatIsAccepted() {
        Field list = new Field("xs", FieldType.nullable(ArrowType.List.INSTANCE),
                List.of(new Field("item", FieldType.nullable(new ArrowType.Int(32, true)), null)));
        try (BufferAllocator allocator = new RootAllocator(); ListVector vector = (ListVector) list.createVector(allocator)) {
            vector.allocateNew();
            vector.setValueCount(0);
            assertThatThrownBy(() -> ArrowLists.read("xs", vector))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("column 'xs'")
                    .hasMessageContaining("IntVector (Int(32, true))")
                    .hasMessageContaining("not of structs")
                    .hasMessageContaining("ListVector (List) or LargeListVector (LargeList)")
                    .hasMessageContaining("StructVector");
            assertThatThrownBy(() -> ArrowLists.evaluate(vector, "x = 1", false))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("not of structs");
        }
    }

    @Test
    void aVectorThatIsNotAListIsRejected() {
        try (BufferAllocator allocator = new RootAllocator(); IntVector vector = new IntVector("n", allocator)) {
            assertThatThrownBy(() -> ArrowLists.read("n", vector))
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("column 'n' is an Arrow IntVector (Int(32, true))")
                    .hasMessageContaining("expected a ListVector (List) or LargeListVector (LargeList)");
        }
        assertThatThrownBy(() -> ArrowLists.read("x", null)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("expected a ListVector");
    }

    @Test
    void aListWithoutADataVectorIsRejected() {
        try (BufferAllocator allocator = new RootAllocator(); ListVector vector = ListVector.empty("xs", allocator)) {
            assertThatThrownBy(() -> ArrowLists.read("xs", vector))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("not of structs");
        }
    }

    @Test
    void aChildThatCannotBeAKeyIsNamed() {
        Field element = new Field("element", FieldType.nullable(ArrowType.Struct.INSTANCE), List.of(
                new Field("label", FieldType.nullable(ArrowType.Utf8.INSTANCE), null),
                new Field("score", FieldType.nullable(new ArrowType.FloatingPoint(FloatingPointPrecision.HALF)), null)));
        Field list = new Field("xs", FieldType.nullable(ArrowType.List.INSTANCE), List.of(element));
        try (BufferAllocator allocator = new RootAllocator(); ListVector vector = (ListVector) list.createVector(allocator)) {
            assertThatThrownBy(() -> ArrowLists.read("xs", vector))
                    .isInstanceOf(KeyType.KeyTypeException.class)
                    .hasMessageContaining("field 'score'")
                    .hasMessageContaining("cannot be a key");
        }
    }

    @Test
    void aStructWithoutFieldsIsRejected() {
        Field element = new Field("element", FieldType.nullable(ArrowType.Struct.INSTANCE), List.of());
        Field list = new Field("xs", FieldType.nullable(ArrowType.List.INSTANCE), List.of(element));
        try (BufferAllocator allocator = new RootAllocator(); ListVector vector = (ListVector) list.createVector(allocator)) {
            assertThatThrownBy(() -> ArrowLists.read("xs", vector))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("no fields");
        }
    }

    @Test
    void writeRejectsValuesThatDoNotFitTheirTypeAndFreesWhatItAllocated() {
        ElementSchema schema = new ElementSchema(List.of(new ElementSchema.Field("n", KeyType.parse("int8"))));
        ListTable bad = new ListTable("xs", schema, List.of(List.<Object[]>of(new Object[] {1000L})));
        try (BufferAllocator allocator = new RootAllocator()) {
            assertThatThrownBy(() -> ArrowLists.write(bad, allocator))
                    .isInstanceOf(KeyValueException.class).hasMessageContaining("row 0, element 0, field n");
            ListTable surrogate = new ListTable("xs", new ElementSchema(List.of(new ElementSchema.Field("s", KeyType.parse("string")))),
                    List.of(List.<Object[]>of(new Object[] {"\uD800"})));
            assertThatThrownBy(() -> ArrowLists.write(surrogate, allocator))
                    .isInstanceOf(KeyValueException.class).hasMessageContaining("unpaired surrogate");
        } // the allocator's close would throw on a leak
    }

    /** Same column, schema and values; floats compare by raw bits (the Float32/Float64 records hold bits). */
    static void assertSameTable(ListTable actual, ListTable expected) {
        assertThat(actual.column()).isEqualTo(expected.column());
        assertThat(actual.element()).isEqualTo(expected.element());
        assertThat(actual.rows()).hasSameSizeAs(expected.rows());
        for (int r = 0; r < expected.rows().size(); r++) {
            List<Object[]> want = expected.rows().get(r);
            List<Object[]> got = actual.rows().get(r);
            if (want == null) {
                assertThat(got).as("row %d", r).isNull();
                continue;
            }
            assertThat(got).as("row %d", r).isNotNull().hasSameSizeAs(want);
            for (int e = 0; e < want.size(); e++) {
                Object[] w = want.get(e);
                Object[] g = got.get(e);
                assertThat(Arrays.equals(g, w)).as("row %d element %d: %s vs %s", r, e,
                        g == null ? null : Arrays.toString(g), w == null ? null : Arrays.toString(w)).isTrue();
            }
        }
    }
}
