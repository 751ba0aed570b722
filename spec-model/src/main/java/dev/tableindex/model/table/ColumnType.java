package dev.tableindex.model.table;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tableindex.model.anyelement.ElementSchema;
import dev.tableindex.model.key.KeyNotation;
import dev.tableindex.model.key.KeyType;
import dev.tableindex.proto.lance.file.Field;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A column type in the kit's notation (table_ops.proto, Column.type) and its Lance schema form.
 * Values in memory: integers as {@link Long}, float and double as {@link Double} (float values
 * rounded to 32 bits), strings, booleans, {@code list<string>} as a list of strings (elements may
 * be null), vectors as a list of N doubles, a list of structs ({@code list<struct<label: string, confidence:
 * float>>} or {@code large_list<struct<...>>}, the column a list element index is built on) as a list of elements,
 * each null or the list of its field values in the element's order, as {@link KeyNotation} reads key values.
 *
 * @param dimension a vector's N, else 0
 * @param element a list of structs' element fields (key types only), else null
 * @param largeList whether a list of structs is a LargeList
 */
public record ColumnType(Base base, int dimension, ElementSchema element, boolean largeList) {
    public enum Base { INT32, INT64, FLOAT, DOUBLE, STRING, BOOL, LIST_STRING, VECTOR_FLOAT, LIST_STRUCT }

    private static final Pattern VECTOR = Pattern.compile("vector<\\s*float\\s*,\\s*(\\d+)\\s*>");
    private static final Pattern FSL = Pattern.compile("fixed_size_list:float:(\\d+)");
    private static final Pattern LIST_OF_STRUCTS = Pattern.compile("(list|large_list)\\s*<\\s*struct\\s*<(.*)>\\s*>",
            Pattern.DOTALL);

    public ColumnType(Base base, int dimension) {
        this(base, dimension, null, false);
    }

    /** A list of structs with these element fields. */
    public static ColumnType listOfStructs(ElementSchema element, boolean largeList) {
        if (element.fields().isEmpty()) {
            throw TableException.invalid("a struct needs at least one field");
        }
        return new ColumnType(Base.LIST_STRUCT, 0, element, largeList);
    }

    public static ColumnType parse(String notation) {
        Matcher structs = LIST_OF_STRUCTS.matcher(notation.trim());
        if (structs.matches()) {
            return listOfStructs(elementFields(structs.group(2), notation), structs.group(1).equals("large_list"));
        }
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
                    + " double, string, bool, list<string>, vector<float,N>, list<struct<name: type, ...>>,"
                    + " large_list<struct<...>>)");
        };
    }

    /** {@code name: type, ...}, each type a key's logical type ("Index Details": string, float, timestamp:ns:UTC...). */
    private static ElementSchema elementFields(String text, String notation) {
        List<ElementSchema.Field> fields = new ArrayList<>();
        for (String part : text.split(",", -1)) {
            int colon = part.indexOf(':');
            String name = colon < 0 ? "" : part.substring(0, colon).trim();
            if (name.isEmpty()) {
                throw TableException.invalid("a struct field is 'name: type', got '" + part.trim() + "' in '" + notation + "'");
            }
            try {
                fields.add(new ElementSchema.Field(name, KeyType.parse(part.substring(colon + 1).trim())));
            } catch (IllegalArgumentException e) {
                throw TableException.invalid("struct field '" + name + "' of '" + notation + "': " + e.getMessage());
            }
        }
        try {
            return new ElementSchema(fields);
        } catch (IllegalArgumentException e) {
            throw TableException.invalid(e.getMessage() + " in '" + notation + "'");
        }
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
            case LIST_STRUCT -> (largeList ? "large_list" : "list") + "<struct<" + String.join(", ", element.fields().stream()
                    .map(f -> f.name() + ": " + f.type().lanceName()).toList()) + ">>";
        };
    }

    /** A single value that a comparison filter, a btree and a bitmap index can order. */
    public boolean isScalar() {
        return base != Base.LIST_STRING && base != Base.VECTOR_FLOAT && base != Base.LIST_STRUCT;
    }

    public boolean isNumeric() {
        return base == Base.INT32 || base == Base.INT64 || base == Base.FLOAT || base == Base.DOUBLE;
    }

    /** Lance's logical type name of the top-level field (lance-source-facts.md, appendix). */
    public String logicalType() {
        return switch (base) {
            case LIST_STRING -> "list";
            case LIST_STRUCT -> largeList ? "large_list.struct" : "list.struct"; // file.proto: "the list values are structs"
            case VECTOR_FLOAT -> "fixed_size_list:float:" + dimension;
            default -> notation();
        };
    }

    /**
     * The Lance fields of a column with this type, the column first, each child taking the next id (as Lance assigns
     * them): {@code list<string>} is a REPEATED field {@code list} with one child {@code item} of type {@code string};
     * a list of structs is a REPEATED field {@code list.struct} (or {@code large_list.struct}, lance file.proto) whose
     * one child {@code item} is a PARENT field {@code struct}, whose children are the element's fields, LEAF fields
     * of their logical types (as Lance 7.0.0 writes {@code list<struct<label, confidence>>}); a
     * vector is one LEAF field (no child field, an unverified simplification of Lance's fixed-size-list schema).
     */
    public List<Field> fields(String name, int id, boolean nullable) {
        Field.Builder top = Field.newBuilder().setName(name).setId(id).setParentId(-1)
                .setLogicalType(logicalType()).setNullable(nullable)
                .setType(base == Base.LIST_STRING || base == Base.LIST_STRUCT ? Field.Type.REPEATED : Field.Type.LEAF);
        List<Field> fields = new ArrayList<>(List.of(top.build()));
        if (base == Base.LIST_STRING) {
            fields.add(Field.newBuilder().setName("item").setId(id + 1).setParentId(id)
                    .setLogicalType("string").setNullable(true).setType(Field.Type.LEAF).build());
        } else if (base == Base.LIST_STRUCT) {
            fields.add(Field.newBuilder().setName("item").setId(id + 1).setParentId(id)
                    .setLogicalType("struct").setNullable(true).setType(Field.Type.PARENT).build());
            for (int i = 0; i < element.fields().size(); i++) {
                ElementSchema.Field field = element.fields().get(i);
                fields.add(Field.newBuilder().setName(field.name()).setId(id + 2 + i).setParentId(id + 1)
                        .setLogicalType(field.type().lanceName()).setNullable(true).setType(Field.Type.LEAF).build());
            }
        }
        return List.copyOf(fields);
    }

    /**
     * The type of a top-level Lance field written by {@link #fields}, given the schema's fields (a list of structs'
     * element fields are its child's children).
     */
    public static ColumnType ofField(Field field, List<Field> schema) {
        String logical = field.getLogicalType();
        Matcher fsl = FSL.matcher(logical);
        if (fsl.matches()) {
            return new ColumnType(Base.VECTOR_FLOAT, Integer.parseInt(fsl.group(1)));
        }
        if (logical.equals("list.struct") || logical.equals("large_list.struct")) {
            Field item = schema.stream().filter(f -> f.getParentId() == field.getId()).findFirst().orElseThrow(() ->
                    TableException.invalid("list of structs '" + field.getName() + "' has no element field"));
            try {
                List<ElementSchema.Field> fields = schema.stream().filter(f -> f.getParentId() == item.getId())
                        .map(f -> new ElementSchema.Field(f.getName(), KeyType.parse(f.getLogicalType()))).toList();
                return listOfStructs(new ElementSchema(fields), logical.startsWith("large_list"));
            } catch (IllegalArgumentException e) { // a field of a type the reference's tables do not hold
                throw TableException.invalid("list of structs '" + field.getName() + "': " + e.getMessage());
            }
        }
        if (logical.equals("list")) {
            return new ColumnType(Base.LIST_STRING, 0);
        }
        return parse(logical);
    }

    /** How many ids the column's fields take. */
    public int fieldCount() {
        return switch (base) {
            case LIST_STRING -> 2;
            case LIST_STRUCT -> 2 + element.fields().size();
            default -> 1;
        };
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
            case LIST_STRUCT -> {
                return elements(node, column);
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

    /** A list of structs: a JSON array of elements, each null or an object giving every field of the element. */
    private List<List<Object>> elements(JsonNode node, String column) {
        if (!node.isArray()) {
            throw bad(node, column);
        }
        List<List<Object>> elements = new ArrayList<>();
        for (JsonNode item : node) {
            if (item.isNull()) {
                elements.add(null);
                continue;
            }
            if (!item.isObject()) {
                throw TableException.invalid("an element of column '" + column + "' must be an object or null, got " + item);
            }
            for (Iterator<String> names = item.fieldNames(); names.hasNext(); ) {
                String name = names.next();
                if (element.indexOf(name).isEmpty()) {
                    throw TableException.invalid("an element of column '" + column + "' has no field '" + name
                            + "' (fields: " + element.names() + ")");
                }
            }
            Object[] values = new Object[element.fields().size()];
            for (int f = 0; f < values.length; f++) {
                ElementSchema.Field field = element.fields().get(f);
                if (!item.has(field.name())) {
                    throw TableException.invalid("an element of column '" + column + "' lacks field '" + field.name()
                            + "' (write null for a null field)");
                }
                try {
                    values[f] = KeyNotation.parse(field.type(), item.get(field.name()));
                } catch (IllegalArgumentException e) {
                    throw TableException.invalid("field '" + field.name() + "' of column '" + column + "': " + e.getMessage());
                }
            }
            elements.add(Collections.unmodifiableList(Arrays.asList(values)));
        }
        return Collections.unmodifiableList(elements);
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
            case LIST_STRUCT -> {
                ArrayNode array = json.arrayNode();
                for (Object item : (List<?>) value) {
                    if (item == null) {
                        array.addNull();
                        continue;
                    }
                    ObjectNode object = array.addObject();
                    List<?> values = (List<?>) item;
                    for (int f = 0; f < values.size(); f++) {
                        ElementSchema.Field field = element.fields().get(f);
                        object.set(field.name(), values.get(f) == null ? json.nullNode()
                                : KeyNotation.format(field.type(), values.get(f)));
                    }
                }
                yield array;
            }
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
