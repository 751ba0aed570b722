package org.example.minilance;

import dev.tableindex.tck.api.TckEngine;
import dev.tableindex.tck.api.TckEngineProvider;

/**
 * Makes mini-lance-reader known to the TCK runner; listed in
 * {@code META-INF/services/dev.tableindex.tck.api.TckEngineProvider}.
 */
public final class MiniLanceProvider implements TckEngineProvider {
    /** The name to select the engine with ({@code -Dtck.engine=mini-lance-reader}). */
    public static final String NAME = "mini-lance-reader";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public TckEngine start() {
        return new MiniLanceEngine();
    }
}
