package dev.tableindex.model.table;

/**
 * An operation or read the table model refuses, with a kind from the closed taxonomy of
 * engine_protocol.proto's EngineError (table.lifecycle).
 */
public final class TableException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public enum Kind {
        /** The manifest sets a reader feature flag the reader does not know. */
        READER_FEATURE_UNSUPPORTED,
        /** The manifest sets a writer feature flag the writer does not know (or cannot maintain). */
        WRITER_FEATURE_UNSUPPORTED,
        /** create_index without replace on a name an index already has. */
        INDEX_NAME_EXISTS,
        /** Anything else wrong with the request: unknown column, bad filter, bad rows, bad type. */
        INVALID_OPERATION
    }

    private final Kind kind;

    public TableException(Kind kind, String message) {
        super(message);
        this.kind = kind;
    }

    public Kind kind() {
        return kind;
    }

    static TableException invalid(String message) {
        return new TableException(Kind.INVALID_OPERATION, message);
    }
}
