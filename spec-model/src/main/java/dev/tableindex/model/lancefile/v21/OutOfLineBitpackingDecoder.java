package dev.tableindex.model.lancefile.v21;

/**
 * Out-of-line bitpacking (Lance {@code bitpacking.rs} unpack_out_of_line): every value packed at one width, in
 * {@link FastLanes} blocks of 1024; a last partial block is either packed as a whole block or, when that would be
 * larger, kept as raw words (the buffer's length tells which).
 */
final class OutOfLineBitpackingDecoder {
    private OutOfLineBitpackingDecoder() {
    }

    static DataBlock.Fixed decode(Slice buffer, int wordBits, int width, int count) {
        PageContext page = buffer.page();
        int wordBytes = wordBits / 8;
        if (buffer.length() % wordBytes != 0) {
            throw page.bad(buffer.offsetOf(0), "out-of-line bitpacked buffer of " + buffer.length()
                    + " bytes is not whole " + wordBits + "-bit words");
        }
        int blockBytes = FastLanes.packedBytes(width);
        int whole = count / FastLanes.BLOCK;
        int tail = count % FastLanes.BLOCK;
        long wholeBytes = (long) whole * blockBytes;
        boolean rawTail = tail > 0 && buffer.length() == wholeBytes + (long) tail * wordBytes;
        long needed = wholeBytes + (tail == 0 ? 0 : rawTail ? (long) tail * wordBytes : blockBytes);
        if (buffer.length() < needed) {
            throw page.bad(buffer.offsetOf(0), count + " values packed at " + width + " bits need " + needed
                    + " bytes, the buffer has " + buffer.length());
        }
        page.take((long) count * wordBytes, buffer.offsetOf(0), "out-of-line bitpacked values");
        byte[] out = new byte[count * wordBytes];
        for (int block = 0; block < whole; block++) {
            long[] values = FastLanes.unpack(buffer, block * blockBytes, wordBits, width);
            FastLanes.toBytes(values, FastLanes.BLOCK, wordBits, out, block * FastLanes.BLOCK * wordBytes);
        }
        if (tail > 0) {
            int at = whole * FastLanes.BLOCK * wordBytes;
            if (rawTail) {
                System.arraycopy(buffer.copy(wholeBytes, (long) tail * wordBytes, "raw tail"), 0, out, at,
                        tail * wordBytes);
            } else {
                FastLanes.toBytes(FastLanes.unpack(buffer, (int) wholeBytes, wordBits, width), tail, wordBits, out, at);
            }
        }
        return new DataBlock.Fixed(wordBits, count, out);
    }
}
