package dev.tableindex.model.lancefile;

import java.util.Arrays;
import java.util.Optional;

/**
 * The top-level column types the kit decodes, by Lance logical type name (lance-core {@code datatypes}), and the
 * Java class of their values: variable-width ones hold {@code byte[]}, integer ones {@code Long} (uint64 as the
 * unsigned reading), {@code halffloat} and {@code float} {@code Float}, {@code double} {@code Double}, {@code bool}
 * {@code Boolean}. The kit's v2.0 writer writes the variable-width and integer ones.
 */
public enum LanceType {
    BINARY("binary", Kind.BYTES, 0, false),
    LARGE_BINARY("large_binary", Kind.BYTES, 0, false),
    STRING("string", Kind.BYTES, 0, false),
    LARGE_STRING("large_string", Kind.BYTES, 0, false),
    INT8("int8", Kind.INTEGER, 8, true),
    INT16("int16", Kind.INTEGER, 16, true),
    INT32("int32", Kind.INTEGER, 32, true),
    INT64("int64", Kind.INTEGER, 64, true),
    UINT8("uint8", Kind.INTEGER, 8, false),
    UINT16("uint16", Kind.INTEGER, 16, false),
    UINT32("uint32", Kind.INTEGER, 32, false),
    UINT64("uint64", Kind.INTEGER, 64, false),
    FLOAT16("halffloat", Kind.FLOAT, 16, true),
    FLOAT32("float", Kind.FLOAT, 32, true),
    FLOAT64("double", Kind.FLOAT, 64, true),
    BOOL("bool", Kind.BOOLEAN, 1, false);

    /** What a value of the type is in Java. */
    public enum Kind {
        BYTES, INTEGER, FLOAT, BOOLEAN
    }

    private final String logicalType;
    private final Kind kind;
    private final int bits;
    private final boolean signed;

    LanceType(String logicalType, Kind kind, int bits, boolean signed) {
        this.logicalType = logicalType;
        this.kind = kind;
        this.bits = bits;
        this.signed = signed;
    }

    public Kind kind() {
        return kind;
    }

    /** The Java class of a non-null value of this type. */
    public Class<?> valueClass() {
        return switch (kind) {
            case BYTES -> byte[].class;
            case INTEGER -> Long.class;
            case FLOAT -> bits == 64 ? Double.class : Float.class;
            case BOOLEAN -> Boolean.class;
        };
    }

    /** Lance's name for the type in a schema Field's {@code logical_type}. */
    public String logicalType() {
        return logicalType;
    }

    /** Bits per value of a fixed-width type (1 for bool); 0 for a variable-width one. */
    public int bits() {
        return bits;
    }

    public boolean variableWidth() {
        return kind == Kind.BYTES;
    }

    public static Optional<LanceType> ofLogicalType(String name) {
        return Arrays.stream(values()).filter(t -> t.logicalType.equals(name)).findFirst();
    }

    /** The value of a {@code bits}-wide little-endian integer read as a long, sign- or zero-extended. */
    public long fromRaw(long raw) {
        if (bits == 64) {
            return raw;
        }
        return signed ? (raw << (64 - bits)) >> (64 - bits) : raw & ((1L << bits) - 1);
    }

    /** Whether {@code value} fits this integer type (uint64 takes every long as its unsigned reading). */
    boolean holds(long value) {
        if (kind != Kind.INTEGER) {
            return false;
        }
        if (bits == 64) {
            return true;
        }
        return fromRaw(value) == value;
    }
}
