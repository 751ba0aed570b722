package dev.tableindex.engines.lance;

import dev.tableindex.tck.junit.TckConformanceTest;

/**
 * The whole TCK against real Lance ({@code -Dlance.version}, default 7.0.0; engine {@code lance}, a forked JVM),
 * with {@code known-failures-<version>.yaml}; the report goes to {@code target/lance-<version>/tck-report}. {@code -Dtck.engine=...}
 * still selects another engine.
 */
class LanceConformanceTest extends TckConformanceTest {
    @Override
    protected String defaultEngine() {
        return LanceEngine.NAME;
    }
}
