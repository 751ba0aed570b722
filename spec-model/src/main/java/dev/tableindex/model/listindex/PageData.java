package dev.tableindex.model.listindex;

import dev.tableindex.model.key.KeyRows;
import java.util.AbstractList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.RandomAccess;

/**
 * A segment's page_data rows, in stored order, held as the target BTree's two columns are: {@code values}
 * (Binary, nullable) as one byte array with offsets, {@code ids} (row addresses) as one long array. No object
 * per row: {@link #entries()} makes one only for whoever asks for a row. A build's rows keep the build's one copy of
 * the encoded tuples, in the order they were added, and reach them through the sort's permutation: the tuples are
 * the largest part of a build's memory, and a sorted second copy would double it (decision 0141).
 */
final class PageData {
    private final byte[] bytes;
    /** Tuple {@code t} is {@code bytes[offsets[t], offsets[t + 1])}. */
    private final int[] offsets;
    /** Row {@code nullRows + j}'s tuple is {@code order[j]}; null: row {@code r}'s values are tuple {@code r}. */
    private final int[] order;
    private final int nullRows;
    private final long[] ids;
    private final BitSet nullValues;

    private PageData(byte[] bytes, int[] offsets, int[] order, int nullRows, long[] ids, BitSet nullValues) {
        this.bytes = bytes;
        this.offsets = offsets;
        this.order = order;
        this.nullRows = nullRows;
        this.ids = ids;
        this.nullValues = nullValues;
    }

    /** Rows as given. */
    static PageData of(List<ListElementIndex.Entry> entries) {
        int n = entries.size();
        long total = 0;
        for (ListElementIndex.Entry entry : entries) {
            total += entry.values() == null ? 0 : entry.values().length;
        }
        if (total > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("page_data values of " + total + " bytes in all, more than the model holds");
        }
        byte[] bytes = new byte[(int) total];
        int[] offsets = new int[n + 1];
        long[] ids = new long[n];
        BitSet nulls = new BitSet();
        for (int row = 0, at = 0; row < n; row++) {
            ListElementIndex.Entry entry = entries.get(row);
            if (entry.values() == null) {
                nulls.set(row);
            } else {
                System.arraycopy(entry.values(), 0, bytes, at, entry.values().length);
                at += entry.values().length;
            }
            offsets[row + 1] = at;
            ids[row] = entry.rowAddress();
        }
        return new PageData(bytes, offsets, null, 0, ids, nulls);
    }

    /**
     * Rows as a build stores them: first one null row per address of {@code nullIds}, then the tuples of {@code keys}
     * in the order {@code order} gives, tuple {@code t} with id {@code keyIds[t]}; rows of equal values (the null rows
     * among them) by row address. The rows hold {@code keys}' arrays and {@code order} themselves, not copies: the
     * caller does not change them afterwards.
     */
    static PageData sorted(long[] nullIds, KeyRows keys, long[] keyIds, int[] order) {
        int nulls = nullIds.length;
        int n = nulls + order.length;
        long[] ids = Arrays.copyOf(nullIds, n);
        for (int j = 0; j < order.length; j++) {
            ids[nulls + j] = keyIds[order[j]];
        }
        BitSet nullValues = new BitSet(n);
        nullValues.set(0, nulls);
        PageData data = new PageData(keys.bytes(), keys.offsets(), order, nulls, ids, nullValues);
        if (ascending(keyIds, order.length)) {
            // the sort is stable: tuples added by ascending address keep that order among equals (a build reading a
            // table whose fragment ids ascend); finding the runs would read every tuple again, scattered
            data.sortIds(0, nulls);
        } else {
            data.orderTiesByAddress(nulls);
        }
        return data;
    }

    /** Whether the first {@code count} ids never decrease, unsigned. */
    private static boolean ascending(long[] ids, int count) {
        for (int i = 1; i < count; i++) {
            if (Long.compareUnsigned(ids[i - 1], ids[i]) > 0) {
                return false;
            }
        }
        return true;
    }

    /** Where row {@code row}'s values are in {@code bytes}: its tuple (the row has values). */
    private int tuple(int row) {
        return order == null ? row : order[row - nullRows];
    }

    /**
     * Sorts the ids of each run of rows with equal values (the first {@code nulls} rows: null values) by row address,
     * unsigned; their values being equal, the rows stay in order.
     */
    private void orderTiesByAddress(int nulls) {
        sortIds(0, nulls);
        for (int start = nulls; start < ids.length; ) {
            int first = tuple(start);
            int end = start + 1;
            while (end < ids.length) {
                int next = tuple(end);
                if (!Arrays.equals(bytes, offsets[first], offsets[first + 1], bytes, offsets[next], offsets[next + 1])) {
                    break;
                }
                end++;
            }
            sortIds(start, end);
            start = end;
        }
    }

    private void sortIds(int from, int to) {
        for (int i = from + 1; i < to; i++) {
            if (Long.compareUnsigned(ids[i - 1], ids[i]) > 0) {
                // as unsigned: flip the sign bit, sort signed, flip back
                for (int j = from; j < to; j++) {
                    ids[j] ^= Long.MIN_VALUE;
                }
                Arrays.sort(ids, from, to);
                for (int j = from; j < to; j++) {
                    ids[j] ^= Long.MIN_VALUE;
                }
                return;
            }
        }
    }

    int size() {
        return ids.length;
    }

    boolean isNull(int row) {
        return nullValues.get(row);
    }

    long id(int row) {
        return ids[row];
    }

    /** Row {@code row}'s values as a new array, or null. */
    byte[] values(int row) {
        if (isNull(row)) {
            return null;
        }
        int tuple = tuple(row);
        return Arrays.copyOfRange(bytes, offsets[tuple], offsets[tuple + 1]);
    }

    /** Whether row {@code row} has values and they are in {@code range}. */
    boolean inRange(int row, KeyRange range) {
        if (isNull(row)) {
            return false;
        }
        int tuple = tuple(row);
        return range.contains(bytes, offsets[tuple], offsets[tuple + 1]);
    }

    /** The rows as entries, made as they are read. */
    List<ListElementIndex.Entry> entries() {
        return new Entries();
    }

    private final class Entries extends AbstractList<ListElementIndex.Entry> implements RandomAccess {
        @Override
        public ListElementIndex.Entry get(int row) {
            return new ListElementIndex.Entry(values(row), id(row));
        }

        @Override
        public int size() {
            return ids.length;
        }
    }
}
