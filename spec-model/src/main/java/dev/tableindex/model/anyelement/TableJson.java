package dev.tableindex.model.anyelement;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tableindex.model.json.KitJson;
import dev.tableindex.model.key.KeyNotation;
import dev.tableindex.model.key.KeyType;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;

/**
 * Reading the kit's JSON table format (docs/any-element.md): the element fields ({@code name},
 * {@code type}, optional field {@code id}) and rows of lists of element objects, each row as
 * {@link TableReader} hands it over. Every error names the row, element and field.
 */
public final class TableJson {
    private TableJson() {
    }

    /** The element struct: its schema and its fields' ids (their positions when the table gives none). */
    public record Element(ElementSchema schema, List<Integer> fieldIds) {
    }

    /** The table's element, from its {@code element} member. */
    public static Element element(TableReader.Header header) {
        List<ElementSchema.Field> fields = new ArrayList<>();
        List<Integer> ids = new ArrayList<>();
        JsonNode element = header.element();
        if (!element.isArray() || element.isEmpty()) {
            throw new ListTable.TableException("table: \"element\" must be a non-empty array of {\"name\", \"type\"}");
        }
        for (int i = 0; i < element.size(); i++) {
            JsonNode field = element.get(i);
            if (!field.path("name").isTextual()) {
                throw new ListTable.TableException("element field " + i + ": \"name\" must be a string");
            }
            try {
                fields.add(new ElementSchema.Field(field.path("name").asText(), KeyType.parse(field.path("type").asText())));
            } catch (IllegalArgumentException e) {
                throw new ListTable.TableException("element field " + field.path("name").asText() + ": " + e.getMessage());
            }
            if (field.has("id") && !field.path("id").canConvertToInt()) {
                throw new ListTable.TableException("element field " + field.path("name").asText() + ": \"id\" must be an integer");
            }
            ids.add(field.has("id") ? field.path("id").asInt() : i);
        }
        if (ids.stream().distinct().count() != ids.size()) {
            throw new ListTable.TableException("table: element field ids must be distinct: " + ids);
        }
        try {
            return new Element(new ElementSchema(fields), List.copyOf(ids));
        } catch (IllegalArgumentException e) {
            throw new ListTable.TableException("table: " + e.getMessage());
        }
    }

    /** Refuses rows that are not an array; {@code where} prefixes the message (e.g. "fragment 2, "). */
    public static void requireRowsArray(TableReader.Kind rows, String where) {
        if (rows != TableReader.Kind.ARRAY) {
            throw new ListTable.TableException(where + "\"rows\" must be an array");
        }
    }

    /**
     * One row of a table or fragment: a list of elements, each its field values in schema order (null: a null
     * element), or null for a null list; {@code where} names the row in error messages (e.g. "fragment 2, row 5").
     */
    static List<Object[]> row(JsonNode list, String where, ElementSchema schema) {
        if (list.isNull()) {
            return null;
        }
        if (!list.isArray()) {
            throw new ListTable.TableException(where + ": a list must be a JSON array or null, not "
                    + KitJson.bounded(list.toString()));
        }
        List<Object[]> elements = new ArrayList<>();
        for (int e = 0; e < list.size(); e++) {
            JsonNode element = list.get(e);
            String at = where + ", element " + e;
            if (element.isNull()) {
                elements.add(null);
                continue;
            }
            if (!element.isObject()) {
                throw new ListTable.TableException(at + ": an element must be an object or null, not "
                        + KitJson.bounded(element.toString()));
            }
            for (Iterator<String> names = element.fieldNames(); names.hasNext(); ) {
                String name = names.next();
                if (schema.indexOf(name).isEmpty()) {
                    throw new ListTable.TableException(at + ": unknown field '" + KitJson.bounded(name)
                            + "' (fields: " + schema.names() + ")");
                }
            }
            Object[] values = new Object[schema.fields().size()];
            for (int f = 0; f < values.length; f++) {
                ElementSchema.Field field = schema.fields().get(f);
                if (!element.has(field.name())) {
                    throw new ListTable.TableException(at + ": field '" + field.name() + "' is missing (write null for a null field)");
                }
                try {
                    values[f] = KeyNotation.parse(field.type(), element.get(field.name()));
                } catch (IllegalArgumentException ex) {
                    throw new ListTable.TableException(at + ", field " + field.name() + ": " + ex.getMessage());
                }
            }
            elements.add(values);
        }
        return Collections.unmodifiableList(elements);
    }
}
