package dev.tableindex.model.key.arrow;

import dev.tableindex.model.key.KeyBytes;
import dev.tableindex.model.key.KeyType;
import dev.tableindex.model.key.KeyWriter;
import java.util.Arrays;
import org.apache.arrow.vector.FieldVector;

/**
 * A key of width W: {@code 01} and W value bytes, a null {@code 00} and W zeros. Subclasses write every
 * row as a value (a null row's slot holds some bytes, read from within the buffer); then the null rows,
 * if any, are overwritten with zeros, so the value loops carry no null checks.
 */
abstract class FixedWidthColumn extends KeyColumn {
    final int width;

    FixedWidthColumn(FieldVector vector, KeyType type, int width) {
        super(vector, type);
        this.width = width;
    }

    @Override
    final int fixedLength() {
        return 1 + width;
    }

    @Override
    final void write(int from, int count, Validity parent, byte[] out, int[] cursors) {
        writeValues(from, count, out, cursors);
        if (!noNulls(parent)) {
            int length = 1 + width;
            for (int i = 0; i < count; i++) {
                if (!isValid(parent, from + i)) {
                    int end = cursors[i + 1];
                    Arrays.fill(out, end - length, end, KeyBytes.NULL);
                }
            }
        }
    }

    /**
     * The batch when every key is fixed-width: row {@code from + i}'s key goes at {@code position + i * stride}
     * (its tuple's start plus the widths of the keys before it), with no cursors to read or advance.
     */
    final void writeAt(int from, int count, Validity parent, byte[] out, int position, int stride) {
        writeValuesAt(from, count, out, position, stride);
        if (!noNulls(parent)) {
            for (int i = 0, at = position; i < count; i++, at += stride) {
                if (!isValid(parent, from + i)) {
                    Arrays.fill(out, at, at + 1 + width, KeyBytes.NULL);
                }
            }
        }
    }

    @Override
    final void writeRow(int row, boolean structValid, KeyWriter out) {
        if (structValid && validity.isValid(row)) {
            writeValue(row, out);
        } else {
            out.writeNull(type.kind());
        }
    }

    /** Appends row {@code row}'s value (it is valid). */
    abstract void writeValue(int row, KeyWriter out);

    /** Writes rows {@code [from, from + count)} as values, each at and advancing {@code cursors[1 + i]}. */
    abstract void writeValues(int from, int count, byte[] out, int[] cursors);

    /** Writes rows {@code [from, from + count)} as values, row {@code from + i} at {@code position + i * stride}. */
    abstract void writeValuesAt(int from, int count, byte[] out, int position, int stride);
}
