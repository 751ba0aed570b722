package dev.tableindex.model.lancefile.v21;

import dev.tableindex.model.lancefile.LanceFileFormatException;
import dev.tableindex.proto.lance.encodings21.BufferCompression;
import io.airlift.compress.lz4.Lz4Decompressor;
import io.airlift.compress.zstd.ZstdDecompressor;
import io.airlift.compress.zstd.ZstdInputStream;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;

/**
 * General compression of a whole buffer (Lance {@code block.rs}), decompressed with aircompressor (pure Java).
 * zstd: a u64 little-endian uncompressed length then a zstd frame, or (older files) a bare zstd stream, told apart
 * by the frame magic; lz4: a u32 little-endian uncompressed length then an lz4 block.
 */
final class GeneralDecoder {
    private static final int ZSTD_MAGIC = 0xFD2FB528;

    private final boolean zstd;
    private final PageContext page;

    private GeneralDecoder(boolean zstd, PageContext page) {
        this.zstd = zstd;
        this.page = page;
    }

    static GeneralDecoder of(BufferCompression compression, PageContext page) {
        return switch (compression.getScheme()) {
            case COMPRESSION_ALGORITHM_ZSTD -> new GeneralDecoder(true, page);
            case COMPRESSION_ALGORITHM_LZ4 -> new GeneralDecoder(false, page);
            default -> throw page.unreadable("general compression " + compression.getScheme());
        };
    }

    Slice decompress(Slice buffer) {
        return Slice.decoded(decompress(buffer.copy(), buffer.offsetOf(0)), buffer.offsetOf(0), page);
    }

    /** Full-zip values compressed one by one. */
    DataBlock.Variable decompressEach(DataBlock.Variable values, long offset) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        long[] offsets = new long[values.offsets().length];
        for (int v = 0; v < values.count(); v++) {
            out.writeBytes(decompress(values.value(v), offset));
            offsets[v + 1] = out.size();
        }
        return new DataBlock.Variable(offsets, out.toByteArray());
    }

    private byte[] decompress(byte[] in, long offset) {
        try {
            return zstd ? zstd(in, offset) : lz4(in, offset);
        } catch (LanceFileFormatException e) {
            throw e;
        } catch (RuntimeException e) {
            throw page.bad(offset, (zstd ? "zstd" : "lz4") + " data does not decompress: " + e.getMessage());
        }
    }

    private byte[] zstd(byte[] in, long offset) {
        if (in.length == 0) {
            return in;
        }
        if (in.length < 8 || (littleEndianInt(in, 0) == ZSTD_MAGIC && (in[4] & 0x10) == 0)) {
            return zstdStream(in, offset);
        }
        long size = littleEndianInt(in, 0) & 0xffffffffL | (long) littleEndianInt(in, 4) << 32;
        byte[] out = allocate(size, offset, "zstd-decompressed buffer");
        int written = new ZstdDecompressor().decompress(in, 8, in.length - 8, out, 0, out.length);
        if (written != out.length) {
            throw page.bad(offset, "zstd data holds " + written + " bytes, its length prefix says " + size);
        }
        return out;
    }

    /** A bare zstd stream, whose size is known only by decompressing it (read within the budget). */
    private byte[] zstdStream(byte[] in, long offset) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] chunk = new byte[64 * 1024];
        try (ZstdInputStream stream = new ZstdInputStream(new ByteArrayInputStream(in))) {
            for (int n; (n = stream.read(chunk)) > 0; ) {
                page.take(n, offset, "zstd-decompressed stream");
                out.write(chunk, 0, n);
            }
        } catch (IOException e) {
            throw page.bad(offset, "zstd stream does not decompress: " + e.getMessage());
        }
        return out.toByteArray();
    }

    private byte[] lz4(byte[] in, long offset) {
        if (in.length < 4) {
            throw page.bad(offset, "lz4 data of " + in.length + " bytes has no length prefix");
        }
        long size = littleEndianInt(in, 0) & 0xffffffffL;
        byte[] out = allocate(size, offset, "lz4-decompressed buffer");
        int written = new Lz4Decompressor().decompress(in, 4, in.length - 4, out, 0, out.length);
        if (written != out.length) {
            throw page.bad(offset, "lz4 data holds " + written + " bytes, its length prefix says " + size);
        }
        return out;
    }

    private byte[] allocate(long size, long offset, String what) {
        page.take(size, offset, what);
        return new byte[(int) size];
    }

    private static int littleEndianInt(byte[] b, int at) {
        return (b[at] & 0xff) | (b[at + 1] & 0xff) << 8 | (b[at + 2] & 0xff) << 16 | (b[at + 3] & 0xff) << 24;
    }
}
