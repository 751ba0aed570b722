package dev.tableindex.model.key;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.google.protobuf.ByteString;
import dev.tableindex.model.json.KitJson;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/**
 * The JSON notation of key values used by golden vectors, the CLI and scenarios: {@code null};
 * {@code true}/{@code false}; integers as JSON numbers or decimal strings; floats as JSON numbers or
 * {@code "NaN"}, {@code "-NaN"}, {@code "Infinity"}, {@code "-Infinity"}, {@code "-0.0"},
 * {@code "bits:0x7FC00001"} (8 hex digits for float, 16 for double); dates and timestamps as integers
 * in their stored unit; strings as JSON strings; binary as {@code "hex:0AFF"}.
 */
public final class KeyNotation {
    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    /**
     * Reads JSON holding notation values, keeping numbers exact: integers as big integers, decimals
     * as big decimals (so a decimal float is rounded once, to its own type, not via a double), and a
     * negative zero as {@code "-0.0"} (a big decimal has no negative zero, and reading it as +0.0
     * would silently change the key).
     */
    public static JsonNode readTree(String json) {
        JsonParser parser = KitJson.parser(json);
        try (parser) {
            if (parser.nextToken() == null) {
                throw new KeyValueException("no JSON value (the input is empty)");
            }
            JsonNode node = read(parser, "$");
            if (parser.nextToken() != null) {
                throw new KeyValueException("text after the JSON value at " + where(parser));
            }
            return node;
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new KeyValueException(KitJson.describe(e, parser));
        } catch (IOException e) {
            throw new KeyValueException("not JSON: " + e.getClass().getSimpleName());
        }
    }

    /**
     * The value at the parser's current token, read as {@link #readTree} reads it; {@code path} is its JSON path for
     * errors. For readers that walk a document themselves and take one value of it at a time.
     */
    public static JsonNode readValue(JsonParser parser, String path) throws IOException {
        return read(parser, path);
    }

    /**
     * Walks the value at the parser's current token making every check {@link #readValue} makes (member names and
     * strings are Unicode text, numbers are numbers) without building it: a reader's first pass over a document whose
     * values it then reads one at a time.
     */
    public static void skipValue(JsonParser parser, String path) throws IOException {
        switch (parser.currentToken()) {
            case START_ARRAY -> {
                for (int i = 0; parser.nextToken() != JsonToken.END_ARRAY; i++) {
                    skipValue(parser, path + "[" + i + "]");
                }
            }
            case START_OBJECT -> {
                while (parser.nextToken() != JsonToken.END_OBJECT) {
                    String member = path + "." + KitJson.bounded(parser.currentName());
                    checkUnicode(parser.currentName(), member, parser);
                    parser.nextToken();
                    skipValue(parser, member);
                }
            }
            case VALUE_STRING -> checkUnicode(parser.getText(), path, parser);
            case VALUE_NUMBER_INT -> parser.getBigIntegerValue();
            case VALUE_NUMBER_FLOAT -> parser.getDecimalValue();
            case VALUE_TRUE, VALUE_FALSE, VALUE_NULL -> {
            }
            default -> throw new KeyValueException(path + ": unexpected JSON token " + parser.currentToken() + " at " + where(parser));
        }
    }

    private static String where(JsonParser parser) {
        var at = parser.currentTokenLocation();
        return "line " + at.getLineNr() + ", column " + at.getColumnNr();
    }

    /**
     * One value; {@code path} is its JSON path for errors. A repeated member name and a string with an unpaired
     * surrogate (not Unicode text) are refused rather than read one way or another.
     */
    private static JsonNode read(JsonParser parser, String path) throws IOException {
        return switch (parser.currentToken()) {
            case START_ARRAY -> {
                var array = JSON.arrayNode();
                while (parser.nextToken() != JsonToken.END_ARRAY) {
                    array.add(read(parser, path + "[" + array.size() + "]"));
                }
                yield array;
            }
            case START_OBJECT -> {
                var object = JSON.objectNode();
                while (parser.nextToken() != JsonToken.END_OBJECT) {
                    String name = parser.currentName();
                    String member = path + "." + KitJson.bounded(name);
                    checkUnicode(name, member, parser);
                    if (object.has(name)) {
                        throw new KeyValueException(member + ": the member appears twice (line "
                                + parser.currentTokenLocation().getLineNr() + ", column "
                                + parser.currentTokenLocation().getColumnNr() + ")");
                    }
                    parser.nextToken();
                    object.set(name, read(parser, member));
                }
                yield object;
            }
            case VALUE_STRING -> {
                checkUnicode(parser.getText(), path, parser);
                yield JSON.textNode(parser.getText());
            }
            case VALUE_NUMBER_INT -> JSON.numberNode(parser.getBigIntegerValue());
            case VALUE_NUMBER_FLOAT -> {
                BigDecimal value = parser.getDecimalValue();
                yield value.signum() == 0 && parser.getText().startsWith("-") ? JSON.textNode("-0.0") : JSON.numberNode(value);
            }
            case VALUE_TRUE, VALUE_FALSE -> JSON.booleanNode(parser.getBooleanValue());
            case VALUE_NULL -> JSON.nullNode();
            default -> throw new KeyValueException(path + ": unexpected JSON token " + parser.currentToken() + " at " + where(parser));
        };
    }

    private static void checkUnicode(String text, String path, JsonParser parser) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
                i++;
            } else if (Character.isSurrogate(c)) {
                throw new KeyValueException(path + ": a string holds an unpaired surrogate \\u"
                        + String.format("%04X", (int) c) + " at character " + i + ", not Unicode text (" + where(parser) + ")");
            }
        }
    }

    private static final BigInteger UINT64_MAX = BigInteger.ONE.shiftLeft(64).subtract(BigInteger.ONE);

    private KeyNotation() {
    }

    /** Reads a tuple: a JSON array with one value per type. */
    public static List<Object> parseTuple(List<KeyType> types, JsonNode values) {
        if (!values.isArray() || values.size() != types.size()) {
            throw new KeyValueException("expected a JSON array of " + types.size() + " values for " + types + ", got " + values);
        }
        List<Object> tuple = new ArrayList<>();
        for (int i = 0; i < types.size(); i++) {
            tuple.add(parse(types.get(i), values.get(i)));
        }
        return tuple;
    }

    public static Object parse(KeyType type, JsonNode node) {
        if (node == null || node.isNull()) {
            return null;
        }
        return switch (type.kind()) {
            case BOOL -> {
                if (!node.isBoolean()) {
                    throw misfit(type, node);
                }
                yield node.booleanValue();
            }
            case FLOAT -> parseFloat(type, node);
            case DOUBLE -> parseDouble(type, node);
            case STRING, LARGE_STRING -> {
                if (!node.isTextual()) {
                    throw misfit(type, node);
                }
                yield node.textValue();
            }
            case BINARY, LARGE_BINARY -> {
                if (!node.isTextual() || !node.textValue().startsWith("hex:")) {
                    throw misfit(type, node);
                }
                try {
                    yield ByteString.copyFrom(HexFormat.of().parseHex(node.textValue().substring(4)));
                } catch (IllegalArgumentException e) {
                    throw misfit(type, node);
                }
            }
            default -> KeyValues.check(type, parseInteger(type, node));
        };
    }

    private static Long parseInteger(KeyType type, JsonNode node) {
        BigInteger value;
        if (node.isIntegralNumber()) {
            value = node.bigIntegerValue();
        } else if (node.isTextual() && node.textValue().matches("-?\\d+")) {
            value = new BigInteger(node.textValue());
        } else {
            throw misfit(type, node);
        }
        boolean unsigned = type.kind().unsignedInteger();
        BigInteger min = unsigned ? BigInteger.ZERO : BigInteger.valueOf(Long.MIN_VALUE);
        BigInteger max = unsigned ? UINT64_MAX : BigInteger.valueOf(Long.MAX_VALUE);
        if (value.compareTo(min) < 0 || value.compareTo(max) > 0) {
            throw misfit(type, node);
        }
        long bits = value.longValue();
        if (!KeyValues.inRange(type.kind(), bits)) {
            throw misfit(type, node);
        }
        return bits;
    }

    private static Float32 parseFloat(KeyType type, JsonNode node) {
        if (node.isNumber()) {
            float value = Float.parseFloat(node.asText());
            if (Float.isInfinite(value)) {
                throw new KeyValueException(KitJson.bounded(node.asText()) + " is beyond the range of " + type
                        + " (write \"Infinity\" or \"-Infinity\" for an infinity)");
            }
            return Float32.of(value);
        }
        String text = node.isTextual() ? node.textValue() : "";
        return switch (text) {
            case "NaN" -> new Float32(0x7FC0_0000);
            case "-NaN" -> new Float32(0xFFC0_0000);
            case "Infinity" -> Float32.of(Float.POSITIVE_INFINITY);
            case "-Infinity" -> Float32.of(Float.NEGATIVE_INFINITY);
            case "-0.0" -> Float32.of(-0.0f);
            default -> {
                if (text.matches("bits:0[xX][0-9A-Fa-f]{8}")) {
                    yield new Float32(Integer.parseUnsignedInt(text.substring(7), 16));
                }
                throw misfit(type, node);
            }
        };
    }

    private static Float64 parseDouble(KeyType type, JsonNode node) {
        if (node.isNumber()) {
            double value = Double.parseDouble(node.asText());
            if (Double.isInfinite(value)) {
                throw new KeyValueException(KitJson.bounded(node.asText()) + " is beyond the range of " + type
                        + " (write \"Infinity\" or \"-Infinity\" for an infinity)");
            }
            return Float64.of(value);
        }
        String text = node.isTextual() ? node.textValue() : "";
        return switch (text) {
            case "NaN" -> new Float64(0x7FF8_0000_0000_0000L);
            case "-NaN" -> new Float64(0xFFF8_0000_0000_0000L);
            case "Infinity" -> Float64.of(Double.POSITIVE_INFINITY);
            case "-Infinity" -> Float64.of(Double.NEGATIVE_INFINITY);
            case "-0.0" -> Float64.of(-0.0);
            default -> {
                if (text.matches("bits:0[xX][0-9A-Fa-f]{16}")) {
                    yield new Float64(Long.parseUnsignedLong(text.substring(7), 16));
                }
                throw misfit(type, node);
            }
        };
    }

    private static KeyValueException misfit(KeyType type, JsonNode node) {
        return new KeyValueException(KitJson.bounded(node.toString()) + " does not fit key type " + type + ": " + type + " takes "
                + KeyValues.accepted(type) + (type.kind().variableWidth() || type.kind() == KeyType.Kind.BOOL ? ""
                : ", or null"));
    }

    /** Writes a tuple in the notation; {@code parseTuple(format(t)) } gives t back, bit for bit. */
    public static JsonNode formatTuple(List<KeyType> types, List<?> tuple) {
        var array = JSON.arrayNode();
        for (int i = 0; i < types.size(); i++) {
            array.add(format(types.get(i), tuple.get(i)));
        }
        return array;
    }

    public static JsonNode format(KeyType type, Object value) {
        if (value == null) {
            return JSON.nullNode();
        }
        return switch (type.kind()) {
            case BOOL -> JSON.booleanNode((Boolean) value);
            case FLOAT -> formatFloat(((Float32) value).bits());
            case DOUBLE -> formatDouble(((Float64) value).bits());
            case STRING, LARGE_STRING -> JSON.textNode((String) value);
            case BINARY, LARGE_BINARY -> JSON.textNode("hex:" + HexFormat.of().withUpperCase().formatHex(((ByteString) value).toByteArray()));
            case UINT64 -> (Long) value < 0 ? JSON.textNode(Long.toUnsignedString((Long) value)) : JSON.numberNode((Long) value);
            default -> JSON.numberNode((Long) value);
        };
    }

    private static JsonNode formatFloat(int bits) {
        float value = Float.intBitsToFloat(bits);
        if (bits == 0x7FC0_0000) {
            return JSON.textNode("NaN");
        }
        if (bits == 0xFFC0_0000) {
            return JSON.textNode("-NaN");
        }
        if (Float.isNaN(value) || Float.floatToRawIntBits(value) != bits) {
            return JSON.textNode(String.format("bits:0x%08X", bits));
        }
        if (Float.isInfinite(value)) {
            return JSON.textNode(value > 0 ? "Infinity" : "-Infinity");
        }
        if (bits == 0x8000_0000) {
            return JSON.textNode("-0.0");
        }
        // Float.toString is the shortest decimal that reads back as this float
        return JSON.numberNode(new BigDecimal(Float.toString(value)));
    }

    private static JsonNode formatDouble(long bits) {
        double value = Double.longBitsToDouble(bits);
        if (bits == 0x7FF8_0000_0000_0000L) {
            return JSON.textNode("NaN");
        }
        if (bits == 0xFFF8_0000_0000_0000L) {
            return JSON.textNode("-NaN");
        }
        if (Double.isNaN(value)) {
            return JSON.textNode(String.format("bits:0x%016X", bits));
        }
        if (Double.isInfinite(value)) {
            return JSON.textNode(value > 0 ? "Infinity" : "-Infinity");
        }
        if (bits == 0x8000_0000_0000_0000L) {
            return JSON.textNode("-0.0");
        }
        return JSON.numberNode(new BigDecimal(Double.toString(value)));
    }
}
