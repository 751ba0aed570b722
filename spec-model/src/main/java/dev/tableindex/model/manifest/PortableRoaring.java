package dev.tableindex.model.manifest;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.roaringbitmap.RoaringBitmap;

/**
 * Decodes and encodes 32-bit Roaring bitmaps in the portable serialization format, the format
 * Lance writes for {@code fragment_bitmap}. Before handing bytes to RoaringBitmap, the layout
 * is walked and bounded, so hostile bytes give a message instead of an out-of-memory error,
 * and trailing or missing bytes are refused instead of ignored.
 */
final class PortableRoaring {
    private static final int SERIAL_COOKIE_NO_RUNCONTAINER = 12346;
    private static final int SERIAL_COOKIE = 12347;
    private static final int NO_OFFSET_THRESHOLD = 4;
    private static final int MAX_CONTAINERS = 1 << 16;
    private static final int ARRAY_MAX_CARDINALITY = 4096;
    private static final int BITMAP_CONTAINER_BYTES = 8192;

    private PortableRoaring() {
    }

    /** Thrown with what is wrong and the byte offset inside the bitmap. */
    static final class InvalidBitmap extends Exception {
        private static final long serialVersionUID = 1L;
        final int offset;

        InvalidBitmap(int offset, String what) {
            super(what);
            this.offset = offset;
        }
    }

    static RoaringBitmap decode(byte[] bytes) throws InvalidBitmap {
        checkLayout(bytes);
        RoaringBitmap bitmap = new RoaringBitmap();
        try {
            bitmap.deserialize(ByteBuffer.wrap(bytes));
        } catch (java.io.IOException | RuntimeException e) {
            throw new InvalidBitmap(0, "not a portable Roaring bitmap: " + e.getClass().getSimpleName());
        }
        if (!Boolean.TRUE.equals(bitmap.validate())) {
            throw new InvalidBitmap(0, "Roaring containers are not well formed (unsorted or out-of-range values)");
        }
        return bitmap;
    }

    static byte[] encode(RoaringBitmap bitmap) {
        ByteBuffer out = ByteBuffer.allocate(bitmap.serializedSizeInBytes());
        bitmap.serialize(out);
        return out.array();
    }

    /** Walks the header and container sizes; every size is checked against the bytes present. */
    private static void checkLayout(byte[] bytes) throws InvalidBitmap {
        ByteBuffer in = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        if (bytes.length < 8) {
            throw new InvalidBitmap(0, "Roaring bitmap of " + bytes.length + " bytes is shorter than its 8-byte header");
        }
        int cookie = in.getInt(0);
        int containers;
        int pos;
        byte[] runFlags = null;
        boolean offsets;
        if ((cookie & 0xFFFF) == SERIAL_COOKIE) {
            containers = (cookie >>> 16) + 1;
            int runBytes = (containers + 7) / 8;
            require(4 + runBytes <= bytes.length, 4, "run-container flags run past the end");
            runFlags = new byte[runBytes];
            in.get(4, runFlags);
            pos = 4 + runBytes;
            offsets = containers >= NO_OFFSET_THRESHOLD;
        } else if (cookie == SERIAL_COOKIE_NO_RUNCONTAINER) {
            long count = Integer.toUnsignedLong(in.getInt(4));
            require(count <= MAX_CONTAINERS, 4, "container count " + count + " exceeds " + MAX_CONTAINERS);
            containers = (int) count;
            pos = 8;
            offsets = true;
        } else {
            throw new InvalidBitmap(0, String.format("unknown Roaring cookie 0x%08x (expected 12346 or 12347)", cookie));
        }
        int descriptive = pos;
        require((long) pos + 4L * containers <= bytes.length, pos, "container descriptions run past the end");
        pos += 4 * containers;
        if (offsets) {
            require((long) pos + 4L * containers <= bytes.length, pos, "container offsets run past the end");
            pos += 4 * containers;
        }
        int previousKey = -1;
        for (int i = 0; i < containers; i++) {
            int key = Short.toUnsignedInt(in.getShort(descriptive + 4 * i));
            int cardinality = Short.toUnsignedInt(in.getShort(descriptive + 4 * i + 2)) + 1;
            require(key > previousKey, descriptive + 4 * i, "container keys are not strictly increasing");
            previousKey = key;
            boolean run = runFlags != null && (runFlags[i / 8] & (1 << (i % 8))) != 0;
            long size;
            if (run) {
                require(pos + 2 <= bytes.length, pos, "run container " + i + " is truncated");
                size = 2L + 4L * Short.toUnsignedInt(in.getShort(pos));
            } else if (cardinality <= ARRAY_MAX_CARDINALITY) {
                size = 2L * cardinality;
            } else {
                size = BITMAP_CONTAINER_BYTES;
            }
            require(pos + size <= bytes.length, pos, "container " + i + " needs " + size + " bytes, "
                    + (bytes.length - pos) + " remain");
            pos += (int) size;
        }
        require(pos == bytes.length, pos, (bytes.length - pos) + " trailing bytes after the last container");
    }

    private static void require(boolean condition, int offset, String what) throws InvalidBitmap {
        if (!condition) {
            throw new InvalidBitmap(offset, what);
        }
    }
}
