package dev.tableindex.tck.run;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The golden files as paths an engine can open. They travel in the runner's jar (classpath
 * {@link ClasspathTree#GOLDEN_FILES}); what is asked for is copied out to the run's scratch folder, because
 * engines in other processes read plain files.
 */
public final class GoldenStore {
    private static final String ROOT = ClasspathTree.GOLDEN_FILES + "/";
    private final Path scratch;

    GoldenStore(Path scratch) {
        this.scratch = scratch;
    }

    /** The file or folder {@code golden-files/<relative>}, on disk. */
    public Path path(String relative) {
        Path target = scratch.resolve(relative);
        if (Files.exists(target)) {
            return target;
        }
        Path source = ClasspathTree.folder(ROOT + relative)
                .orElseThrow(() -> new MissingGoldenFile("golden file not found: " + ROOT + relative));
        FileTrees.copy(source, target);
        return target;
    }

    /** A scenario needs a golden file the kit does not have: the outcome is ERROR, never a skip. */
    public static final class MissingGoldenFile extends RuntimeException {
        private static final long serialVersionUID = 1L;

        MissingGoldenFile(String message) {
            super(message);
        }
    }
}
