package dev.tableindex.tck.api;

/** The engine does not do the operation; for a declared capability that makes the scenario FAIL. */
public final class EngineUnsupported extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public EngineUnsupported(String reason) {
        super(reason);
    }
}
