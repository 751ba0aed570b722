package dev.tableindex.tck.integrity;

import dev.tableindex.model.json.KitJson;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.util.HashMap;
import java.util.Map;

/**
 * A YAML document as a Jackson tree, with the line and column where each node starts, keyed by its
 * JSON pointer ({@code ""} for the root, {@code /0/id}), so that a problem found in the tree (by a
 * JSON schema or a check of ours) can name the place in the file.
 */
record LocatedYaml(JsonNode root, Map<String, Position> positions) {

    /** 1-based line and column. */
    record Position(int line, int column) {
        static final Position START = new Position(1, 1);

        static Position of(JsonLocation location) {
            return new Position(Math.max(1, location.getLineNr()), Math.max(1, location.getColumnNr()));
        }
    }

    /** Not YAML: where the parser stopped and why. */
    static final class Invalid extends Exception {
        private static final long serialVersionUID = 1L;
        private final transient Position position;

        Invalid(Position position, String message) {
            super(message);
            this.position = position;
        }

        Position position() {
            return position;
        }
    }

    private static final YAMLFactory YAML = KitJson.configure(new YAMLFactory());

    /** An empty document is an empty array; the caller's schema decides whether that is allowed. */
    static LocatedYaml parse(String text) throws Invalid {
        Map<String, Position> positions = new HashMap<>();
        JsonParser parser;
        try {
            parser = YAML.createParser(text);
        } catch (IOException e) {
            throw new Invalid(Position.START, e.getMessage());
        }
        try (parser) {
            JsonToken first = parser.nextToken();
            if (first == null) {
                positions.put("", Position.START);
                return new LocatedYaml(JsonNodeFactory.instance.arrayNode(), positions);
            }
            JsonNode root = read(parser, "", positions);
            return new LocatedYaml(root, positions);
        } catch (JsonProcessingException e) {
            String message = KitJson.limitRefusal(e, parser).map(IllegalArgumentException::getMessage)
                    .orElseGet(() -> e.getOriginalMessage().lines().findFirst().orElse("not YAML").strip());
            throw new Invalid(e.getLocation() == null ? Position.START : Position.of(e.getLocation()), message);
        } catch (IOException e) {
            throw new Invalid(Position.START, e.getMessage());
        }
    }

    /** Where the node at {@code pointer} starts, or its nearest ancestor that exists. */
    Position at(String pointer) {
        for (String p = pointer; ; p = p.substring(0, p.lastIndexOf('/'))) {
            Position found = positions.get(p);
            if (found != null) {
                return found;
            }
            if (p.isEmpty()) {
                return Position.START;
            }
        }
    }

    private static JsonNode read(JsonParser parser, String pointer, Map<String, Position> positions) throws IOException {
        positions.put(pointer, Position.of(parser.currentTokenLocation()));
        JsonToken token = parser.currentToken();
        JsonNodeFactory nodes = JsonNodeFactory.instance;
        switch (token) {
            case START_OBJECT -> {
                ObjectNode object = nodes.objectNode();
                while (parser.nextToken() == JsonToken.FIELD_NAME) {
                    String name = parser.currentName();
                    parser.nextToken();
                    object.set(name, read(parser, pointer + "/" + escape(name), positions));
                }
                return object;
            }
            case START_ARRAY -> {
                ArrayNode array = nodes.arrayNode();
                int i = 0;
                while (parser.nextToken() != JsonToken.END_ARRAY) {
                    array.add(read(parser, pointer + "/" + i++, positions));
                }
                return array;
            }
            case VALUE_STRING -> {
                return nodes.textNode(parser.getText());
            }
            case VALUE_NUMBER_INT -> {
                return nodes.numberNode(parser.getBigIntegerValue());
            }
            case VALUE_NUMBER_FLOAT -> {
                return nodes.numberNode(parser.getDecimalValue());
            }
            case VALUE_TRUE, VALUE_FALSE -> {
                return nodes.booleanNode(token == JsonToken.VALUE_TRUE);
            }
            case VALUE_NULL -> {
                return nodes.nullNode();
            }
            default -> {
                return nodes.textNode(parser.getText());
            }
        }
    }

    private static String escape(String name) {
        return name.replace("~", "~0").replace("/", "~1");
    }
}
