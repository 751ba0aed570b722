package dev.tableindex.model.key.arrow;

/**
 * Arrow data whose buffers contradict their layout (offsets that decrease or pass the data buffer, a
 * buffer shorter than its rows, a view naming a missing buffer): the encoder refuses it before reading a
 * byte it should not, naming the field, the row and the values.
 */
public final class ArrowDataException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    public ArrowDataException(String message) {
        super(message);
    }
}
