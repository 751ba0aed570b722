package dev.tableindex.tck.api;

/**
 * An engine under test. The runner asks for one facet per declared capability; step definitions
 * talk to the engine only through facets.
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
