package dev.tableindex.model.key;

import java.util.ArrayList;
import java.util.List;

/**
 * One key's ARROW_ROW_V1 bytes cut into the parts the spec's "Key Encoding" names, for a reader to check by hand
 * ({@code tck encode-key --explain}): the marker, then for a fixed-width key its value bytes, for a variable-width
 * one each block (8-byte mini blocks for the first 32 bytes, 32-byte blocks after) and the byte that ends it
 * ({@code FF}: more follow; otherwise how many of its bytes are the value's).
 */
public final class KeySegments {
    /** Part of a key's bytes: what it is, where it starts in the key, how long it is. */
    public record Segment(String role, int offset, int length) {
    }

    private KeySegments() {
    }

    /** The segments of {@code key}, the encoding of one key of {@code type} (as {@link KeyEncoding#encodeKey} writes it). */
    public static List<Segment> of(KeyType type, byte[] key) {
        List<Segment> segments = new ArrayList<>();
        if (key.length == 0) {
            throw new KeyValueException("no bytes to explain");
        }
        KeyType.Kind kind = type.kind();
        if (!kind.variableWidth()) {
            segments.add(new Segment(key[0] == KeyBytes.NULL ? "marker 00: null" : "marker 01: valid", 0, 1));
            segments.add(new Segment(key[0] == KeyBytes.NULL ? "value bytes, zero for a null" : "value", 1, key.length - 1));
            return segments;
        }
        switch (key[0]) {
            case KeyBytes.NULL -> segments.add(new Segment("marker 00: null", 0, 1));
            case KeyBytes.EMPTY -> segments.add(new Segment("marker 01: empty", 0, 1));
            default -> {
                segments.add(new Segment("marker 02: not empty", 0, 1));
                int at = 1;
                for (int block = 0; at < key.length; block++) {
                    int size = block < KeyBytes.MINI_BLOCKS ? KeyBytes.MINI_BLOCK : KeyBytes.BLOCK;
                    String name = (block < KeyBytes.MINI_BLOCKS ? "mini block " : "block ") + (block + 1);
                    segments.add(new Segment(name + " (" + size + " bytes)", at, Math.min(size, key.length - at)));
                    at += size;
                    if (at >= key.length) {
                        break;
                    }
                    int end = key[at] & 0xFF;
                    segments.add(new Segment(end == 0xFF ? "FF: more blocks follow"
                            : String.format("%02X: the last block holds %d value bytes", end, end), at, 1));
                    at++;
                    if (end != 0xFF) {
                        break;
                    }
                }
            }
        }
        return segments;
    }
}
