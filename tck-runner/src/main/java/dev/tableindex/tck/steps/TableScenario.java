package dev.tableindex.tck.steps;

import dev.tableindex.model.dataset.LanceDatasetFolder;
import dev.tableindex.model.manifest.ManifestFile;
import dev.tableindex.model.manifest.ManifestFormatException;
import dev.tableindex.tck.run.FileTrees;
import dev.tableindex.proto.tck.EngineError;
import io.cucumber.java.After;
import io.cucumber.java.Before;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

/**
 * What the table steps share within one scenario: the scratch folder, the dataset the engine works
 * on, the last refusal, and values remembered for later comparison. The folder is deleted after the
 * scenario.
 */
public final class TableScenario {
    private static final ThreadLocal<TableScenario> CURRENT = new ThreadLocal<>();

    private Path scratch;
    private Path dataset;
    private int tables;
    private EngineError refusal;
    private LastOperation lastOperation;
    private final Map<String, Object> remembered = new HashMap<>();

    /**
     * The last operation the engine was asked for, as the kit saw it from outside: the latest version and the
     * index segment uuids before it (-1 and none for a new table), and the kit's clock just before the request
     * and just after the reply (milliseconds since the epoch).
     */
    record LastOperation(long versionBefore, Set<UUID> segmentsBefore, long startMillis, long endMillis) {
    }

    @Before(order = 1)
    public void begin() {
        CURRENT.set(new TableScenario());
    }

    @After
    public void end() {
        TableScenario state = CURRENT.get();
        CURRENT.remove();
        if (state != null && state.scratch != null) {
            try {
                FileTrees.delete(state.scratch);
            } catch (UncheckedIOException e) {
                // Best effort: a leftover scratch folder is not a test failure.
            }
        }
    }

    static TableScenario current() {
        TableScenario state = CURRENT.get();
        if (state == null) {
            throw new IllegalStateException("no scenario in progress");
        }
        return state;
    }

    /** A new, empty dataset folder; the scenario's table from now on. */
    Path newDataset(String name) {
        // A scenario may make several tables; each gets its own folder.
        dataset = scratch().resolve(name + "-" + ++tables);
        refusal = null;
        return dataset;
    }

    /** A new, empty folder in the scenario's scratch folder, for an engine to write into. */
    Path newFolder(String name) {
        try {
            return Files.createDirectory(scratch().resolve(name + "-" + ++tables));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private Path scratch() {
        try {
            if (scratch == null) {
                scratch = Files.createTempDirectory("tck-table-");
            }
            return scratch;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * A copy of {@code source} (a golden table, never written to) as the scenario's table: engines may
     * write lock or hint files next to what they read.
     */
    Path copyOf(Path source, String name) {
        Path target = newDataset(name);
        FileTrees.copy(source, target);
        return target;
    }

    Path dataset() {
        if (dataset == null) {
            throw new IllegalStateException("the scenario has made no table yet (Given the engine creates a table ...)");
        }
        return dataset;
    }

    /**
     * The latest manifest of the dataset, read by the kit's own reader. A manifest the reader refuses is the
     * engine's failure (it wrote something that is not the format), never the harness's.
     */
    ManifestFile latestManifest() {
        LanceDatasetFolder folder = LanceDatasetFolder.open(dataset());
        return read(folder, folder.latestVersion());
    }

    /** One version the dataset holds, read as {@link #latestManifest} reads. */
    ManifestFile manifest(long version) {
        return read(LanceDatasetFolder.open(dataset()), version);
    }

    /** Every version of the dataset (detached ones left out), oldest first, each read as {@link #latestManifest} reads. */
    List<ManifestFile> versions() {
        LanceDatasetFolder folder = LanceDatasetFolder.open(dataset());
        return folder.manifests().stream().filter(e -> !e.name().detached())
                .map(e -> read(folder, e.name().version())).toList();
    }

    private static ManifestFile read(LanceDatasetFolder folder, long version) {
        try {
            return folder.read(version);
        } catch (ManifestFormatException e) {
            throw new AssertionError("the kit's reader refuses version " + Long.toUnsignedString(version)
                    + " the engine wrote: " + e.getMessage());
        }
    }

    void operated(LastOperation operation) {
        lastOperation = operation;
    }

    LastOperation lastOperation() {
        if (lastOperation == null) {
            throw new IllegalStateException("the scenario has asked the engine for no table operation yet");
        }
        return lastOperation;
    }

    void refused(EngineError error) {
        refusal = error;
    }

    /** The refusal the last attempted operation got, cleared by reading it. */
    EngineError takeRefusal() {
        EngineError error = refusal;
        refusal = null;
        return error;
    }

    void remember(String key, Object value) {
        remembered.put(key, value);
    }

    Object remembered(String key) {
        Object value = remembered.get(key);
        if (value == null) {
            throw new IllegalStateException("nothing was remembered as '" + key + "'");
        }
        return value;
    }
}
