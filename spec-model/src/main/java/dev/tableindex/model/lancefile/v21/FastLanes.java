package dev.tableindex.model.lancefile.v21;

/**
 * Unpacks one FastLanes block: 1024 values of {@code width} bits packed into {@code 1024 * width / T} words of
 * {@code T} bits (T = 8, 16, 32 or 64), as Lance's bitpacking crate lays them out ({@code rust/compression/bitpacking}):
 * the block is {@code 1024 / T} lanes; lane {@code l} holds the bits of its {@code T} values one after another in
 * words {@code l, l + lanes, l + 2 * lanes, ...}, and row {@code r} of lane {@code l} is value
 * {@code FL_ORDER[r / 8] * 16 + (r % 8) * 128 + l}.
 */
final class FastLanes {
    static final int BLOCK = 1024;
    private static final int[] FL_ORDER = {0, 4, 2, 6, 1, 5, 3, 7};

    private FastLanes() {
    }

    /** Bytes of one packed block. */
    static int packedBytes(int width) {
        return BLOCK * width / 8;
    }

    /** The 1024 values of the block at {@code from} in {@code packed} (its {@link #packedBytes} must be there). */
    static long[] unpack(Slice packed, int from, int wordBits, int width) {
        int wordBytes = wordBits / 8;
        int lanes = BLOCK / wordBits;
        long[] out = new long[BLOCK];
        if (width == 0) {
            return out;
        }
        long mask = width == 64 ? -1L : (1L << width) - 1;
        for (int lane = 0; lane < lanes; lane++) {
            for (int row = 0; row < wordBits; row++) {
                long bit = (long) row * width;
                int word = (int) (bit / wordBits);
                int shift = (int) (bit % wordBits);
                long value = packed.word(from + (lanes * word + lane) * wordBytes, wordBytes) >>> shift;
                if (shift + width > wordBits) {
                    value |= packed.word(from + (lanes * (word + 1) + lane) * wordBytes, wordBytes) << (wordBits - shift);
                }
                out[FL_ORDER[row / 8] * 16 + (row % 8) * 128 + lane] = value & mask;
            }
        }
        return out;
    }

    /** The first {@code count} of {@code values} as {@code wordBits}-bit little-endian words. */
    static byte[] toBytes(long[] values, int count, int wordBits, byte[] into, int at) {
        int width = wordBits / 8;
        for (int i = 0; i < count; i++) {
            long v = values[i];
            for (int b = 0; b < width; b++) {
                into[at + i * width + b] = (byte) (v >>> (8 * b));
            }
        }
        return into;
    }
}
