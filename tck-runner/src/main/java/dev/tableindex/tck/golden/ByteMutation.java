package dev.tableindex.tck.golden;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HexFormat;

/**
 * How an invalid manifest of the corpus is made from a valid one, written in
 * {@code expected-errors.json} so that every file can be re-derived and checked:
 * {@code {"op": "truncate", "length": n}}, {@code {"op": "write", "offset": n, "hex": "..."}}
 * (overwrite bytes in place), {@code {"op": "text", "text": "..."}} (the file is that text).
 */
public record ByteMutation(String op, long offsetOrLength, String payload) {

    public static ByteMutation fromJson(JsonNode node) {
        String op = node.path("op").asText();
        return switch (op) {
            case "truncate" -> new ByteMutation(op, node.path("length").asLong(), "");
            case "write" -> new ByteMutation(op, node.path("offset").asLong(), node.path("hex").asText());
            case "text" -> new ByteMutation(op, 0, node.path("text").asText());
            default -> throw new IllegalArgumentException("unknown mutation op '" + op + "' (truncate, write, text)");
        };
    }

    public byte[] apply(byte[] base) {
        return switch (op) {
            case "truncate" -> Arrays.copyOf(base, (int) offsetOrLength);
            case "write" -> {
                byte[] patch = HexFormat.of().parseHex(payload);
                byte[] out = base.clone();
                System.arraycopy(patch, 0, out, (int) offsetOrLength, patch.length);
                yield out;
            }
            case "text" -> payload.getBytes(StandardCharsets.UTF_8);
            default -> throw new IllegalStateException(op);
        };
    }
}
