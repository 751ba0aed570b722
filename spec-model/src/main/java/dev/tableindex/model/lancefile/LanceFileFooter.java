package dev.tableindex.model.lancefile;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/**
 * The 40 bytes that end every Lance v2.x file, little-endian: column_meta_start u64, cmo_table_offset u64,
 * gbo_table_offset u64, num_global_buffers u32, num_columns u32, major u16, minor u16, {@code "LANC"}
 * (Lance {@code protos/file2.proto} "File Layout", {@code rust/lance-file/src/reader.rs} decode_footer).
 * Counts are unsigned 32-bit values held in a {@code long}.
 */
public record LanceFileFooter(long columnMetaStart, long cmoTableOffset, long gboTableOffset,
                              long numGlobalBuffers, long numColumns, int major, int minor) {
    public static final int SIZE = 40;
    public static final byte[] MAGIC = "LANC".getBytes(StandardCharsets.US_ASCII);
    /** Bytes per entry of the column-metadata and global-buffer offset tables (position u64, size u64). */
    public static final int TABLE_ENTRY = 16;

    /** The format version as Lance names it: footer 0.3 and 2.0 are both "2.0". */
    public String version() {
        return isV2_0() ? "2.0" : major + "." + minor;
    }

    /** True for the v2.0 format (footer 0.3, or 2.0), whose pages use the v2.0 encodings. */
    public boolean isV2_0() {
        return (major == 0 && minor == 3) || (major == 2 && minor == 0);
    }

    byte[] encode() {
        return ByteBuffer.allocate(SIZE).order(ByteOrder.LITTLE_ENDIAN)
                .putLong(columnMetaStart)
                .putLong(cmoTableOffset)
                .putLong(gboTableOffset)
                .putInt((int) numGlobalBuffers)
                .putInt((int) numColumns)
                .putShort((short) major)
                .putShort((short) minor)
                .put(MAGIC)
                .array();
    }

    /**
     * Reads the footer at the end of {@code bytes} and checks that its tables lie inside the file:
     * magic first (not a Lance file), then the version (a v1 file ends in the same 8 bytes), then the offsets.
     */
    static LanceFileFooter decode(byte[] bytes, String source) {
        int length = bytes.length;
        if (length < MAGIC.length || !endsWithMagic(bytes)) {
            throw new LanceFileFormatException(LanceFileProblem.NOT_LANCE, source, Math.max(0, length - MAGIC.length),
                    "footer.magic", "not a Lance file: it does not end in \"LANC\"");
        }
        if (length < 8) {
            throw new LanceFileFormatException(LanceFileProblem.TRUNCATED, source, 0, "footer",
                    "file has " + length + " bytes, too few for a Lance footer");
        }
        ByteBuffer tail = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        int major = Short.toUnsignedInt(tail.getShort(length - 8));
        int minor = Short.toUnsignedInt(tail.getShort(length - 6));
        if (major == 0 && minor <= 2) {
            throw new LanceFileFormatException(LanceFileProblem.LEGACY_FORMAT, source, length - 8, "footer.major_version",
                    "a Lance v1 (legacy) file, version " + major + "." + minor + "; only v2.x files (footer 0.3 or 2.x) are read");
        }
        if (!(major == 0 && minor == 3) && major != 2) {
            throw new LanceFileFormatException(LanceFileProblem.UNSUPPORTED_VERSION, source, length - 8,
                    "footer.major_version", "unknown Lance file version " + major + "." + minor
                            + " (this reader knows v2.x: footer 0.3 or 2.x)");
        }
        if (length < SIZE) {
            throw new LanceFileFormatException(LanceFileProblem.TRUNCATED, source, 0, "footer",
                    "file has " + length + " bytes, fewer than the 40-byte v2 footer");
        }
        int start = length - SIZE;
        long columnMetaStart = tail.getLong(start);
        long cmoTable = tail.getLong(start + 8);
        long gboTable = tail.getLong(start + 16);
        long globalBuffers = Integer.toUnsignedLong(tail.getInt(start + 24));
        long columns = Integer.toUnsignedLong(tail.getInt(start + 28));
        checkTable(source, start, start + 8, "footer.cmo_table_offset", cmoTable, columns, "footer.num_columns",
                start + 28);
        checkTable(source, start, start + 16, "footer.gbo_table_offset", gboTable, globalBuffers,
                "footer.num_global_buffers", start + 24);
        if (globalBuffers == 0) {
            throw new LanceFileFormatException(LanceFileProblem.OUT_OF_RANGE, source, start + 24,
                    "footer.num_global_buffers", "no global buffers, so no file descriptor (global buffer 0)");
        }
        if (Long.compareUnsigned(columnMetaStart, cmoTable) > 0) {
            throw new LanceFileFormatException(LanceFileProblem.OUT_OF_RANGE, source, start, "footer.column_meta_start",
                    "column metadata start " + Long.toUnsignedString(columnMetaStart)
                            + " is after the column-metadata offset table at " + Long.toUnsignedString(cmoTable));
        }
        return new LanceFileFooter(columnMetaStart, cmoTable, gboTable, globalBuffers, columns, major, minor);
    }

    /** A table of {@code count} 16-byte entries at {@code offset} must end before the footer. */
    private static void checkTable(String source, int footerStart, int offsetAt, String offsetField, long offset,
                                   long count, String countField, int countAt) {
        long tableBytes = count * TABLE_ENTRY; // count < 2^32, no overflow
        if (tableBytes > footerStart) {
            throw new LanceFileFormatException(LanceFileProblem.OUT_OF_RANGE, source, countAt, countField,
                    count + " table entries need " + tableBytes + " bytes, the file has " + footerStart
                            + " before its footer");
        }
        if (Long.compareUnsigned(offset, footerStart - tableBytes) > 0) {
            throw new LanceFileFormatException(LanceFileProblem.OUT_OF_RANGE, source, offsetAt, offsetField,
                    "table at " + Long.toUnsignedString(offset) + " with " + count + " entries ends past the footer at "
                            + footerStart);
        }
    }

    private static boolean endsWithMagic(byte[] bytes) {
        for (int i = 0; i < MAGIC.length; i++) {
            if (bytes[bytes.length - MAGIC.length + i] != MAGIC[i]) {
                return false;
            }
        }
        return true;
    }
}
