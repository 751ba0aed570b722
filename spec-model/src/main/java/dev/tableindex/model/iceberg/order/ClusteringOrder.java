package dev.tableindex.model.iceberg.order;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.OffsetDateTime;
import java.util.Comparator;
import java.util.List;
import java.util.UUID;
import org.apache.iceberg.types.Type;

/**
 * The draft's clustering order ("Clustering and Ordering"): keys compare field by field in cluster-spec order,
 * each ascending; null before every value; floats and doubles as -NaN < -Infinity < negatives < -0.0 < 0.0 <
 * positives < Infinity < NaN; strings, binary, fixed and uuid by unsigned bytes; false before true; decimals by
 * value. Values are Iceberg's generic Java values (Integer, Long, CharSequence, ByteBuffer, java.time, ...).
 */
public final class ClusteringOrder implements Comparator<List<Object>> {
    private final List<Type.PrimitiveType> types;

    public ClusteringOrder(List<Type.PrimitiveType> types) {
        this.types = List.copyOf(types);
    }

    public List<Type.PrimitiveType> types() {
        return types;
    }

    @Override
    public int compare(List<Object> left, List<Object> right) {
        for (int i = 0; i < types.size(); i++) {
            int c = compareValues(types.get(i), left.get(i), right.get(i));
            if (c != 0) {
                return c;
            }
        }
        return 0;
    }

    /** One field's order: nulls first, then the type's order. */
    public static int compareValues(Type.PrimitiveType type, Object a, Object b) {
        if (a == null || b == null) {
            return a == null ? (b == null ? 0 : -1) : 1;
        }
        switch (type.typeId()) {
            case FLOAT:
                return compareFloating(((Number) a).doubleValue(), signOf((Float) a), ((Number) b).doubleValue(),
                        signOf((Float) b));
            case DOUBLE:
                return compareFloating((Double) a, signOf((Double) a), (Double) b, signOf((Double) b));
            case STRING:
                return unsigned(utf8((CharSequence) a), utf8((CharSequence) b));
            case BINARY:
            case FIXED:
                return unsigned(bytes(a), bytes(b));
            case UUID:
                return unsigned(uuidBytes(a), uuidBytes(b));
            case TIMESTAMP:
            case TIMESTAMP_NANO:
                if (a instanceof OffsetDateTime) {
                    return ((OffsetDateTime) a).toInstant().compareTo(((OffsetDateTime) b).toInstant());
                }
                return compareComparable(a, b);
            default:
                return compareComparable(a, b);
        }
    }

    /** Sign bit of a float: -NaN is a NaN with it set. */
    private static boolean signOf(Float f) {
        return (Float.floatToRawIntBits(f) & 0x8000_0000) != 0;
    }

    private static boolean signOf(Double d) {
        return (Double.doubleToRawLongBits(d) & 0x8000_0000_0000_0000L) != 0;
    }

    private static int compareFloating(double a, boolean aNegative, double b, boolean bNegative) {
        int ra = nanRank(a, aNegative);
        int rb = nanRank(b, bNegative);
        if (ra != 0 || rb != 0) {
            return Integer.compare(ra, rb);
        }
        return Double.compare(a, b); // -0.0 < 0.0, as the draft and Java both order them
    }

    /** -1 for -NaN (before everything), 1 for NaN (after everything), 0 for a number. */
    private static int nanRank(double v, boolean negative) {
        return Double.isNaN(v) ? (negative ? -1 : 1) : 0;
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static int compareComparable(Object a, Object b) {
        return ((Comparable) a).compareTo(b);
    }

    private static byte[] utf8(CharSequence s) {
        return s.toString().getBytes(StandardCharsets.UTF_8);
    }

    private static byte[] bytes(Object v) {
        if (v instanceof byte[]) {
            return (byte[]) v;
        }
        ByteBuffer buffer = ((ByteBuffer) v).duplicate();
        byte[] out = new byte[buffer.remaining()];
        buffer.get(out);
        return out;
    }

    private static byte[] uuidBytes(Object v) {
        if (v instanceof UUID) {
            UUID u = (UUID) v;
            return ByteBuffer.allocate(16).putLong(u.getMostSignificantBits()).putLong(u.getLeastSignificantBits())
                    .array();
        }
        return bytes(v);
    }

    private static int unsigned(byte[] a, byte[] b) {
        return java.util.Arrays.compareUnsigned(a, b);
    }
}
