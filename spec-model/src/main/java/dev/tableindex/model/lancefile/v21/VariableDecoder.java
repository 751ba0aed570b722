package dev.tableindex.model.lancefile.v21;

/**
 * Variable-width values (Lance {@code binary.rs}). In a mini-block chunk: {@code count + 1} offsets (32 or 64 bits)
 * into the chunk's own buffer, then the bytes. In a whole buffer (a dictionary): a header (offset width, where the
 * bytes start), the offsets, then the bytes; Lance still reads an older header form, and so does the kit.
 */
final class VariableDecoder {
    private VariableDecoder() {
    }

    static DataBlock.Variable chunk(Slice buffer, int offsetBits, int count) {
        int width = offsetBits / 8;
        long[] offsets = offsets(buffer, 0, width, count);
        long start = offsets[0];
        long end = offsets[count];
        if (end > buffer.length()) {
            throw buffer.page().bad(buffer.offsetOf(0), "variable-width values end at " + end + ", past the "
                    + buffer.length() + "-byte chunk buffer");
        }
        for (int i = 0; i <= count; i++) {
            offsets[i] -= start;
        }
        buffer.page().take(end - start, buffer.offsetOf(0), "variable-width values");
        return new DataBlock.Variable(offsets, buffer.copy(start, end - start, "variable-width values"));
    }

    static DataBlock.Variable block(Slice buffer, int count) {
        PageContext page = buffer.page();
        boolean older = buffer.u8(1) != 0 || buffer.u8(2) != 0 || buffer.u8(3) != 0;
        int bits = older ? buffer.u8(0) : (int) buffer.u32(0);
        if (bits != 32 && bits != 64) {
            throw page.bad(buffer.offsetOf(0), "variable-width block with " + Integer.toUnsignedString(bits)
                    + "-bit offsets");
        }
        int width = bits / 8;
        long offsetsAt;
        long bytesAt;
        if (older) {
            offsetsAt = 1 + 2L * width;
            bytesAt = buffer.word(1 + width, width);
        } else {
            offsetsAt = 2L * width;
            bytesAt = buffer.word(width, width);
        }
        if (Long.compareUnsigned(bytesAt, buffer.length()) > 0 || bytesAt - offsetsAt < (long) (count + 1) * width) {
            throw page.bad(buffer.offsetOf(0), "variable-width block with its bytes at "
                    + Long.toUnsignedString(bytesAt) + " leaves no room for " + (count + 1) + " offsets");
        }
        Slice data = buffer.slice(bytesAt, buffer.length() - bytesAt, "variable-width bytes");
        long[] offsets = offsets(buffer, (int) offsetsAt, width, count);
        long start = offsets[0];
        long end = offsets[count];
        if (end > data.length()) {
            throw page.bad(data.offsetOf(0), "variable-width values end at " + end + ", past the "
                    + data.length() + " bytes of the block");
        }
        for (int i = 0; i <= count; i++) {
            offsets[i] -= start;
        }
        page.take(end - start, data.offsetOf(0), "variable-width values");
        return new DataBlock.Variable(offsets, data.copy(start, end - start, "variable-width values"));
    }

    /** {@code count + 1} non-decreasing unsigned offsets of {@code width} bytes at {@code at}. */
    private static long[] offsets(Slice buffer, int at, int width, int count) {
        PageContext page = buffer.page();
        if ((long) (count + 1) * width > buffer.length() - (long) at) {
            throw page.bad(buffer.offsetOf(0), (count + 1) + " offsets of " + width + " bytes do not fit the "
                    + buffer.length() + "-byte buffer");
        }
        page.take(8L * (count + 1), buffer.offsetOf(at), "variable-width offsets");
        long[] offsets = new long[count + 1];
        for (int i = 0; i <= count; i++) {
            offsets[i] = buffer.word(at + i * width, width);
            if (offsets[i] < 0 || i > 0 && offsets[i] < offsets[i - 1]) {
                throw page.bad(buffer.offsetOf(at + i * width), "variable-width offset " + i + " ("
                        + Long.toUnsignedString(offsets[i]) + ") is below the one before it");
            }
        }
        return offsets;
    }
}
