package dev.tableindex.model.anyelement;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tableindex.model.key.KeyNotation;
import java.util.List;

/** Tests' writer of the JSON table format (docs/any-element.md): a table built in code, as a file would give it. */
public final class TableJsonText {
    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    private TableJsonText() {
    }

    /** The whole table, with {@code column}, {@code element} and {@code rows}. */
    public static String of(ListTable table) {
        ObjectNode root = JSON.objectNode();
        root.put("column", table.column());
        root.set("element", element(table.element(), null));
        root.set("rows", rows(table.element(), table.rows()));
        return text(root);
    }

    /** The {@code element} member: each field's name and type, and its field id when {@code fieldIds} is given. */
    public static ArrayNode element(ElementSchema schema, List<Integer> fieldIds) {
        ArrayNode element = JSON.arrayNode();
        for (int i = 0; i < schema.fields().size(); i++) {
            ElementSchema.Field f = schema.fields().get(i);
            ObjectNode field = element.addObject().put("name", f.name()).put("type", f.type().lanceName());
            if (fieldIds != null) {
                field.put("id", fieldIds.get(i));
            }
        }
        return element;
    }

    /** Rows of lists of element objects, values in the key notation; null lists and null elements as JSON nulls. */
    public static ArrayNode rows(ElementSchema schema, List<List<Object[]>> rows) {
        ArrayNode array = JSON.arrayNode();
        for (List<Object[]> row : rows) {
            if (row == null) {
                array.addNull();
                continue;
            }
            ArrayNode list = array.addArray();
            for (Object[] e : row) {
                if (e == null) {
                    list.addNull();
                    continue;
                }
                ObjectNode object = list.addObject();
                for (int i = 0; i < e.length; i++) {
                    ElementSchema.Field f = schema.fields().get(i);
                    object.set(f.name(), KeyNotation.format(f.type(), e[i]));
                }
            }
        }
        return array;
    }

    public static String text(JsonNode json) {
        try {
            return new ObjectMapper().writeValueAsString(json);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
