package dev.tableindex.model.lancefile.v21;

/**
 * Byte stream split (Lance {@code byte_stream_split.rs}): a chunk of {@code count} values of {@code w} bytes is
 * {@code w} streams of {@code count} bytes, stream {@code j} holding byte {@code j} of every value.
 */
final class ByteStreamSplitDecoder {
    private ByteStreamSplitDecoder() {
    }

    static DataBlock.Fixed decode(Slice buffer, int bits, int count) {
        int width = bits / 8;
        long total = (long) count * width;
        if (bits % 8 != 0 || buffer.length() != total) {
            throw buffer.page().bad(buffer.offsetOf(0), count + " byte-stream-split values of " + bits
                    + " bits in " + buffer.length() + " bytes");
        }
        buffer.page().take(total, buffer.offsetOf(0), "byte-stream-split values");
        byte[] in = buffer.copy();
        byte[] out = new byte[(int) total];
        for (int i = 0; i < count; i++) {
            for (int j = 0; j < width; j++) {
                out[i * width + j] = in[j * count + i];
            }
        }
        return new DataBlock.Fixed(bits, count, out);
    }
}
