package dev.tableindex.model.key.arrow;

import org.apache.arrow.memory.ArrowBuf;

/** The checks that make reading an Arrow buffer by address safe for a batch. */
final class Buffers {
    private Buffers() {
    }

    /** {@code buffer} holds at least {@code bytes} bytes, which rows {@code [0, rows)} need. */
    static void checkCovers(ArrowBuf buffer, long bytes, String field, String what, long rows) {
        if (buffer.capacity() < bytes) {
            throw new ArrowDataException("field '" + field + "': its " + what + " has " + buffer.capacity()
                    + " bytes, rows up to " + rows + " need " + bytes);
        }
    }
}
