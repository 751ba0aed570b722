package dev.tableindex.model.manifest;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.HexFormat;

/** Test helper: builds files byte by byte, so expected offsets can be worked out by hand. */
final class Bytes {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();

    static byte[] hex(String hex) {
        return HexFormat.of().parseHex(hex.replace(" ", ""));
    }

    Bytes raw(byte[] bytes) {
        out.writeBytes(bytes);
        return this;
    }

    Bytes hexBytes(String hex) {
        return raw(hex(hex));
    }

    Bytes u32(long value) {
        return raw(ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt((int) value).array());
    }

    /** Lance's footer: i64 position, u16 major, u16 minor, magic. */
    Bytes footer(long position, int major, int minor, String magic) {
        return raw(ByteBuffer.allocate(16).order(ByteOrder.LITTLE_ENDIAN).putLong(position)
                .putShort((short) major).putShort((short) minor).put(magic.getBytes()).array());
    }

    int size() {
        return out.size();
    }

    byte[] build() {
        return out.toByteArray();
    }
}
