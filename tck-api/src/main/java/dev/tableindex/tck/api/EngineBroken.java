package dev.tableindex.tck.api;

/**
 * The engine could not be talked to: it crashed, hung past its timeout, or sent something that is not
 * a valid reply. The scenario's outcome is ERROR, and the runner starts a fresh engine.
 */
public final class EngineBroken extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public EngineBroken(String what) {
        super(what);
    }

    public EngineBroken(String what, Throwable cause) {
        super(what, cause);
    }
}
