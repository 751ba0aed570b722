package dev.tableindex.tck.steps;

import dev.tableindex.proto.tck.ObjectStoreLocation;
import dev.tableindex.tck.api.Capability;
import dev.tableindex.tck.run.FileTrees;
import dev.tableindex.tck.run.HeadStart;
import dev.tableindex.tck.run.RunContext;
import dev.tableindex.tck.store.KitStore;
import dev.tableindex.tck.store.StoreRequest;
import io.cucumber.java.After;
import io.cucumber.java.AfterAll;
import io.cucumber.java.BeforeAll;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * The kit's S3 store for scenarios that hand an engine a table over S3 (docs/object-store.md): one server
 * per run, started on first use and stopped after the last scenario; each published table gets its own
 * prefix in bucket {@value #BUCKET}, removed after its scenario. With {@value #LOG_FILE_VARIABLE} set, every
 * request is also appended to that file.
 */
public final class StoreScenario {
    static final String BUCKET = "tck";
    /** Environment variable naming a file to which every request of the run's store is appended. */
    static final String LOG_FILE_VARIABLE = "TCK_STORE_LOG";

    private static KitStore store;
    private static HeadStart.Ahead<KitStore> starting;
    private static int published;
    private static final ThreadLocal<List<Path>> PUBLISHED = ThreadLocal.withInitial(ArrayList::new);

    /** What one engine call asked of the store: the requests under the table's prefix, in order. */
    record Requests(ObjectStoreLocation location, List<StoreRequest> requests) {
        /** Requests whose key is under {@code folder} of the table (e.g. {@code _indices/}). */
        List<StoreRequest> under(String folder) {
            String prefix = location.getPrefix() + "/" + folder;
            return requests.stream().filter(r -> r.key().startsWith(prefix)
                    || r.isList() && r.listPrefix().orElse("").startsWith(prefix)).toList();
        }

        /**
         * The requests of index files, one line each, for failure messages; the others only counted: a manifest's
         * size varies from write to write, and a message must read the same on every run (conformance pages).
         */
        String log() {
            List<StoreRequest> index = under("_indices/");
            int others = requests.size() - index.size();
            return (index.isEmpty() ? "  (no request of an index file)"
                    : String.join("\n", index.stream().map(r -> "  " + r.line()).toList()))
                    + (others == 0 ? "" : "\n  (and " + others + " request(s) outside _indices/)");
        }
    }

    /** A copy of the dataset folder as it is now, served at a new prefix; where it is. */
    static synchronized ObjectStoreLocation publish(Path dataset) {
        KitStore running = running();
        String prefix = "s" + ++published + "/" + dataset.getFileName();
        Path target = running.bucket(BUCKET).resolve(prefix);
        FileTrees.copy(dataset, target);
        PUBLISHED.get().add(target.getParent());
        return ObjectStoreLocation.newBuilder().setEndpoint(running.endpoint()).setBucket(BUCKET)
                .setPrefix(prefix).setRegion(KitStore.REGION).setAccessKeyId(KitStore.ACCESS_KEY)
                .setSecretAccessKey(KitStore.SECRET_KEY).build();
    }

    /** Runs {@code call} and returns what it asked of the store under {@code location}. */
    static Requests recording(ObjectStoreLocation location, Runnable call) {
        KitStore running = running();
        int mark = running.log().mark();
        call.run();
        return requests(location, running, mark);
    }

    private static Requests requests(ObjectStoreLocation location, KitStore running, int mark) {
        String prefix = location.getPrefix() + "/";
        return new Requests(location, running.log().since(mark).stream()
                .filter(r -> r.bucket().equals(location.getBucket()))
                .filter(r -> r.key().startsWith(prefix) || r.isList() && r.listPrefix().orElse("").startsWith(prefix))
                .toList());
    }

    /**
     * When the run holds scenarios of index opens the engine will run, the store starts on the head-start thread
     * (a third of a second, Jetty and S3Proxy's first use) while the scenarios before them run.
     */
    @BeforeAll
    public static synchronized void startAhead() {
        if (store == null && starting == null && RunContext.current().willRun(Capability.INDEX_OPEN_REQUESTS)) {
            starting = HeadStart.begin(StoreScenario::start);
        }
    }

    private static synchronized KitStore running() {
        if (store == null) {
            store = starting != null ? starting.get() : start();
            starting = null;
        }
        return store;
    }

    private static KitStore start() {
        KitStore started = KitStore.start(FileTrees.newTemporaryFolder("tck-store-"), 0);
        String logFile = System.getenv(LOG_FILE_VARIABLE);
        if (logFile != null && !logFile.isBlank()) {
            started.log().onRequest(request -> appendLine(Path.of(logFile), request.line()));
        }
        return started;
    }

    private static void appendLine(Path file, String line) {
        try {
            Files.writeString(file, line + "\n", java.nio.file.StandardOpenOption.CREATE,
                    java.nio.file.StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @After
    public void removePublished() {
        for (Path folder : PUBLISHED.get()) {
            try {
                FileTrees.delete(folder);
            } catch (UncheckedIOException e) {
                // Best effort: the whole store folder goes after the run.
            }
        }
        PUBLISHED.remove();
    }

    @AfterAll
    public static synchronized void stop() {
        if (starting != null) { // started ahead for scenarios that did not get to use it
            try {
                store = starting.get();
            } catch (RuntimeException e) {
                // no scenario needed it, so its trouble is nobody's verdict
            }
            starting = null;
        }
        if (store == null) {
            return;
        }
        try {
            store.close();
        } finally {
            Path root = store.root();
            store = null;
            try {
                FileTrees.delete(root);
            } catch (UncheckedIOException e) {
                // Best effort: a leftover temporary folder is not a test failure.
            }
        }
    }
}
