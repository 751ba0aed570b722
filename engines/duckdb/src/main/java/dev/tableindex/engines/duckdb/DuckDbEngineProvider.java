package dev.tableindex.engines.duckdb;

import dev.tableindex.tck.api.TckEngine;
import dev.tableindex.tck.api.TckEngineProvider;

/** Registers DuckDB as engine {@code duckdb}, in process: an in-memory database per engine. */
public final class DuckDbEngineProvider implements TckEngineProvider {
    @Override
    public String name() {
        return DuckDbEngine.NAME;
    }

    @Override
    public TckEngine start() {
        return DuckDbEngine.open();
    }
}
