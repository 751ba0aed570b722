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
 * schema, partitioning and commits) and handed to every scenario that asks for it, also to scenarios running at the
 * same time (decision 0147). Making real Iceberg tables is the slow part of the Iceberg scenarios. A shared table is
 * checked after each scenario that used it; one that changed (an engine wrote into it) is withdrawn: the next
 * scenario that asks gets a new one, so scenarios stay independent of their order, and the changed one is deleted
 * once the last scenario using it has ended.
 */
public final class SharedIcebergTables {
    /** A table made from a script: its folder, and the current snapshot id after each commit of the script. */
    public record Made(SourceTable table, List<Long> snapshots, Map<String, String> digests) {
    }

    /** One table of a script and the scenarios using it now; made by the first to ask, under its own lock. */
    private static final class Shared {
        private final String key;
        private Made made;
        /** Scenarios holding a lease on it (or asking for one). Guarded by the class. */
        private int users;
        /** Found changed: no longer handed out. Guarded by the class. */
        private boolean withdrawn;

        Shared(String key) {
            this.key = key;
        }

        synchronized Made made(JsonNode script) {
            if (made == null) {
                Path folder = newFolder();
                List<Long> snapshots = TableScript.create(script, folder);
                made = new Made(SourceTable.load(folder), snapshots, FileDigests.of(folder));
            }
            return made;
        }
    }

    /** A scenario's use of a shared table, from {@link #get} until its {@link #release}. */
    public static final class Lease {
        private final Shared shared;
        private final Made made;
        private boolean released;

        private Lease(Shared shared, Made made) {
            this.shared = shared;
            this.made = made;
        }

        public Made made() {
            return made;
        }
    }

    /** The table handed out for each script, until one is withdrawn. Guarded by the class. */
    private static final Map<String, Shared> TABLES = new HashMap<>();
    private static Path root;
    private static int made;

    private SharedIcebergTables() {
    }

    /**
     * The shared table of this script, made now if no scenario made it yet (or the last one was changed). The caller
     * {@link #release}s it when its scenario ends.
     */
    public static Lease get(JsonNode script) {
        String key = script.toString();
        while (true) {
            Shared shared;
            synchronized (SharedIcebergTables.class) {
                shared = TABLES.computeIfAbsent(key, Shared::new);
                shared.users++;
            }
            Made table;
            try {
                table = shared.made(script); // scenarios asking for other scripts are not held up meanwhile
            } catch (RuntimeException | Error e) {
                synchronized (SharedIcebergTables.class) {
                    shared.users--;
                    TABLES.remove(key, shared);
                }
                throw e;
            }
            synchronized (SharedIcebergTables.class) {
                if (!shared.withdrawn) {
                    return new Lease(shared, table);
                }
            }
            leave(shared); // withdrawn by a scenario that ended meanwhile: ask again, for the script's next table
        }
    }

    /** After a scenario: withdraws the table if anything in its folder changed, and deletes it when no one uses it. */
    public static void release(Lease lease) {
        if (lease.released) {
            return;
        }
        lease.released = true;
        Shared shared = lease.shared;
        // still a user: no one deletes the folder meanwhile
        boolean changed = !FileDigests.of(folder(lease.made)).equals(lease.made.digests());
        if (changed) {
            synchronized (SharedIcebergTables.class) {
                shared.withdrawn = true;
                TABLES.remove(shared.key, shared);
            }
        }
        leave(shared);
    }

    /** One user fewer; the last user of a withdrawn table deletes it. */
    private static void leave(Shared shared) {
        boolean delete;
        synchronized (SharedIcebergTables.class) {
            delete = --shared.users == 0 && shared.withdrawn;
        }
        if (delete) {
            FileTrees.delete(folder(shared.made));
        }
    }

    private static Path folder(Made table) {
        return Path.of(table.table().table().location());
    }

    private static synchronized Path newFolder() {
        if (root == null) {
            try {
                root = Files.createTempDirectory("tck-iceberg-shared-");
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            Path created = root;
            Runtime.getRuntime().addShutdownHook(new Thread(() -> FileTrees.delete(created)));
        }
        return root.resolve("table-" + ++made);
    }
}
