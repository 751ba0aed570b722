package dev.tableindex.model.key.arrow;

import com.google.protobuf.ByteString;
import dev.tableindex.model.key.Float32;
import dev.tableindex.model.key.Float64;
import dev.tableindex.model.key.KeyType;
import dev.tableindex.model.key.KeyType.Kind;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BaseFixedWidthVector;
import org.apache.arrow.vector.BaseLargeVariableWidthVector;
import org.apache.arrow.vector.BaseVariableWidthVector;
import org.apache.arrow.vector.BaseVariableWidthViewVector;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.DateDayVector;
import org.apache.arrow.vector.DateMilliVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.SmallIntVector;
import org.apache.arrow.vector.TimeStampVector;
import org.apache.arrow.vector.TinyIntVector;
import org.apache.arrow.vector.UInt1Vector;
import org.apache.arrow.vector.UInt2Vector;
import org.apache.arrow.vector.UInt4Vector;
import org.apache.arrow.vector.UInt8Vector;
import org.apache.arrow.vector.complex.StructVector;
import org.apache.arrow.vector.types.DateUnit;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.TimeUnit;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;

/**
 * Element structs with one child per Arrow key type, filled from random Java values (nulls, extremes,
 * NaN payloads written by raw bits, -0.0, multi-byte and long strings). The string columns (Utf8,
 * LargeUtf8, Utf8View) hold the same values row by row, and so do the binary ones.
 */
final class ArrowKeyFixtures {
    private ArrowKeyFixtures() {
    }

    /** One child of the element struct; {@code group} names the columns that share values. */
    record Column(String name, ArrowType arrowType, KeyType keyType, String group) {
    }

    static final List<Column> COLUMNS = columns();

    private static List<Column> columns() {
        List<Column> columns = new ArrayList<>();
        add(columns, "b", ArrowType.Bool.INSTANCE);
        for (int bits : new int[] {8, 16, 32, 64}) {
            add(columns, "i" + bits, new ArrowType.Int(bits, true));
            add(columns, "u" + bits, new ArrowType.Int(bits, false));
        }
        add(columns, "f32", new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE));
        add(columns, "f64", new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE));
        add(columns, "d32", new ArrowType.Date(DateUnit.DAY));
        add(columns, "d64", new ArrowType.Date(DateUnit.MILLISECOND));
        for (TimeUnit unit : TimeUnit.values()) {
            add(columns, "ts_" + unit, new ArrowType.Timestamp(unit, null));
            add(columns, "tstz_" + unit, new ArrowType.Timestamp(unit, unit == TimeUnit.SECOND ? "Europe/Paris" : "UTC"));
        }
        columns.add(new Column("s", ArrowType.Utf8.INSTANCE, KeyType.of(Kind.STRING), "string"));
        columns.add(new Column("ls", ArrowType.LargeUtf8.INSTANCE, KeyType.of(Kind.LARGE_STRING), "string"));
        columns.add(new Column("vs", ArrowType.Utf8View.INSTANCE, KeyType.of(Kind.STRING), "string"));
        columns.add(new Column("bin", ArrowType.Binary.INSTANCE, KeyType.of(Kind.BINARY), "binary"));
        columns.add(new Column("lbin", ArrowType.LargeBinary.INSTANCE, KeyType.of(Kind.LARGE_BINARY), "binary"));
        columns.add(new Column("vbin", ArrowType.BinaryView.INSTANCE, KeyType.of(Kind.BINARY), "binary"));
        return List.copyOf(columns);
    }

    private static void add(List<Column> columns, String name, ArrowType type) {
        columns.add(new Column(name, type, ArrowKeyTypes.of(type), name));
    }

    static int index(String name) {
        for (int i = 0; i < COLUMNS.size(); i++) {
            if (COLUMNS.get(i).name().equals(name)) {
                return i;
            }
        }
        throw new IllegalArgumentException(name);
    }

    /** The data of a filled struct: per row, whether the struct is null, and each column's Java value. */
    record Data(boolean[] nullRows, List<List<Object>> values) {
        /** The Java tuple of {@code row} for the columns at {@code keys}: all null for a null struct row. */
        List<Object> tuple(int row, int[] keys) {
            List<Object> tuple = new ArrayList<>(keys.length);
            for (int k : keys) {
                tuple.add(nullRows[row] ? null : values.get(row).get(k));
            }
            return tuple;
        }
    }

    static StructVector newStruct(BufferAllocator allocator) {
        List<Field> children = new ArrayList<>();
        for (Column column : COLUMNS) {
            children.add(new Field(column.name(), FieldType.nullable(column.arrowType()), null));
        }
        Field element = new Field("element", FieldType.nullable(ArrowType.Struct.INSTANCE), children);
        return (StructVector) element.createVector(allocator);
    }

    /** Fills {@code struct} (from {@link #newStruct}) with {@code rows} random rows. */
    static Data fill(StructVector struct, int rows, Random random, int maxStringLength) {
        struct.allocateNew();
        boolean[] nullRows = new boolean[rows];
        List<List<Object>> values = new ArrayList<>(rows);
        for (int row = 0; row < rows; row++) {
            nullRows[row] = random.nextInt(8) == 0;
            if (nullRows[row]) {
                struct.setNull(row);
            } else {
                struct.setIndexDefined(row);
            }
            Map<String, Object> byGroup = new HashMap<>();
            List<Object> rowValues = new ArrayList<>(COLUMNS.size());
            for (int c = 0; c < COLUMNS.size(); c++) {
                Column column = COLUMNS.get(c);
                Object value;
                if (byGroup.containsKey(column.group())) {
                    value = byGroup.get(column.group());
                } else {
                    value = randomValue(column.keyType(), random, maxStringLength);
                    byGroup.put(column.group(), value);
                }
                set((FieldVector) struct.getChildByOrdinal(c), row, value);
                rowValues.add(value);
            }
            values.add(rowValues);
        }
        for (int c = 0; c < COLUMNS.size(); c++) {
            struct.getChildByOrdinal(c).setValueCount(rows);
        }
        struct.setValueCount(rows);
        return new Data(nullRows, values);
    }

    /** Writes a Java key value (see {@code KeyValues}) into a child vector; floats by raw bits. */
    static void set(FieldVector vector, int row, Object value) {
        if (value == null) {
            if (vector instanceof BaseFixedWidthVector v) {
                v.setNull(row);
            } else if (vector instanceof BaseVariableWidthVector v) {
                v.setNull(row);
            } else if (vector instanceof BaseLargeVariableWidthVector v) {
                v.setNull(row);
            } else if (vector instanceof BaseVariableWidthViewVector v) {
                v.setNull(row);
            } else {
                throw new IllegalArgumentException(vector.getClass().getName());
            }
            return;
        }
        if (vector instanceof BitVector v) {
            v.setSafe(row, (Boolean) value ? 1 : 0);
        } else if (vector instanceof TinyIntVector v) {
            v.setSafe(row, (byte) (long) (Long) value);
        } else if (vector instanceof SmallIntVector v) {
            v.setSafe(row, (short) (long) (Long) value);
        } else if (vector instanceof IntVector v) {
            v.setSafe(row, (int) (long) (Long) value);
        } else if (vector instanceof BigIntVector v) {
            v.setSafe(row, (Long) value);
        } else if (vector instanceof UInt1Vector v) {
            v.setSafe(row, (byte) (long) (Long) value);
        } else if (vector instanceof UInt2Vector v) {
            v.setSafe(row, (char) (long) (Long) value);
        } else if (vector instanceof UInt4Vector v) {
            v.setSafe(row, (int) (long) (Long) value);
        } else if (vector instanceof UInt8Vector v) {
            v.setSafe(row, (Long) value);
        } else if (vector instanceof Float4Vector v) {
            v.setSafe(row, 0f);
            v.getDataBuffer().setInt((long) row * 4, ((Float32) value).bits()); // raw bits: NaN payloads
        } else if (vector instanceof Float8Vector v) {
            v.setSafe(row, 0d);
            v.getDataBuffer().setLong((long) row * 8, ((Float64) value).bits());
        } else if (vector instanceof DateDayVector v) {
            v.setSafe(row, (int) (long) (Long) value);
        } else if (vector instanceof DateMilliVector v) {
            v.setSafe(row, (Long) value);
        } else if (vector instanceof TimeStampVector v) {
            v.setSafe(row, (Long) value);
        } else if (vector instanceof BaseVariableWidthVector v) {
            v.setSafe(row, bytes(value));
        } else if (vector instanceof BaseLargeVariableWidthVector v) {
            v.setSafe(row, bytes(value));
        } else if (vector instanceof BaseVariableWidthViewVector v) {
            v.setSafe(row, bytes(value));
        } else {
            throw new IllegalArgumentException(vector.getClass().getName());
        }
    }

    private static byte[] bytes(Object value) {
        return value instanceof String s ? s.getBytes(StandardCharsets.UTF_8) : ((ByteString) value).toByteArray();
    }

    /** A random Java value of {@code type}, or null; extremes and special floats often. */
    static Object randomValue(KeyType type, Random random, int maxStringLength) {
        if (random.nextInt(6) == 0) {
            return null;
        }
        Kind kind = type.kind();
        return switch (kind) {
            case BOOL -> random.nextBoolean();
            case FLOAT -> new Float32(floatBits(random));
            case DOUBLE -> new Float64(doubleBits(random));
            case STRING, LARGE_STRING -> randomString(random, maxStringLength);
            case BINARY, LARGE_BINARY -> {
                byte[] bytes = new byte[randomLength(random, maxStringLength)];
                random.nextBytes(bytes);
                yield ByteString.copyFrom(bytes);
            }
            default -> integer(kind, random);
        };
    }

    private static long integer(Kind kind, Random random) {
        int bits = kind.width() * 8;
        boolean signed = kind.signedInteger();
        long min = signed ? (bits == 64 ? Long.MIN_VALUE : -(1L << (bits - 1))) : 0;
        long max = signed ? (bits == 64 ? Long.MAX_VALUE : (1L << (bits - 1)) - 1) : (bits == 64 ? -1L : (1L << bits) - 1);
        return switch (random.nextInt(8)) {
            case 0 -> min;
            case 1 -> max;
            case 2 -> 0;
            case 3 -> signed ? -1 : 1;
            default -> {
                long r = random.nextLong();
                if (bits == 64) {
                    yield r;
                }
                yield signed ? (r << (64 - bits)) >> (64 - bits) : r & ((1L << bits) - 1);
            }
        };
    }

    private static int floatBits(Random random) {
        int sign = random.nextBoolean() ? 0x8000_0000 : 0;
        return switch (random.nextInt(8)) {
            case 0 -> sign | 0x7F80_0000 | (1 + random.nextInt(0x7F_FFFF)); // NaN, any payload, signalling or quiet
            case 1 -> sign; // +-0.0
            case 2 -> sign | 0x7F80_0000; // +-Infinity
            case 3 -> sign | 1; // smallest subnormal
            case 4 -> sign | 0x7F7F_FFFF; // largest finite
            default -> random.nextInt();
        };
    }

    private static long doubleBits(Random random) {
        long sign = random.nextBoolean() ? 0x8000_0000_0000_0000L : 0;
        return switch (random.nextInt(8)) {
            case 0 -> sign | 0x7FF0_0000_0000_0000L | (1 + (random.nextLong() & 0x000F_FFFF_FFFF_FFFEL));
            case 1 -> sign;
            case 2 -> sign | 0x7FF0_0000_0000_0000L;
            case 3 -> sign | 1;
            case 4 -> sign | 0x7FEF_FFFF_FFFF_FFFFL;
            default -> random.nextLong();
        };
    }

    private static int randomLength(Random random, int max) {
        // often near the encoding's block edges (8, 32, 64) and the view inline limit (12)
        int[] edges = {0, 1, 7, 8, 9, 11, 12, 13, 31, 32, 33, 63, 64, 65};
        if (random.nextBoolean()) {
            int edge = edges[random.nextInt(edges.length)];
            if (edge <= max) {
                return edge;
            }
        }
        return random.nextInt(max + 1);
    }

    private static final int[][] CODE_POINT_RANGES = {
        {0x20, 0x7E}, {0x00, 0x1F}, {0xA0, 0x24F}, {0x370, 0x3FF}, {0x4E00, 0x9FFF}, {0x1F300, 0x1FAFF}, {0x10000, 0x10FFFF},
    };

    static String randomString(Random random, int maxLength) {
        int target = randomLength(random, maxLength);
        StringBuilder s = new StringBuilder();
        int bytes = 0;
        while (bytes < target) {
            int[] range = CODE_POINT_RANGES[random.nextInt(4) == 0 ? random.nextInt(CODE_POINT_RANGES.length) : 0];
            int cp = range[0] + random.nextInt(range[1] - range[0] + 1);
            if (cp >= 0xD800 && cp <= 0xDFFF) {
                continue;
            }
            s.appendCodePoint(cp);
            bytes += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
        }
        return s.toString();
    }
}
