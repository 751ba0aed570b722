package dev.tableindex.tck;

import dev.tableindex.tck.junit.TckConformanceTest;

/**
 * The whole TCK against the engine named by {@code -Dtck.engine} (default: the reference engine):
 * {@code mvn verify -Dtck.engine=<name>|cmd:<command> [-Dtck.knownFailures=FILE] [-Dtck.tags=EXPR]}.
 */
class ReferenceEngineTckTest extends TckConformanceTest {
}
