package dev.tableindex.model.iceberg.data;

import java.nio.ByteBuffer;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Collectors;

/** Index values as exact text, for multisets and messages: floats by their bits, bytes (binary, fixed) in hex. */
public final class IndexValues {
    private IndexValues() {
    }

    public static String exact(Object v) {
        if (v == null) {
            return "null";
        }
        if (v instanceof Double d) {
            return d.isNaN() ? (Double.doubleToRawLongBits(d) < 0 ? "-NaN" : "NaN") : d.toString();
        }
        if (v instanceof Float f) {
            return f.isNaN() ? (Float.floatToRawIntBits(f) < 0 ? "-NaN" : "NaN") : f.toString() + "f";
        }
        if (v instanceof byte[] fixed) {
            return "0x" + HexFormat.of().formatHex(fixed);
        }
        if (v instanceof ByteBuffer b) {
            ByteBuffer d = b.duplicate();
            byte[] bytes = new byte[d.remaining()];
            d.get(bytes);
            return "0x" + HexFormat.of().formatHex(bytes);
        }
        if (v instanceof CharSequence s) {
            return "'" + s + "'";
        }
        return v.toString();
    }

    /**
     * Whether {@code v} is a value of {@code type} as Iceberg's generic readers give it (null fits every type): a
     * file that stores a statistic of another type is reported by its schema, and its values are not compared.
     */
    public static boolean fits(org.apache.iceberg.types.Type type, Object v) {
        if (v == null) {
            return true;
        }
        return switch (type.typeId()) {
            case BOOLEAN -> v instanceof Boolean;
            case INTEGER -> v instanceof Integer;
            case LONG -> v instanceof Long;
            case FLOAT -> v instanceof Float;
            case DOUBLE -> v instanceof Double;
            case DECIMAL -> v instanceof java.math.BigDecimal;
            case DATE -> v instanceof java.time.LocalDate;
            case TIME -> v instanceof java.time.LocalTime;
            case TIMESTAMP, TIMESTAMP_NANO -> v instanceof java.time.LocalDateTime || v instanceof java.time.OffsetDateTime;
            case STRING -> v instanceof CharSequence;
            case UUID -> v instanceof java.util.UUID;
            case FIXED, BINARY -> v instanceof byte[] || v instanceof ByteBuffer;
            default -> true;
        };
    }

    public static String exact(List<Object> key) {
        return key.stream().map(IndexValues::exact).collect(Collectors.joining(", ", "(", ")"));
    }
}
