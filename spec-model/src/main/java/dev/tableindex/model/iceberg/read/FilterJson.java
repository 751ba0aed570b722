package dev.tableindex.model.iceberg.read;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tableindex.model.iceberg.data.IndexFieldValues;
import dev.tableindex.model.json.KitJson;
import java.util.ArrayList;
import java.util.List;
import org.apache.iceberg.Schema;
import org.apache.iceberg.SingleValueParser;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;

/**
 * A {@link RowFilter} in the expressions spec's JSON (Appendix B, "Predicates"), bound to a source schema:
 * <pre>true | false | {"type": "and"|"or", "left": P, "right": P} | {"type": "not", "child": P}
 * | {"type": "is-null"|"not-null"|"is-nan"|"not-nan", "child": REF}
 * | {"type": "eq"|"not-eq"|"lt"|"lt-eq"|"gt"|"gt-eq"|"starts-with"|"not-starts-with", "left": REF, "right": LITERAL}
 * | {"type": "in"|"not-in", "child": REF, "values": [LITERAL, ...] | {"type": "literals", "values": [...]}}</pre>
 * where REF is a bound reference {@code {"type": "reference", "id": N}} and a LITERAL a single value in the
 * table spec's JSON form, bare or as {@code {"type": "literal", "value": V}}. The kit's filters compare a field
 * with constants only; anything else is refused with the JSON path of what is wrong.
 */
public final class FilterJson {
    private FilterJson() {
    }

    public static RowFilter parse(String json, Schema schema) {
        JsonNode node;
        try {
            node = KitJson.read(json);
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("$: the filter is " + e.getMessage(), e);
        }
        if (node == null) {
            throw new IllegalArgumentException("$: the filter is empty");
        }
        return parse(node, schema, "$");
    }

    public static RowFilter parse(JsonNode node, Schema schema, String path) {
        if (node.isBoolean()) {
            return new RowFilter.Constant(node.booleanValue());
        }
        if (!node.isObject() || !node.path("type").isTextual()) {
            throw new IllegalArgumentException(path + ": a predicate is true, false or an object with a type");
        }
        String type = node.get("type").textValue();
        switch (type) {
            case "and":
            case "or": {
                RowFilter left = parse(required(node, "left", path), schema, path + "['left']");
                RowFilter right = parse(required(node, "right", path), schema, path + "['right']");
                return type.equals("and") ? new RowFilter.And(left, right) : new RowFilter.Or(left, right);
            }
            case "not":
                return new RowFilter.Not(parse(required(node, "child", path), schema, path + "['child']"));
            case "in":
            case "not-in": {
                Types.NestedField field = reference(required(node, "child", path), schema, path + "['child']");
                JsonNode values = required(node, "values", path);
                String valuesPath = path + "['values']";
                if (values.isObject() && "literals".equals(values.path("type").asText())) {
                    values = required(values, "values", valuesPath);
                    valuesPath += "['values']";
                }
                if (!values.isArray()) {
                    throw new IllegalArgumentException(valuesPath + ": a list of literals");
                }
                List<Object> constants = new ArrayList<>();
                for (int i = 0; i < values.size(); i++) {
                    constants.add(literal(values.get(i), field.type().asPrimitiveType(), valuesPath + "[" + i + "]"));
                }
                return new RowFilter.In(field.fieldId(), field.type().asPrimitiveType(), type.equals("not-in"),
                        constants);
            }
            default:
                break;
        }
        for (RowFilter.TestOp op : RowFilter.TestOp.values()) {
            if (op.json.equals(type)) {
                Types.NestedField field = reference(required(node, "child", path), schema, path + "['child']");
                return bound(path, () -> new RowFilter.Test(field.fieldId(), field.type().asPrimitiveType(), op));
            }
        }
        for (RowFilter.CompareOp op : RowFilter.CompareOp.values()) {
            if (op.json.equals(type)) {
                Types.NestedField field = reference(required(node, "left", path), schema, path + "['left']");
                Object constant = literal(required(node, "right", path), field.type().asPrimitiveType(),
                        path + "['right']");
                return bound(path, () -> new RowFilter.Comparison(field.fieldId(), field.type().asPrimitiveType(), op,
                        constant));
            }
        }
        throw new IllegalArgumentException(path + "['type']: '" + type + "' is not a predicate type of the"
                + " expressions spec (and, or, not, is-null, not-null, is-nan, not-nan, eq, not-eq, lt, lt-eq, gt,"
                + " gt-eq, starts-with, not-starts-with, in, not-in)");
    }

    private static RowFilter bound(String path, java.util.function.Supplier<RowFilter> make) {
        try {
            return make.get();
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(path + ": " + e.getMessage(), e);
        }
    }

    private static JsonNode required(JsonNode node, String field, String path) {
        JsonNode value = node.get(field);
        if (value == null) {
            throw new IllegalArgumentException(path + ": missing '" + field + "'");
        }
        return value;
    }

    private static Types.NestedField reference(JsonNode node, Schema schema, String path) {
        if (!node.isObject() || !"reference".equals(node.path("type").asText()) || !node.path("id").isInt()) {
            throw new IllegalArgumentException(path + ": the kit's filters reference a source field by id: "
                    + "{\"type\": \"reference\", \"id\": N}");
        }
        Types.NestedField field = schema.findField(node.get("id").intValue());
        if (field == null || !field.type().isPrimitiveType()) {
            throw new IllegalArgumentException(path + ": no primitive source field " + node.get("id").intValue());
        }
        return field;
    }

    /** A constant of the field's type; null and NaN are refused (the spec: use is-null and is-nan). */
    private static Object literal(JsonNode node, Type.PrimitiveType type, String path) {
        JsonNode value = node.isObject() && "literal".equals(node.path("type").asText()) ? node.get("value") : node;
        if (value == null || value.isNull()) {
            throw new IllegalArgumentException(path + ": a constant must not be null (use is-null)");
        }
        Object parsed;
        try {
            parsed = IndexFieldValues.generic(type, SingleValueParser.fromJson(type, value));
        } catch (RuntimeException e) {
            throw new IllegalArgumentException(path + ": not a " + type + " value: " + value, e);
        }
        if (RowFilter.isNaN(parsed)) {
            throw new IllegalArgumentException(path + ": a constant must not be NaN (use is-nan)");
        }
        return parsed;
    }

    /** The filter as the expressions spec's JSON, with bound references and bare single values. */
    public static String toJson(RowFilter filter) {
        return write(filter).toString();
    }

    private static JsonNode write(RowFilter filter) {
        JsonNodeFactory f = JsonNodeFactory.instance;
        if (filter instanceof RowFilter.Constant c) {
            return f.booleanNode(c.value());
        }
        ObjectNode node = f.objectNode();
        if (filter instanceof RowFilter.And and) {
            node.put("type", "and").set("left", write(and.left()));
            node.set("right", write(and.right()));
        } else if (filter instanceof RowFilter.Or or) {
            node.put("type", "or").set("left", write(or.left()));
            node.set("right", write(or.right()));
        } else if (filter instanceof RowFilter.Not not) {
            node.put("type", "not").set("child", write(not.child()));
        } else if (filter instanceof RowFilter.Test test) {
            node.put("type", test.op().json).set("child", reference(test.fieldId()));
        } else if (filter instanceof RowFilter.Comparison cmp) {
            node.put("type", cmp.op().json).set("left", reference(cmp.fieldId()));
            node.set("right", value(cmp.type(), cmp.constant()));
        } else if (filter instanceof RowFilter.In in) {
            node.put("type", in.negated() ? "not-in" : "in").set("child", reference(in.fieldId()));
            ArrayNode values = node.putArray("values");
            in.constants().forEach(c -> values.add(value(in.type(), c)));
        }
        return node;
    }

    private static JsonNode reference(int fieldId) {
        return JsonNodeFactory.instance.objectNode().put("type", "reference").put("id", fieldId);
    }

    private static JsonNode value(Type.PrimitiveType type, Object generic) {
        try {
            return KitJson.read(SingleValueParser.toJson(type, IndexFieldValues.internal(type, generic)));
        } catch (RuntimeException e) {
            throw new IllegalStateException(e);
        }
    }
}
