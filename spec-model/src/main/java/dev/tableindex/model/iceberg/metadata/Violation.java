package dev.tableindex.model.iceberg.metadata;

import java.util.Objects;

/**
 * One violation of an index metadata rule.
 *
 * @param jsonPath the normalized JSON path (RFC 9535) of the offending node, e.g. {@code $['snapshots'][1]['key-id']}
 * @param rule     the rule violated
 * @param message  what is wrong, for people
 */
public record Violation(String jsonPath, IndexMetadataRule rule, String message) {
    public Violation {
        Objects.requireNonNull(jsonPath, "jsonPath");
        Objects.requireNonNull(rule, "rule");
        Objects.requireNonNull(message, "message");
    }

    /** {@code <path>: <code>: <message>}, the CLI's line. */
    @Override
    public String toString() {
        return jsonPath + ": " + rule.code() + ": " + message;
    }
}
