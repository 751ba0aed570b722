package dev.tableindex.model.key.arrow;

import dev.tableindex.model.key.KeyBytes;
import dev.tableindex.model.key.KeyType;
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

    /** Writes rows {@code [from, from + count)} as values, each at and advancing {@code cursors[1 + i]}. */
    abstract void writeValues(int from, int count, byte[] out, int[] cursors);
}
