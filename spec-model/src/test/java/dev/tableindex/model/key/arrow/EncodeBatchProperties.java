package dev.tableindex.model.key.arrow;

import static org.assertj.core.api.Assertions.assertThat;

import dev.tableindex.model.key.KeyEncoding;
import dev.tableindex.model.key.KeyRows;
import dev.tableindex.model.key.KeyType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.stream.IntStream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseLargeVariableWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BaseVariableWidthViewVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.ipc.message.ArrowFieldNode;

/**
 * {@link StructKeyEncoder#encodeBatch} gives, tuple by tuple, the bytes of {@link StructKeyEncoder#encodeRow}
 * and of {@link KeyEncoding#encode} on the same Java values: every key type (plain, large and view
 * strings and binary), nulls in the struct and in the keys, empty values and lengths at every block
 * edge (the fixtures favour 0, 1, 7, 8, 9, 11, 12, 13, 31, 32, 33, 63, 64, 65 bytes), batches starting
 * anywhere, one {@link KeyRows} reused across batches, and vectors sliced so that their buffers start
 * inside another vector's (int32 and int64 offsets that do not start at 0, views past the first).
 */
class EncodeBatchProperties {
    private static final int ROWS = 64;

    @Provide
    Arbitrary<int[]> keyLists() {
        return Arbitraries.integers().between(0, ArrowKeyFixtures.COLUMNS.size() - 1).list().ofMinSize(1).ofMaxSize(6)
                .map(list -> list.stream().mapToInt(Integer::intValue).toArray());
    }

    /** Only fixed-width keys: the batch takes the path without sizing and cursors (tuples of one length). */
    @Provide
    Arbitrary<int[]> fixedWidthKeyLists() {
        int[] fixed = IntStream.range(0, ArrowKeyFixtures.COLUMNS.size())
                .filter(k -> !ArrowKeyFixtures.COLUMNS.get(k).keyType().kind().variableWidth()).toArray();
        return Arbitraries.of(Arrays.stream(fixed).boxed().toList()).list().ofMinSize(1).ofMaxSize(6)
                .map(list -> list.stream().mapToInt(Integer::intValue).toArray());
    }

    @Property(tries = 200)
    void fixedWidthBatchBytesAreRowBytesAreKeyEncoding(@ForAll long seed, @ForAll("fixedWidthKeyLists") int[] keys,
            @ForAll @IntRange(min = 0, max = ROWS) int from, @ForAll @IntRange(min = 0, max = ROWS) int count) {
        batchBytesAreRowBytesAreKeyEncoding(seed, keys, from, count);
    }

    @Property(tries = 300)
    void batchBytesAreRowBytesAreKeyEncoding(@ForAll long seed, @ForAll("keyLists") int[] keys,
            @ForAll @IntRange(min = 0, max = ROWS) int from, @ForAll @IntRange(min = 0, max = ROWS) int count) {
        int batch = Math.min(count, ROWS - from);
        try (BufferAllocator allocator = new RootAllocator();
                StructVector struct = ArrowKeyFixtures.newStruct(allocator)) {
            ArrowKeyFixtures.Data data = ArrowKeyFixtures.fill(struct, ROWS, new Random(seed), 80);
            StructKeyEncoder encoder = new StructKeyEncoder(struct, keys);
            KeyRows rows = new KeyRows();
            encoder.encodeBatch(0, ROWS, rows); // a larger batch first: the reused arrays keep stale bytes
            encoder.encodeBatch(from, batch, rows);
            assertMatches(rows, encoder, data, from, batch, keys, 0);
        }
    }

    @Property(tries = 100)
    void everyKeyTypeAtOnceInConsecutiveBatches(@ForAll long seed, @ForAll @IntRange(min = 1, max = 20) int batchSize) {
        int[] all = IntStream.range(0, ArrowKeyFixtures.COLUMNS.size()).toArray();
        try (BufferAllocator allocator = new RootAllocator();
                StructVector struct = ArrowKeyFixtures.newStruct(allocator)) {
            ArrowKeyFixtures.Data data = ArrowKeyFixtures.fill(struct, ROWS, new Random(seed), 100);
            StructKeyEncoder encoder = new StructKeyEncoder(struct, all);
            KeyRows rows = new KeyRows();
            for (int from = 0; from < ROWS; from += batchSize) {
                int count = Math.min(batchSize, ROWS - from);
                encoder.encodeBatch(from, count, rows);
                assertMatches(rows, encoder, data, from, count, all, 0);
            }
        }
    }

    @Property(tries = 200)
    void slicedVectorsEncodeTheirOwnRows(@ForAll long seed, @ForAll("keyLists") int[] keys,
            @ForAll @IntRange(min = 1, max = 5) int eights, @ForAll @IntRange(min = 0, max = 20) int batchStart) {
        int skip = eights * 8; // validity bitmaps slice on whole bytes
        int length = ROWS - skip;
        int from = Math.min(batchStart, length);
        try (BufferAllocator allocator = new RootAllocator();
                StructVector struct = ArrowKeyFixtures.newStruct(allocator)) {
            ArrowKeyFixtures.Data data = ArrowKeyFixtures.fill(struct, ROWS, new Random(seed), 80);
            try (StructVector sliced = slice(struct, skip, length, allocator)) {
                for (String name : List.of("s", "bin")) { // offsets start where row `skip` starts, not at 0
                    assertThat(((BaseVariableWidthVector) sliced.getChild(name)).getOffsetBuffer().getInt(0))
                            .isEqualTo(((BaseVariableWidthVector) struct.getChild(name)).getOffsetBuffer().getInt(skip * 4L));
                }
                StructKeyEncoder encoder = new StructKeyEncoder(sliced, keys);
                KeyRows rows = encoder.encodeBatch(from, length - from, new KeyRows());
                assertMatches(rows, encoder, data, from, length - from, keys, skip);
            }
        }
    }

    @Property(tries = 50)
    void splitAndTransferredVectorsEncodeTheirOwnRows(@ForAll long seed, @ForAll @IntRange(min = 0, max = ROWS - 1) int start) {
        int[] all = IntStream.range(0, ArrowKeyFixtures.COLUMNS.size()).toArray();
        int length = ROWS - start;
        try (BufferAllocator allocator = new RootAllocator();
                StructVector struct = ArrowKeyFixtures.newStruct(allocator)) {
            ArrowKeyFixtures.Data data = ArrowKeyFixtures.fill(struct, ROWS, new Random(seed), 80);
            try (StructVector part = (StructVector) struct.getField().createVector(allocator)) {
                struct.makeTransferPair(part).splitAndTransfer(start, length);
                StructKeyEncoder encoder = new StructKeyEncoder(part, all);
                KeyRows rows = encoder.encodeBatch(0, length, new KeyRows());
                assertMatches(rows, encoder, data, 0, length, all, start);
            }
        }
    }

    /** Tuple {@code i} of {@code rows} is row {@code from + i} of the encoder's struct, which holds data row {@code shift + from + i}. */
    private static void assertMatches(KeyRows rows, StructKeyEncoder encoder, ArrowKeyFixtures.Data data, int from, int count,
            int[] keys, int shift) {
        List<KeyType> types = new ArrayList<>();
        for (int k : keys) {
            types.add(ArrowKeyFixtures.COLUMNS.get(k).keyType());
        }
        assertThat(rows.count()).isEqualTo(count);
        int size = 0;
        for (int i = 0; i < count; i++) {
            byte[] expected = KeyEncoding.encode(types, data.tuple(shift + from + i, keys));
            assertThat(rows.row(i)).as("tuple %s (row %s) of %s: %s", i, from + i, types, data.tuple(shift + from + i, keys))
                    .isEqualTo(expected);
            assertThat(encoder.encodeRow(from + i)).isEqualTo(expected);
            size += expected.length;
        }
        assertThat(rows.size()).isEqualTo(size);
    }

    /**
     * A struct whose every buffer starts {@code skip} rows into {@code source}'s (a multiple of 8): offset
     * buffers then start at a non-zero offset into the data buffer, as a sliced Arrow array's do. Data
     * and views buffers end exactly where the last row's bytes end, so reading a last value's bytes as
     * whole words would pass the buffer: the encoder must fall back to bytes there.
     */
    static StructVector slice(StructVector source, int skip, int length, BufferAllocator allocator) {
        StructVector target = (StructVector) source.getField().createVector(allocator);
        target.loadFieldBuffers(new ArrowFieldNode(length, 1), List.of(bitmap(source.getValidityBuffer(), skip, length)));
        for (int c = 0; c < source.size(); c++) {
            FieldVector from = (FieldVector) source.getChildByOrdinal(c);
            FieldVector to = (FieldVector) target.getChildByOrdinal(c);
            to.loadFieldBuffers(new ArrowFieldNode(length, 1), slicedBuffers(from, skip, length));
        }
        return target;
    }

    private static List<ArrowBuf> slicedBuffers(FieldVector vector, int skip, int length) {
        List<ArrowBuf> buffers = new ArrayList<>();
        buffers.add(bitmap(vector.getValidityBuffer(), skip, length));
        ArrowBuf data = vector.getDataBuffer();
        if (vector instanceof BitVector) {
            buffers.add(bitmap(data, skip, length));
        } else if (vector instanceof BaseVariableWidthVector v) {
            buffers.add(v.getOffsetBuffer().slice((long) skip * 4, (length + 1L) * 4));
            buffers.add(data.slice(0, v.getOffsetBuffer().getInt((long) (skip + length) * 4)));
        } else if (vector instanceof BaseLargeVariableWidthVector v) {
            buffers.add(v.getOffsetBuffer().slice((long) skip * 8, (length + 1L) * 8));
            buffers.add(data.slice(0, v.getOffsetBuffer().getLong((long) (skip + length) * 8)));
        } else if (vector instanceof BaseVariableWidthViewVector v) {
            buffers.add(data.slice((long) skip * 16, (long) length * 16));
            v.getDataBuffers().forEach(b -> buffers.add(b.slice(0, b.capacity())));
        } else {
            int width = ((BaseFixedWidthVector) vector).getTypeWidth();
            buffers.add(data.slice((long) skip * width, (long) length * width));
        }
        return buffers;
    }

    private static ArrowBuf bitmap(ArrowBuf bitmap, int skip, int length) {
        return bitmap.slice(skip / 8, (length + 7) / 8);
    }

    @Property(tries = 1)
    void anEmptyBatchIsEmpty() {
        try (BufferAllocator allocator = new RootAllocator();
                StructVector struct = ArrowKeyFixtures.newStruct(allocator)) {
            ArrowKeyFixtures.fill(struct, 3, new Random(1), 10);
            KeyRows rows = new StructKeyEncoder(struct, 0, ArrowKeyFixtures.index("s")).encodeBatch(3, 0, new KeyRows());
            assertThat(rows.count()).isZero();
            assertThat(rows.size()).isZero();
            assertThat(Arrays.copyOf(rows.bytes(), 0)).isEmpty();
        }
    }
}
