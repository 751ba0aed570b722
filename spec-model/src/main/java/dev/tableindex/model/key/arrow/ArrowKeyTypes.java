package dev.tableindex.model.key.arrow;

import dev.tableindex.model.key.KeyType;
import dev.tableindex.model.key.KeyType.Kind;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * Arrow types to key types and back (lance-list-element-index.md, "Index Details": key types are Lance
 * logical types, which are Arrow types by name): {@code Bool}; {@code Int(8|16|32|64, signed|unsigned)};
 * {@code FloatingPoint(SINGLE)} float, {@code (DOUBLE)} double; {@code Date(DAY)} date32:day,
 * {@code Date(MILLISECOND)} date64:ms; {@code Timestamp(unit, zone)} timestamp:{unit}:{zone or -};
 * {@code Utf8} and {@code Utf8View} string, {@code LargeUtf8} large_string; {@code Binary} and
 * {@code BinaryView} binary, {@code LargeBinary} large_binary. The view types have no Lance name of their
 * own: they hold the same values as the plain types, and their keys encode the same.
 */
public final class ArrowKeyTypes {
    /** The Arrow types a key may have, for error messages. */
    public static final String ACCEPTED = "Bool, Int(8|16|32|64, signed or unsigned), FloatingPoint(SINGLE|DOUBLE), "
            + "Date(DAY|MILLISECOND), Timestamp(SECOND|MILLISECOND|MICROSECOND|NANOSECOND, zone or none), "
            + "Utf8, LargeUtf8, Utf8View, Binary, LargeBinary, BinaryView";

    private ArrowKeyTypes() {
    }

    /**
     * The key type of a vector's field, for reading its values: as {@link #of(Field)}, but a
     * dictionary-encoded field is refused, because its vector holds indices, not the values.
     */
    public static KeyType ofVectorField(Field field) {
        if (field.getDictionary() != null) {
            throw new KeyType.KeyTypeException("field '" + field.getName() + "' is dictionary encoded; decode it first"
                    + " (key types are " + ACCEPTED + ")");
        }
        return of(field);
    }

    /** The key type of a field's Arrow type; see {@link #of(ArrowType)}. */
    public static KeyType of(Field field) {
        try {
            return of(field.getType());
        } catch (KeyType.KeyTypeException e) {
            throw new KeyType.KeyTypeException("field '" + field.getName() + "': " + e.getMessage());
        }
    }

    /**
     * The key type of an Arrow type.
     *
     * @throws KeyType.KeyTypeException naming the Arrow type and the accepted ones
     */
    public static KeyType of(ArrowType type) {
        KeyType key = switch (type.getTypeID()) {
            case Bool -> KeyType.of(Kind.BOOL);
            case Int -> integer((ArrowType.Int) type);
            case FloatingPoint -> switch (((ArrowType.FloatingPoint) type).getPrecision()) {
                case SINGLE -> KeyType.of(Kind.FLOAT);
                case DOUBLE -> KeyType.of(Kind.DOUBLE);
                case HALF -> null;
            };
            case Date -> ((ArrowType.Date) type).getUnit() == DateUnit.DAY ? KeyType.of(Kind.DATE32) : KeyType.of(Kind.DATE64);
            case Timestamp -> {
                ArrowType.Timestamp ts = (ArrowType.Timestamp) type;
                String zone = ts.getTimezone();
                yield KeyType.timestamp(unitName(ts.getUnit()), zone == null || zone.isEmpty() ? KeyType.NO_ZONE : zone);
            }
            case Utf8, Utf8View -> KeyType.of(Kind.STRING);
            case LargeUtf8 -> KeyType.of(Kind.LARGE_STRING);
            case Binary, BinaryView -> KeyType.of(Kind.BINARY);
            case LargeBinary -> KeyType.of(Kind.LARGE_BINARY);
            default -> null;
        };
        if (key == null) {
            throw new KeyType.KeyTypeException("Arrow type " + type + " cannot be a key; key types are " + ACCEPTED);
        }
        return key;
    }

    /** The Arrow type of a key type: the plain (not view) type for strings and binary. */
    public static ArrowType toArrow(KeyType type) {
        return switch (type.kind()) {
            case BOOL -> ArrowType.Bool.INSTANCE;
            case INT8 -> new ArrowType.Int(8, true);
            case INT16 -> new ArrowType.Int(16, true);
            case INT32 -> new ArrowType.Int(32, true);
            case INT64 -> new ArrowType.Int(64, true);
            case UINT8 -> new ArrowType.Int(8, false);
            case UINT16 -> new ArrowType.Int(16, false);
            case UINT32 -> new ArrowType.Int(32, false);
            case UINT64 -> new ArrowType.Int(64, false);
            case FLOAT -> new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE);
            case DOUBLE -> new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE);
            case DATE32 -> new ArrowType.Date(DateUnit.DAY);
            case DATE64 -> new ArrowType.Date(DateUnit.MILLISECOND);
            case TIMESTAMP -> new ArrowType.Timestamp(timeUnit(type.timestampUnit()),
                    KeyType.NO_ZONE.equals(type.timestampZone()) ? null : type.timestampZone());
            case STRING -> ArrowType.Utf8.INSTANCE;
            case LARGE_STRING -> ArrowType.LargeUtf8.INSTANCE;
            case BINARY -> ArrowType.Binary.INSTANCE;
            case LARGE_BINARY -> ArrowType.LargeBinary.INSTANCE;
        };
    }

    private static KeyType integer(ArrowType.Int type) {
        boolean signed = type.getIsSigned();
        return switch (type.getBitWidth()) {
            case 8 -> KeyType.of(signed ? Kind.INT8 : Kind.UINT8);
            case 16 -> KeyType.of(signed ? Kind.INT16 : Kind.UINT16);
            case 32 -> KeyType.of(signed ? Kind.INT32 : Kind.UINT32);
            case 64 -> KeyType.of(signed ? Kind.INT64 : Kind.UINT64);
            default -> null;
        };
    }

    static String unitName(TimeUnit unit) {
        return switch (unit) {
            case SECOND -> "s";
            case MILLISECOND -> "ms";
            case MICROSECOND -> "us";
            case NANOSECOND -> "ns";
        };
    }

    static TimeUnit timeUnit(String name) {
        return switch (name) {
            case "s" -> TimeUnit.SECOND;
            case "ms" -> TimeUnit.MILLISECOND;
            case "us" -> TimeUnit.MICROSECOND;
            case "ns" -> TimeUnit.NANOSECOND;
            default -> throw new KeyType.KeyTypeException("unknown timestamp unit '" + name + "'; units are "
                    + KeyType.TIMESTAMP_UNITS);
        };
    }
}
