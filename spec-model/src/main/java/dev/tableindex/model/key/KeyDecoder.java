package dev.tableindex.model.key;

import com.google.protobuf.ByteString;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Decodes an ARROW_ROW_V1 encoding back to its tuple, strictly: only the bytes the encoder writes are
 * accepted (sentinels, zero padding, block terminators, exact length, valid UTF-8 for strings), and
 * anything else is a {@link KeyDecodingException} with the offset of the first wrong byte.
 */
public final class KeyDecoder {
    private final byte[] bytes;
    private int position;
    private int key;

    private KeyDecoder(byte[] bytes) {
        this.bytes = bytes;
    }

    public static List<Object> decode(List<KeyType> types, byte[] encoding) {
        KeyDecoder decoder = new KeyDecoder(encoding);
        List<Object> tuple = new ArrayList<>(types.size());
        for (KeyType type : types) {
            tuple.add(decoder.next(type));
            decoder.key++;
        }
        if (decoder.position != encoding.length) {
            throw new KeyDecodingException(decoder.position, types.size() - 1,
                    (encoding.length - decoder.position) + " trailing bytes after the last key");
        }
        return Collections.unmodifiableList(tuple);
    }

    private Object next(KeyType type) {
        KeyType.Kind kind = type.kind();
        return kind.variableWidth() ? variable(kind) : fixed(kind);
    }

    private Object fixed(KeyType.Kind kind) {
        int start = position;
        int sentinel = take(1 + kind.width(), "a " + kind.width() + "-byte " + kind.name().toLowerCase() + " key");
        if (sentinel == KeyBytes.NULL) {
            for (int i = start + 1; i < position; i++) {
                if (bytes[i] != 0) {
                    throw fail(i, String.format("null key with padding byte %02X (must be 00)", bytes[i]));
                }
            }
            return null;
        }
        if (sentinel != KeyBytes.VALID) {
            throw fail(start, String.format("bad sentinel %02X for a fixed-width key (00 null, 01 valid)", sentinel));
        }
        long raw = 0;
        for (int i = start + 1; i < position; i++) {
            raw = (raw << 8) | (bytes[i] & 0xFF);
        }
        int bits = 8 * kind.width();
        return switch (kind) {
            case BOOL -> {
                if (raw > 1) {
                    throw fail(start + 1, String.format("bool byte %02X (must be 00 or 01)", raw));
                }
                yield raw == 1;
            }
            case FLOAT -> new Float32((int) (raw < 0x8000_0000L ? ~raw : raw ^ 0x8000_0000L));
            case DOUBLE -> new Float64(raw >= 0 ? ~raw : raw ^ 0x8000_0000_0000_0000L);
            default -> kind.unsignedInteger() ? raw : signExtend(raw ^ (1L << (bits - 1)), bits);
        };
    }

    private static long signExtend(long value, int bits) {
        return bits == 64 ? value : (value << (64 - bits)) >> (64 - bits);
    }

    private Object variable(KeyType.Kind kind) {
        int start = position;
        int sentinel = take(1, "a variable-width key");
        if (sentinel == KeyBytes.NULL) {
            return null;
        }
        ByteArrayOutputStream value = new ByteArrayOutputStream();
        if (sentinel == KeyBytes.NON_EMPTY) {
            for (int block = 0; ; block++) {
                int blockSize = block < KeyBytes.MINI_BLOCKS ? KeyBytes.MINI_BLOCK : KeyBytes.BLOCK;
                int blockStart = position;
                take(blockSize + 1, "a " + blockSize + "-byte block");
                int terminator = bytes[position - 1] & 0xFF;
                if (terminator == 0xFF) {
                    value.write(bytes, blockStart, blockSize);
                    continue;
                }
                if (terminator == 0 || terminator > blockSize) {
                    throw fail(position - 1, String.format("block terminator %02X (FF when more bytes follow, else 01..%02X)",
                            terminator, blockSize));
                }
                for (int i = blockStart + terminator; i < blockStart + blockSize; i++) {
                    if (bytes[i] != 0) {
                        throw fail(i, String.format("padding byte %02X after the last value byte (must be 00)", bytes[i]));
                    }
                }
                value.write(bytes, blockStart, terminator);
                break;
            }
        } else if (sentinel != KeyBytes.EMPTY) {
            throw fail(start, String.format("bad sentinel %02X for a variable-width key (00 null, 01 empty, 02 non-empty)", sentinel));
        }
        byte[] content = value.toByteArray();
        if (!kind.utf8()) {
            return ByteString.copyFrom(content);
        }
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(content)).toString();
        } catch (CharacterCodingException e) {
            throw fail(start, "string key is not valid UTF-8");
        }
    }

    /** Consumes {@code n} bytes and returns the first; fails when fewer remain. */
    private int take(int n, String what) {
        if (position + n > bytes.length) {
            throw fail(position, "truncated: " + what + " needs " + n + " bytes, " + (bytes.length - position) + " remain");
        }
        int first = bytes[position] & 0xFF;
        position += n;
        return first;
    }

    private KeyDecodingException fail(int offset, String what) {
        return new KeyDecodingException(offset, key, what);
    }
}
