package dev.tableindex.model.iceberg.definition;

/** A value expression's JSON that is not one of the expressions spec's forms, with where it went wrong. */
public final class ExpressionJsonException extends IllegalArgumentException {
    private final String jsonPath;

    public ExpressionJsonException(String jsonPath, String message) {
        super(jsonPath + ": " + message);
        this.jsonPath = jsonPath;
    }

    /** The normalized JSON path (RFC 9535) of the offending node. */
    public String jsonPath() {
        return jsonPath;
    }
}
