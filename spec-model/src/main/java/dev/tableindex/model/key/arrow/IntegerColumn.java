package dev.tableindex.model.key.arrow;

import dev.tableindex.model.key.KeyBytes;
import dev.tableindex.model.key.KeyType;
import dev.tableindex.model.key.KeyWriter;
import org.apache.arrow.memory.util.MemoryUtil;
import org.apache.arrow.vector.BaseFixedWidthVector;

/**
 * Integers of 1, 2, 4 or 8 bytes, signed (also dates and timestamps: the sign bit flipped) or unsigned:
 * big-endian, one store per value. One loop per width, chosen once per batch.
 */
final class IntegerColumn extends FixedWidthColumn {
    private final long flip;
    private long data;

    IntegerColumn(BaseFixedWidthVector vector, KeyType type) {
        super(vector, type, type.kind().width());
        this.flip = type.kind().signedInteger() ? KeyBytes.signFlip(width) : 0;
    }

    @Override
    void bindData(int from, int count) {
        Buffers.checkCovers(vector.getDataBuffer(), (from + (long) count) * width, name(), "data buffer", from + count);
        data = vector.getDataBuffer().memoryAddress();
    }

    @Override
    void writeValues(int from, int count, byte[] out, int[] cursors) {
        long values = data + (long) from * width;
        switch (width) {
            case 1 -> write1(values, count, out, cursors);
            case 2 -> write2(values, count, out, cursors);
            case 4 -> write4(values, count, out, cursors);
            default -> write8(values, count, out, cursors);
        }
    }

    @Override
    void writeValue(int row, KeyWriter out) {
        long at = data + (long) row * width;
        long value = switch (width) {
            case 1 -> MemoryUtil.getByte(at);
            case 2 -> MemoryUtil.getShort(at);
            case 4 -> MemoryUtil.getInt(at);
            default -> MemoryUtil.getLong(at);
        };
        if (flip != 0) {
            out.writeSigned(value, width);
        } else {
            out.writeUnsigned(value, width);
        }
    }

    @Override
    void writeValuesAt(int from, int count, byte[] out, int position, int stride) {
        long values = data + (long) from * width;
        switch (width) {
            case 1 -> {
                byte flip = (byte) this.flip;
                for (int i = 0, at = position; i < count; i++, at += stride) {
                    out[at] = KeyBytes.VALID;
                    out[at + 1] = (byte) (MemoryUtil.getByte(values + i) ^ flip);
                }
            }
            case 2 -> {
                short flip = (short) this.flip;
                for (int i = 0, at = position; i < count; i++, at += stride) {
                    out[at] = KeyBytes.VALID;
                    KeyBytes.putShort(out, at + 1, (short) (MemoryUtil.getShort(values + ((long) i << 1)) ^ flip));
                }
            }
            case 4 -> {
                int flip = (int) this.flip;
                for (int i = 0, at = position; i < count; i++, at += stride) {
                    out[at] = KeyBytes.VALID;
                    KeyBytes.putInt(out, at + 1, MemoryUtil.getInt(values + ((long) i << 2)) ^ flip);
                }
            }
            default -> {
                long flip = this.flip;
                for (int i = 0, at = position; i < count; i++, at += stride) {
                    out[at] = KeyBytes.VALID;
                    KeyBytes.putLong(out, at + 1, MemoryUtil.getLong(values + ((long) i << 3)) ^ flip);
                }
            }
        }
    }

    private void write1(long values, int count, byte[] out, int[] cursors) {
        byte flip = (byte) this.flip;
        for (int i = 0; i < count; i++) {
            int at = cursors[i + 1];
            out[at] = KeyBytes.VALID;
            out[at + 1] = (byte) (MemoryUtil.getByte(values + i) ^ flip);
            cursors[i + 1] = at + 2;
        }
    }

    private void write2(long values, int count, byte[] out, int[] cursors) {
        short flip = (short) this.flip;
        for (int i = 0; i < count; i++) {
            int at = cursors[i + 1];
            out[at] = KeyBytes.VALID;
            KeyBytes.putShort(out, at + 1, (short) (MemoryUtil.getShort(values + ((long) i << 1)) ^ flip));
            cursors[i + 1] = at + 3;
        }
    }

    private void write4(long values, int count, byte[] out, int[] cursors) {
        int flip = (int) this.flip;
        for (int i = 0; i < count; i++) {
            int at = cursors[i + 1];
            out[at] = KeyBytes.VALID;
            KeyBytes.putInt(out, at + 1, MemoryUtil.getInt(values + ((long) i << 2)) ^ flip);
            cursors[i + 1] = at + 5;
        }
    }

    private void write8(long values, int count, byte[] out, int[] cursors) {
        long flip = this.flip;
        for (int i = 0; i < count; i++) {
            int at = cursors[i + 1];
            out[at] = KeyBytes.VALID;
            KeyBytes.putLong(out, at + 1, MemoryUtil.getLong(values + ((long) i << 3)) ^ flip);
            cursors[i + 1] = at + 9;
        }
    }
}
