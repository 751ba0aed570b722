package dev.tableindex.model.key.arrow;

import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.util.MemoryUtil;

/**
 * A validity bitmap bound for one batch: its address, checked once to cover the batch's rows, and
 * whether every row of the batch is valid (then the columns take their loops without null checks).
 */
final class Validity {
    private long address;
    private boolean allValid;

    /** Binds {@code bitmap} for rows {@code [from, from + count)} of {@code field}. */
    void bind(ArrowBuf bitmap, int from, int count, String field) {
        Buffers.checkCovers(bitmap, bitsBytes(from + count), field, "validity bitmap", from + count);
        address = bitmap.memoryAddress();
        allValid = allSet(address, from, from + count);
    }

    boolean allValid() {
        return allValid;
    }

    boolean isValid(int row) {
        return isSet(address, row);
    }

    /** Bytes a bitmap of {@code bits} bits takes. */
    static long bitsBytes(long bits) {
        return (bits + 7) >>> 3;
    }

    static boolean isSet(long address, int bit) {
        return (MemoryUtil.getByte(address + (bit >>> 3)) >> (bit & 7) & 1) != 0;
    }

    private static boolean allSet(long address, int from, int to) {
        int bit = from;
        for (; bit < to && (bit & 63) != 0; bit++) {
            if (!isSet(address, bit)) {
                return false;
            }
        }
        for (; bit + 64 <= to; bit += 64) {
            if (MemoryUtil.getLong(address + (bit >>> 3)) != -1L) {
                return false;
            }
        }
        for (; bit < to; bit++) {
            if (!isSet(address, bit)) {
                return false;
            }
        }
        return true;
    }
}
