package dev.tableindex.model.key.arrow;

import dev.tableindex.model.key.KeyBytes;
import dev.tableindex.model.key.KeyType;
import dev.tableindex.model.key.KeyWriter;
import dev.tableindex.model.key.KeyType.Kind;
import org.apache.arrow.memory.util.MemoryUtil;
import org.apache.arrow.vector.BaseFixedWidthVector;

/** float and double by their raw bits (every NaN payload and -0.0 kept), in key order, one big-endian store each. */
final class FloatColumn extends FixedWidthColumn {
    private long data;

    FloatColumn(BaseFixedWidthVector vector, KeyType type) {
        super(vector, type, type.kind() == Kind.FLOAT ? 4 : 8);
    }

    @Override
    void bindData(int from, int count) {
        Buffers.checkCovers(vector.getDataBuffer(), (from + (long) count) * width, name(), "data buffer", from + count);
        data = vector.getDataBuffer().memoryAddress();
    }

    @Override
    void writeValues(int from, int count, byte[] out, int[] cursors) {
        long values = data + (long) from * width;
        if (width == 4) {
            for (int i = 0; i < count; i++) {
                int at = cursors[i + 1];
                out[at] = KeyBytes.VALID;
                KeyBytes.putInt(out, at + 1, KeyBytes.orderedFloatBits(MemoryUtil.getInt(values + ((long) i << 2))));
                cursors[i + 1] = at + 5;
            }
        } else {
            for (int i = 0; i < count; i++) {
                int at = cursors[i + 1];
                out[at] = KeyBytes.VALID;
                KeyBytes.putLong(out, at + 1, KeyBytes.orderedDoubleBits(MemoryUtil.getLong(values + ((long) i << 3))));
                cursors[i + 1] = at + 9;
            }
        }
    }

    @Override
    void writeValue(int row, KeyWriter out) {
        if (width == 4) {
            out.writeFloatBits(MemoryUtil.getInt(data + ((long) row << 2)));
        } else {
            out.writeDoubleBits(MemoryUtil.getLong(data + ((long) row << 3)));
        }
    }

    @Override
    void writeValuesAt(int from, int count, byte[] out, int position, int stride) {
        long values = data + (long) from * width;
        if (width == 4) {
            for (int i = 0, at = position; i < count; i++, at += stride) {
                out[at] = KeyBytes.VALID;
                KeyBytes.putInt(out, at + 1, KeyBytes.orderedFloatBits(MemoryUtil.getInt(values + ((long) i << 2))));
            }
        } else {
            for (int i = 0, at = position; i < count; i++, at += stride) {
                out[at] = KeyBytes.VALID;
                KeyBytes.putLong(out, at + 1, KeyBytes.orderedDoubleBits(MemoryUtil.getLong(values + ((long) i << 3))));
            }
        }
    }
}
