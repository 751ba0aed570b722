package dev.tableindex.model.listindex;

import dev.tableindex.model.key.KeyRows;
import dev.tableindex.model.key.KeyType;
import dev.tableindex.model.key.arrow.KeyTupleVectors;
import dev.tableindex.model.key.arrow.StructKeyEncoder;
import java.util.Arrays;
import java.util.List;
import java.util.stream.IntStream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.complex.StructVector;

/**
 * The key tuples of a build's elements, each with its row address, collected into one {@link KeyRows}: elements
 * are written into Arrow vectors ({@link KeyTupleVectors}) and encoded by {@link StructKeyEncoder#encodeBatch}
 * in batches of {@value #BATCH}, as an index writer reading Arrow data would. A null element is the tuple whose
 * keys are all null. Holds only the batch being filled, the encoded tuples and their addresses.
 */
final class ElementKeys implements AutoCloseable {
    /** Elements encoded per batch. */
    static final int BATCH = 65_536;

    private final List<KeyType> types;
    private final int[] positions;
    private final BufferAllocator allocator = new RootAllocator();
    private final Object[][] batch = new Object[BATCH][];
    private int batchSize;
    private final KeyRows batchRows = new KeyRows();
    private final KeyRows rows = new KeyRows();
    private long[] ids = new long[1024];

    /** Keys of {@code types}, the values at {@code positions} of each element's values. */
    ElementKeys(List<KeyType> types, int[] positions) {
        this.types = List.copyOf(types);
        this.positions = positions.clone();
    }

    /** Adds an element (its field values, or null for a null element) of the row at {@code address}. */
    void add(Object[] element, long address) {
        int tuple = rows.count() + batchSize;
        if (tuple == ids.length) {
            ids = Arrays.copyOf(ids, (int) Math.min(Integer.MAX_VALUE - 8, ids.length * 2L));
        }
        ids[tuple] = address;
        batch[batchSize++] = element;
        if (batchSize == BATCH) {
            flush();
        }
    }

    /** Every element's tuple, in the order added. */
    KeyRows rows() {
        flush();
        return rows;
    }

    /** Every element's row address: {@code ids()[t]} is tuple {@code t}'s. */
    long[] ids() {
        flush();
        return ids;
    }

    private void flush() {
        if (batchSize == 0) {
            return;
        }
        KeyTupleVectors.Tuples tuples = new KeyTupleVectors.Tuples() {
            @Override
            public boolean isNull(int row) {
                return batch[row] == null;
            }

            @Override
            public Object value(int row, int key) {
                return batch[row][positions[key]];
            }
        };
        try (StructVector struct = KeyTupleVectors.struct(types, batchSize, tuples, allocator)) {
            new StructKeyEncoder(struct, IntStream.range(0, types.size()).toArray()).encodeBatch(0, batchSize, batchRows);
        }
        rows.append(batchRows);
        Arrays.fill(batch, 0, batchSize, null);
        batchSize = 0;
    }

    @Override
    public void close() {
        allocator.close();
    }
}
