package dev.tableindex.model.key.arrow;

import dev.tableindex.model.key.KeyBytes;
import org.apache.arrow.memory.util.MemoryUtil;

/**
 * A value's bytes in Arrow memory, read as 8-byte words; byte by byte only where a word would pass the
 * end of the buffer that holds them (checked to hold the value when the batch was sized).
 */
final class MemoryWords implements KeyBytes.WordSource {
    /** Values up to this many bytes take only mini blocks. */
    private static final int SHORT = KeyBytes.MINI_BLOCK * KeyBytes.MINI_BLOCKS;
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
        return partialWord(address + index, bytes, end);
    }

    /**
     * Writes the non-empty value of {@code length} bytes at {@code address} (in a buffer that ends at
     * {@code end}) in blocks at {@code at} in {@code out}, as {@link KeyBytes#putBlocks} does; returns the
     * position after it. Short values are read straight from memory (no word source: measurably faster).
     */
    int put(byte[] out, int at, int length, long address, long end) {
        if (length <= SHORT) {
            return putMiniBlocks(out, at, length, address, end);
        }
        return KeyBytes.putBlocks(out, at, length, at(address, end));
    }

    /**
     * A value of 1 to 32 bytes at {@code address} (in a buffer that ends at {@code end}), written as
     * {@link KeyBytes#putBlocks} writes it (02, then 8-byte mini blocks) but read straight from memory: the
     * short values a key mostly holds, without the word source's indirection. Returns the position after it.
     */
    private static int putMiniBlocks(byte[] out, int at, int length, long address, long end) {
        out[at++] = KeyBytes.NON_EMPTY;
        int done = 0;
        for (; length - done > KeyBytes.MINI_BLOCK; done += KeyBytes.MINI_BLOCK, at += KeyBytes.MINI_BLOCK + 1) {
            KeyBytes.putWord(out, at, MemoryUtil.getLong(address + done));
            out[at + KeyBytes.MINI_BLOCK] = KeyBytes.CONTINUATION;
        }
        int left = length - done;
        KeyBytes.putWord(out, at, partialWord(address + done, left, end));
        out[at + KeyBytes.MINI_BLOCK] = (byte) left;
        return at + KeyBytes.MINI_BLOCK + 1;
    }

    /** The {@code bytes} (1..8) bytes at {@code at}, the rest of the word zero; byte by byte near {@code end}. */
    private static long partialWord(long at, int bytes, long end) {
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
