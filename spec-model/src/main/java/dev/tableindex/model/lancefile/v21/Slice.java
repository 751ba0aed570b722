package dev.tableindex.model.lancefile.v21;

import java.util.Arrays;

/**
 * A bounds-checked, little-endian view of some bytes: a span of the file, or a buffer the kit decompressed from one
 * ({@code origin} is then the compressed buffer's file offset, so errors still point into the file). Every read
 * outside the view is a {@link PageContext#bad} error, never an index exception.
 */
final class Slice {
    private final byte[] bytes;
    private final int start;
    private final int length;
    /** File offset of byte 0 of a file span; the compressed buffer's offset for decompressed bytes. */
    private final long origin;
    private final boolean inFile;
    private final PageContext page;

    private Slice(byte[] bytes, int start, int length, long origin, boolean inFile, PageContext page) {
        this.bytes = bytes;
        this.start = start;
        this.length = length;
        this.origin = origin;
        this.inFile = inFile;
        this.page = page;
    }

    /** Bytes the kit made (decompressed) from the file span at {@code origin}. */
    static Slice decoded(byte[] bytes, long origin, PageContext page) {
        return new Slice(bytes, 0, bytes.length, origin, false, page);
    }

    /** {@code size} bytes of {@code file} at {@code offset}, which must lie before {@code end} (the footer's start). */
    static Slice ofFile(byte[] file, long offset, long size, int end, PageContext page, String what) {
        if (Long.compareUnsigned(offset, end) > 0 || Long.compareUnsigned(size, end - offset) > 0) {
            throw page.outOfRange(page.metadataAt(), what + " at " + Long.toUnsignedString(offset) + " of "
                    + Long.toUnsignedString(size) + " bytes is outside the file's data (before " + end + ")");
        }
        return new Slice(file, (int) offset, (int) size, offset, true, page);
    }

    int length() {
        return length;
    }

    PageContext page() {
        return page;
    }

    /** The file offset of byte {@code at} of this view (for a decompressed view: of its compressed buffer). */
    long offsetOf(int at) {
        return inFile ? origin + at : origin;
    }

    private void check(long at, long count, String what) {
        if (at < 0 || count < 0 || at + count > length) {
            throw page.bad(offsetOf(0), what + ": " + count + " bytes at " + at + " of a " + length + "-byte buffer");
        }
    }

    int u8(int at) {
        check(at, 1, "a byte past the end");
        return bytes[start + at] & 0xff;
    }

    int u16(int at) {
        check(at, 2, "a 2-byte word past the end");
        return (bytes[start + at] & 0xff) | (bytes[start + at + 1] & 0xff) << 8;
    }

    long u32(int at) {
        check(at, 4, "a 4-byte word past the end");
        return word(at, 4);
    }

    long u64(int at) {
        check(at, 8, "an 8-byte word past the end");
        return word(at, 8);
    }

    /** An unsigned little-endian word of {@code width} bytes (1, 2, 4 or 8) as a long (8 bytes: the raw bits). */
    long word(int at, int width) {
        check(at, width, "a " + width + "-byte word past the end");
        long value = 0;
        for (int i = width - 1; i >= 0; i--) {
            value = value << 8 | (bytes[start + at + i] & 0xff);
        }
        return value;
    }

    Slice slice(long from, long count, String what) {
        check(from, count, what);
        return new Slice(bytes, start + (int) from, (int) count, inFile ? origin + from : origin, inFile, page);
    }

    byte[] copy(long from, long count, String what) {
        check(from, count, what);
        return Arrays.copyOfRange(bytes, start + (int) from, start + (int) (from + count));
    }

    byte[] copy() {
        return Arrays.copyOfRange(bytes, start, start + length);
    }
}
