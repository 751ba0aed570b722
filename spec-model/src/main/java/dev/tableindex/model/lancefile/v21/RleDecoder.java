package dev.tableindex.model.lancefile.v21;

/**
 * Run-length encoding (Lance {@code rle.rs}): a chunk's runs as two buffers, each run's value (8, 16, 32 or 64
 * bits) and its length (u8). As Lance's reader does, runs past the chunk's count are ignored; fewer values than
 * the count is an error.
 */
final class RleDecoder {
    private RleDecoder() {
    }

    static DataBlock.Fixed decode(Slice values, Slice lengths, int bits, int count) {
        PageContext page = values.page();
        int width = bits / 8;
        if (count == 0) {
            return new DataBlock.Fixed(bits, 0, new byte[0]);
        }
        if (values.length() % width != 0 || values.length() / width != lengths.length()) {
            throw page.bad(values.offsetOf(0), "rle chunk with " + values.length() + " bytes of " + bits
                    + "-bit run values and " + lengths.length() + " run lengths");
        }
        page.take((long) count * width, values.offsetOf(0), "run-length decoded values");
        byte[] out = new byte[count * width];
        int filled = 0;
        for (int run = 0; run < lengths.length() && filled < count; run++) {
            byte[] value = values.copy((long) run * width, width, "run value");
            int length = Math.min(lengths.u8(run), count - filled);
            for (int i = 0; i < length; i++, filled++) {
                System.arraycopy(value, 0, out, filled * width, width);
            }
        }
        if (filled != count) {
            throw page.bad(lengths.offsetOf(0), "rle runs hold " + filled + " values, the chunk has " + count);
        }
        return new DataBlock.Fixed(bits, count, out);
    }
}
