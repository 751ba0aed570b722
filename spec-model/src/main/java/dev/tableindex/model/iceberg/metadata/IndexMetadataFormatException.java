package dev.tableindex.model.iceberg.metadata;

/**
 * An index metadata file that cannot be read as the draft's structure: not JSON, a required field missing or
 * of the wrong JSON type. Names the normalized JSON path (RFC 9535) of the problem.
 */
public final class IndexMetadataFormatException extends RuntimeException {
    private final String jsonPath;

    public IndexMetadataFormatException(String jsonPath, String message) {
        super(jsonPath + ": " + message);
        this.jsonPath = jsonPath;
    }

    public String jsonPath() {
        return jsonPath;
    }
}
