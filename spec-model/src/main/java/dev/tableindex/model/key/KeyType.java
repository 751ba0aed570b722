package dev.tableindex.model.key;

import dev.tableindex.model.json.KitJson;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The logical type of one key, spelled as Lance spells logical types (lance-source-facts.md,
 * appendix; lance-list-element-index.md, "Index Details"): {@code bool}, {@code int8} … {@code uint64},
 * {@code float}, {@code double}, {@code date32:day}, {@code date64:ms},
 * {@code timestamp:{s|ms|us|ns}:{zone or -}}, {@code string}, {@code large_string}, {@code binary},
 * {@code large_binary}.
 */
public record KeyType(Kind kind, String timestampUnit, String timestampZone) {

    /** What a key is, as far as its bytes go. */
    public enum Kind {
        BOOL("bool", 1), INT8("int8", 1), INT16("int16", 2), INT32("int32", 4), INT64("int64", 8),
        UINT8("uint8", 1), UINT16("uint16", 2), UINT32("uint32", 4), UINT64("uint64", 8),
        FLOAT("float", 4), DOUBLE("double", 8), DATE32("date32:day", 4), DATE64("date64:ms", 8),
        TIMESTAMP("timestamp", 8),
        STRING("string", -1), LARGE_STRING("large_string", -1), BINARY("binary", -1), LARGE_BINARY("large_binary", -1);

        private final String lanceName;
        private final int width;

        Kind(String lanceName, int width) {
            this.lanceName = lanceName;
            this.width = width;
        }

        /** Value bytes of a fixed-width key (W), or -1 for the variable-width ones. */
        public int width() {
            return width;
        }

        public boolean variableWidth() {
            return width < 0;
        }

        public boolean utf8() {
            return this == STRING || this == LARGE_STRING;
        }

        public boolean signedInteger() {
            return this == INT8 || this == INT16 || this == INT32 || this == INT64 || this == DATE32
                    || this == DATE64 || this == TIMESTAMP;
        }

        public boolean unsignedInteger() {
            return this == UINT8 || this == UINT16 || this == UINT32 || this == UINT64;
        }
    }

    public static final List<String> TIMESTAMP_UNITS = List.of("s", "ms", "us", "ns");
    /** The spelling of "no time zone" in a timestamp type name. */
    public static final String NO_ZONE = "-";

    public KeyType {
        if (kind == Kind.TIMESTAMP) {
            if (!TIMESTAMP_UNITS.contains(timestampUnit)) {
                throw new IllegalArgumentException("timestamp unit must be one of " + TIMESTAMP_UNITS + ", not " + timestampUnit);
            }
            if (timestampZone == null || timestampZone.isEmpty()) {
                throw new IllegalArgumentException("timestamp zone must be a zone name or '-' for none");
            }
        } else if (timestampUnit != null || timestampZone != null) {
            throw new IllegalArgumentException(kind + " has no unit or zone");
        }
    }

    private static boolean knownZone(String zone) {
        try {
            java.time.ZoneId.of(zone);
            return true;
        } catch (java.time.DateTimeException e) {
            return false;
        }
    }

    public static KeyType of(Kind kind) {
        return new KeyType(kind, null, null);
    }

    public static KeyType timestamp(String unit, String zone) {
        return new KeyType(Kind.TIMESTAMP, unit, zone == null ? NO_ZONE : zone);
    }

    /**
     * Parses a Lance logical type name.
     *
     * @throws KeyTypeException naming the accepted spellings
     */
    public static KeyType parse(String name) {
        String trimmed = name.strip();
        if (trimmed.startsWith("timestamp:")) {
            String[] parts = trimmed.split(":", 3);
            if (parts.length == 3 && TIMESTAMP_UNITS.contains(parts[1]) && !parts[2].isEmpty()) {
                if (!parts[2].equals(NO_ZONE) && !knownZone(parts[2])) {
                    throw new KeyTypeException("'" + KitJson.bounded(name) + "': unknown time zone '" + KitJson.bounded(parts[2])
                            + "' (a zone name such as UTC or Europe/Paris, an offset such as +05:30, or '-' for none)");
                }
                return timestamp(parts[1], parts[2]);
            }
            throw new KeyTypeException("'" + KitJson.bounded(name) + "' is not a timestamp type: write timestamp:{unit}:{zone}, unit one of "
                    + TIMESTAMP_UNITS + ", zone a time zone name or '-' for none (e.g. timestamp:us:UTC, timestamp:ns:-)");
        }
        Optional<Kind> kind = Arrays.stream(Kind.values())
                .filter(k -> k != Kind.TIMESTAMP && k.lanceName.equals(trimmed.toLowerCase(Locale.ROOT))).findFirst();
        return kind.map(KeyType::of).orElseThrow(() -> new KeyTypeException("unknown key type '" + KitJson.bounded(name)
                + "'; key types are " + acceptedNames()));
    }

    /** Every accepted spelling, for error messages. */
    public static String acceptedNames() {
        return String.join(", ", Arrays.stream(Kind.values()).filter(k -> k != Kind.TIMESTAMP).map(k -> k.lanceName).toList())
                + ", timestamp:{s|ms|us|ns}:{zone|-}";
    }

    /** The Lance logical type name, e.g. {@code timestamp:us:UTC}. */
    public String lanceName() {
        return kind == Kind.TIMESTAMP ? "timestamp:" + timestampUnit + ":" + timestampZone : kind.lanceName;
    }

    @Override
    public String toString() {
        return lanceName();
    }

    /** A key type name that is not one the spec allows. */
    public static final class KeyTypeException extends IllegalArgumentException {
        private static final long serialVersionUID = 1L;

        public KeyTypeException(String message) {
            super(message);
        }
    }
}
