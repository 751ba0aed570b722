package dev.tableindex.model.key.arrow;

import com.google.protobuf.ByteString;
import dev.tableindex.model.key.Float32;
import dev.tableindex.model.key.Float64;
import dev.tableindex.model.key.KeyRows;
import dev.tableindex.model.key.KeyType;
import dev.tableindex.model.key.KeyType.Kind;
import dev.tableindex.model.key.KeyValues;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.apache.arrow.memory.ArrowBuf;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseLargeVariableWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BitVectorHelper;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;

/**
 * Key tuples of Java values ({@link KeyValues}) written into an Arrow struct, one child per key
 * ({@code k0}, {@code k1}, …, typed by {@link ArrowKeyTypes#toArrow}), so that the kit's own tuples go
 * through the same batch encoder as Arrow data ({@link StructKeyEncoder#encodeBatch}). Floats are written
 * by their raw bits, so NaN payloads survive.
 */
public final class KeyTupleVectors {
    private KeyTupleVectors() {
    }

    /** Tuples by row: a null tuple is a null struct row (all its keys null). */
    public interface Tuples {
        boolean isNull(int row);

        /** Key {@code key}'s value in row {@code row}, or null. */
        Object value(int row, int key);
    }

    /**
     * Encodes Java tuples (each a list of values, or null for a null tuple) through Arrow as one batch into
     * {@code rows}: tuple {@code i} of {@code rows} is {@code tuples.get(i)}'s encoding.
     *
     * @throws dev.tableindex.model.key.KeyValueException when a value does not fit its key type
     */
    public static KeyRows encodeBatch(List<KeyType> types, List<? extends List<?>> tuples, KeyRows rows) {
        Tuples source = new Tuples() {
            @Override
            public boolean isNull(int row) {
                return tuples.get(row) == null;
            }

            @Override
            public Object value(int row, int key) {
                return tuples.get(row).get(key);
            }
        };
        try (BufferAllocator allocator = new RootAllocator();
                StructVector struct = struct(types, tuples.size(), source, allocator)) {
            return new StructKeyEncoder(struct, IntStream.range(0, types.size()).toArray()).encodeBatch(0, tuples.size(), rows);
        }
    }

    /** A struct of {@code rows} rows holding {@code tuples}; the caller closes it. */
    public static StructVector struct(List<KeyType> types, int rows, Tuples tuples, BufferAllocator allocator) {
        List<Field> children = new ArrayList<>();
        for (int k = 0; k < types.size(); k++) {
            children.add(new Field("k" + k, FieldType.nullable(ArrowKeyTypes.toArrow(types.get(k))), null));
        }
        StructVector struct = (StructVector) new Field("element", FieldType.nullable(ArrowType.Struct.INSTANCE), children)
                .createVector(allocator);
        try {
            struct.setInitialCapacity(rows);
            struct.allocateNew();
            for (int row = 0; row < rows; row++) {
                if (tuples.isNull(row)) {
                    struct.setNull(row);
                } else {
                    struct.setIndexDefined(row);
                }
            }
            for (int k = 0; k < types.size(); k++) {
                fill((FieldVector) struct.getChildByOrdinal(k), types.get(k), k, rows, tuples);
            }
            struct.setValueCount(rows);
            return struct;
        } catch (RuntimeException e) {
            struct.close();
            throw e;
        }
    }

    private static void fill(FieldVector vector, KeyType type, int key, int rows, Tuples tuples) {
        Kind kind = type.kind();
        for (int row = 0; row < rows; row++) {
            Object value = tuples.isNull(row) ? null : KeyValues.check(type, tuples.value(row, key));
            if (kind.variableWidth()) {
                setBytes(vector, row, value);
            } else if (value != null) {
                setFixed((BaseFixedWidthVector) vector, kind, row, value);
            }
        }
        vector.setValueCount(rows);
    }

    private static void setBytes(FieldVector vector, int row, Object value) {
        if (vector instanceof BaseVariableWidthVector v) {
            if (value == null) {
                v.setNull(row);
            } else {
                v.setSafe(row, bytes(value));
            }
        } else {
            BaseLargeVariableWidthVector v = (BaseLargeVariableWidthVector) vector;
            if (value == null) {
                v.setNull(row);
            } else {
                v.setSafe(row, bytes(value));
            }
        }
    }

    /** Writes the value's bits into the data buffer (allocated for all rows) and marks the row valid. */
    private static void setFixed(BaseFixedWidthVector vector, Kind kind, int row, Object value) {
        ArrowBuf data = vector.getDataBuffer();
        BitVectorHelper.setBit(vector.getValidityBuffer(), row);
        switch (kind) {
            case BOOL -> BitVectorHelper.setValidityBit(data, row, (Boolean) value ? 1 : 0);
            case FLOAT -> data.setInt((long) row * 4, ((Float32) value).bits());
            case DOUBLE -> data.setLong((long) row * 8, ((Float64) value).bits());
            default -> {
                long bits = (Long) value;
                switch (kind.width()) {
                    case 1 -> data.setByte(row, (byte) bits);
                    case 2 -> data.setShort((long) row * 2, (short) bits);
                    case 4 -> data.setInt((long) row * 4, (int) bits);
                    default -> data.setLong((long) row * 8, bits);
                }
            }
        }
    }

    private static byte[] bytes(Object value) {
        return value instanceof String s ? s.getBytes(StandardCharsets.UTF_8) : ((ByteString) value).toByteArray();
    }
}
