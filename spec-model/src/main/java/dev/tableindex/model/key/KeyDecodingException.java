package dev.tableindex.model.key;

/** Bytes that are not an ARROW_ROW_V1 encoding of the given key types, with the byte offset. */
public final class KeyDecodingException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;
    private final int offset;
    private final int key;

    public KeyDecodingException(int offset, int key, String what) {
        super("key " + key + ": " + what + " at offset " + offset);
        this.offset = offset;
        this.key = key;
    }

    /** Byte offset in the encoding where the problem is. */
    public int offset() {
        return offset;
    }

    /** Which key (0-based) was being decoded. */
    public int key() {
        return key;
    }
}
