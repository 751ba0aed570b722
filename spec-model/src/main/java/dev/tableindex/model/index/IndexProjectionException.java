package dev.tableindex.model.index;

/** Legacy index entries and IndexV2 cannot be mapped onto each other; names the index and the field. */
public final class IndexProjectionException extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final String indexName;
    private final String field;

    public IndexProjectionException(String indexName, String field, String message) {
        super("index '" + indexName + "', " + field + ": " + message);
        this.indexName = indexName;
        this.field = field;
    }

    public String indexName() {
        return indexName;
    }

    /** The proto field the problem is about, e.g. {@code fields} or {@code files}. */
    public String field() {
        return field;
    }
}
