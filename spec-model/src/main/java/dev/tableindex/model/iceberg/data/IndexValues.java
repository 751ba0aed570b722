package dev.tableindex.model.iceberg.data;

import java.nio.ByteBuffer;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Collectors;

/** Index values as exact text, for multisets and messages: floats by their bits, bytes (binary, fixed) in hex. */
public final class IndexValues {
    private IndexValues() {
    }

    public static String exact(Object v) {
        if (v == null) {
            return "null";
        }
        if (v instanceof Double d) {
            return d.isNaN() ? (Double.doubleToRawLongBits(d) < 0 ? "-NaN" : "NaN") : d.toString();
        }
        if (v instanceof Float f) {
            return f.isNaN() ? (Float.floatToRawIntBits(f) < 0 ? "-NaN" : "NaN") : f.toString() + "f";
        }
        if (v instanceof byte[] fixed) {
            return "0x" + HexFormat.of().formatHex(fixed);
        }
        if (v instanceof ByteBuffer b) {
            ByteBuffer d = b.duplicate();
            byte[] bytes = new byte[d.remaining()];
            d.get(bytes);
            return "0x" + HexFormat.of().formatHex(bytes);
        }
        if (v instanceof CharSequence s) {
            return "'" + s + "'";
        }
        return v.toString();
    }

    public static String exact(List<Object> key) {
        return key.stream().map(IndexValues::exact).collect(Collectors.joining(", ", "(", ")"));
    }
}
