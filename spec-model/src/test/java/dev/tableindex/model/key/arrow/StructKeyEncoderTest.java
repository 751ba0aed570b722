package dev.tableindex.model.key.arrow;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tableindex.model.key.Float32;
import dev.tableindex.model.key.Float64;
import dev.tableindex.model.key.KeyEncoding;
import dev.tableindex.model.key.KeyType;
import dev.tableindex.model.key.KeyWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.ViewVarBinaryVector;
import org.apache.arrow.vector.ViewVarCharVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.DictionaryEncoding;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.junit.jupiter.api.Test;

class StructKeyEncoderTest {

    private static StructVector struct(BufferAllocator allocator, Field... children) {
        return (StructVector) new Field("element", FieldType.nullable(ArrowType.Struct.INSTANCE), List.of(children))
                .createVector(allocator);
    }

    private static Field field(String name, ArrowType type) {
        return new Field(name, FieldType.nullable(type), null);
    }

    @Test
    void aNullStructRowIsTheAllNullTuple() {
        try (BufferAllocator allocator = new RootAllocator();
                StructVector struct = ArrowKeyFixtures.newStruct(allocator)) {
            ArrowKeyFixtures.fill(struct, 200, new Random(7), 40);
            int[] all = java.util.stream.IntStream.range(0, ArrowKeyFixtures.COLUMNS.size()).toArray();
            List<KeyType> types = ArrowKeyFixtures.COLUMNS.stream().map(ArrowKeyFixtures.Column::keyType).toList();
            byte[] allNull = KeyEncoding.encode(types, Collections.nCopies(types.size(), null));
            StructKeyEncoder encoder = new StructKeyEncoder(struct, all);
            int nullRows = 0;
            for (int row = 0; row < 200; row++) {
                if (struct.isNull(row)) {
                    nullRows++;
                    // the children hold values under a null struct row; they are not read
                    assertThat(encoder.encodeRow(row)).isEqualTo(allNull);
                }
            }
            assertThat(nullRows).isGreaterThan(5);
        }
    }

    @Test
    void nanPayloadsAndNegativeZeroKeepTheirBits() {
        int[] floatBits = {0x7FC0_0000, 0xFFC0_0000, 0x7F80_0001, 0xFF80_0001, 0x7FBF_FFFF, 0x7FC1_2345, 0x8000_0000, 0};
        long[] doubleBits = {0x7FF8_0000_0000_0000L, 0xFFF8_0000_0000_0000L, 0x7FF0_0000_0000_0001L,
            0xFFF0_0000_0000_0001L, 0x7FF7_FFFF_FFFF_FFFFL, 0x7FF8_1234_5678_9ABCL, 0x8000_0000_0000_0000L, 0};
        try (BufferAllocator allocator = new RootAllocator();
                StructVector struct = struct(allocator,
                        field("f", new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE)),
                        field("d", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE)))) {
            struct.allocateNew();
            Float4Vector f = (Float4Vector) struct.getChild("f");
            Float8Vector d = (Float8Vector) struct.getChild("d");
            for (int row = 0; row < floatBits.length; row++) {
                struct.setIndexDefined(row);
                f.setSafe(row, 0f);
                f.getDataBuffer().setInt((long) row * 4, floatBits[row]);
                d.setSafe(row, 0d);
                d.getDataBuffer().setLong((long) row * 8, doubleBits[row]);
            }
            f.setValueCount(floatBits.length);
            d.setValueCount(floatBits.length);
            struct.setValueCount(floatBits.length);
            StructKeyEncoder encoder = new StructKeyEncoder(struct, List.of("f", "d"));
            List<KeyType> types = List.of(KeyType.parse("float"), KeyType.parse("double"));
            for (int row = 0; row < floatBits.length; row++) {
                assertThat(encoder.encodeRow(row)).as("row %s", row).isEqualTo(KeyEncoding.encode(types,
                        List.of(new Float32(floatBits[row]), new Float64(doubleBits[row]))));
            }
            // distinct bits, distinct keys: no NaN was canonicalised on the way
            assertThat(Arrays.stream(new int[] {0, 1, 2, 3, 4, 5}).mapToObj(r -> Arrays.toString(encoder.encodeRow(r)))
                    .distinct().count()).isEqualTo(6);
        }
    }

    @Test
    void viewValuesInManyDataBuffersAndLongerThanTheScratchArray() {
        Random random = new Random(3);
        int rows = 3000;
        try (BufferAllocator allocator = new RootAllocator();
                StructVector struct = struct(allocator, field("s", ArrowType.Utf8.INSTANCE),
                        field("vs", ArrowType.Utf8View.INSTANCE), field("vb", ArrowType.BinaryView.INSTANCE))) {
            struct.allocateNew();
            VarCharVector s = (VarCharVector) struct.getChild("s");
            ViewVarCharVector vs = (ViewVarCharVector) struct.getChild("vs");
            ViewVarBinaryVector vb = (ViewVarBinaryVector) struct.getChild("vb");
            List<String> values = new ArrayList<>();
            for (int row = 0; row < rows; row++) {
                String value = ArrowKeyFixtures.randomString(random, row % 100 == 0 ? 5000 : 200);
                values.add(value);
                byte[] utf8 = value.getBytes(StandardCharsets.UTF_8);
                struct.setIndexDefined(row);
                s.setSafe(row, utf8);
                vs.setSafe(row, utf8);
                vb.setSafe(row, utf8);
            }
            s.setValueCount(rows);
            vs.setValueCount(rows);
            vb.setValueCount(rows);
            struct.setValueCount(rows);
            assertThat(vs.getDataBuffers()).as("variadic data buffers").hasSizeGreaterThan(1);
            StructKeyEncoder plain = new StructKeyEncoder(struct, 0);
            StructKeyEncoder view = new StructKeyEncoder(struct, 1);
            StructKeyEncoder binaryView = new StructKeyEncoder(struct, 2);
            KeyWriter out = new KeyWriter();
            for (int row = 0; row < rows; row++) {
                byte[] expected = KeyEncoding.encode(List.of(KeyType.parse("string")), List.of(values.get(row)));
                assertThat(plain.encodeRow(row)).isEqualTo(expected);
                out.reset();
                view.encodeRow(row, out);
                assertThat(out.toByteArray()).as("row %s", row).isEqualTo(expected);
                assertThat(binaryView.encodeRow(row)).isEqualTo(expected);
            }
        }
    }

    @Test
    void theEncoderSeesValuesWrittenAfterItWasBuilt() {
        try (BufferAllocator allocator = new RootAllocator();
                StructVector struct = struct(allocator, field("s", ArrowType.Utf8.INSTANCE))) {
            StructKeyEncoder encoder = new StructKeyEncoder(struct, List.of("s"));
            VarCharVector s = (VarCharVector) struct.getChild("s");
            struct.allocateNew();
            for (int row = 0; row < 5000; row++) { // reallocates the buffers several times
                struct.setIndexDefined(row);
                s.setSafe(row, ("value " + row).getBytes(StandardCharsets.UTF_8));
            }
            s.setValueCount(5000);
            struct.setValueCount(5000);
            assertThat(encoder.encodeRow(4999)).isEqualTo(KeyEncoding.encode(List.of(KeyType.parse("string")),
                    List.of("value 4999")));
        }
    }

    @Test
    void unknownFieldsAndIndexesAreNamed() {
        try (BufferAllocator allocator = new RootAllocator();
                StructVector struct = struct(allocator, field("a", new ArrowType.Int(32, true)))) {
            assertThatThrownBy(() -> new StructKeyEncoder(struct, List.of("b")))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("no field 'b'").hasMessageContaining("[a]");
            assertThatThrownBy(() -> new StructKeyEncoder(struct, 1))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("no field at index 1");
            assertThatThrownBy(() -> new StructKeyEncoder(struct, List.of()))
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("at least one");
        }
    }

    @Test
    void aFieldOfAnotherTypeIsRefusedWithTheAcceptedTypes() {
        try (BufferAllocator allocator = new RootAllocator();
                StructVector struct = struct(allocator, field("ok", ArrowType.Utf8.INSTANCE),
                        field("price", new ArrowType.Decimal(10, 2, 128)))) {
            assertThatThrownBy(() -> new StructKeyEncoder(struct, List.of("ok", "price")))
                    .isInstanceOf(KeyType.KeyTypeException.class)
                    .hasMessageContaining("field 'price'").hasMessageContaining("Decimal").hasMessageContaining("LargeUtf8");
        }
    }

    @Test
    void aDictionaryEncodedFieldIsRefused() {
        Field tag = new Field("tag", new FieldType(true, ArrowType.Utf8.INSTANCE,
                new DictionaryEncoding(1, false, new ArrowType.Int(32, true))), null);
        try (BufferAllocator allocator = new RootAllocator(); StructVector struct = struct(allocator, tag)) {
            assertThatThrownBy(() -> new StructKeyEncoder(struct, List.of("tag")))
                    .isInstanceOf(KeyType.KeyTypeException.class).hasMessageContaining("dictionary encoded");
        }
    }
}
