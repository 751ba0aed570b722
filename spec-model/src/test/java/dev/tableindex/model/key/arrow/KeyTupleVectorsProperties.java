package dev.tableindex.model.key.arrow;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tableindex.model.key.KeyEncoding;
import dev.tableindex.model.key.KeyRows;
import dev.tableindex.model.key.KeyType;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.complex.StructVector;

/** Java tuples written with {@link KeyTupleVectors} encode in a batch exactly as {@link KeyEncoding} encodes them. */
class KeyTupleVectorsProperties {

    @Property(tries = 200)
    void tuplesThroughArrowEncodeAsKeyEncoding(@ForAll long seed, @ForAll @IntRange(min = 0, max = 50) int rows) {
        Random random = new Random(seed);
        List<KeyType> types = new ArrayList<>();
        for (int k = 0, keys = 1 + random.nextInt(5); k < keys; k++) {
            types.add(ArrowKeyFixtures.COLUMNS.get(random.nextInt(ArrowKeyFixtures.COLUMNS.size())).keyType());
        }
        List<List<Object>> tuples = new ArrayList<>();
        for (int row = 0; row < rows; row++) {
            if (random.nextInt(10) == 0) {
                tuples.add(null);
                continue;
            }
            List<Object> tuple = new ArrayList<>();
            for (KeyType type : types) {
                tuple.add(ArrowKeyFixtures.randomValue(type, random, 70));
            }
            tuples.add(tuple);
        }
        KeyTupleVectors.Tuples source = new KeyTupleVectors.Tuples() {
            @Override
            public boolean isNull(int row) {
                return tuples.get(row) == null;
            }

            @Override
            public Object value(int row, int key) {
                return tuples.get(row).get(key);
            }
        };
        try (BufferAllocator allocator = new RootAllocator();
                StructVector struct = KeyTupleVectors.struct(types, rows, source, allocator)) {
            KeyRows encoded = new StructKeyEncoder(struct, java.util.stream.IntStream.range(0, types.size()).toArray())
                    .encodeBatch(0, rows, new KeyRows());
            for (int row = 0; row < rows; row++) {
                List<Object> tuple = tuples.get(row) == null ? java.util.Collections.nCopies(types.size(), null) : tuples.get(row);
                assertThat(encoded.row(row)).as("row %s %s %s", row, types, tuple).isEqualTo(KeyEncoding.encode(types, tuple));
            }
        }
    }
}
