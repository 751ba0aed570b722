package dev.tableindex.model.lancefile.v21;

/**
 * Decoded values before they become a column's Java values (Lance's {@code DataBlock}): fixed-width values packed
 * little-endian ({@code bitsPerValue} 1 packs bits, least significant first), or variable-width values as
 * {@code count + 1} offsets into their bytes, starting at 0. Null slots hold placeholder values; which slots are
 * null is told by the definition levels.
 */
sealed interface DataBlock {
    int count();

    record Fixed(int bitsPerValue, int count, byte[] data) implements DataBlock {
        public Fixed {
            if (bitsPerValue < 1 || bitsPerValue > 64 * 1024 || ((long) count * bitsPerValue + 7) / 8 > data.length) {
                throw new IllegalArgumentException(count + " values of " + bitsPerValue + " bits in " + data.length
                        + " bytes");
            }
        }

        int bytesPerValue() {
            return bitsPerValue / 8;
        }

        /** Value {@code i} as an unsigned little-endian word (raw bits for 64); bits 1, 8, 16, 32 or 64. */
        long word(int i) {
            if (bitsPerValue == 1) {
                return (data[i >>> 3] >>> (i & 7)) & 1;
            }
            int width = bitsPerValue / 8;
            long value = 0;
            for (int b = width - 1; b >= 0; b--) {
                value = value << 8 | (data[i * width + b] & 0xff);
            }
            return value;
        }
    }

    record Variable(long[] offsets, byte[] data) implements DataBlock {
        public Variable {
            if (offsets.length == 0 || offsets[0] != 0 || offsets[offsets.length - 1] > data.length) {
                throw new IllegalArgumentException("offsets do not span the data");
            }
            for (int i = 1; i < offsets.length; i++) {
                if (offsets[i] < offsets[i - 1]) {
                    throw new IllegalArgumentException("offsets decrease at " + i);
                }
            }
        }

        @Override
        public int count() {
            return offsets.length - 1;
        }

        byte[] value(int i) {
            return java.util.Arrays.copyOfRange(data, (int) offsets[i], (int) offsets[i + 1]);
        }
    }
}
