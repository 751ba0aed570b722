package dev.tableindex.tck.steps;

import dev.tableindex.model.dataset.LanceDatasetFolder;
import dev.tableindex.model.manifest.ManifestFile;
import dev.tableindex.tck.run.FileTrees;
import dev.tableindex.proto.tck.EngineError;
import io.cucumber.java.After;
import io.cucumber.java.Before;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

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
    private final Map<String, Object> remembered = new HashMap<>();

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

    /** The latest manifest of the dataset, read by the kit's own reader. */
    ManifestFile latestManifest() {
        return LanceDatasetFolder.open(dataset()).readLatest();
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
