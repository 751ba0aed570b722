package dev.tableindex.model.anyelement;

import com.google.protobuf.ByteString;
import dev.tableindex.model.anyelement.Predicate.Literal;
import dev.tableindex.model.anyelement.PredicateException.Kind;
import dev.tableindex.model.key.Float32;
import dev.tableindex.model.key.Float64;
import dev.tableindex.model.key.KeyOrder;
import dev.tableindex.model.key.KeyType;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.HexFormat;

/**
 * Brings field values and literals into a {@link Family}'s value space and compares them there.
 * Field values are the key values of {@code dev.tableindex.model.key}: Long, Float32, Float64,
 * String, ByteString, Boolean.
 */
final class Operands {
    private static final KeyType FLOAT = KeyType.of(KeyType.Kind.FLOAT);
    private static final KeyType DOUBLE = KeyType.of(KeyType.Kind.DOUBLE);
    private static final KeyType STRING = KeyType.of(KeyType.Kind.STRING);
    private static final KeyType BINARY = KeyType.of(KeyType.Kind.BINARY);
    private static final long MILLIS_PER_DAY = 86_400_000L;

    private Operands() {
    }

    static Family familyOf(KeyType type) {
        return switch (type.kind()) {
            case BOOL -> Family.BOOL;
            case FLOAT -> Family.FLOAT32;
            case DOUBLE -> Family.FLOAT64;
            case DATE32, DATE64 -> Family.DATE;
            case TIMESTAMP -> Family.TIMESTAMP;
            case STRING, LARGE_STRING -> Family.STRING;
            case BINARY, LARGE_BINARY -> Family.BINARY;
            default -> Family.INTEGER;
        };
    }

    static Family familyOf(Literal literal) {
        return switch (literal.kind()) {
            case NUMBER -> Family.NUMBER;
            case STRING -> Family.STRING;
            case BOOLEAN -> Family.BOOL;
            case NULL -> Family.ANY;
            case DATE -> Family.DATE;
            case TIMESTAMP -> Family.TIMESTAMP;
            case BINARY -> Family.BINARY;
            case FLOAT -> Family.FLOAT32;
            case DOUBLE -> Family.FLOAT64;
        };
    }

    /** A field's value in {@code family}'s space; null stays null. */
    static Object fromField(Object value, KeyType type, Family family) {
        if (value == null) {
            return null;
        }
        return switch (family) {
            case INTEGER -> type.kind().unsignedInteger() ? new BigDecimal(Long.toUnsignedString((Long) value))
                    : BigDecimal.valueOf((Long) value);
            case FLOAT64 -> value instanceof Float32 f ? widen(f) : value;
            case DATE -> type.kind() == KeyType.Kind.DATE32 ? (Long) value * MILLIS_PER_DAY : value;
            case TIMESTAMP -> BigInteger.valueOf((Long) value).multiply(nanosPer(type.timestampUnit()));
            default -> value;
        };
    }

    /** A literal's value in {@code family}'s space; null for NULL. */
    static Object fromLiteral(Literal literal, Family family) {
        String text = literal.text();
        try {
            return switch (literal.kind()) {
                case NULL -> null;
                case BOOLEAN -> Boolean.valueOf(text.equals("TRUE"));
                case STRING -> text;
                case NUMBER -> switch (family) {
                    case FLOAT32 -> Float32.of(Float.parseFloat(text));
                    case FLOAT64 -> Float64.of(Double.parseDouble(text));
                    default -> new BigDecimal(text);
                };
                case FLOAT -> family == Family.FLOAT64 ? widen(parseFloat(text)) : parseFloat(text);
                case DOUBLE -> parseDouble(text);
                case DATE -> LocalDate.parse(text).toEpochDay() * MILLIS_PER_DAY;
                case TIMESTAMP -> parseTimestamp(text);
                case BINARY -> ByteString.copyFrom(HexFormat.of().parseHex(text));
            };
        } catch (NumberFormatException | DateTimeParseException e) {
            throw badLiteral(literal);
        } catch (IllegalArgumentException e) {
            throw badLiteral(literal);
        }
    }

    static int compare(Family family, Object a, Object b) {
        return switch (family) {
            case INTEGER -> ((BigDecimal) a).compareTo((BigDecimal) b);
            case FLOAT32 -> KeyOrder.compareKey(FLOAT, a, b);
            case FLOAT64 -> KeyOrder.compareKey(DOUBLE, a, b);
            case STRING -> KeyOrder.compareKey(STRING, a, b);
            case BINARY -> KeyOrder.compareKey(BINARY, a, b);
            case BOOL -> Boolean.compare((Boolean) a, (Boolean) b);
            case DATE -> Long.compare((Long) a, (Long) b);
            case TIMESTAMP -> ((BigInteger) a).compareTo((BigInteger) b);
            case NUMBER, ANY -> throw new IllegalStateException("unresolved family " + family);
        };
    }

    /** float to double, exactly, NaN payloads included (a cast may quiet a signalling NaN). */
    static Float64 widen(Float32 value) {
        int bits = value.bits();
        if ((bits & 0x7F80_0000) == 0x7F80_0000 && (bits & 0x007F_FFFF) != 0) {
            long sign = (long) (bits >>> 31) << 63;
            return new Float64(sign | 0x7FF0_0000_0000_0000L | ((long) (bits & 0x007F_FFFF) << 29));
        }
        return Float64.of(value.value());
    }

    private static Float32 parseFloat(String text) {
        return switch (text) {
            case "NaN" -> new Float32(0x7FC0_0000);
            case "-NaN" -> new Float32(0xFFC0_0000);
            case "Infinity" -> Float32.of(Float.POSITIVE_INFINITY);
            case "-Infinity" -> Float32.of(Float.NEGATIVE_INFINITY);
            default -> text.matches("bits:0[xX][0-9A-Fa-f]{8}") ? new Float32(Integer.parseUnsignedInt(text.substring(7), 16))
                    : Float32.of(Float.parseFloat(decimal(text)));
        };
    }

    private static Float64 parseDouble(String text) {
        return switch (text) {
            case "NaN" -> new Float64(0x7FF8_0000_0000_0000L);
            case "-NaN" -> new Float64(0xFFF8_0000_0000_0000L);
            case "Infinity" -> Float64.of(Double.POSITIVE_INFINITY);
            case "-Infinity" -> Float64.of(Double.NEGATIVE_INFINITY);
            default -> text.matches("bits:0[xX][0-9A-Fa-f]{16}") ? new Float64(Long.parseUnsignedLong(text.substring(7), 16))
                    : Float64.of(Double.parseDouble(decimal(text)));
        };
    }

    /** Only plain decimals (Java would also read "0x1p3", "1f", " 1"). */
    private static String decimal(String text) {
        if (!text.matches("-?(\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d+)?")) {
            throw new NumberFormatException(text);
        }
        return text;
    }

    /** 'YYYY-MM-DD[ |T]HH:MM:SS[.f…][Z|±HH:MM]' as nanoseconds since the epoch; no offset means UTC. */
    private static BigInteger parseTimestamp(String text) {
        String iso = text.strip().replace(' ', 'T');
        Instant instant;
        if (iso.endsWith("Z") || iso.matches(".*[+-]\\d\\d:\\d\\d$")) {
            instant = OffsetDateTime.parse(iso).toInstant();
        } else {
            instant = LocalDateTime.parse(iso).toInstant(ZoneOffset.UTC);
        }
        return BigInteger.valueOf(instant.getEpochSecond()).multiply(BigInteger.valueOf(1_000_000_000L))
                .add(BigInteger.valueOf(instant.getNano()));
    }

    private static BigInteger nanosPer(String unit) {
        return BigInteger.valueOf(switch (unit) {
            case "s" -> 1_000_000_000L;
            case "ms" -> 1_000_000L;
            case "us" -> 1_000L;
            default -> 1L;
        });
    }

    private static PredicateException badLiteral(Literal literal) {
        String accepted = switch (literal.kind()) {
            case NUMBER -> "a decimal number";
            case DATE -> "a date YYYY-MM-DD";
            case TIMESTAMP -> "a timestamp YYYY-MM-DD HH:MM:SS[.fraction][Z|+HH:MM|-HH:MM]";
            case BINARY -> "hex digits, an even number of them";
            case FLOAT -> "a decimal, NaN, -NaN, Infinity, -Infinity or bits:0x<8 hex digits>";
            case DOUBLE -> "a decimal, NaN, -NaN, Infinity, -Infinity or bits:0x<16 hex digits>";
            default -> "a literal";
        };
        return new PredicateException(Kind.BAD_LITERAL, literal.column(), "bad " + literal.kind().name().toLowerCase()
                + " literal '" + literal.text() + "': expected " + accepted);
    }
}
