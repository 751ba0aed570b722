package dev.tableindex.engines.lance;

import dev.tableindex.model.json.KitJson;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.BigIntVector;
import org.apache.arrow.vector.BitVector;
import org.apache.arrow.vector.FieldVector;
import org.apache.arrow.vector.Float4Vector;
import org.apache.arrow.vector.Float8Vector;
import org.apache.arrow.vector.IntVector;
import org.apache.arrow.vector.VarCharVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.complex.FixedSizeListVector;
import org.apache.arrow.vector.complex.ListVector;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.ipc.ArrowStreamReader;
import org.apache.arrow.vector.ipc.ArrowStreamWriter;
import org.apache.arrow.vector.types.FloatingPointPrecision;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;

/**
 * The kit's column types and JSON rows (proto {@code tck/table_ops.proto}) as Arrow: "int32", "int64", "float",
 * "double", "string", "bool", "list<string>" and "vector<float,N>" (a fixed-size list of N floats).
 */
final class ArrowRows {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Pattern VECTOR = Pattern.compile("vector<\\s*float\\s*,\\s*(\\d+)\\s*>");
    private static final Pattern LIST = Pattern.compile("list<\\s*string\\s*>");

    private ArrowRows() {
    }

    /** A rejected input (bad type name, bad JSON): the engine refuses with INVALID_OPERATION. */
    static final class BadInput extends RuntimeException {
        private static final long serialVersionUID = 1L;

        BadInput(String message) {
            super(message);
        }
    }

    static Field field(String name, String type, boolean nullable) {
        String t = type.trim();
        Matcher vector = VECTOR.matcher(t);
        if (vector.matches()) {
            int size = Integer.parseInt(vector.group(1));
            Field item = new Field("item", FieldType.nullable(new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE)), null);
            return new Field(name, new FieldType(nullable, new ArrowType.FixedSizeList(size), null), List.of(item));
        }
        if (LIST.matcher(t).matches()) {
            Field item = new Field("item", FieldType.nullable(ArrowType.Utf8.INSTANCE), null);
            return new Field(name, new FieldType(nullable, ArrowType.List.INSTANCE, null), List.of(item));
        }
        return new Field(name, new FieldType(nullable, primitive(t), null), null);
    }

    /** The Arrow type of a non-nested kit type. */
    static ArrowType primitive(String type) {
        return switch (type.trim()) {
            case "int32" -> new ArrowType.Int(32, true);
            case "int64" -> new ArrowType.Int(64, true);
            case "float" -> new ArrowType.FloatingPoint(FloatingPointPrecision.SINGLE);
            case "double" -> new ArrowType.FloatingPoint(FloatingPointPrecision.DOUBLE);
            case "string" -> ArrowType.Utf8.INSTANCE;
            case "bool" -> ArrowType.Bool.INSTANCE;
            default -> throw new BadInput("unknown column type '" + type + "' (known: int32, int64, float, double, string,"
                    + " bool, list<string>, vector<float,N>)");
        };
    }

    static JsonNode parse(String json) {
        if (json == null || json.isBlank()) {
            return JSON.createArrayNode();
        }
        JsonNode rows;
        try {
            rows = KitJson.read(json);
        } catch (IllegalArgumentException e) {
            throw new BadInput("rows: " + e.getMessage());
        }
        if (!rows.isArray()) {
            throw new BadInput("rows must be a JSON array of objects");
        }
        for (JsonNode row : rows) {
            if (!row.isObject()) {
                throw new BadInput("rows must be a JSON array of objects, found " + row.getNodeType());
            }
        }
        return rows;
    }

    /** The rows as one record batch of the schema (columns missing from a row are null). */
    static VectorSchemaRoot batch(Schema schema, JsonNode rows, BufferAllocator allocator) {
        VectorSchemaRoot root = VectorSchemaRoot.create(schema, allocator);
        try {
            root.allocateNew();
            int n = rows.size();
            for (FieldVector vector : root.getFieldVectors()) {
                String name = vector.getField().getName();
                for (int i = 0; i < n; i++) {
                    set(vector, i, rows.get(i).get(name));
                }
                vector.setValueCount(n);
            }
            root.setRowCount(n);
            return root;
        } catch (RuntimeException e) {
            root.close();
            throw e;
        }
    }

    private static void set(FieldVector vector, int i, JsonNode value) {
        boolean isNull = value == null || value.isNull();
        String column = vector.getField().getName();
        if (isNull && !vector.getField().isNullable()) {
            throw new BadInput("row " + i + ": column '" + column + "' is not nullable");
        }
        if (vector instanceof IntVector v) {
            if (isNull) v.setNull(i); else v.setSafe(i, number(value, column).intValue());
        } else if (vector instanceof BigIntVector v) {
            if (isNull) v.setNull(i); else v.setSafe(i, number(value, column).longValue());
        } else if (vector instanceof Float4Vector v) {
            if (isNull) v.setNull(i); else v.setSafe(i, number(value, column).floatValue());
        } else if (vector instanceof Float8Vector v) {
            if (isNull) v.setNull(i); else v.setSafe(i, number(value, column).doubleValue());
        } else if (vector instanceof VarCharVector v) {
            if (isNull) v.setNull(i); else v.setSafe(i, text(value, column).getBytes(StandardCharsets.UTF_8));
        } else if (vector instanceof BitVector v) {
            if (isNull) {
                v.setNull(i);
            } else if (value.isBoolean()) {
                v.setSafe(i, value.booleanValue() ? 1 : 0);
            } else {
                throw new BadInput("column '" + column + "': expected true/false, got " + value);
            }
        } else if (vector instanceof FixedSizeListVector v) {
            int size = v.getListSize();
            Float4Vector items = (Float4Vector) v.getDataVector();
            if (isNull) {
                v.setNull(i);
                for (int j = 0; j < size; j++) {
                    items.setNull(i * size + j);
                }
            } else {
                if (!value.isArray() || value.size() != size) {
                    throw new BadInput("column '" + column + "': expected an array of " + size + " numbers, got " + value);
                }
                v.setNotNull(i);
                for (int j = 0; j < size; j++) {
                    items.setSafe(i * size + j, number(value.get(j), column).floatValue());
                }
            }
            items.setValueCount((i + 1) * size);
        } else if (vector instanceof ListVector v) {
            VarCharVector items = (VarCharVector) v.getDataVector();
            if (isNull) {
                v.setNull(i);
                return;
            }
            if (!value.isArray()) {
                throw new BadInput("column '" + column + "': expected an array of strings, got " + value);
            }
            int start = v.startNewValue(i);
            for (int j = 0; j < value.size(); j++) {
                JsonNode item = value.get(j);
                if (item == null || item.isNull()) {
                    items.setNull(start + j);
                } else {
                    items.setSafe(start + j, text(item, column).getBytes(StandardCharsets.UTF_8));
                }
            }
            items.setValueCount(start + value.size());
            v.endValue(i, value.size());
        } else {
            throw new BadInput("column '" + column + "' has type " + vector.getField().getType()
                    + ", which this engine cannot write from JSON");
        }
    }

    private static Number number(JsonNode value, String column) {
        if (value == null || !value.isNumber()) {
            throw new BadInput("column '" + column + "': expected a number, got " + value);
        }
        return value.numberValue();
    }

    private static String text(JsonNode value, String column) {
        if (!value.isTextual()) {
            throw new BadInput("column '" + column + "': expected a string, got " + value);
        }
        return value.textValue();
    }

    /** The rows as an Arrow IPC stream reader (batches of at most {@code batchRows} rows), which Lance consumes. */
    static ArrowReader reader(Schema schema, JsonNode rows, BufferAllocator allocator) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (VectorSchemaRoot root = batch(schema, rows, allocator);
             ArrowStreamWriter writer = new ArrowStreamWriter(root, null, bytes)) {
            writer.start();
            if (root.getRowCount() > 0) {
                writer.writeBatch();
            }
            writer.end();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new ArrowStreamReader(new ByteArrayInputStream(bytes.toByteArray()), allocator);
    }

    /** The schema's fields of these names, in this order. */
    static Schema project(Schema schema, List<String> names) {
        List<Field> fields = new ArrayList<>();
        for (String name : names) {
            fields.add(schema.getFields().stream().filter(f -> f.getName().equals(name)).findFirst()
                    .orElseThrow(() -> new BadInput("the table has no column '" + name + "'")));
        }
        return new Schema(fields);
    }
}
