package dev.tableindex.engines.duckdb;

import dev.tableindex.tck.junit.TckConformanceTest;

/**
 * The whole TCK against DuckDB (engine {@code duckdb}, in process) with {@code known-failures.yaml}; the report
 * goes to {@code target/tck-report}. Only the any_element scenarios run; the rest are UNSUPPORTED.
 */
class DuckDbConformanceTest extends TckConformanceTest {
    @Override
    protected String defaultEngine() {
        return DuckDbEngine.NAME;
    }
}
