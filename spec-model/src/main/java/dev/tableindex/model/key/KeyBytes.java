package dev.tableindex.model.key;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * The byte layout of ARROW_ROW_V1 keys (lance-list-element-index.md, "Key Encoding"; arrow-row-rules.md §2)
 * as constants and stores into a {@code byte[]}: the primitives both {@link KeyWriter} (one value at a
 * time) and the Arrow batch encoder (column by column into {@link KeyRows}) write with. Numbers go in as
 * one big-endian store each; variable-width values as 8-byte words in memory order.
 */
public final class KeyBytes {
    /** A null key's first byte (nulls first). */
    public static final byte NULL = 0;
    /** A non-null fixed-width key's first byte. */
    public static final byte VALID = 1;
    /** An empty variable-width value. */
    public static final byte EMPTY = 1;
    /** A non-empty variable-width value's first byte. */
    public static final byte NON_EMPTY = 2;
    /** A block's last byte when more bytes follow. */
    public static final byte CONTINUATION = (byte) 0xFF;
    public static final int MINI_BLOCK = 8;
    public static final int MINI_BLOCKS = 4;
    public static final int BLOCK = 32;

    /** The longest variable-width value a batch takes: its encoding must fit an {@code int}. */
    public static final int MAX_VALUE_LENGTH = 2_000_000_000;

    private static final VarHandle SHORT_BE = MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.BIG_ENDIAN);
    private static final VarHandle INT_BE = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);
    private static final VarHandle LONG_BE = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);
    private static final VarHandle LONG_NATIVE = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.nativeOrder());
    private static final boolean LITTLE_ENDIAN = ByteOrder.nativeOrder() == ByteOrder.LITTLE_ENDIAN;

    private KeyBytes() {
    }

    /** Bytes a variable-width value of {@code length} bytes takes: 1 when empty, else arrow-row's padded length. */
    public static int encodedLength(int length) {
        if (length <= MINI_BLOCK * MINI_BLOCKS) {
            return 1 + ((length + MINI_BLOCK - 1) >>> 3) * (MINI_BLOCK + 1); // 1 for the empty value
        }
        return 1 + MINI_BLOCKS * (MINI_BLOCK + 1) + ((length - MINI_BLOCK * MINI_BLOCKS + BLOCK - 1) >>> 5) * (BLOCK + 1);
    }

    /** Signed integers flip their sign bit; this is the mask for a {@code width}-byte one. */
    public static long signFlip(int width) {
        return 1L << (8 * width - 1);
    }

    /** Float bits in key order: all bits inverted when the sign is set, else the sign bit flipped. */
    public static int orderedFloatBits(int bits) {
        return bits ^ ((bits >> 31) | 0x8000_0000);
    }

    public static long orderedDoubleBits(long bits) {
        return bits ^ ((bits >> 63) | 0x8000_0000_0000_0000L);
    }

    /** Stores the low {@code width} bytes of {@code value} big-endian at {@code at}; width 1, 2, 4 or 8. */
    public static void putBigEndian(byte[] out, int at, long value, int width) {
        switch (width) {
            case 1 -> out[at] = (byte) value;
            case 2 -> putShort(out, at, (short) value);
            case 4 -> putInt(out, at, (int) value);
            case 8 -> putLong(out, at, value);
            default -> throw new IllegalArgumentException("width " + width);
        }
    }

    public static void putShort(byte[] out, int at, short value) {
        SHORT_BE.set(out, at, value);
    }

    public static void putInt(byte[] out, int at, int value) {
        INT_BE.set(out, at, value);
    }

    public static void putLong(byte[] out, int at, long value) {
        LONG_BE.set(out, at, value);
    }

    /** Reads 8 bytes of {@code in} at {@code at} as a big-endian number (so unsigned order = byte order). */
    public static long getLong(byte[] in, int at) {
        return (long) LONG_BE.get(in, at);
    }

    /** Stores an 8-byte word whose bytes are in memory order (as read from memory) at {@code at}. */
    public static void putWord(byte[] out, int at, long word) {
        LONG_NATIVE.set(out, at, word);
    }

    /** Reads 8 bytes of {@code in} at {@code at} as a word in memory order. */
    public static long getWord(byte[] in, int at) {
        return (long) LONG_NATIVE.get(in, at);
    }

    /** A word in memory order with only its first {@code bytes} bytes (1..8) kept, the rest zero. */
    public static long keepFirst(long word, int bytes) {
        long mask = bytes >= 8 ? -1L : (1L << (bytes << 3)) - 1;
        return LITTLE_ENDIAN ? word & mask : word & ~(-1L >>> (bytes << 3));
    }

    /** A word in memory order whose byte {@code i} (0..7) is {@code b}, the others zero. */
    public static long byteAt(byte b, int i) {
        return LITTLE_ENDIAN ? (b & 0xFFL) << (i << 3) : (b & 0xFFL) << ((7 - i) << 3);
    }

    /**
     * Writes a non-empty value in blocks at {@code at} ({@code 02}, then 8-byte mini blocks for the first 32
     * bytes and 32-byte blocks after, each zero-padded and ended by {@code FF} when more follows, else by
     * the bytes it holds), reading its 8-byte words from {@code source}; returns the position after it.
     */
    public static int putBlocks(byte[] out, int at, int length, WordSource source) {
        out[at++] = NON_EMPTY;
        int done = 0;
        for (int block = 0; block < MINI_BLOCKS; block++) {
            int left = length - done;
            if (left <= MINI_BLOCK) {
                putWord(out, at, left == MINI_BLOCK ? source.word(done) : source.partialWord(done, left));
                out[at + MINI_BLOCK] = (byte) left;
                return at + MINI_BLOCK + 1;
            }
            putWord(out, at, source.word(done));
            out[at + MINI_BLOCK] = CONTINUATION;
            at += MINI_BLOCK + 1;
            done += MINI_BLOCK;
        }
        while (true) {
            int left = length - done;
            int inBlock = Math.min(left, BLOCK);
            for (int w = 0; w < BLOCK; w += MINI_BLOCK) {
                int wordBytes = inBlock - w;
                long word = wordBytes >= MINI_BLOCK ? source.word(done + w)
                        : wordBytes > 0 ? source.partialWord(done + w, wordBytes) : 0L;
                putWord(out, at + w, word);
            }
            done += inBlock;
            if (done == length) {
                out[at + BLOCK] = (byte) inBlock;
                return at + BLOCK + 1;
            }
            out[at + BLOCK] = CONTINUATION;
            at += BLOCK + 1;
        }
    }

    /** A value's bytes as 8-byte words in memory order. */
    public interface WordSource {
        /** The 8 bytes at {@code index}. */
        long word(int index);

        /** The {@code bytes} (1..7) bytes at {@code index}, the rest of the word zero. */
        long partialWord(int index, int bytes);
    }
}
