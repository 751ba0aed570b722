package dev.tableindex.tck.api;

/**
 * An engine under test. The runner asks for one facet per declared capability; step definitions
 * talk to the engine only through facets. The runner calls an engine from one scenario at a time unless the run asks
 * for more ({@code tck run --threads N}, {@code tck.threads}): then scenarios on N threads call it at once.
 */
public interface TckEngine extends AutoCloseable {
    EngineInfo info();

    /**
     * The facet of a declared capability.
     *
     * @throws EngineUnsupported when the engine does not offer it
     */
    <F extends Facet> F facet(Class<F> type);

    /** Releases what the engine holds (processes, native memory). */
    @Override
    default void close() {
    }
}
