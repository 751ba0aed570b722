package dev.tableindex.model.iceberg.definition;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tableindex.model.iceberg.definition.ValueExpression.Apply;
import dev.tableindex.model.iceberg.definition.ValueExpression.FunctionRef;
import dev.tableindex.model.iceberg.definition.ValueExpression.IdReference;
import dev.tableindex.model.iceberg.definition.ValueExpression.Literal;
import dev.tableindex.model.iceberg.definition.ValueExpression.NamedReference;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * The JSON form of value expressions (expressions spec, Appendix B; docs/iceberg-table-spec-facts.md "Value
 * expressions and their JSON"). Reading names the JSON path of what is wrong; writing produces the explicit
 * object forms.
 */
public final class ValueExpressionJson {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    /** The {@code type} values that make a JSON object a predicate rather than a value expression. */
    private static final Set<String> PREDICATE_TYPES = Set.of(
            "not", "and", "or", "is-null", "not-null", "is-nan", "not-nan",
            "lt", "lt-eq", "gt", "gt-eq", "eq", "not-eq", "starts-with", "not-starts-with", "in", "not-in");

    private ValueExpressionJson() {
    }

    /**
     * Reads a value expression.
     *
     * @param json the expression's JSON
     * @param path the normalized JSON path of {@code json}, for messages
     * @throws ExpressionJsonException naming the path of the first node that is not a valid form
     */
    public static ValueExpression read(JsonNode json, String path) {
        if (json == null || json.isMissingNode()) {
            throw new ExpressionJsonException(path, "missing expression");
        }
        if (!json.isObject()) {
            // a bare VALUE is a literal
            return new Literal(json, Optional.empty());
        }
        JsonNode type = json.get("type");
        if (type == null || !type.isTextual()) {
            // an object without a string "type" is a bare VALUE (a struct or map in single-value JSON)
            return new Literal(json, Optional.empty());
        }
        return switch (type.asText()) {
            case "literal" -> readLiteral(json, path);
            case "reference" -> readReference(json, path);
            case "apply" -> readApply(json, path);
            default -> throw new ExpressionJsonException(path + "['type']",
                    "not a value expression type: \"" + type.asText() + "\" (literal, reference or apply)");
        };
    }

    /** A reference found in an expression's JSON, with its JSON path. */
    public record LocatedReference(String jsonPath, ValueExpression reference) {
    }

    /**
     * Every reference in a value expression's JSON (function arguments and predicates included; constants
     * skipped), with its path. Call it on JSON that {@link #read} accepts.
     */
    public static List<LocatedReference> locateReferences(JsonNode json, String path) {
        List<LocatedReference> found = new ArrayList<>();
        walk(json.deepCopy(), path, (at, reference) -> {
            found.add(new LocatedReference(at, reference));
            return null;
        });
        return found;
    }

    /**
     * A copy of a value expression's JSON with each named reference that {@code ids} knows replaced by the ID
     * reference {@code {"type": "reference", "id": N}}, as a writer binds an expression to the source schema
     * before storing it (the draft allows ID references only). Names {@code ids} does not know stay as they are.
     * Call it on JSON that {@link #read} accepts.
     */
    public static JsonNode bindNames(JsonNode json, Function<String, OptionalInt> ids) {
        return walk(json.deepCopy(), "$", (at, reference) -> {
            if (reference instanceof NamedReference named) {
                OptionalInt id = ids.apply(named.name());
                return id.isPresent() ? write(new IdReference(id.getAsInt())) : null;
            }
            return null;
        });
    }

    /**
     * Visits every reference in {@code json} (changed in place) in document order; where {@code visit} returns a
     * node, that node takes the reference's place. Returns the node that stands for {@code json} afterwards.
     */
    private static JsonNode walk(JsonNode json, String path, BiFunction<String, ValueExpression, JsonNode> visit) {
        if (json.isArray()) {
            ArrayNode array = (ArrayNode) json;
            for (int i = 0; i < array.size(); i++) {
                array.set(i, walk(array.get(i), path + "[" + i + "]", visit));
            }
            return json;
        }
        if (!json.isObject()) {
            return json;
        }
        String type = json.path("type").asText("");
        if (type.equals("literal") || type.equals("literals")) {
            return json;
        }
        if (type.equals("reference")) {
            JsonNode replacement = visit.apply(path, readReference(json, path));
            return replacement == null ? json : replacement;
        }
        ObjectNode object = (ObjectNode) json;
        List<String> keys = new ArrayList<>();
        object.fieldNames().forEachRemaining(keys::add);
        for (String key : keys) {
            JsonNode child = object.get(key);
            if (key.equals("term") && child.isTextual()) {
                JsonNode replacement = visit.apply(path + "['term']", new NamedReference(child.asText()));
                if (replacement != null) {
                    object.set(key, replacement);
                }
            } else if (!key.equals("value") && !key.equals("values") && !key.equals("function")) {
                object.set(key, walk(child, JsonPaths.member(path, key), visit));
            }
        }
        return json;
    }

    /** The explicit JSON of {@code expression}. */
    public static JsonNode write(ValueExpression expression) {
        ObjectNode node = NODES.objectNode();
        if (expression instanceof Literal literal) {
            node.put("type", "literal");
            node.set("value", literal.value());
            literal.dataType().ifPresent(t -> node.set("data-type", IcebergTypeJson.toJson(t)));
        } else if (expression instanceof IdReference ref) {
            node.put("type", "reference");
            node.put("id", ref.fieldId());
        } else if (expression instanceof NamedReference ref) {
            node.put("type", "reference");
            node.put("name", ref.name());
        } else if (expression instanceof Apply apply) {
            node.put("type", "apply");
            node.set("function", writeFunction(apply.function()));
            ArrayNode arguments = node.putArray("arguments");
            for (ExpressionArgument argument : apply.arguments()) {
                arguments.add(argument instanceof PredicateArgument p ? p.json() : write((ValueExpression) argument));
            }
        }
        return node;
    }

    private static Literal readLiteral(JsonNode json, String path) {
        JsonNode value = json.get("value");
        if (value == null) {
            throw new ExpressionJsonException(path, "a literal has a \"value\"");
        }
        JsonNode dataType = json.get("data-type");
        if (dataType == null) {
            return new Literal(value, Optional.empty());
        }
        try {
            return new Literal(value, Optional.of(IcebergTypeJson.fromJson(dataType)));
        } catch (IllegalArgumentException e) {
            throw new ExpressionJsonException(path + "['data-type']", e.getMessage());
        }
    }

    private static ValueExpression readReference(JsonNode json, String path) {
        JsonNode id = json.get("id");
        if (id != null) {
            if (!id.isInt()) {
                throw new ExpressionJsonException(path + "['id']", "a reference id is a JSON integer (int)");
            }
            return new IdReference(id.intValue());
        }
        JsonNode name = json.has("name") ? json.get("name") : json.get("term");
        if (name != null && name.isTextual()) {
            return new NamedReference(name.asText());
        }
        throw new ExpressionJsonException(path, "a reference has an integer \"id\" or a string \"name\"");
    }

    private static Apply readApply(JsonNode json, String path) {
        FunctionRef function = readFunction(json.get("function"), path + "['function']");
        JsonNode arguments = json.get("arguments");
        if (arguments == null || !arguments.isArray()) {
            throw new ExpressionJsonException(path + "['arguments']", "an apply has a list of \"arguments\"");
        }
        List<ExpressionArgument> parsed = new ArrayList<>();
        for (int i = 0; i < arguments.size(); i++) {
            parsed.add(readArgument(arguments.get(i), path + "['arguments'][" + i + "]"));
        }
        return new Apply(function, parsed);
    }

    private static ExpressionArgument readArgument(JsonNode json, String path) {
        if (isPredicate(json)) {
            List<ValueExpression> references = new ArrayList<>();
            collectPredicateReferences(json, path, references);
            return new PredicateArgument(json, references);
        }
        return read(json, path);
    }

    private static boolean isPredicate(JsonNode json) {
        return json.isObject() && json.path("type").isTextual() && PREDICATE_TYPES.contains(json.get("type").asText());
    }

    /** References inside a predicate: its value-expression children, and the deprecated {@code term} forms. */
    private static void collectPredicateReferences(JsonNode json, String path, List<ValueExpression> found) {
        if (!json.isObject()) {
            return;
        }
        for (Iterator<Map.Entry<String, JsonNode>> it = json.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> field = it.next();
            String key = field.getKey();
            JsonNode child = field.getValue();
            String childPath = JsonPaths.member(path, key);
            if (key.equals("value") || key.equals("values") || key.equals("type")) {
                continue; // constants
            }
            if (key.equals("term") && child.isTextual()) {
                found.add(new NamedReference(child.asText()));
            } else if (isPredicate(child)) {
                collectPredicateReferences(child, childPath, found);
            } else if (child.isObject() && "transform".equals(child.path("type").asText())) {
                collectPredicateReferences(child, childPath, found);
            } else if (child.isObject()) {
                found.addAll(read(child, childPath).references());
            }
        }
    }

    private static FunctionRef readFunction(JsonNode json, String path) {
        if (json == null) {
            throw new ExpressionJsonException(path, "an apply names its \"function\"");
        }
        if (json.isTextual()) {
            return new FunctionRef(Optional.empty(), List.of(json.asText()));
        }
        if (json.isArray()) {
            return new FunctionRef(Optional.empty(), names(json, path));
        }
        if (json.isObject() && json.has("identifier")) {
            JsonNode catalog = json.get("catalog");
            if (catalog != null && !catalog.isNull() && !catalog.isTextual()) {
                throw new ExpressionJsonException(path + "['catalog']", "a catalog is a string");
            }
            Optional<String> catalogName = catalog == null || catalog.isNull() ? Optional.empty() : Optional.of(catalog.asText());
            return new FunctionRef(catalogName, names(json.get("identifier"), path + "['identifier']"));
        }
        throw new ExpressionJsonException(path, "a function is a name, a list of names or {\"identifier\": [...]}");
    }

    private static List<String> names(JsonNode json, String path) {
        if (!json.isArray() || json.isEmpty()) {
            throw new ExpressionJsonException(path, "a function identifier is a non-empty list of names");
        }
        List<String> names = new ArrayList<>();
        for (int i = 0; i < json.size(); i++) {
            if (!json.get(i).isTextual()) {
                throw new ExpressionJsonException(path + "[" + i + "]", "a name is a string");
            }
            names.add(json.get(i).asText());
        }
        return names;
    }

    private static JsonNode writeFunction(FunctionRef function) {
        if (function.catalog().isPresent()) {
            ObjectNode node = NODES.objectNode();
            node.put("catalog", function.catalog().get());
            ArrayNode identifier = node.putArray("identifier");
            function.identifier().forEach(identifier::add);
            return node;
        }
        if (function.identifier().size() == 1) {
            return NODES.textNode(function.identifier().get(0));
        }
        ArrayNode names = NODES.arrayNode();
        function.identifier().forEach(names::add);
        return names;
    }
}
