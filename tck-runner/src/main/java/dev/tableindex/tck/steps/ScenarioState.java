package dev.tableindex.tck.steps;

import io.cucumber.java.Before;

/**
 * What steps of different glue classes share within one scenario (Cucumber makes one instance of
 * each glue class per scenario, and the kit uses no dependency-injection container): the list
 * table the scenario works on. Cleared before every scenario.
 */
public final class ScenarioState {
    private static final ThreadLocal<String> TABLE = new ThreadLocal<>();

    @Before(order = 1)
    public void clear() {
        TABLE.remove();
    }

    static void table(String json) {
        TABLE.set(json);
    }

    static String table() {
        String table = TABLE.get();
        if (table == null) {
            throw new IllegalStateException("the scenario gives no list table (Given the list table)");
        }
        return table;
    }
}
