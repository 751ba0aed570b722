package dev.tableindex.engines.lance;

import dev.tableindex.model.lancefile.LanceColumn;
import dev.tableindex.model.lancefile.LanceType;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.util.Float16;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float2Vector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.LargeVarBinaryVector;
import org.apache.arrow.vector.LargeVarCharVector;
import org.apache.arrow.vector.SmallIntVector;
import org.apache.arrow.vector.TinyIntVector;
import org.apache.arrow.vector.UInt1Vector;
import org.apache.arrow.vector.UInt2Vector;
import org.apache.arrow.vector.UInt4Vector;
import org.apache.arrow.vector.UInt8Vector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The kit's Lance columns ({@link LanceColumn}, values of their {@link LanceType#valueClass()}) as Arrow vectors for
 * Lance's own file writer, and Arrow vectors read by Lance's own file reader back as the kit's values.
 */
final class ArrowLanceColumns {
    private ArrowLanceColumns() {
    }

    static ArrowType arrowType(LanceType type) {
        return switch (type) {
            case BINARY -> ArrowType.Binary.INSTANCE;
            case LARGE_BINARY -> ArrowType.LargeBinary.INSTANCE;
            case STRING -> ArrowType.Utf8.INSTANCE;
            case LARGE_STRING -> ArrowType.LargeUtf8.INSTANCE;
            case INT8, INT16, INT32, INT64 -> new ArrowType.Int(type.bits(), true);
            case UINT8, UINT16, UINT32, UINT64 -> new ArrowType.Int(type.bits(), false);
            case FLOAT16 -> new ArrowType.FloatingPoint(FloatingPointPrecision.HALF);
            case FLOAT32 -> new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE);
            case FLOAT64 -> new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE);
            case BOOL -> ArrowType.Bool.INSTANCE;
        };
    }

    /** The columns as Arrow fields, with each column's field metadata from {@code metadata} (by name). */
    static Schema schema(List<LanceColumn> columns, Map<String, Map<String, String>> metadata) {
        List<Field> fields = new ArrayList<>();
        for (LanceColumn column : columns) {
            fields.add(new Field(column.name(), new FieldType(column.nullable(), arrowType(column.type()), null,
                    metadata.get(column.name())), null));
        }
        return new Schema(fields);
    }

    /** Rows {@code [from, to)} of {@code columns} as one Arrow batch. */
    static VectorSchemaRoot batch(List<LanceColumn> columns, Map<String, Map<String, String>> metadata, int from,
                                  int to, BufferAllocator allocator) {
        VectorSchemaRoot root = VectorSchemaRoot.create(schema(columns, metadata), allocator);
        for (int c = 0; c < columns.size(); c++) {
            FieldVector vector = root.getVector(c);
            vector.setInitialCapacity(to - from);
            vector.allocateNew();
            List<Object> values = columns.get(c).values();
            for (int row = from; row < to; row++) {
                set(vector, row - from, values.get(row));
            }
            vector.setValueCount(to - from);
        }
        root.setRowCount(to - from);
        return root;
    }

    private static void set(FieldVector vector, int row, Object value) {
        if (value == null) {
            if (vector instanceof BaseFixedWidthVector fixed) {
                fixed.setNull(row);
            } else if (vector instanceof VarBinaryVector v) {
                v.setNull(row);
            } else if (vector instanceof VarCharVector v) {
                v.setNull(row);
            } else if (vector instanceof LargeVarBinaryVector v) {
                v.setNull(row);
            } else if (vector instanceof LargeVarCharVector v) {
                v.setNull(row);
            } else {
                throw new AssertionError("unexpected vector " + vector.getField());
            }
            return;
        }
        if (vector instanceof VarBinaryVector v) {
            v.setSafe(row, (byte[]) value);
        } else if (vector instanceof VarCharVector v) {
            v.setSafe(row, (byte[]) value);
        } else if (vector instanceof LargeVarBinaryVector v) {
            v.setSafe(row, (byte[]) value);
        } else if (vector instanceof LargeVarCharVector v) {
            v.setSafe(row, (byte[]) value);
        } else if (vector instanceof TinyIntVector v) {
            v.setSafe(row, (byte) (long) (Long) value);
        } else if (vector instanceof SmallIntVector v) {
            v.setSafe(row, (short) (long) (Long) value);
        } else if (vector instanceof IntVector v) {
            v.setSafe(row, (int) (long) (Long) value);
        } else if (vector instanceof BigIntVector v) {
            v.setSafe(row, (Long) value);
        } else if (vector instanceof UInt1Vector v) {
            v.setSafe(row, (int) (long) (Long) value);
        } else if (vector instanceof UInt2Vector v) {
            v.setSafe(row, (int) (long) (Long) value);
        } else if (vector instanceof UInt4Vector v) {
            v.setSafe(row, (int) (long) (Long) value);
        } else if (vector instanceof UInt8Vector v) {
            v.setSafe(row, (Long) value);
        } else if (vector instanceof Float2Vector v) {
            v.setSafe(row, Float16.toFloat16((Float) value));
        } else if (vector instanceof Float4Vector v) {
            v.setSafe(row, (Float) value);
        } else if (vector instanceof Float8Vector v) {
            v.setSafe(row, (Double) value);
        } else if (vector instanceof BitVector v) {
            v.setSafe(row, (Boolean) value ? 1 : 0);
        } else {
            throw new AssertionError("unexpected vector " + vector.getField());
        }
    }

    /** Every column of what {@code reader} yields, as the kit's values (unsigned integers as their unsigned long). */
    static List<List<Object>> columns(org.lance.file.LanceFileReader reader, int columns) throws Exception {
        List<List<Object>> out = new ArrayList<>();
        for (int c = 0; c < columns; c++) {
            out.add(new ArrayList<>());
        }
        try (ArrowReader batches = reader.readAll(null, null, 4096)) {
            while (batches.loadNextBatch()) {
                VectorSchemaRoot root = batches.getVectorSchemaRoot();
                for (int c = 0; c < columns; c++) {
                    FieldVector vector = root.getVector(c);
                    for (int row = 0; row < root.getRowCount(); row++) {
                        out.get(c).add(value(vector, row));
                    }
                }
            }
        }
        return out;
    }

    static Object value(FieldVector vector, int row) {
        if (vector.isNull(row)) {
            return null;
        }
        if (vector instanceof VarBinaryVector v) {
            return v.get(row);
        } else if (vector instanceof VarCharVector v) {
            return v.get(row);
        } else if (vector instanceof LargeVarBinaryVector v) {
            return v.get(row);
        } else if (vector instanceof LargeVarCharVector v) {
            return v.get(row);
        } else if (vector instanceof TinyIntVector v) {
            return (long) v.get(row);
        } else if (vector instanceof SmallIntVector v) {
            return (long) v.get(row);
        } else if (vector instanceof IntVector v) {
            return (long) v.get(row);
        } else if (vector instanceof BigIntVector v) {
            return v.get(row);
        } else if (vector instanceof UInt1Vector v) {
            return (long) (v.get(row) & 0xff);
        } else if (vector instanceof UInt2Vector v) {
            return (long) v.get(row);
        } else if (vector instanceof UInt4Vector v) {
            return Integer.toUnsignedLong(v.get(row));
        } else if (vector instanceof UInt8Vector v) {
            return v.get(row);
        } else if (vector instanceof Float2Vector v) {
            return v.getValueAsFloat(row);
        } else if (vector instanceof Float4Vector v) {
            return v.get(row);
        } else if (vector instanceof Float8Vector v) {
            return v.get(row);
        } else if (vector instanceof BitVector v) {
            return v.get(row) == 1;
        }
        throw new AssertionError("unexpected vector " + vector.getField());
    }
}
