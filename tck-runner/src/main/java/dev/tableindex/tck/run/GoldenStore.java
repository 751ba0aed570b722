package dev.tableindex.tck.run;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

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
        try {
            copy(source, target);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot copy golden file " + relative, e);
        }
        return target;
    }

    private static void copy(Path source, Path target) throws IOException {
        if (Files.isDirectory(source)) {
            try (Stream<Path> tree = Files.walk(source)) {
                for (Path from : (Iterable<Path>) tree::iterator) {
                    Path to = target.resolve(source.relativize(from).toString());
                    if (Files.isDirectory(from)) {
                        Files.createDirectories(to);
                    } else {
                        Files.copy(from, to);
                    }
                }
            }
        } else {
            Files.createDirectories(target.getParent());
            Files.copy(source, target);
        }
    }

    /** A scenario needs a golden file the kit does not have: the outcome is ERROR, never a skip. */
    public static final class MissingGoldenFile extends RuntimeException {
        private static final long serialVersionUID = 1L;

        MissingGoldenFile(String message) {
            super(message);
        }
    }
}
