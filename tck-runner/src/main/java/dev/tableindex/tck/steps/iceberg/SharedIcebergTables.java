package dev.tableindex.tck.steps.iceberg;

import com.fasterxml.jackson.databind.JsonNode;
import dev.tableindex.model.iceberg.table.SourceTable;
import dev.tableindex.model.iceberg.table.TableScript;
import dev.tableindex.tck.run.FileTrees;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Read-only source tables shared by the scenarios of one run: a table is made once per table script (the same
 * schema, partitioning and commits) and handed to every scenario that asks for it. Making real Iceberg tables is
 * the slow part of the Iceberg scenarios. A shared table is checked after each scenario that used it; one that
 * changed (an engine wrote into it) is dropped and made anew for the next, so scenarios stay independent of their
 * order.
 */
public final class SharedIcebergTables {
    /** A table made from a script: its folder, and the current snapshot id after each commit of the script. */
    public record Made(SourceTable table, List<Long> snapshots, Map<String, String> digests) {
    }

    private static final Map<String, Made> TABLES = new HashMap<>();
    private static Path root;
    private static int made;

    private SharedIcebergTables() {
    }

    /** The shared table of this script, made now if no scenario made it yet (or the last one changed it). */
    public static synchronized Made get(JsonNode script) {
        String key = script.toString();
        Made table = TABLES.get(key);
        if (table != null) {
            return table;
        }
        Path folder = root().resolve("table-" + ++made);
        List<Long> snapshots = TableScript.create(script, folder);
        table = new Made(SourceTable.load(folder), snapshots, FileDigests.of(folder));
        TABLES.put(key, table);
        return table;
    }

    /** After a scenario: drops the table if anything in its folder changed. */
    public static synchronized void release(JsonNode script) {
        String key = script.toString();
        Made table = TABLES.get(key);
        if (table == null) {
            return;
        }
        Path folder = Path.of(table.table().table().location());
        if (!FileDigests.of(folder).equals(table.digests())) {
            TABLES.remove(key);
            FileTrees.delete(folder);
        }
    }

    private static Path root() {
        if (root == null) {
            try {
                root = Files.createTempDirectory("tck-iceberg-shared-");
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            Path created = root;
            Runtime.getRuntime().addShutdownHook(new Thread(() -> FileTrees.delete(created)));
        }
        return root;
    }
}
