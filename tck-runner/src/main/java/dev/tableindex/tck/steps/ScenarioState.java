package dev.tableindex.tck.steps;

import io.cucumber.java.Before;
import java.nio.file.Path;

/**
 * What steps of different glue classes share within one scenario (Cucumber makes one instance of
 * each glue class per scenario, and the kit uses no dependency-injection container): the list
 * table the scenario works on, and the directory an engine wrote a list element index segment's files
 * into. Cleared before every scenario.
 */
public final class ScenarioState {
    private static final ThreadLocal<String> TABLE = new ThreadLocal<>();
    private static final ThreadLocal<Path> INDEX_DIRECTORY = new ThreadLocal<>();

    @Before(order = 1)
    public void clear() {
        TABLE.remove();
        INDEX_DIRECTORY.remove();
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

    static void indexDirectory(Path directory) {
        INDEX_DIRECTORY.set(directory);
    }

    static Path indexDirectory() {
        Path directory = INDEX_DIRECTORY.get();
        if (directory == null) {
            throw new IllegalStateException("the kit handed the engine no index directory in this scenario (it does not declare list_element_index.files)");
        }
        return directory;
    }
}
