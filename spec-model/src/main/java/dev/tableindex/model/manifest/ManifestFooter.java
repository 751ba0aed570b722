package dev.tableindex.model.manifest;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/**
 * The 16 bytes that end every manifest file: i64 position of the manifest's length prefix,
 * u16 major, u16 minor, {@code "LANC"}, all little-endian (lance-source-facts.md §2.2).
 */
public record ManifestFooter(long manifestPosition, int major, int minor) {
    public static final int SIZE = 16;
    public static final byte[] MAGIC = "LANC".getBytes(StandardCharsets.US_ASCII);
    /** The only major version of the classic manifest container; a columnar container uses another. */
    public static final int SUPPORTED_MAJOR = 0;
    /** What Lance's manifest writer puts in the footer (lance_file::format::{MAJOR,MINOR}_VERSION). */
    public static final ManifestFooter LANCE_DEFAULT_VERSION = new ManifestFooter(0, 0, 2);

    public ManifestFooter withPosition(long position) {
        return new ManifestFooter(position, major, minor);
    }

    byte[] encode() {
        return ByteBuffer.allocate(SIZE).order(ByteOrder.LITTLE_ENDIAN)
                .putLong(manifestPosition)
                .putShort((short) major)
                .putShort((short) minor)
                .put(MAGIC)
                .array();
    }

    /** Reads and checks the footer at the end of {@code bytes}. */
    static ManifestFooter decode(byte[] bytes, String source) {
        if (bytes.length < SIZE) {
            throw new ManifestFormatException(ManifestProblem.TRUNCATED, source, bytes.length,
                    "file has " + bytes.length + " bytes, fewer than the 16-byte footer");
        }
        int footerStart = bytes.length - SIZE;
        ByteBuffer footer = ByteBuffer.wrap(bytes, footerStart, SIZE).order(ByteOrder.LITTLE_ENDIAN);
        long position = footer.getLong();
        int major = Short.toUnsignedInt(footer.getShort());
        int minor = Short.toUnsignedInt(footer.getShort());
        for (int i = 0; i < MAGIC.length; i++) {
            if (bytes[bytes.length - MAGIC.length + i] != MAGIC[i]) {
                throw new ManifestFormatException(ManifestProblem.BAD_MAGIC, source, bytes.length - MAGIC.length,
                        "magic is " + hex(bytes, bytes.length - MAGIC.length, MAGIC.length) + ", expected 4c414e43 (\"LANC\")");
            }
        }
        if (major != SUPPORTED_MAJOR) {
            throw new ManifestFormatException(ManifestProblem.UNSUPPORTED_VERSION, source, footerStart + 8,
                    "unknown manifest major version " + major + "." + minor + " (this reader knows major "
                            + SUPPORTED_MAJOR + ")");
        }
        if (position < 0 || position > footerStart - 4) {
            throw new ManifestFormatException(ManifestProblem.POSITION_OUT_OF_RANGE, source, footerStart,
                    "footer manifest position " + Long.toUnsignedString(position)
                            + " is outside the file (manifest must start in [0, " + (footerStart - 4) + "])");
        }
        return new ManifestFooter(position, major, minor);
    }

    private static String hex(byte[] bytes, int from, int length) {
        StringBuilder out = new StringBuilder();
        for (int i = from; i < from + length; i++) {
            out.append(String.format("%02x", bytes[i]));
        }
        return out.toString();
    }
}
