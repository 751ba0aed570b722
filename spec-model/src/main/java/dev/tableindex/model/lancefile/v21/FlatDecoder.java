package dev.tableindex.model.lancefile.v21;

/** Flat: fixed-width values one after another, little-endian; 1-bit values packed least significant bit first. */
final class FlatDecoder {
    private FlatDecoder() {
    }

    static DataBlock.Fixed decode(Slice buffer, int bits, int count) {
        long needed = ((long) count * bits + 7) / 8;
        if (buffer.length() < needed) {
            throw buffer.page().bad(buffer.offsetOf(0), count + " flat values of " + bits + " bits need " + needed
                    + " bytes, the buffer has " + buffer.length());
        }
        buffer.page().take(needed, buffer.offsetOf(0), "flat values");
        return new DataBlock.Fixed(bits, count, buffer.copy(0, needed, "flat values"));
    }
}
