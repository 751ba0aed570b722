package dev.tableindex.model.lancefile.v21;

import dev.tableindex.model.lancefile.LanceType;

/** Decoded values as the Java values of a column's {@link LanceType} ({@link LanceType#valueClass()}). */
final class ColumnValues {
    private ColumnValues() {
    }

    /** Value {@code i} of {@code block} as a {@code type} value; a block of another shape is a bad page. */
    static Object value(DataBlock block, int i, LanceType type, PageContext page, long offset) {
        if (type.kind() == LanceType.Kind.BYTES) {
            if (block instanceof DataBlock.Variable variable) {
                page.take(variable.offsets()[i + 1] - variable.offsets()[i], offset, "a variable-width value");
                return variable.value(i);
            }
            throw page.bad(offset, "fixed-width values for a " + type.logicalType() + " column");
        }
        if (!(block instanceof DataBlock.Fixed fixed) || fixed.bitsPerValue() != type.bits()) {
            throw page.bad(offset, (block instanceof DataBlock.Fixed f ? f.bitsPerValue() + "-bit" : "variable-width")
                    + " values for a " + type.logicalType() + " column");
        }
        long raw = fixed.word(i);
        return switch (type.kind()) {
            case INTEGER -> type.fromRaw(raw);
            case BOOLEAN -> raw != 0;
            case FLOAT -> switch (type.bits()) {
                case 16 -> halfToFloat((int) raw);
                case 32 -> Float.intBitsToFloat((int) raw);
                default -> Double.longBitsToDouble(raw);
            };
            case BYTES -> throw new IllegalStateException("handled above");
        };
    }

    /** An IEEE 754 binary16 value, exactly, as a float. */
    static float halfToFloat(int half) {
        int sign = (half >>> 15) & 1;
        int exponent = (half >>> 10) & 0x1f;
        int mantissa = half & 0x3ff;
        int bits;
        if (exponent == 0x1f) {
            bits = sign << 31 | 0x7f800000 | mantissa << 13;
        } else if (exponent != 0) {
            bits = sign << 31 | (exponent + 112) << 23 | mantissa << 13;
        } else if (mantissa == 0) {
            bits = sign << 31;
        } else {
            // a subnormal half is mantissa * 2^-24: normalize it around its leading bit p
            int p = 31 - Integer.numberOfLeadingZeros(mantissa);
            bits = sign << 31 | (p + 103) << 23 | ((mantissa << (10 - p)) & 0x3ff) << 13;
        }
        return Float.intBitsToFloat(bits);
    }
}
