package dev.tableindex.model.table;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import dev.tableindex.proto.lance.file.Field;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A column type in the kit's notation (table_ops.proto, Column.type) and its Lance schema form.
 * Values in memory: integers as {@link Long}, float and double as {@link Double} (float values
 * rounded to 32 bits), strings, booleans, {@code list<string>} as a list of strings (elements may
 * be null), vectors as a list of N doubles.
 */
public record ColumnType(Base base, int dimension) {
    public enum Base { INT32, INT64, FLOAT, DOUBLE, STRING, BOOL, LIST_STRING, VECTOR_FLOAT }

    private static final Pattern VECTOR = Pattern.compile("vector<\\s*float\\s*,\\s*(\\d+)\\s*>");
    private static final Pattern FSL = Pattern.compile("fixed_size_list:float:(\\d+)");

    public static ColumnType parse(String notation) {
        String text = notation.trim().toLowerCase(Locale.ROOT);
        Matcher vector = VECTOR.matcher(text);
        if (vector.matches()) {
            int n = Integer.parseInt(vector.group(1));
            if (n < 1) {
                throw TableException.invalid("vector dimension must be at least 1: " + notation);
            }
            return new ColumnType(Base.VECTOR_FLOAT, n);
        }
        return switch (text.replace(" ", "")) {
            case "int32" -> new ColumnType(Base.INT32, 0);
            case "int64" -> new ColumnType(Base.INT64, 0);
            case "float" -> new ColumnType(Base.FLOAT, 0);
            case "double" -> new ColumnType(Base.DOUBLE, 0);
            case "string" -> new ColumnType(Base.STRING, 0);
            case "bool" -> new ColumnType(Base.BOOL, 0);
            case "list<string>" -> new ColumnType(Base.LIST_STRING, 0);
            default -> throw TableException.invalid("unknown column type '" + notation + "' (int32, int64, float,"
                    + " double, string, bool, list<string>, vector<float,N>)");
        };
    }

    public String notation() {
        return switch (base) {
            case INT32 -> "int32";
            case INT64 -> "int64";
            case FLOAT -> "float";
            case DOUBLE -> "double";
            case STRING -> "string";
            case BOOL -> "bool";
            case LIST_STRING -> "list<string>";
            case VECTOR_FLOAT -> "vector<float," + dimension + ">";
        };
    }

    /** A single value that a comparison filter, a btree and a bitmap index can order. */
    public boolean isScalar() {
        return base != Base.LIST_STRING && base != Base.VECTOR_FLOAT;
    }

    public boolean isNumeric() {
        return base == Base.INT32 || base == Base.INT64 || base == Base.FLOAT || base == Base.DOUBLE;
    }

    /** Lance's logical type name of the top-level field (lance-source-facts.md, appendix). */
    public String logicalType() {
        return switch (base) {
            case LIST_STRING -> "list";
            case VECTOR_FLOAT -> "fixed_size_list:float:" + dimension;
            default -> notation();
        };
    }

    /**
     * The Lance fields of a column with this type, the column first: {@code list<string>} is a
     * REPEATED field {@code list} with one child {@code item} of type {@code string} (as Lance
     * assigns ids: the child takes the next id); a vector is one LEAF field (no child field,
     * an unverified simplification of Lance's fixed-size-list schema).
     */
    public List<Field> fields(String name, int id, boolean nullable) {
        Field.Builder top = Field.newBuilder().setName(name).setId(id).setParentId(-1)
                .setLogicalType(logicalType()).setNullable(nullable)
                .setType(base == Base.LIST_STRING ? Field.Type.REPEATED : Field.Type.LEAF);
        if (base != Base.LIST_STRING) {
            return List.of(top.build());
        }
        return List.of(top.build(), Field.newBuilder().setName("item").setId(id + 1).setParentId(id)
                .setLogicalType("string").setNullable(true).setType(Field.Type.LEAF).build());
    }

    /** The type of a top-level Lance field written by {@link #fields}. */
    public static ColumnType ofField(Field field) {
        String logical = field.getLogicalType();
        Matcher fsl = FSL.matcher(logical);
        if (fsl.matches()) {
            return new ColumnType(Base.VECTOR_FLOAT, Integer.parseInt(fsl.group(1)));
        }
        if (logical.equals("list")) {
            return new ColumnType(Base.LIST_STRING, 0);
        }
        return parse(logical);
    }

    /** How many ids the column's fields take. */
    public int fieldCount() {
        return base == Base.LIST_STRING ? 2 : 1;
    }

    /**
     * The value of a JSON node for a column of this type.
     *
     * @throws TableException INVALID_OPERATION when the node does not fit the type
     */
    public Object fromJson(JsonNode node, String column) {
        if (node == null || node.isNull()) {
            return null;
        }
        switch (base) {
            case INT32, INT64 -> {
                if (!node.isIntegralNumber() || !node.canConvertToLong()) {
                    throw bad(node, column);
                }
                long value = node.asLong();
                if (base == Base.INT32 && (value < Integer.MIN_VALUE || value > Integer.MAX_VALUE)) {
                    throw TableException.invalid("value " + value + " of column '" + column + "' does not fit int32");
                }
                return value;
            }
            case FLOAT, DOUBLE -> {
                if (!node.isNumber()) {
                    throw bad(node, column);
                }
                return round(node.asDouble());
            }
            case STRING -> {
                if (!node.isTextual()) {
                    throw bad(node, column);
                }
                return node.asText();
            }
            case BOOL -> {
                if (!node.isBoolean()) {
                    throw bad(node, column);
                }
                return node.asBoolean();
            }
            case LIST_STRING -> {
                if (!node.isArray()) {
                    throw bad(node, column);
                }
                List<String> items = new ArrayList<>();
                for (JsonNode item : node) {
                    if (!item.isNull() && !item.isTextual()) {
                        throw bad(node, column);
                    }
                    items.add(item.isNull() ? null : item.asText());
                }
                return Collections.unmodifiableList(items);
            }
            case VECTOR_FLOAT -> {
                if (!node.isArray() || node.size() != dimension) {
                    throw TableException.invalid("column '" + column + "' needs an array of " + dimension
                            + " numbers, got " + node);
                }
                List<Double> items = new ArrayList<>();
                for (JsonNode item : node) {
                    if (!item.isNumber()) {
                        throw bad(node, column);
                    }
                    items.add((double) (float) item.asDouble());
                }
                return Collections.unmodifiableList(items);
            }
            default -> throw new IllegalStateException(base.name());
        }
    }

    /** The JSON form of a value of this type (the inverse of {@link #fromJson}). */
    public JsonNode toJson(Object value) {
        JsonNodeFactory json = JsonNodeFactory.instance;
        if (value == null) {
            return json.nullNode();
        }
        return switch (base) {
            case INT32, INT64 -> json.numberNode((Long) value);
            case FLOAT, DOUBLE -> json.numberNode((Double) value);
            case STRING -> json.textNode((String) value);
            case BOOL -> json.booleanNode((Boolean) value);
            case LIST_STRING, VECTOR_FLOAT -> {
                ArrayNode array = json.arrayNode();
                for (Object item : (List<?>) value) {
                    if (item == null) {
                        array.addNull();
                    } else if (item instanceof Double d) {
                        array.add(d);
                    } else {
                        array.add((String) item);
                    }
                }
                yield array;
            }
        };
    }

    /**
     * A value of {@code from} as a value of this type, as a cast that must not lose information
     * (alter_column_type).
     *
     * @throws TableException INVALID_OPERATION when the value has no exact counterpart
     */
    public Object convert(Object value, ColumnType from, String column) {
        if (value == null || from.equals(this)) {
            return value;
        }
        if (base == Base.STRING && from.isScalar()) {
            return value instanceof Double d ? BigDecimal.valueOf(d).stripTrailingZeros().toPlainString()
                    : value.toString();
        }
        if (isNumeric() && (from.isNumeric() || from.base == Base.STRING)) {
            BigDecimal number;
            try {
                number = value instanceof Long l ? BigDecimal.valueOf(l)
                        : value instanceof Double d ? BigDecimal.valueOf(d) : new BigDecimal(((String) value).trim());
            } catch (NumberFormatException e) {
                throw TableException.invalid("value '" + value + "' of column '" + column + "' is not a number");
            }
            if (base == Base.FLOAT || base == Base.DOUBLE) {
                return round(number.doubleValue());
            }
            try {
                long integral = number.longValueExact();
                return fromJson(JsonNodeFactory.instance.numberNode(integral), column);
            } catch (ArithmeticException e) {
                throw TableException.invalid("value " + value + " of column '" + column + "' is not an exact "
                        + notation());
            }
        }
        throw TableException.invalid("cannot convert column '" + column + "' from " + from.notation() + " to "
                + notation());
    }

    private double round(double value) {
        return base == Base.FLOAT ? (double) (float) value : value;
    }

    private TableException bad(JsonNode node, String column) {
        return TableException.invalid("value " + node + " does not fit column '" + column + "' of type " + notation());
    }
}
