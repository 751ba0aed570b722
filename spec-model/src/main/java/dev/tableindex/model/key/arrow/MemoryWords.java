package dev.tableindex.model.key.arrow;

import dev.tableindex.model.key.KeyBytes;
import org.apache.arrow.memory.util.MemoryUtil;

/**
 * A value's bytes in Arrow memory, read as 8-byte words; byte by byte only where a word would pass the
 * end of the buffer that holds them (checked to hold the value when the batch was sized).
 */
final class MemoryWords implements KeyBytes.WordSource {
    private long address;
    private long end;

    /** The value at {@code address}, in a buffer that ends at {@code end}. */
    MemoryWords at(long address, long end) {
        this.address = address;
        this.end = end;
        return this;
    }

    @Override
    public long word(int index) {
        return MemoryUtil.getLong(address + index);
    }

    @Override
    public long partialWord(int index, int bytes) {
        long at = address + index;
        if (at + KeyBytes.MINI_BLOCK <= end) {
            return KeyBytes.keepFirst(MemoryUtil.getLong(at), bytes);
        }
        long word = 0;
        for (int i = 0; i < bytes; i++) {
            word |= KeyBytes.byteAt(MemoryUtil.getByte(at + i), i);
        }
        return word;
    }
}
