package dev.tableindex.model.key;

import java.util.Arrays;

/**
 * Appends ARROW_ROW_V1 key encodings (ascending, nulls first) to one growable buffer: the writer a
 * row loop reuses, so encoding allocates nothing per value. The rules, from the spec's "Key Encoding"
 * and arrow-row (arrow-row-rules.md §2), written with the {@link KeyBytes} primitives:
 *
 * <ul>
 *   <li>fixed width W: {@code 01} + W value bytes; null {@code 00} + W bytes {@code 00};</li>
 *   <li>signed integers (dates, timestamps): big-endian two's complement, most significant bit flipped;
 *       unsigned: big-endian; floats: raw bits, all inverted when the sign bit is set, else the sign
 *       bit flipped;</li>
 *   <li>variable width: null {@code 00}; empty {@code 01}; otherwise {@code 02}, then the bytes in
 *       blocks (8-byte mini blocks for the first 32 bytes, 32-byte blocks after), each zero-padded
 *       and ended by {@code FF} when more bytes follow, else by the number of bytes it holds.</li>
 * </ul>
 */
public final class KeyWriter {
    private byte[] buffer;
    private int size;
    private final ArrayWords words = new ArrayWords();

    public KeyWriter() {
        this(64);
    }

    public KeyWriter(int initialCapacity) {
        buffer = new byte[Math.max(16, initialCapacity)];
    }

    /** Starts a new tuple; the buffer is kept. */
    public KeyWriter reset() {
        size = 0;
        return this;
    }

    public int size() {
        return size;
    }

    /** Drops the bytes after the first {@code length} (e.g. a tuple that failed half-way). */
    public void truncate(int length) {
        if (length < 0 || length > size) {
            throw new IndexOutOfBoundsException("truncate to " + length + " bytes of " + size);
        }
        size = length;
    }

    /** The internal buffer: bytes {@code [0, size())} are the encoding so far. */
    public byte[] buffer() {
        return buffer;
    }

    public byte[] toByteArray() {
        return Arrays.copyOf(buffer, size);
    }

    /** A null key of {@code kind}. */
    public void writeNull(KeyType.Kind kind) {
        if (kind.variableWidth()) {
            ensure(1);
            buffer[size++] = KeyBytes.NULL;
        } else {
            ensure(1 + kind.width());
            Arrays.fill(buffer, size, size + 1 + kind.width(), KeyBytes.NULL);
            size += 1 + kind.width();
        }
    }

    public void writeBool(boolean value) {
        ensure(2);
        buffer[size++] = KeyBytes.VALID;
        buffer[size++] = (byte) (value ? 1 : 0);
    }

    /** A signed integer of {@code width} bytes (also date32, date64, timestamp). */
    public void writeSigned(long value, int width) {
        writeBigEndian(value ^ KeyBytes.signFlip(width), width);
    }

    /** An unsigned integer of {@code width} bytes (uint64 as its unsigned bits). */
    public void writeUnsigned(long value, int width) {
        writeBigEndian(value, width);
    }

    public void writeFloatBits(int bits) {
        writeBigEndian(KeyBytes.orderedFloatBits(bits), 4);
    }

    public void writeDoubleBits(long bits) {
        writeBigEndian(KeyBytes.orderedDoubleBits(bits), 8);
    }

    private void writeBigEndian(long value, int width) {
        ensure(1 + width);
        buffer[size] = KeyBytes.VALID;
        KeyBytes.putBigEndian(buffer, size + 1, value, width);
        size += 1 + width;
    }

    /** A non-null string (its UTF-8 bytes) or binary value. */
    public void writeBytes(byte[] value, int offset, int length) {
        words.value = value;
        words.offset = offset;
        writeBytes(length, words);
        words.value = null;
    }

    /** A non-null string or binary value of {@code length} bytes, read from {@code source} as words. */
    public void writeBytes(int length, KeyBytes.WordSource source) {
        if (length == 0) {
            ensure(1);
            buffer[size++] = KeyBytes.EMPTY;
            return;
        }
        ensure(KeyBytes.encodedLength(length));
        size = KeyBytes.putBlocks(buffer, size, length, source);
    }

    private void ensure(int more) {
        if (size + more > buffer.length) {
            buffer = Arrays.copyOf(buffer, Math.max(buffer.length * 2, size + more));
        }
    }

    /** A value's bytes in a {@code byte[]}, read as words; byte by byte where a word would pass the array's end. */
    private static final class ArrayWords implements KeyBytes.WordSource {
        byte[] value;
        int offset;

        @Override
        public long word(int index) {
            return KeyBytes.getWord(value, offset + index);
        }

        @Override
        public long partialWord(int index, int bytes) {
            int at = offset + index;
            if (at + KeyBytes.MINI_BLOCK <= value.length) {
                return KeyBytes.keepFirst(KeyBytes.getWord(value, at), bytes);
            }
            long word = 0;
            for (int i = 0; i < bytes; i++) {
                word |= KeyBytes.byteAt(value[at + i], i);
            }
            return word;
        }
    }
}
