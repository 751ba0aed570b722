package dev.tableindex.model.key.arrow;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tableindex.model.key.KeyEncoding;
import dev.tableindex.model.key.KeyType;
import dev.tableindex.model.key.KeyWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.complex.StructVector;

/**
 * Encoding straight from Arrow vectors gives, row by row, the bytes {@link KeyEncoding} gives for the
 * same Java values: every key type, random key lists (any order, repeats allowed), nulls, null struct
 * rows, NaN payloads, -0.0, extremes, multi-byte and long strings; and the large and view string and
 * binary columns encode exactly as the plain ones.
 */
class StructKeyEncoderProperties {

    @Provide
    Arbitrary<int[]> keyLists() {
        return Arbitraries.integers().between(0, ArrowKeyFixtures.COLUMNS.size() - 1).list().ofMinSize(1).ofMaxSize(5)
                .map(list -> list.stream().mapToInt(Integer::intValue).toArray());
    }

    @Property(tries = 300)
    void encodeRowIsKeyEncodingOfTheRowsValues(@ForAll long seed, @ForAll("keyLists") int[] keys) {
        try (BufferAllocator allocator = new RootAllocator();
                StructVector struct = ArrowKeyFixtures.newStruct(allocator)) {
            int rows = 40;
            ArrowKeyFixtures.Data data = ArrowKeyFixtures.fill(struct, rows, new Random(seed), 80);
            List<KeyType> types = new ArrayList<>();
            for (int k : keys) {
                types.add(ArrowKeyFixtures.COLUMNS.get(k).keyType());
            }
            StructKeyEncoder byIndex = new StructKeyEncoder(struct, keys);
            StructKeyEncoder byName = new StructKeyEncoder(struct,
                    java.util.Arrays.stream(keys).mapToObj(k -> ArrowKeyFixtures.COLUMNS.get(k).name()).toList());
            assertThat(byIndex.keyTypes()).isEqualTo(types);
            assertThat(byName.keyTypes()).isEqualTo(types);
            KeyWriter out = new KeyWriter(1); // tiny: the writer must grow as it goes
            for (int row = 0; row < rows; row++) {
                byte[] expected = KeyEncoding.encode(types, data.tuple(row, keys));
                out.reset();
                byIndex.encodeRow(row, out);
                assertThat(out.toByteArray()).as("row %s of %s: %s", row, types, data.tuple(row, keys)).isEqualTo(expected);
                assertThat(byName.encodeRow(row)).isEqualTo(expected);
            }
        }
    }

    @Property(tries = 100)
    void everyKeyTypeAtOnceAppendingRowAfterRow(@ForAll long seed) {
        int[] all = java.util.stream.IntStream.range(0, ArrowKeyFixtures.COLUMNS.size()).toArray();
        List<KeyType> types = ArrowKeyFixtures.COLUMNS.stream().map(ArrowKeyFixtures.Column::keyType).toList();
        try (BufferAllocator allocator = new RootAllocator();
                StructVector struct = ArrowKeyFixtures.newStruct(allocator)) {
            int rows = 30;
            ArrowKeyFixtures.Data data = ArrowKeyFixtures.fill(struct, rows, new Random(seed), 100);
            StructKeyEncoder encoder = new StructKeyEncoder(struct, all);
            // no reset between rows: encodeRow appends
            KeyWriter out = new KeyWriter();
            KeyWriter expected = new KeyWriter();
            for (int row = 0; row < rows; row++) {
                encoder.encodeRow(row, out);
                KeyEncoding.encode(types, data.tuple(row, all), expected);
            }
            assertThat(out.toByteArray()).isEqualTo(expected.toByteArray());
        }
    }

    @Property(tries = 200)
    void largeAndViewColumnsEncodeAsThePlainOnes(@ForAll long seed) {
        try (BufferAllocator allocator = new RootAllocator();
                StructVector struct = ArrowKeyFixtures.newStruct(allocator)) {
            int rows = 50;
            ArrowKeyFixtures.fill(struct, rows, new Random(seed), 120);
            for (List<String> same : List.of(List.of("s", "ls", "vs"), List.of("bin", "lbin", "vbin"))) {
                StructKeyEncoder plain = new StructKeyEncoder(struct, List.of(same.get(0)));
                for (String other : same.subList(1, 3)) {
                    StructKeyEncoder variant = new StructKeyEncoder(struct, List.of(other));
                    for (int row = 0; row < rows; row++) {
                        assertThat(variant.encodeRow(row)).as("%s row %s", other, row).isEqualTo(plain.encodeRow(row));
                    }
                }
            }
        }
    }
}
