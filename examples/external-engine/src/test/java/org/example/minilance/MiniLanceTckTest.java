package org.example.minilance;

import dev.tableindex.tck.junit.TckConformanceTest;

/**
 * The whole TCK against mini-lance-reader under {@code mvn verify}: the kit's JUnit Platform engine gives this
 * class one test per scenario run. Options come from system properties set in the pom (tck.knownFailures,
 * tck.report) or on the command line ({@code -Dtck.tags=...}, {@code -Dtck.engine=cmd:...}).
 */
class MiniLanceTckTest extends TckConformanceTest {
    @Override
    protected String defaultEngine() {
        return MiniLanceProvider.NAME;
    }
}
