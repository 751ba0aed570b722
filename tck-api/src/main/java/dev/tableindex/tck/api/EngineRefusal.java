package dev.tableindex.tck.api;

import dev.tableindex.proto.tck.EngineError;

/**
 * The engine answered an operation with an error on purpose (e.g. it refused an invalid file).
 * Whether that is right is for the scenario to judge.
 */
public final class EngineRefusal extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final transient EngineError error;

    public EngineRefusal(EngineError error) {
        super(error.getKind() + ": " + error.getMessage());
        this.error = error;
    }

    public EngineError error() {
        return error;
    }
}
