package dev.tableindex.tck.run;

import dev.tableindex.model.io.Folders;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * The golden files as paths an engine can open. They travel in the runner's jar (classpath
 * {@link ClasspathTree#GOLDEN_FILES}); what is asked for is copied out to the run's scratch folder, because
 * engines in other processes read plain files. What the kit reads itself (vectors, expected values) it parses once
 * per run ({@link #parsed}).
 */
public final class GoldenStore {
    private static final String ROOT = ClasspathTree.GOLDEN_FILES + "/";
    private final Path scratch;
    private final Map<String, Object> parsed = new ConcurrentHashMap<>();

    GoldenStore(Path scratch) {
        this.scratch = scratch;
    }

    /**
     * The file or folder {@code golden-files/<relative>}, on disk. Copied out once, under a temporary name and then
     * renamed into place, so that a scenario on another thread (decision 0147) never sees half a copy.
     */
    public Path path(String relative) {
        Path target = scratch.resolve(relative);
        if (Files.exists(target)) {
            return target;
        }
        synchronized (this) {
            if (Files.exists(target)) {
                return target;
            }
            Path source = ClasspathTree.folder(ROOT + relative)
                    .orElseThrow(() -> new MissingGoldenFile("golden file not found: " + ROOT + relative));
            Path copying = scratch.resolve(".copying");
            FileTrees.delete(copying);
            FileTrees.copy(source, copying);
            try {
                Folders.ensure(target.toAbsolutePath().getParent());
                Files.move(copying, target, StandardCopyOption.ATOMIC_MOVE);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot move the copy of " + source + " to " + target, e);
            }
            return target;
        }
    }

    /**
     * The golden file {@code golden-files/<relative>} as {@code reader} reads it, read once per run and shared by every
     * scenario: for the kit's own reading only, and never changed (each file has one reader, its type the same).
     */
    @SuppressWarnings("unchecked")
    public <T> T parsed(String relative, Function<Path, T> reader) {
        return (T) parsed.computeIfAbsent(relative, r -> reader.apply(path(r)));
    }

    /** A scenario needs a golden file the kit does not have: the outcome is ERROR, never a skip. */
    public static final class MissingGoldenFile extends RuntimeException {
        private static final long serialVersionUID = 1L;

        MissingGoldenFile(String message) {
            super(message);
        }
    }
}
