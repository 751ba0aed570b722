package dev.tableindex.tck.integrity;

import dev.tableindex.tck.run.ClasspathTree;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * Reads the text files (.md, .proto, .feature, .yaml) under a folder of the suite, on the classpath
 * ({@link ClasspathTree}) or on disk. Paths are relative to the folder, with {@code /} separators.
 */
final class ClasspathFolder {

    private ClasspathFolder() {
    }

    /** All files under the classpath folder {@code folder} (see ClasspathTree); empty when there is none. */
    static Map<String, String> read(String folder) {
        return ClasspathTree.folder(folder).map(dir -> {
            try {
                return readFolder(dir);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read classpath folder " + folder, e);
            }
        }).orElseGet(TreeMap::new);
    }

    /** All regular files under {@code dir}, keyed by relative path, sorted. */
    static Map<String, String> readFolder(Path dir) throws IOException {
        Map<String, String> files = new TreeMap<>();
        if (!Files.isDirectory(dir)) {
            throw new IOException("not a folder: " + dir);
        }
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path p : (Iterable<Path>) walk.filter(Files::isRegularFile).sorted()::iterator) {
                String rel = dir.relativize(p).toString().replace('\\', '/');
                if (rel.endsWith(".md") || rel.endsWith(".proto") || rel.endsWith(".feature")
                        || rel.endsWith(".yaml")) {
                    files.put(rel, Files.readString(p, StandardCharsets.UTF_8));
                }
            }
        }
        return files;
    }
}
