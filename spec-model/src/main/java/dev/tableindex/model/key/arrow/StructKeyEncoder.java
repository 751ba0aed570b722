package dev.tableindex.model.key.arrow;

import dev.tableindex.model.key.KeyType;
import dev.tableindex.model.key.KeyType.Kind;
import dev.tableindex.model.key.KeyWriter;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseLargeVariableWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BaseVariableWidthViewVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.ValueVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.types.pojo.Field;

/**
 * Encodes the key tuples of an element struct (the struct inside a list column) straight from its Arrow
 * child vectors, ARROW_ROW_V1 (lance-list-element-index.md, "Key Encoding"): row {@code i}'s tuple is its
 * key fields' values in key order, and a null struct row is the tuple whose keys are all null ("Storage
 * Layout").
 *
 * <p>Built for row loops: one small accessor per key is chosen at construction from the field's Arrow
 * type, so the loop dispatches once per key and never switches on the type per value; values are read
 * from the vectors' buffers (floats as their raw bits, so NaN payloads survive); variable-width values
 * are copied from the data buffer into one reusable scratch array and from there into the
 * {@link KeyWriter}. Nothing is allocated per value (the scratch array grows to the longest value once).
 *
 * <p>The child vectors are held, their buffers looked up on each call, so the encoder stays valid when
 * the vectors are refilled or reloaded (same vector objects). One encoder is not safe for concurrent use
 * (the scratch array); make one per thread.
 */
public final class StructKeyEncoder {
    private final StructVector struct;
    private final List<KeyType> types;
    private final Key[] keys;
    private byte[] scratch = new byte[64];

    /** Keys are the struct's children named {@code keyFields}, in that order. */
    public StructKeyEncoder(StructVector struct, List<String> keyFields) {
        this(struct, resolve(struct, keyFields));
    }

    /** Keys are the struct's children at {@code childIndexes}, in that order. */
    public StructKeyEncoder(StructVector struct, int... childIndexes) {
        this(struct, resolve(struct, childIndexes));
    }

    private StructKeyEncoder(StructVector struct, FieldVector[] children) {
        if (children.length == 0) {
            throw new IllegalArgumentException("an index key has at least one field");
        }
        this.struct = struct;
        this.keys = new Key[children.length];
        List<KeyType> keyTypes = new ArrayList<>(children.length);
        for (int k = 0; k < children.length; k++) {
            keys[k] = accessor(children[k]);
            keyTypes.add(keys[k].type);
        }
        this.types = Collections.unmodifiableList(keyTypes);
    }

    /** The key types, in key order, from the fields' Arrow types ({@link ArrowKeyTypes#of(Field)}). */
    public List<KeyType> keyTypes() {
        return types;
    }

    /** Appends row {@code row}'s tuple to {@code out} (no reset: call {@link KeyWriter#reset()} per tuple). */
    public void encodeRow(int row, KeyWriter out) {
        Key[] keys = this.keys;
        if (struct.isNull(row)) {
            for (Key key : keys) {
                out.writeNull(key.kind);
            }
            return;
        }
        for (Key key : keys) {
            key.write(row, out);
        }
    }

    /** Row {@code row}'s tuple as a new array (convenience; a loop should reuse a writer). */
    public byte[] encodeRow(int row) {
        KeyWriter out = new KeyWriter();
        encodeRow(row, out);
        return out.toByteArray();
    }

    private static FieldVector[] resolve(StructVector struct, List<String> names) {
        FieldVector[] children = new FieldVector[names.size()];
        for (int k = 0; k < children.length; k++) {
            String name = names.get(k);
            children[k] = struct.getChild(name);
            if (children[k] == null) {
                throw new IllegalArgumentException("the struct '" + struct.getName() + "' has no field '" + name
                        + "'; its fields are " + struct.getChildFieldNames());
            }
        }
        return children;
    }

    private static FieldVector[] resolve(StructVector struct, int[] indexes) {
        FieldVector[] children = new FieldVector[indexes.length];
        for (int k = 0; k < indexes.length; k++) {
            int index = indexes[k];
            if (index < 0 || index >= struct.size()) {
                throw new IllegalArgumentException("the struct '" + struct.getName() + "' has " + struct.size()
                        + " fields " + struct.getChildFieldNames() + "; no field at index " + index);
            }
            children[k] = (FieldVector) struct.getChildByOrdinal(index);
        }
        return children;
    }

    private Key accessor(FieldVector vector) {
        Field field = vector.getField();
        KeyType type = ArrowKeyTypes.ofVectorField(field);
        Kind kind = type.kind();
        if (kind == Kind.BOOL) {
            return new BoolKey(type, expect(vector, BitVector.class, type));
        }
        if (!kind.variableWidth()) {
            BaseFixedWidthVector fixed = expect(vector, BaseFixedWidthVector.class, type);
            if (fixed.getTypeWidth() != kind.width()) {
                throw mismatch(vector, type);
            }
            if (kind == Kind.FLOAT) {
                return new FloatKey(type, fixed);
            }
            if (kind == Kind.DOUBLE) {
                return new DoubleKey(type, fixed);
            }
            boolean signed = kind.signedInteger();
            return switch (kind.width()) {
                case 1 -> signed ? new Signed1(type, fixed) : new Unsigned1(type, fixed);
                case 2 -> signed ? new Signed2(type, fixed) : new Unsigned2(type, fixed);
                case 4 -> signed ? new Signed4(type, fixed) : new Unsigned4(type, fixed);
                default -> signed ? new Signed8(type, fixed) : new Unsigned8(type, fixed);
            };
        }
        if (vector instanceof BaseVariableWidthVector v) {
            return new VarKey(type, v);
        }
        if (vector instanceof BaseLargeVariableWidthVector v) {
            return new LargeVarKey(type, v);
        }
        if (vector instanceof BaseVariableWidthViewVector v) {
            return new ViewKey(type, v);
        }
        throw mismatch(vector, type);
    }

    private static <V> V expect(ValueVector vector, Class<V> layout, KeyType type) {
        if (!layout.isInstance(vector)) {
            throw mismatch(vector, type);
        }
        return layout.cast(vector);
    }

    private static IllegalArgumentException mismatch(ValueVector vector, KeyType type) {
        return new IllegalArgumentException("field '" + vector.getName() + "' of key type " + type + " is held in a "
                + vector.getClass().getSimpleName() + ", which does not have that type's layout");
    }

    private byte[] scratch(int length) {
        byte[] s = scratch;
        if (s.length < length) {
            s = new byte[Math.max(length, s.length * 2)];
            scratch = s;
        }
        return s;
    }

    /** One key: writes row {@code row}'s value, or the key's null. */
    private abstract static class Key {
        final KeyType type;
        final Kind kind;

        Key(KeyType type) {
            this.type = type;
            this.kind = type.kind();
        }

        abstract void write(int row, KeyWriter out);
    }

    private static final class BoolKey extends Key {
        private final BitVector vector;

        BoolKey(KeyType type, BitVector vector) {
            super(type);
            this.vector = vector;
        }

        @Override
        void write(int row, KeyWriter out) {
            if (vector.isNull(row)) {
                out.writeNull(kind);
            } else {
                out.writeBool(vector.get(row) != 0);
            }
        }
    }

    /** A fixed-width key: the value bytes are read from the vector's data buffer. */
    private abstract static class FixedKey extends Key {
        final BaseFixedWidthVector vector;

        FixedKey(KeyType type, BaseFixedWidthVector vector) {
            super(type);
            this.vector = vector;
        }

        @Override
        final void write(int row, KeyWriter out) {
            if (vector.isNull(row)) {
                out.writeNull(kind);
            } else {
                writeValue(vector.getDataBuffer(), row, out);
            }
        }

        abstract void writeValue(ArrowBuf data, int row, KeyWriter out);
    }

    private static final class FloatKey extends FixedKey {
        FloatKey(KeyType type, BaseFixedWidthVector vector) {
            super(type, vector);
        }

        @Override
        void writeValue(ArrowBuf data, int row, KeyWriter out) {
            out.writeFloatBits(data.getInt((long) row * 4)); // raw bits: NaN payloads kept
        }
    }

    private static final class DoubleKey extends FixedKey {
        DoubleKey(KeyType type, BaseFixedWidthVector vector) {
            super(type, vector);
        }

        @Override
        void writeValue(ArrowBuf data, int row, KeyWriter out) {
            out.writeDoubleBits(data.getLong((long) row * 8));
        }
    }

    private static final class Signed1 extends FixedKey {
        Signed1(KeyType type, BaseFixedWidthVector vector) {
            super(type, vector);
        }

        @Override
        void writeValue(ArrowBuf data, int row, KeyWriter out) {
            out.writeSigned(data.getByte(row), 1);
        }
    }

    private static final class Signed2 extends FixedKey {
        Signed2(KeyType type, BaseFixedWidthVector vector) {
            super(type, vector);
        }

        @Override
        void writeValue(ArrowBuf data, int row, KeyWriter out) {
            out.writeSigned(data.getShort((long) row * 2), 2);
        }
    }

    private static final class Signed4 extends FixedKey {
        Signed4(KeyType type, BaseFixedWidthVector vector) {
            super(type, vector);
        }

        @Override
        void writeValue(ArrowBuf data, int row, KeyWriter out) {
            out.writeSigned(data.getInt((long) row * 4), 4);
        }
    }

    private static final class Signed8 extends FixedKey {
        Signed8(KeyType type, BaseFixedWidthVector vector) {
            super(type, vector);
        }

        @Override
        void writeValue(ArrowBuf data, int row, KeyWriter out) {
            out.writeSigned(data.getLong((long) row * 8), 8);
        }
    }

    // Unsigned: the writer takes the low W bytes, so the sign extension of a wide read does not matter.
    private static final class Unsigned1 extends FixedKey {
        Unsigned1(KeyType type, BaseFixedWidthVector vector) {
            super(type, vector);
        }

        @Override
        void writeValue(ArrowBuf data, int row, KeyWriter out) {
            out.writeUnsigned(data.getByte(row) & 0xFFL, 1);
        }
    }

    private static final class Unsigned2 extends FixedKey {
        Unsigned2(KeyType type, BaseFixedWidthVector vector) {
            super(type, vector);
        }

        @Override
        void writeValue(ArrowBuf data, int row, KeyWriter out) {
            out.writeUnsigned(data.getShort((long) row * 2) & 0xFFFFL, 2);
        }
    }

    private static final class Unsigned4 extends FixedKey {
        Unsigned4(KeyType type, BaseFixedWidthVector vector) {
            super(type, vector);
        }

        @Override
        void writeValue(ArrowBuf data, int row, KeyWriter out) {
            out.writeUnsigned(data.getInt((long) row * 4) & 0xFFFF_FFFFL, 4);
        }
    }

    private static final class Unsigned8 extends FixedKey {
        Unsigned8(KeyType type, BaseFixedWidthVector vector) {
            super(type, vector);
        }

        @Override
        void writeValue(ArrowBuf data, int row, KeyWriter out) {
            out.writeUnsigned(data.getLong((long) row * 8), 8);
        }
    }

    /** string and binary: int32 offsets. */
    private final class VarKey extends Key {
        private final BaseVariableWidthVector vector;

        VarKey(KeyType type, BaseVariableWidthVector vector) {
            super(type);
            this.vector = vector;
        }

        @Override
        void write(int row, KeyWriter out) {
            if (vector.isNull(row)) {
                out.writeNull(kind);
                return;
            }
            ArrowBuf offsets = vector.getOffsetBuffer();
            long at = (long) row * BaseVariableWidthVector.OFFSET_WIDTH;
            int start = offsets.getInt(at);
            int length = offsets.getInt(at + BaseVariableWidthVector.OFFSET_WIDTH) - start;
            byte[] bytes = scratch(length);
            vector.getDataBuffer().getBytes(start, bytes, 0, length);
            out.writeBytes(bytes, 0, length);
        }
    }

    /** large_string and large_binary: int64 offsets. */
    private final class LargeVarKey extends Key {
        private final BaseLargeVariableWidthVector vector;

        LargeVarKey(KeyType type, BaseLargeVariableWidthVector vector) {
            super(type);
            this.vector = vector;
        }

        @Override
        void write(int row, KeyWriter out) {
            if (vector.isNull(row)) {
                out.writeNull(kind);
                return;
            }
            ArrowBuf offsets = vector.getOffsetBuffer();
            long at = (long) row * BaseLargeVariableWidthVector.OFFSET_WIDTH;
            long start = offsets.getLong(at);
            long length = offsets.getLong(at + BaseLargeVariableWidthVector.OFFSET_WIDTH) - start;
            if (length > Integer.MAX_VALUE - 64) {
                throw new IllegalArgumentException("field '" + vector.getName() + "' row " + row + ": a key of "
                        + length + " bytes is too long to encode");
            }
            int len = (int) length;
            byte[] bytes = scratch(len);
            vector.getDataBuffer().getBytes(start, bytes, 0, len);
            out.writeBytes(bytes, 0, len);
        }
    }

    /**
     * Utf8View and BinaryView: 16-byte views, {@code [length:4][inline bytes:12]} for up to 12 bytes,
     * else {@code [length:4][prefix:4][buffer index:4][offset:4]} into the variadic data buffers.
     */
    private final class ViewKey extends Key {
        private final BaseVariableWidthViewVector vector;

        ViewKey(KeyType type, BaseVariableWidthViewVector vector) {
            super(type);
            this.vector = vector;
        }

        @Override
        void write(int row, KeyWriter out) {
            if (vector.isNull(row)) {
                out.writeNull(kind);
                return;
            }
            ArrowBuf views = vector.getDataBuffer();
            long view = (long) row * BaseVariableWidthViewVector.ELEMENT_SIZE;
            int length = views.getInt(view);
            byte[] bytes = scratch(length);
            if (length <= BaseVariableWidthViewVector.INLINE_SIZE) {
                views.getBytes(view + BaseVariableWidthViewVector.LENGTH_WIDTH, bytes, 0, length);
            } else {
                long at = view + BaseVariableWidthViewVector.LENGTH_WIDTH + BaseVariableWidthViewVector.PREFIX_WIDTH;
                int bufferIndex = views.getInt(at);
                int offset = views.getInt(at + BaseVariableWidthViewVector.BUF_INDEX_WIDTH);
                vector.getDataBuffers().get(bufferIndex).getBytes(offset, bytes, 0, length);
            }
            out.writeBytes(bytes, 0, length);
        }
    }
}
