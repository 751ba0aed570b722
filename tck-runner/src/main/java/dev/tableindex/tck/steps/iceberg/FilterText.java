package dev.tableindex.tck.steps.iceberg;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tableindex.model.json.KitJson;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tableindex.model.iceberg.read.FilterJson;
import dev.tableindex.model.iceberg.read.RowFilter;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.apache.iceberg.Schema;
import org.apache.iceberg.types.Types;

/**
 * The scenarios' way of writing a filter, read into the expressions spec's JSON (Appendix B) and from there into
 * a {@link RowFilter}: {@code city eq "a" and score lt 2.0}, {@code city in ("a", "c")}, {@code not city eq "a"},
 * {@code city is-null or (score gt 1.0)}. Columns by their name in the snapshot's schema, constants as JSON
 * values, the spec's predicate names as operators; {@code and} binds closer than {@code or}.
 */
public final class FilterText {
    private static final Set<String> TESTS = Set.of("is-null", "not-null", "is-nan", "not-nan");
    private static final Set<String> COMPARISONS = Set.of("eq", "not-eq", "lt", "lt-eq", "gt", "gt-eq",
            "starts-with", "not-starts-with");
    private final List<String> tokens;
    private final Schema schema;
    private final String text;
    private int next;

    private FilterText(String text, Schema schema) {
        this.text = text;
        this.schema = schema;
        this.tokens = tokens(text);
    }

    /** The filter as the JSON the kit sends. */
    public static JsonNode json(String text, Schema schema) {
        FilterText parser = new FilterText(text, schema);
        JsonNode filter = parser.or();
        if (parser.next != parser.tokens.size()) {
            throw parser.error("unexpected '" + parser.tokens.get(parser.next) + "'");
        }
        return filter;
    }

    public static RowFilter filter(String text, Schema schema) {
        return FilterJson.parse(json(text, schema), schema, "$");
    }

    private JsonNode or() {
        JsonNode left = and();
        while (accept("or")) {
            left = binary("or", left, and());
        }
        return left;
    }

    private JsonNode and() {
        JsonNode left = unary();
        while (accept("and")) {
            left = binary("and", left, unary());
        }
        return left;
    }

    private JsonNode unary() {
        if (accept("not")) {
            ObjectNode not = JsonNodeFactory.instance.objectNode().put("type", "not");
            not.set("child", unary());
            return not;
        }
        if (accept("(")) {
            JsonNode inner = or();
            expect(")");
            return inner;
        }
        return test();
    }

    private JsonNode test() {
        String column = take("a column");
        Types.NestedField field = schema.findField(column);
        if (field == null) {
            throw error("no column '" + column + "' in the table's schema");
        }
        ObjectNode ref = JsonNodeFactory.instance.objectNode().put("type", "reference").put("id", field.fieldId());
        String op = take("an operator");
        ObjectNode node = JsonNodeFactory.instance.objectNode().put("type", op);
        if (TESTS.contains(op)) {
            node.set("child", ref);
        } else if (COMPARISONS.contains(op)) {
            node.set("left", ref);
            node.set("right", value());
        } else if (op.equals("in") || op.equals("not-in")) {
            node.set("child", ref);
            ArrayNode values = node.putArray("values");
            expect("(");
            do {
                values.add(value());
            } while (accept(","));
            expect(")");
        } else {
            throw error("'" + op + "' is not an operator of the expressions spec");
        }
        return node;
    }

    private JsonNode value() {
        String token = take("a JSON value");
        try {
            return KitJson.read(token);
        } catch (RuntimeException e) {
            throw error("'" + token + "' is not a JSON value");
        }
    }

    private static JsonNode binary(String type, JsonNode left, JsonNode right) {
        ObjectNode node = JsonNodeFactory.instance.objectNode().put("type", type);
        node.set("left", left);
        node.set("right", right);
        return node;
    }

    private boolean accept(String token) {
        if (next < tokens.size() && tokens.get(next).equals(token)) {
            next++;
            return true;
        }
        return false;
    }

    private void expect(String token) {
        if (!accept(token)) {
            throw error("expected '" + token + "'");
        }
    }

    private String take(String what) {
        if (next >= tokens.size()) {
            throw error("expected " + what + " at the end");
        }
        return tokens.get(next++);
    }

    private IllegalArgumentException error(String message) {
        return new IllegalArgumentException("the scenario's filter '" + text + "': " + message);
    }

    /** Words, JSON strings (with escapes), parentheses and commas. */
    private static List<String> tokens(String text) {
        List<String> out = new ArrayList<>();
        int i = 0;
        while (i < text.length()) {
            char c = text.charAt(i);
            if (Character.isWhitespace(c)) {
                i++;
            } else if (c == '(' || c == ')' || c == ',') {
                out.add(String.valueOf(c));
                i++;
            } else if (c == '"') {
                int end = i + 1;
                while (end < text.length() && text.charAt(end) != '"') {
                    end += text.charAt(end) == '\\' ? 2 : 1;
                }
                out.add(text.substring(i, Math.min(end + 1, text.length())));
                i = end + 1;
            } else {
                int end = i;
                while (end < text.length() && !Character.isWhitespace(text.charAt(end))
                        && "(),\"".indexOf(text.charAt(end)) < 0) {
                    end++;
                }
                out.add(text.substring(i, end));
                i = end;
            }
        }
        return out;
    }
}
