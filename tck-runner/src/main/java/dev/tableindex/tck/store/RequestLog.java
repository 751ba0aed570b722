package dev.tableindex.tck.store;

import java.util.ArrayList;
import java.util.List;

/**
 * Every request the kit's S3 server answered, in order. Steps take a {@link #mark()} before they ask
 * the engine for something and read {@link #since(int)} after it: the requests that step caused.
 *
 * <p>The server logs a request once its response is complete, which can be just after the client has
 * read it; so the server also says when a request {@link #begin() begins}, and {@link #since(int)} waits
 * (boundedly) until every begun request is logged.
 */
public final class RequestLog {
    /** A bound, so that a runaway client cannot exhaust memory; past it the oldest half is dropped. */
    static final int MAX_ENTRIES = 100_000;

    /** How long {@link #since(int)} waits for begun requests to be logged. */
    private static final long SETTLE_MILLIS = 5_000;

    private final List<StoreRequest> requests = new ArrayList<>();
    private int dropped;
    private int pending;
    private volatile java.util.function.Consumer<StoreRequest> listener = request -> { };

    /** Also hands every request to {@code listener} as it is logged (e.g. to print it). */
    public void onRequest(java.util.function.Consumer<StoreRequest> listener) {
        this.listener = listener;
    }

    synchronized void begin() {
        pending++;
    }

    /** Logs a request; {@code begun} when {@link #begin()} was called for it. */
    synchronized void add(StoreRequest request, boolean begun) {
        if (begun) {
            pending--;
            notifyAll();
        }
        if (requests.size() == MAX_ENTRIES) {
            requests.subList(0, MAX_ENTRIES / 2).clear();
            dropped += MAX_ENTRIES / 2;
        }
        requests.add(request);
        listener.accept(request);
    }

    /** A position in the log: everything recorded from now on is {@link #since(int) since} it. */
    public synchronized int mark() {
        return dropped + requests.size();
    }

    /** The requests recorded since {@code mark}, in the order the server finished them. */
    public synchronized List<StoreRequest> since(int mark) {
        long deadline = System.currentTimeMillis() + SETTLE_MILLIS;
        for (long left = SETTLE_MILLIS; pending > 0 && left > 0; left = deadline - System.currentTimeMillis()) {
            try {
                wait(left);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        int from = Math.max(0, mark - dropped);
        return List.copyOf(requests.subList(Math.min(from, requests.size()), requests.size()));
    }
}
