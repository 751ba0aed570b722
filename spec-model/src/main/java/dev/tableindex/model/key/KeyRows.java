package dev.tableindex.model.key;

import java.util.Arrays;

/**
 * A batch of encoded key tuples, as arrow-row's {@code Rows}: one {@code byte[]} holding the tuples back to
 * back and an {@code int[]} of offsets, tuple {@code i} being bytes {@code [offset(i), offset(i + 1))}.
 * Reused from batch to batch: its arrays only grow, so a loop over batches allocates nothing once they
 * have grown to the largest batch.
 *
 * <p>An encoder fills it in two passes: {@link #lengthsFor(int, int)} gives the offsets array to hold each
 * tuple's length at {@code [i + 1]}; {@link #startRows()} turns the lengths into each tuple's start,
 * still at {@code [i + 1]}, which the encoder advances as it writes (column by column) until it is the
 * tuple's end, i.e. the next tuple's start. When every key is fixed-width, {@link #fixedRows(int, int)}
 * sets the offsets at once and the encoder writes at {@code i * each}.
 *
 * <p>One {@code KeyRows} can also collect many batches ({@link #append}): the list element index build keeps
 * every element's tuple in one of them and sorts a permutation of its tuples ({@link KeyRowsOrder}), instead of
 * one array per tuple.
 */
public final class KeyRows {
    private byte[] bytes = new byte[0];
    private int[] offsets = new int[1];
    private int count;

    /** Tuples in the batch. */
    public int count() {
        return count;
    }

    /** The bytes; tuple {@code i} is {@code [offset(i), offset(i + 1))}, bytes after {@code offset(count())} are not part of it. */
    public byte[] bytes() {
        return bytes;
    }

    public int offset(int i) {
        return offsets[i];
    }

    /**
     * The offsets array itself, not a copy (tuple {@code i} is {@code [offsets()[i], offsets()[i + 1])}), for readers
     * that hold the tuples after they are complete (the sort, a build's page_data); not to be changed.
     */
    public int[] offsets() {
        return offsets;
    }

    public int length(int i) {
        return offsets[i + 1] - offsets[i];
    }

    /** Tuple {@code i} as a new array. */
    public byte[] row(int i) {
        check(i);
        return Arrays.copyOfRange(bytes, offsets[i], offsets[i + 1]);
    }

    /** Bytes of all tuples. */
    public int size() {
        return offsets[count];
    }

    /**
     * Adds {@code batch}'s tuples after this one's (tuple {@code count() + i} is {@code batch}'s tuple {@code i});
     * {@code batch} is left as it was.
     *
     * @throws IllegalArgumentException when the tuples would not fit one Java array
     */
    public KeyRows append(KeyRows batch) {
        int added = batch.count;
        int start = offsets[count];
        long total = (long) start + batch.size();
        if (total > Integer.MAX_VALUE - 8 || (long) count + added > Integer.MAX_VALUE - 9) {
            throw new IllegalArgumentException("key tuples of " + total + " bytes in all, more than one array holds");
        }
        growOffsets(count + added);
        byte[] into = room(total, true);
        System.arraycopy(batch.bytes, 0, into, start, batch.size());
        int[] from = batch.offsets;
        for (int i = 1; i <= added; i++) {
            offsets[count + i] = start + from[i];
        }
        count += added;
        return this;
    }

    /** Empties the batch (an encoder does so when a batch fails, so no half-written tuples are seen). */
    public void clear() {
        count = 0;
        offsets[0] = 0;
    }

    /**
     * Starts a batch of {@code rows} tuples: the offsets array to hold their lengths, tuple {@code i}'s at
     * {@code [i + 1]}, each set to {@code each} (the bytes every tuple takes whatever its values).
     */
    public int[] lengthsFor(int rows, int each) {
        growOffsets(rows);
        offsets[0] = 0;
        Arrays.fill(offsets, 1, rows + 1, each);
        count = rows;
        return offsets;
    }

    /**
     * Starts a batch of {@code rows} tuples that all take {@code each} bytes (every key fixed-width): the
     * offsets are final at once ({@code i * each}), so the encoder writes tuple {@code i} at
     * {@code i * each} without cursors. Returns the byte array to write into.
     *
     * @throws IllegalArgumentException when the batch would not fit one Java array
     */
    public byte[] fixedRows(int rows, int each) {
        long total = (long) rows * each;
        if (total > Integer.MAX_VALUE - 8) {
            clear();
            throw batchTooLarge(rows, total);
        }
        growOffsets(rows);
        int[] offsets = this.offsets;
        for (int i = 0, at = 0; i <= rows; i++, at += each) {
            offsets[i] = at;
        }
        count = rows;
        return room(total);
    }

    /**
     * Turns the lengths into start positions (tuple {@code i}'s at {@code [i + 1]}), makes room for
     * all the bytes and returns the byte array to write into.
     *
     * @throws IllegalArgumentException when the batch would not fit one Java array
     */
    public byte[] startRows() {
        int[] offsets = this.offsets;
        long start = 0;
        boolean rowOverflow = false;
        for (int i = 1; i <= count; i++) {
            int length = offsets[i];
            // a negative length is one tuple's int sum overflowing (several keys near MAX_VALUE_LENGTH)
            rowOverflow |= length < 0;
            offsets[i] = (int) start;
            start += length;
        }
        long total = rowOverflow ? Long.MAX_VALUE : start;
        if (total > Integer.MAX_VALUE - 8) {
            int rows = count;
            clear();
            throw rowOverflow ? new IllegalArgumentException("a key tuple of this batch takes more bytes than one array holds")
                    : batchTooLarge(rows, total);
        }
        return room(total);
    }

    private static IllegalArgumentException batchTooLarge(int rows, long total) {
        return new IllegalArgumentException("a batch of " + rows + " key tuples takes " + total
                + " bytes, more than one array holds; encode fewer rows per batch");
    }

    /** Room for {@code rows} tuples' offsets; the offsets so far are kept (a batch overwrites them anyway). */
    private void growOffsets(int rows) {
        if (offsets.length < rows + 1) {
            offsets = Arrays.copyOf(offsets, (int) Math.max(rows + 1L, grown(offsets.length)));
        }
    }

    private byte[] room(long total) {
        return room(total, false);
    }

    /** Room for {@code total} bytes; {@code keep}: the bytes so far are kept (a batch overwrites them anyway). */
    private byte[] room(long total, boolean keep) {
        if (bytes.length < total) {
            int length = (int) Math.max(total, grown(bytes.length));
            bytes = keep ? Arrays.copyOf(bytes, length) : new byte[length];
        }
        return bytes;
    }

    /**
     * An array's next length when it must grow: 1.5 times, not twice, so that a build collecting every tuple holds at
     * most half again its tuples' bytes, and 2.5 times (old and new) while it grows (decision 0141).
     */
    public static int grown(int length) {
        return (int) Math.min(Integer.MAX_VALUE - 8, length + (length >> 1) + 16L);
    }

    private void check(int i) {
        if (i < 0 || i >= count) {
            throw new IndexOutOfBoundsException("tuple " + i + " of a batch of " + count);
        }
    }
}
