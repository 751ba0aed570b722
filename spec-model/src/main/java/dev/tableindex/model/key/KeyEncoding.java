package dev.tableindex.model.key;

import com.google.protobuf.ByteString;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * LIST_ELEMENT_KEY_ENCODING_ARROW_ROW_V1 (lance-list-element-index.md, "Key Encoding"): a tuple is
 * the concatenation of its keys' encodings, each ascending with nulls first, so that unsigned byte
 * order of the encodings is tuple order, and the encoding of a tuple's first k keys is a prefix of the
 * whole.
 */
public final class KeyEncoding {
    private KeyEncoding() {
    }

    /** The encoding of {@code tuple} under {@code types}. */
    public static byte[] encode(List<KeyType> types, List<?> tuple) {
        KeyWriter out = new KeyWriter();
        encode(types, tuple, out);
        return out.toByteArray();
    }

    /** Appends the encoding of {@code tuple} to {@code out}. */
    public static void encode(List<KeyType> types, List<?> tuple, KeyWriter out) {
        if (types.size() != tuple.size()) {
            throw new KeyValueException("a tuple of " + tuple.size() + " values for " + types.size() + " key types " + types);
        }
        for (int i = 0; i < types.size(); i++) {
            encodeKey(types.get(i), tuple.get(i), out);
        }
    }

    /** Appends one key. */
    public static void encodeKey(KeyType type, Object value, KeyWriter out) {
        KeyType.Kind kind = type.kind();
        if (KeyValues.check(type, value) == null) {
            out.writeNull(kind);
            return;
        }
        switch (kind) {
            case BOOL -> out.writeBool((Boolean) value);
            case FLOAT -> out.writeFloatBits(((Float32) value).bits());
            case DOUBLE -> out.writeDoubleBits(((Float64) value).bits());
            case STRING, LARGE_STRING -> {
                byte[] utf8 = ((String) value).getBytes(StandardCharsets.UTF_8);
                out.writeBytes(utf8, 0, utf8.length);
            }
            case BINARY, LARGE_BINARY -> {
                byte[] bytes = ((ByteString) value).toByteArray();
                out.writeBytes(bytes, 0, bytes.length);
            }
            default -> {
                if (kind.unsignedInteger()) {
                    out.writeUnsigned((Long) value, kind.width());
                } else {
                    out.writeSigned((Long) value, kind.width());
                }
            }
        }
    }
}
