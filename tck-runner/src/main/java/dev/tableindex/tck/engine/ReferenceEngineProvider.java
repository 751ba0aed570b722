package dev.tableindex.tck.engine;

import dev.tableindex.tck.api.TckEngine;
import dev.tableindex.tck.api.TckEngineProvider;

/** Registers the reference engine under the name {@code reference}. */
public final class ReferenceEngineProvider implements TckEngineProvider {
    @Override
    public String name() {
        return ReferenceEngine.NAME;
    }

    @Override
    public TckEngine start() {
        return new ReferenceEngine();
    }
}
