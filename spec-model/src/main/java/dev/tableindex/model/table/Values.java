package dev.tableindex.model.table;

import java.math.BigDecimal;
import java.util.Comparator;

/** The order of non-null scalar values, shared by filters and index files so both agree. */
public final class Values {
    /** Nulls first, then {@link #compare}. */
    public static final Comparator<Object> NULLS_FIRST = (a, b) -> a == null ? (b == null ? 0 : -1)
            : b == null ? 1 : compare(a, b);

    private Values() {
    }

    /**
     * Numbers by value (exactly, across integers and doubles), strings by Unicode code point (the
     * order of their UTF-8 bytes), booleans false &lt; true, byte strings (a list element index's encoded keys)
     * by their unsigned bytes.
     *
     * @throws IllegalArgumentException for values of different families
     */
    public static int compare(Object a, Object b) {
        if (a instanceof Long x && b instanceof Long y) {
            return Long.compare(x, y);
        }
        if (a instanceof Number x && b instanceof Number y) {
            return decimal(x).compareTo(decimal(y));
        }
        if (a instanceof String x && b instanceof String y) {
            return compareCodePoints(x, y);
        }
        if (a instanceof Boolean x && b instanceof Boolean y) {
            return Boolean.compare(x, y);
        }
        if (a instanceof byte[] x && b instanceof byte[] y) {
            return java.util.Arrays.compareUnsigned(x, y);
        }
        throw new IllegalArgumentException("cannot compare " + a + " with " + b);
    }

    private static BigDecimal decimal(Number n) {
        return n instanceof Long l ? BigDecimal.valueOf(l) : BigDecimal.valueOf(n.doubleValue());
    }

    private static int compareCodePoints(String x, String y) {
        int i = 0;
        int j = 0;
        while (i < x.length() && j < y.length()) {
            int a = x.codePointAt(i);
            int b = y.codePointAt(j);
            if (a != b) {
                return Integer.compare(a, b);
            }
            i += Character.charCount(a);
            j += Character.charCount(b);
        }
        return Integer.compare(x.length() - i, y.length() - j);
    }
}
