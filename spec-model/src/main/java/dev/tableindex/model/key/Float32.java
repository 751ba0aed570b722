package dev.tableindex.model.key;

/**
 * A float key by its raw IEEE 754 bits, so every NaN payload and sign, and -0.0, survive exactly
 * (a {@code java.lang.Float} compares NaNs as equal and may not keep a signalling NaN's bits).
 */
public record Float32(int bits) {
    public static Float32 of(float value) {
        return new Float32(Float.floatToRawIntBits(value));
    }

    public float value() {
        return Float.intBitsToFloat(bits);
    }

    @Override
    public String toString() {
        return Float.isNaN(value()) ? String.format("NaN(0x%08X)", bits) : Float.toString(value());
    }
}
