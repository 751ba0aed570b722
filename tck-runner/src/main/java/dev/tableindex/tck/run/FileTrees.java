package dev.tableindex.tck.run;

import dev.tableindex.model.io.Folders;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/** Copying and deleting whole folders: golden files copied out for engines, scratch folders removed. */
public final class FileTrees {
    private FileTrees() {
    }

    /**
     * Copies a file or a folder with all it holds to {@code target}. The source may be in another file
     * system (a jar's), so paths are carried over as text.
     */
    public static void copy(Path source, Path target) {
        try (Stream<Path> tree = Files.walk(source)) {
            for (Path from : (Iterable<Path>) tree::iterator) {
                Path to = from.equals(source) ? target : target.resolve(source.relativize(from).toString());
                if (Files.isDirectory(from)) {
                    Files.createDirectories(to);
                } else {
                    Folders.ensure(to.toAbsolutePath().getParent());
                    Files.copy(from, to);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot copy " + source + " to " + target, e);
        }
    }

    /** A new, empty folder in the JVM's temporary folder ({@code java.io.tmpdir}), its name beginning {@code prefix}. */
    public static Path newTemporaryFolder(String prefix) {
        try {
            return Files.createTempDirectory(prefix);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot make a folder in " + System.getProperty("java.io.tmpdir"), e);
        }
    }

    /** Deletes a file or a folder with all it holds; nothing when it does not exist. */
    public static void delete(Path root) {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> tree = Files.walk(root)) {
            tree.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete " + root, e);
        }
    }

    /** A scenario's scratch folder, deleted after it: best effort, since a leftover folder is not a test failure. */
    public static void deleteScratch(Path scratch) {
        if (scratch == null) {
            return;
        }
        try {
            delete(scratch);
        } catch (UncheckedIOException e) {
            // best effort
        }
    }
}
