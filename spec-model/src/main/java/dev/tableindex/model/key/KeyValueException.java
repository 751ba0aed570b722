package dev.tableindex.model.key;

/** A value that does not fit its key type, with what the type accepts. */
public final class KeyValueException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    public KeyValueException(String message) {
        super(message);
    }
}
