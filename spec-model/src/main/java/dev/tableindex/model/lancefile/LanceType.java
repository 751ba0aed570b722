package dev.tableindex.model.lancefile;

import java.util.Arrays;
import java.util.Optional;

/**
 * The top-level column types the kit writes and decodes, by Lance logical type name (lance-core
 * {@code datatypes}): variable-width ones hold {@code byte[]}, integer ones {@code Long}.
 */
public enum LanceType {
    BINARY("binary", 0, false),
    LARGE_BINARY("large_binary", 0, false),
    STRING("string", 0, false),
    LARGE_STRING("large_string", 0, false),
    INT8("int8", 8, true),
    INT16("int16", 16, true),
    INT32("int32", 32, true),
    INT64("int64", 64, true),
    UINT8("uint8", 8, false),
    UINT16("uint16", 16, false),
    UINT32("uint32", 32, false),
    UINT64("uint64", 64, false);

    private final String logicalType;
    private final int bits;
    private final boolean signed;

    LanceType(String logicalType, int bits, boolean signed) {
        this.logicalType = logicalType;
        this.bits = bits;
        this.signed = signed;
    }

    /** Lance's name for the type in a schema Field's {@code logical_type}. */
    public String logicalType() {
        return logicalType;
    }

    /** Bits per value of an integer type; 0 for a variable-width one. */
    public int bits() {
        return bits;
    }

    public boolean variableWidth() {
        return bits == 0;
    }

    public static Optional<LanceType> ofLogicalType(String name) {
        return Arrays.stream(values()).filter(t -> t.logicalType.equals(name)).findFirst();
    }

    /** The value of a {@code bits}-wide little-endian integer read as a long, sign- or zero-extended. */
    long fromRaw(long raw) {
        if (bits == 64) {
            return raw;
        }
        return signed ? (raw << (64 - bits)) >> (64 - bits) : raw & ((1L << bits) - 1);
    }

    /** Whether {@code value} fits this integer type (uint64 takes every long as its unsigned reading). */
    boolean holds(long value) {
        if (bits == 64) {
            return true;
        }
        return fromRaw(value) == value;
    }
}
