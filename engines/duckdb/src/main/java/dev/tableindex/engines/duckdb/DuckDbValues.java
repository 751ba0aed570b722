package dev.tableindex.engines.duckdb;

import com.google.protobuf.ByteString;
import dev.tableindex.model.key.Float32;
import dev.tableindex.model.key.Float64;
import dev.tableindex.model.key.KeyType;

/**
 * The kit's logical types and key values as DuckDB writes them: a column type, and a literal that denotes the value
 * exactly in that type. Values are the key notation's Java forms (Long, Float32, Float64, String, ByteString,
 * Boolean); null is SQL's NULL of the type.
 *
 * <p>Where DuckDB has no exact counterpart the choice is DuckDB's own (engines/duckdb/README.md): every timestamp is
 * DuckDB's timestamp of its unit holding the UTC instant (DuckDB's TIMESTAMPTZ has microseconds only); a date64 is a
 * DATE (Arrow: a whole number of days); a NaN is DuckDB's one NaN (SQL has no way to write a float by its bits).
 */
final class DuckDbValues {
    private static final long MILLIS_PER_DAY = 86_400_000L;

    private DuckDbValues() {
    }

    /** The column type of a kit logical type. */
    static String type(KeyType type) {
        return switch (type.kind()) {
            case BOOL -> "BOOLEAN";
            case INT8 -> "TINYINT";
            case INT16 -> "SMALLINT";
            case INT32 -> "INTEGER";
            case INT64 -> "BIGINT";
            case UINT8 -> "UTINYINT";
            case UINT16 -> "USMALLINT";
            case UINT32 -> "UINTEGER";
            case UINT64 -> "UBIGINT";
            case FLOAT -> "FLOAT";
            case DOUBLE -> "DOUBLE";
            case DATE32, DATE64 -> "DATE";
            case TIMESTAMP -> switch (type.timestampUnit()) {
                case "s" -> "TIMESTAMP_S";
                case "ms" -> "TIMESTAMP_MS";
                case "us" -> "TIMESTAMP";
                default -> "TIMESTAMP_NS";
            };
            case STRING, LARGE_STRING -> "VARCHAR";
            case BINARY, LARGE_BINARY -> "BLOB";
        };
    }

    /**
     * {@code value} of {@code type} as a DuckDB expression of {@link #type}.
     *
     * @throws IllegalArgumentException for a date64 that is not a whole number of days
     */
    static String literal(KeyType type, Object value) {
        if (value == null) {
            return "CAST(NULL AS " + type(type) + ")";
        }
        return switch (type.kind()) {
            case BOOL -> (Boolean) value ? "TRUE" : "FALSE";
            case FLOAT -> "CAST(" + doubleText(((Float32) value).value()) + " AS FLOAT)";
            case DOUBLE -> "CAST(" + doubleText(((Float64) value).value()) + " AS DOUBLE)";
            case DATE32 -> days((Long) value);
            case DATE64 -> {
                long millis = (Long) value;
                if (millis % MILLIS_PER_DAY != 0) {
                    throw new IllegalArgumentException("date64 value " + millis + " is not a whole number of days"
                            + " (Arrow: evenly divisible by 86400000)");
                }
                yield days(millis / MILLIS_PER_DAY);
            }
            case TIMESTAMP -> timestamp(type.timestampUnit(), (Long) value);
            case STRING, LARGE_STRING -> string((String) value);
            case BINARY, LARGE_BINARY -> blob((ByteString) value);
            default -> "CAST(" + (type.kind().unsignedInteger() ? Long.toUnsignedString((Long) value) : Long.toString((Long) value))
                    + " AS " + type(type) + ")";
        };
    }

    /** A DuckDB quoted identifier. */
    static String identifier(String name) {
        return '"' + name.replace("\"", "\"\"") + '"';
    }

    /** The shortest decimal that reads back as this double (exact for a widened float), or DuckDB's special names. */
    private static String doubleText(double value) {
        if (Double.isNaN(value)) {
            return "'NaN'";
        }
        if (Double.isInfinite(value)) {
            return value > 0 ? "'Infinity'" : "'-Infinity'";
        }
        return "'" + Double.toString(value) + "'";
    }

    private static String days(long sinceEpoch) {
        return "(DATE '1970-01-01' + CAST(" + sinceEpoch + " AS INTEGER))";
    }

    private static String timestamp(String unit, long value) {
        return switch (unit) {
            case "s" -> "CAST(make_timestamp(CAST(" + value + " AS BIGINT) * 1000000) AS TIMESTAMP_S)";
            case "ms" -> "CAST(make_timestamp_ms(CAST(" + value + " AS BIGINT)) AS TIMESTAMP_MS)";
            case "us" -> "make_timestamp(CAST(" + value + " AS BIGINT))";
            default -> "make_timestamp_ns(CAST(" + value + " AS BIGINT))";
        };
    }

    /** A string literal; a NUL, which DuckDB's parser cannot take inside quotes, is spliced in with chr(0). */
    private static String string(String value) {
        String quoted = "'" + value.replace("'", "''") + "'";
        return value.indexOf('\0') < 0 ? quoted : "(" + quoted.replace("\0", "' || chr(0) || '") + ")";
    }

    private static String blob(ByteString value) {
        StringBuilder text = new StringBuilder("CAST('");
        for (byte b : value.toByteArray()) {
            text.append(String.format("\\x%02X", b & 0xFF));
        }
        return text.append("' AS BLOB)").toString();
    }
}
