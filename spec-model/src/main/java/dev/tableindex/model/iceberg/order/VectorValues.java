package dev.tableindex.model.iceberg.order;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.HexFormat;
import java.util.UUID;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;

/**
 * Values as the kit's clustering vectors and table scripts write them (golden-files/iceberg-index/clustering):
 * null; floats and doubles as strings so NaN, -NaN, Infinity and -0.0 are exact; binary and fixed as hex;
 * decimals, dates, times and timestamps as ISO strings (a timestamptz with its offset, kept as the instant in
 * UTC). Every value is Iceberg's generic Java value for the type.
 */
public final class VectorValues {
    private static final long DOUBLE_NEGATIVE_NAN = 0xFFF8_0000_0000_0000L;
    private static final int FLOAT_NEGATIVE_NAN = 0xFFC0_0000;

    private VectorValues() {
    }

    public static Object parse(Type.PrimitiveType type, JsonNode node) {
        if (node == null || node.isNull()) {
            return null;
        }
        if (node.isTextual()) {
            return parseText(type, node.textValue()); // any type may be written as text ("null" is a string here)
        }
        switch (type.typeId()) {
            case BOOLEAN:
                if (!node.isBoolean()) {
                    break;
                }
                return node.booleanValue();
            case INTEGER:
                if (!node.canConvertToInt() || !node.isIntegralNumber()) {
                    break;
                }
                return node.intValue();
            case LONG:
                if (!node.canConvertToLong() || !node.isIntegralNumber()) {
                    break;
                }
                return node.longValue();
            default:
                break;
        }
        throw new IllegalArgumentException("not a " + type + " value: " + node);
    }

    /**
     * A value written as text (a scenario's table cell, or a vector's string): {@code null} is null (except for a
     * string, where the caller decides), booleans are {@code true}/{@code false}, numbers are decimal; everything
     * else as in {@link #parse}.
     */
    public static Object parseText(Type.PrimitiveType type, String text) {
        if (text == null || (text.equals("null") && type.typeId() != Type.TypeID.STRING)) {
            return null;
        }
        try {
            switch (type.typeId()) {
                case BOOLEAN:
                    if (!text.equals("true") && !text.equals("false")) {
                        throw new IllegalArgumentException("not true or false");
                    }
                    return Boolean.parseBoolean(text);
                case INTEGER:
                    return Integer.parseInt(text);
                case LONG:
                    return Long.parseLong(text);
                case FLOAT:
                    return "-NaN".equals(text) ? Float.intBitsToFloat(FLOAT_NEGATIVE_NAN) : Float.parseFloat(text);
                case DOUBLE:
                    return "-NaN".equals(text) ? Double.longBitsToDouble(DOUBLE_NEGATIVE_NAN) : Double.parseDouble(text);
                case STRING:
                    return text;
                case BINARY:
                    return ByteBuffer.wrap(HexFormat.of().parseHex(text));
                case FIXED:
                    byte[] bytes = HexFormat.of().parseHex(text);
                    if (bytes.length != ((Types.FixedType) type).length()) {
                        throw new IllegalArgumentException(bytes.length + " bytes");
                    }
                    return bytes; // Iceberg's generic value for fixed is byte[], for binary a ByteBuffer
                case DECIMAL:
                    return new BigDecimal(text).setScale(((Types.DecimalType) type).scale());
                case UUID:
                    return UUID.fromString(text);
                case DATE:
                    return LocalDate.parse(text);
                case TIME:
                    return LocalTime.parse(text);
                case TIMESTAMP:
                    return ((Types.TimestampType) type).shouldAdjustToUTC()
                            ? OffsetDateTime.parse(text).withOffsetSameInstant(ZoneOffset.UTC)
                            : LocalDateTime.parse(text);
                default:
                    throw new IllegalArgumentException("no vector syntax for type " + type);
            }
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("not a " + type + " value: '" + text + "' (" + e.getMessage() + ")", e);
        }
    }
}
