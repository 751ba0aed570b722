package dev.tableindex.model.key;

/** A double key by its raw IEEE 754 bits (see {@link Float32}). */
public record Float64(long bits) {
    public static Float64 of(double value) {
        return new Float64(Double.doubleToRawLongBits(value));
    }

    public double value() {
        return Double.longBitsToDouble(bits);
    }

    @Override
    public String toString() {
        return Double.isNaN(value()) ? String.format("NaN(0x%016X)", bits) : Double.toString(value());
    }
}
