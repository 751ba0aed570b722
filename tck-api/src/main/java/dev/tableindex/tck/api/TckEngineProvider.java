package dev.tableindex.tck.api;

/**
 * Makes an engine known to the runner: list the implementing class in
 * {@code META-INF/services/dev.tableindex.tck.api.TckEngineProvider}, then select it with
 * {@code --engine <name>} or {@code -Dtck.engine=<name>}.
 */
public interface TckEngineProvider {
    /** The name to select the engine with. */
    String name();

    /** Starts a fresh engine; the runner may start another after one failed. */
    TckEngine start();
}
