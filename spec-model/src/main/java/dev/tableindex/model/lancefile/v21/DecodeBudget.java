package dev.tableindex.model.lancefile.v21;

/**
 * The kit's ceilings for decoding one file, so that a damaged count or length is refused
 * ({@link PageContext#outOfRange}) before it sizes an allocation. Compressed pages (run lengths, dictionaries,
 * constant and all-null pages) legitimately hold far more than their bytes, so the ceilings are absolute, not a
 * ratio of the file size: {@link #MAX_ROWS} rows and {@link #MAX_BYTES} bytes of decoded values in all
 * (docs/lance-files.md).
 */
public final class DecodeBudget {
    /** Rows (items) the kit decodes from one file. */
    public static final long MAX_ROWS = 1L << 22;
    /** Bytes of decoded values and decompressed buffers the kit materializes for one file. */
    public static final long MAX_BYTES = 1L << 28;

    private long bytesLeft = MAX_BYTES;

    /** Takes {@code bytes} from the budget before they are allocated, or refuses. */
    void take(long bytes, PageContext page, long offset, String what) {
        if (bytes < 0 || bytes > bytesLeft) {
            throw page.outOfRange(offset, what + " needs " + Long.toUnsignedString(bytes)
                    + " bytes, more than the kit decodes from one file (" + MAX_BYTES + " in all)");
        }
        bytesLeft -= bytes;
    }
}
