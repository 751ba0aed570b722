package dev.tableindex.model.key.arrow;

import dev.tableindex.model.key.KeyBytes;
import dev.tableindex.model.key.KeyType;
import dev.tableindex.model.key.KeyWriter;
import org.apache.arrow.memory.util.MemoryUtil;
import org.apache.arrow.vector.BitVector;

/** bool: {@code 01 00} or {@code 01 01}, from a bitmap. */
final class BoolColumn extends FixedWidthColumn {
    private long data;

    BoolColumn(BitVector vector, KeyType type) {
        super(vector, type, 1);
    }

    @Override
    void bindData(int from, int count) {
        Buffers.checkCovers(vector.getDataBuffer(), Validity.bitsBytes(from + (long) count), name(), "data bitmap", from + count);
        data = vector.getDataBuffer().memoryAddress();
    }

    @Override
    void writeValues(int from, int count, byte[] out, int[] cursors) {
        long data = this.data;
        for (int i = 0; i < count; i++) {
            int row = from + i;
            int at = cursors[i + 1];
            out[at] = KeyBytes.VALID;
            out[at + 1] = (byte) (MemoryUtil.getByte(data + (row >>> 3)) >> (row & 7) & 1);
            cursors[i + 1] = at + 2;
        }
    }

    @Override
    void writeValue(int row, KeyWriter out) {
        out.writeBool((MemoryUtil.getByte(data + (row >>> 3)) >> (row & 7) & 1) != 0);
    }

    @Override
    void writeValuesAt(int from, int count, byte[] out, int position, int stride) {
        long data = this.data;
        for (int i = 0, at = position; i < count; i++, at += stride) {
            int row = from + i;
            out[at] = KeyBytes.VALID;
            out[at + 1] = (byte) (MemoryUtil.getByte(data + (row >>> 3)) >> (row & 7) & 1);
        }
    }
}
