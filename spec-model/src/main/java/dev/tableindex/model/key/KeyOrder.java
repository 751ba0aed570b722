package dev.tableindex.model.key;

import com.google.protobuf.ByteString;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

/**
 * Tuple order as the spec defines it, written directly from the definition and not from the
 * encoding, so that the two can be checked against each other: by the first key, then the next;
 * a null key before every value; booleans false before true; integers by value (unsigned ones
 * unsigned); floats by IEEE 754 totalOrder (-NaN &lt; -Infinity &lt; … &lt; -0.0 &lt; +0.0 &lt; …
 * &lt; +Infinity &lt; NaN, NaNs by payload); strings and binary by unsigned bytes (for strings, the
 * UTF-8 bytes).
 */
public final class KeyOrder {
    private KeyOrder() {
    }

    public static int compare(List<KeyType> types, List<?> a, List<?> b) {
        for (int i = 0; i < types.size(); i++) {
            int c = compareKey(types.get(i), a.get(i), b.get(i));
            if (c != 0) {
                return c;
            }
        }
        return 0;
    }

    public static int compareKey(KeyType type, Object a, Object b) {
        if (a == null || b == null) {
            return a == null ? (b == null ? 0 : -1) : 1;
        }
        return switch (type.kind()) {
            case BOOL -> Boolean.compare((Boolean) a, (Boolean) b);
            case FLOAT -> totalOrder(((Float32) a).bits() & 0xFFFF_FFFFL, ((Float32) b).bits() & 0xFFFF_FFFFL, 32);
            case DOUBLE -> totalOrderDouble(((Float64) a).bits(), ((Float64) b).bits());
            case STRING, LARGE_STRING -> Arrays.compareUnsigned(((String) a).getBytes(StandardCharsets.UTF_8),
                    ((String) b).getBytes(StandardCharsets.UTF_8));
            case BINARY, LARGE_BINARY -> ByteString.unsignedLexicographicalComparator().compare((ByteString) a, (ByteString) b);
            default -> type.kind().unsignedInteger() ? Long.compareUnsigned((Long) a, (Long) b) : Long.compare((Long) a, (Long) b);
        };
    }

    /** IEEE 754 totalOrder on sign-magnitude bit patterns: negatives reversed, below positives. */
    private static int totalOrder(long a, long b, int width) {
        long sign = 1L << (width - 1);
        boolean negA = (a & sign) != 0;
        boolean negB = (b & sign) != 0;
        if (negA != negB) {
            return negA ? -1 : 1;
        }
        int byMagnitude = Long.compare(a & (sign - 1), b & (sign - 1));
        return negA ? -byMagnitude : byMagnitude;
    }

    private static int totalOrderDouble(long a, long b) {
        boolean negA = a < 0;
        boolean negB = b < 0;
        if (negA != negB) {
            return negA ? -1 : 1;
        }
        int byMagnitude = Long.compare(a & Long.MAX_VALUE, b & Long.MAX_VALUE);
        return negA ? -byMagnitude : byMagnitude;
    }
}
