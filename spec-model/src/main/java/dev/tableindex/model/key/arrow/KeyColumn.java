package dev.tableindex.model.key.arrow;

import dev.tableindex.model.key.KeyType;
import dev.tableindex.model.key.KeyWriter;
import org.apache.arrow.vector.FieldVector;

/**
 * One key of a {@link StructKeyEncoder}: a child vector of the element struct, written column by column
 * into a batch of rows. One implementation per family of Arrow layouts (bool, integers, floats, offset
 * strings and binary, large ones, views), each with its own tight loops, so a batch dispatches once per
 * key and never switches on the type per value.
 *
 * <p>A batch goes {@link #bind} (check the buffers cover the rows, take their addresses), then, for
 * variable-width keys, {@link #addLengths} (the sizing pass, which also checks the offsets), then
 * {@link #write}. Between {@code bind} and {@code write} the buffers are read by address, with no
 * further checks: everything a read depends on was checked for the batch.
 */
abstract class KeyColumn {
    /** {@link #fixedLength()} of a key whose length depends on its value. */
    static final int VARIABLE = -1;

    final FieldVector vector;
    final KeyType type;
    final Validity validity = new Validity();

    KeyColumn(FieldVector vector, KeyType type) {
        this.vector = vector;
        this.type = type;
    }

    String name() {
        return vector.getName();
    }

    /**
     * Checks the buffers for rows {@code [from, from + count)} and takes their addresses.
     *
     * @throws ArrowDataException when a buffer is shorter than the rows need
     */
    void bind(int from, int count) {
        if (vector.getValueCount() < from + count) {
            throw new ArrowDataException("field '" + name() + "' has " + vector.getValueCount()
                    + " values; the batch reads rows " + from + " to " + (from + count - 1));
        }
        validity.bind(vector.getValidityBuffer(), from, count, name());
        bindData(from, count);
    }

    abstract void bindData(int from, int count);

    /** Bytes every row takes (1 + W), or {@link #VARIABLE}. */
    abstract int fixedLength();

    /**
     * The sizing pass of a variable-width key: adds each row's encoded length to {@code lengths[1 + i]}
     * (row {@code from + i}), checking its offsets as it goes.
     *
     * @throws ArrowDataException when offsets decrease or pass the data buffer
     */
    void addLengths(int from, int count, Validity parent, int[] lengths) {
        throw new UnsupportedOperationException(type + " has a fixed length");
    }

    /**
     * Writes row {@code from + i}'s key at {@code cursors[1 + i]} in {@code out} and advances that cursor
     * past it; a row is null when {@code parent} (the struct) or this column says so.
     */
    abstract void write(int from, int count, Validity parent, byte[] out, int[] cursors);

    /**
     * Appends row {@code row}'s key to {@code out} after {@code bind(row, 1)}: one tuple on its own
     * ({@link StructKeyEncoder#encodeRow}), null when {@code structValid} is false or the value is null.
     *
     * @throws ArrowDataException when the row's offsets or view contradict the layout
     */
    abstract void writeRow(int row, boolean structValid, KeyWriter out);

    boolean noNulls(Validity parent) {
        return parent.allValid() && validity.allValid();
    }

    boolean isValid(Validity parent, int row) {
        return parent.isValid(row) && validity.isValid(row);
    }
}
