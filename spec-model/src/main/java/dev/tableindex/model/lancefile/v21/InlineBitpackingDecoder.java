package dev.tableindex.model.lancefile.v21;

/**
 * Inline bitpacking (Lance {@code bitpacking.rs} InlineBitpacking): a block of at most 1024 values is one word of the
 * uncompressed width holding the bit width, then one {@link FastLanes} block packed at that width.
 */
final class InlineBitpackingDecoder {
    private InlineBitpackingDecoder() {
    }

    static DataBlock.Fixed decode(Slice buffer, int wordBits, int count) {
        PageContext page = buffer.page();
        if (count > FastLanes.BLOCK) {
            throw page.bad(buffer.offsetOf(0), count + " inline-bitpacked values in one block (at most 1024)");
        }
        int wordBytes = wordBits / 8;
        long width = buffer.word(0, wordBytes);
        if (Long.compareUnsigned(width, wordBits) > 0) {
            throw page.bad(buffer.offsetOf(0), "inline-bitpacked block of " + Long.toUnsignedString(width)
                    + "-bit values packed from " + wordBits + " bits");
        }
        long expected = wordBytes + FastLanes.packedBytes((int) width);
        if (buffer.length() != expected) {
            throw page.bad(buffer.offsetOf(0), "inline-bitpacked block at " + width + " bits has " + buffer.length()
                    + " bytes, not " + expected);
        }
        page.take((long) count * wordBytes, buffer.offsetOf(0), "inline-bitpacked values");
        long[] values = FastLanes.unpack(buffer, wordBytes, wordBits, (int) width);
        byte[] out = FastLanes.toBytes(values, count, wordBits, new byte[count * wordBytes], 0);
        return new DataBlock.Fixed(wordBits, count, out);
    }
}
