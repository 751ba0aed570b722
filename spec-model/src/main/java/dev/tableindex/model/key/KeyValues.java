package dev.tableindex.model.key;

import com.google.protobuf.ByteString;

/**
 * The Java value of each key type, and the check that a value fits: bool {@code Boolean}; signed
 * integers, dates and timestamps {@code Long} within the type's range; unsigned integers {@code Long}
 * (uint64 as its unsigned bits); float {@link Float32}; double {@link Float64}; strings
 * {@code String}; binary {@link ByteString}; {@code null} for a null key.
 */
public final class KeyValues {
    private KeyValues() {
    }

    /** The value itself, when it fits {@code type}. */
    public static Object check(KeyType type, Object value) {
        if (value == null) {
            return null;
        }
        KeyType.Kind kind = type.kind();
        boolean fits = switch (kind) {
            case BOOL -> value instanceof Boolean;
            case FLOAT -> value instanceof Float32;
            case DOUBLE -> value instanceof Float64;
            case STRING, LARGE_STRING -> value instanceof String;
            case BINARY, LARGE_BINARY -> value instanceof ByteString;
            default -> value instanceof Long l && inRange(kind, l);
        };
        if (!fits) {
            throw new KeyValueException(describe(value) + " does not fit key type " + type + ": " + type + " takes "
                    + accepted(type));
        }
        if (value instanceof String text) {
            checkUnicode(text);
        }
        return value;
    }

    /**
     * A key string is Unicode text: its UTF-8 encoding is its key. A Java string with an unpaired surrogate has no UTF-8
     * encoding (Java would write {@code ?} in its place, a different key), so it is refused.
     */
    static void checkUnicode(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
                i++;
            } else if (Character.isSurrogate(c)) {
                throw new KeyValueException("the string holds an unpaired surrogate \\u" + String.format("%04X", (int) c)
                        + " at character " + i + ": not Unicode text, it has no UTF-8 encoding");
            }
        }
    }

    static boolean inRange(KeyType.Kind kind, long value) {
        return switch (kind) {
            case INT8 -> value >= Byte.MIN_VALUE && value <= Byte.MAX_VALUE;
            case INT16 -> value >= Short.MIN_VALUE && value <= Short.MAX_VALUE;
            case INT32, DATE32 -> value >= Integer.MIN_VALUE && value <= Integer.MAX_VALUE;
            case UINT8 -> value >= 0 && value <= 0xFF;
            case UINT16 -> value >= 0 && value <= 0xFFFF;
            case UINT32 -> value >= 0 && value <= 0xFFFF_FFFFL;
            default -> true; // int64, uint64 (unsigned bits), date64, timestamp
        };
    }

    /** What {@code type} takes, for error messages. */
    public static String accepted(KeyType type) {
        return switch (type.kind()) {
            case BOOL -> "true or false";
            case INT8 -> "an integer in [-128, 127]";
            case INT16 -> "an integer in [-32768, 32767]";
            case INT32 -> "an integer in [-2147483648, 2147483647]";
            case INT64 -> "an integer in [-9223372036854775808, 9223372036854775807]";
            case UINT8 -> "an integer in [0, 255]";
            case UINT16 -> "an integer in [0, 65535]";
            case UINT32 -> "an integer in [0, 4294967295]";
            case UINT64 -> "an integer in [0, 18446744073709551615]";
            case FLOAT, DOUBLE -> "a number, NaN, -NaN, Infinity, -Infinity, -0.0 or bits:0x<"
                    + (type.kind() == KeyType.Kind.FLOAT ? 8 : 16) + " hex digits>";
            case DATE32 -> "days since the Unix epoch, an integer in [-2147483648, 2147483647]";
            case DATE64 -> "milliseconds since the Unix epoch, a 64-bit integer";
            case TIMESTAMP -> "the stored value in " + type.timestampUnit() + " since the Unix epoch, a 64-bit integer";
            case STRING, LARGE_STRING -> "a string";
            case BINARY, LARGE_BINARY -> "bytes, written hex:<hex digits>";
        };
    }

    private static String describe(Object value) {
        return value instanceof String s ? "the string \"" + s + "\"" : value + " (" + value.getClass().getSimpleName() + ")";
    }
}
