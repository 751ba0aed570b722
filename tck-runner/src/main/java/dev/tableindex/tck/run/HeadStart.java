package dev.tableindex.tck.run;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Supplier;

/**
 * Work a run is sure to need later, begun on a second thread when the run opens, so that on a machine with two cores
 * it is done by the time the scenarios' thread asks for it (docs/benchmarks.md, "Head start"): the rules catalogue
 * and the suite's digests the reports need at the end, the kit's S3 store that scenarios of index opens need first.
 * Only work whose result does not depend on when it is done, and that no scenario's outcome depends on, goes here.
 * One thread, a daemon: the work runs in the order it was begun and never keeps the JVM alive.
 */
public final class HeadStart {
    private static final ExecutorService THREAD = Executors.newSingleThreadExecutor(work -> {
        Thread thread = new Thread(work, "tck-head-start");
        thread.setDaemon(true);
        return thread;
    });

    private HeadStart() {
    }

    /** Begins {@code work} on the head-start thread. */
    public static <T> Ahead<T> begin(Supplier<T> work) {
        return new Ahead<>(CompletableFuture.supplyAsync(work, THREAD));
    }

    /** Work begun ahead: {@link #get} waits for it and gives its result, or throws what it threw. */
    public static final class Ahead<T> {
        private final CompletableFuture<T> result;

        private Ahead(CompletableFuture<T> result) {
            this.result = result;
        }

        public T get() {
            try {
                return result.join();
            } catch (CompletionException e) {
                if (e.getCause() instanceof RuntimeException runtime) {
                    throw runtime;
                }
                if (e.getCause() instanceof Error error) {
                    throw error;
                }
                throw e;
            }
        }
    }
}
