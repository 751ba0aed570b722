package dev.tableindex.model.listindex;

import java.util.Arrays;
import java.util.HexFormat;

/**
 * A range of encoded key tuples, searched in the target BTree as a range of Binary values:
 * {@code lower} (inclusive) to {@code upper} (exclusive); null means unbounded. Every range the
 * planner makes is of this half-open form: an inclusive bound that is "just after" a value, or an
 * exclusive one that is "just after" a prefix, is written with {@link #successor}.
 */
public record KeyRange(byte[] lower, byte[] upper) {

    public boolean contains(byte[] value) {
        return contains(value, 0, value.length);
    }

    /** Whether bytes {@code [from, to)} of {@code bytes} are in the range. */
    public boolean contains(byte[] bytes, int from, int to) {
        return (lower == null || Arrays.compareUnsigned(bytes, from, to, lower, 0, lower.length) >= 0)
                && (upper == null || Arrays.compareUnsigned(bytes, from, to, upper, 0, upper.length) < 0);
    }

    /** Every tuple whose encoding starts with {@code prefix}. */
    public static KeyRange startingWith(byte[] prefix) {
        return new KeyRange(prefix, successor(prefix));
    }

    /**
     * The smallest byte string greater than every string starting with {@code prefix}: the prefix
     * with trailing FF bytes dropped and its last byte incremented; null (unbounded) for all FF.
     */
    public static byte[] successor(byte[] prefix) {
        int end = prefix.length;
        while (end > 0 && prefix[end - 1] == (byte) 0xFF) {
            end--;
        }
        if (end == 0) {
            return null;
        }
        byte[] next = Arrays.copyOf(prefix, end);
        next[end - 1]++;
        return next;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof KeyRange that && Arrays.equals(lower, that.lower) && Arrays.equals(upper, that.upper);
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(lower) + Arrays.hashCode(upper);
    }

    @Override
    public String toString() {
        HexFormat hex = HexFormat.ofDelimiter(" ").withUpperCase();
        return "[" + (lower == null ? "-inf" : hex.formatHex(lower)) + ", " + (upper == null ? "+inf" : hex.formatHex(upper)) + ")";
    }
}
