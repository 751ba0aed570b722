package dev.tableindex.model.listindex;

import dev.tableindex.model.key.KeyRows;
import dev.tableindex.model.key.KeyRowsOrder;
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
 * The rows of a segment being built, added one table row at a time, in any order: each element's key tuple with
 * its row address, and the address of each null list. Elements are written into Arrow vectors
 * ({@link KeyTupleVectors}) and encoded by {@link StructKeyEncoder#encodeBatch} in batches of {@value #BATCH}, as an
 * index writer reading Arrow data would, into one {@link KeyRows}; a null element is the tuple whose keys are all
 * null. Holds only the batch being filled, the encoded tuples and the addresses: no object per element.
 */
final class BuildRows implements AutoCloseable {
    /** Elements encoded per batch. */
    static final int BATCH = 65_536;

    private final List<KeyType> types;
    private final int[] positions;
    private final BufferAllocator allocator = new RootAllocator();
    private final Object[][] batch = new Object[BATCH][];
    private int batchSize;
    private final KeyRows batchRows = new KeyRows();
    private KeyRows rows = new KeyRows();
    private long[] ids = new long[1024];
    private long[] nullLists = new long[16];
    private int nullCount;

    /** Keys of {@code types}, the values at {@code positions} of each element's values. */
    BuildRows(List<KeyType> types, int[] positions) {
        this.types = List.copyOf(types);
        this.positions = positions.clone();
    }

    /** Adds the row at {@code address}: its list of elements (each its field values, or null), or null for a null list. */
    void add(long address, List<Object[]> list) {
        if (list == null) {
            if (nullCount == nullLists.length) {
                nullLists = Arrays.copyOf(nullLists, KeyRows.grown(nullCount));
            }
            nullLists[nullCount++] = address;
            return;
        }
        for (int e = 0; e < list.size(); e++) {
            int tuple = rows.count() + batchSize;
            if (tuple == ids.length) {
                ids = Arrays.copyOf(ids, KeyRows.grown(ids.length));
            }
            ids[tuple] = address;
            batch[batchSize++] = list.get(e);
            if (batchSize == BATCH) {
                flush();
            }
        }
    }

    /**
     * page_data of the rows added: the null lists first, then every tuple in order ({@link KeyRowsOrder}), ties (and
     * the null rows) by row address. It holds this build's tuples themselves: the build ends here.
     */
    PageData sorted() {
        flush();
        PageData sorted = PageData.sorted(Arrays.copyOf(nullLists, nullCount), rows, ids, KeyRowsOrder.of(rows));
        rows = null;
        ids = null;
        return sorted;
    }

    /**
     * Adds the rows added since the last call to {@code entries}, unsorted: the null lists, then every tuple in the
     * order added; then starts empty again.
     */
    void drainInto(List<ListElementIndex.Entry> entries) {
        flush();
        for (int i = 0; i < nullCount; i++) {
            entries.add(new ListElementIndex.Entry(null, nullLists[i]));
        }
        for (int t = 0; t < rows.count(); t++) {
            entries.add(new ListElementIndex.Entry(rows.row(t), ids[t]));
        }
        rows.clear();
        nullCount = 0;
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
