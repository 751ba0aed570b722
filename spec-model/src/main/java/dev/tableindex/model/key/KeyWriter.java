package dev.tableindex.model.key;

import java.util.Arrays;

/**
 * Appends ARROW_ROW_V1 key encodings (ascending, nulls first) to one growable buffer: the writer a
 * row loop reuses, so encoding allocates nothing per value. The rules, from the spec's "Key Encoding"
 * and arrow-row (arrow-row-rules.md §2):
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
    static final int MINI_BLOCK = 8;
    static final int MINI_BLOCKS = 4;
    static final int BLOCK = 32;
    static final byte CONTINUATION = (byte) 0xFF;
    static final byte NULL = 0;
    static final byte VALID = 1;
    static final byte EMPTY = 1;
    static final byte NON_EMPTY = 2;

    private byte[] buffer;
    private int size;

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
            buffer[size++] = NULL;
        } else {
            ensure(1 + kind.width());
            Arrays.fill(buffer, size, size + 1 + kind.width(), NULL);
            size += 1 + kind.width();
        }
    }

    public void writeBool(boolean value) {
        ensure(2);
        buffer[size++] = VALID;
        buffer[size++] = (byte) (value ? 1 : 0);
    }

    /** A signed integer of {@code width} bytes (also date32, date64, timestamp). */
    public void writeSigned(long value, int width) {
        writeBigEndian(value ^ (1L << (8 * width - 1)), width);
    }

    /** An unsigned integer of {@code width} bytes (uint64 as its unsigned bits). */
    public void writeUnsigned(long value, int width) {
        writeBigEndian(value, width);
    }

    public void writeFloatBits(int bits) {
        // sign set: invert everything; sign clear: flip the sign bit only
        writeBigEndian(bits < 0 ? ~bits : bits ^ 0x8000_0000, 4);
    }

    public void writeDoubleBits(long bits) {
        writeBigEndian(bits < 0 ? ~bits : bits ^ 0x8000_0000_0000_0000L, 8);
    }

    private void writeBigEndian(long value, int width) {
        ensure(1 + width);
        buffer[size++] = VALID;
        for (int shift = 8 * (width - 1); shift >= 0; shift -= 8) {
            buffer[size++] = (byte) (value >>> shift);
        }
    }

    /** A non-null string (its UTF-8 bytes) or binary value. */
    public void writeBytes(byte[] value, int offset, int length) {
        if (length == 0) {
            ensure(1);
            buffer[size++] = EMPTY;
            return;
        }
        ensure(encodedLength(length));
        buffer[size++] = NON_EMPTY;
        int written = 0;
        for (int block = 0; written < length; block++) {
            int blockSize = block < MINI_BLOCKS ? MINI_BLOCK : BLOCK;
            int chunk = Math.min(blockSize, length - written);
            System.arraycopy(value, offset + written, buffer, size, chunk);
            Arrays.fill(buffer, size + chunk, size + blockSize, (byte) 0);
            size += blockSize;
            written += chunk;
            buffer[size++] = written < length ? CONTINUATION : (byte) chunk;
        }
    }

    /** Bytes a non-empty variable-width value of {@code length} bytes takes (arrow-row's padded length). */
    static int encodedLength(int length) {
        if (length <= MINI_BLOCK * MINI_BLOCKS) {
            return 1 + ceilDiv(length, MINI_BLOCK) * (MINI_BLOCK + 1);
        }
        return 1 + MINI_BLOCKS * (MINI_BLOCK + 1) + ceilDiv(length - MINI_BLOCK * MINI_BLOCKS, BLOCK) * (BLOCK + 1);
    }

    private static int ceilDiv(int a, int b) {
        return (a + b - 1) / b;
    }

    private void ensure(int more) {
        if (size + more > buffer.length) {
            buffer = Arrays.copyOf(buffer, Math.max(buffer.length * 2, size + more));
        }
    }
}
