package dev.tableindex.model.listindex;

import dev.tableindex.model.key.KeyRows;
import dev.tableindex.model.key.KeyRowsOrder;
import dev.tableindex.model.key.KeyType;
import dev.tableindex.model.key.arrow.KeyTupleVectors;
import dev.tableindex.model.key.arrow.StructKeyEncoder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
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
 * null. Holds only the batch being filled, the encoded tuples and the addresses: no object per element. Each batch's
 * tuples are kept as a chunk of their own and joined into one array, of exactly their size, only to be sorted: a
 * single array grown as tuples come would need its old and its new copy at once, both in one piece (decision 0141).
 */
final class BuildRows implements AutoCloseable {
    /** Elements encoded per batch. */
    static final int BATCH = 65_536;
    /** Bytes of encoded tuples per chunk kept (at least one tuple): well under G1's smallest humongous size. */
    private static final int CHUNK_BYTES = 256 * 1024;

    private final List<KeyType> types;
    private final int[] positions;
    private final BufferAllocator allocator = new RootAllocator();
    private final Object[][] batch = new Object[BATCH][];
    private int batchSize;
    private final KeyRows batchRows = new KeyRows();
    /** The encoded tuples, a chunk per batch; tuple {@code t} overall has address {@code ids[t]}. */
    private final List<KeyRows> chunks = new ArrayList<>();
    private int tupleCount;
    private long tupleBytes;
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
            int tuple = tupleCount + batchSize;
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
        KeyRows rows = new KeyRows().reserve(tupleCount, tupleBytes);
        for (Iterator<KeyRows> chunk = chunks.iterator(); chunk.hasNext(); ) {
            rows.append(chunk.next());
            chunk.remove(); // each chunk let go as soon as it is copied
        }
        PageData sorted = PageData.sorted(Arrays.copyOf(nullLists, nullCount), rows, ids, KeyRowsOrder.of(rows));
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
        int t = 0;
        for (KeyRows chunk : chunks) {
            for (int i = 0; i < chunk.count(); i++, t++) {
                entries.add(new ListElementIndex.Entry(chunk.row(i), ids[t]));
            }
        }
        chunks.clear();
        tupleCount = 0;
        tupleBytes = 0;
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
        if (tupleBytes + batchRows.size() > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("key tuples of " + (tupleBytes + batchRows.size())
                    + " bytes in all, more than one array holds");
        }
        // copies of exactly their size, each small enough to be an ordinary object the collector can move (a large
        // array must find free space in one piece, and takes whole regions)
        for (int from = 0; from < batchRows.count(); ) {
            int to = from + 1;
            while (to < batchRows.count() && batchRows.offset(to + 1) - batchRows.offset(from) <= CHUNK_BYTES) {
                to++;
            }
            chunks.add(new KeyRows().append(batchRows, from, to));
            from = to;
        }
        tupleCount += batchRows.count();
        tupleBytes += batchRows.size();
        Arrays.fill(batch, 0, batchSize, null);
        batchSize = 0;
    }

    @Override
    public void close() {
        allocator.close();
    }
}
