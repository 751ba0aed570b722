package dev.tableindex.tck.integrity;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystem;
import java.nio.file.FileSystemAlreadyExistsException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * Reads every file under a classpath folder ({@code spec/}, {@code features/}), whether the
 * classpath entry is a directory ({@code target/classes}) or a jar. Paths are relative to the
 * folder, with {@code /} separators.
 */
final class ClasspathFolder {

    private ClasspathFolder() {
    }

    /**
     * All files under {@code folder} next to {@code anchor}'s classes (the same directory or jar: the
     * tck-runner jar bundles {@code spec/} and {@code features/}), else anywhere on its classpath;
     * empty when there is no such folder.
     */
    static Map<String, String> read(String folder, Class<?> anchor) {
        try {
            var source = anchor.getProtectionDomain().getCodeSource();
            if (source != null && source.getLocation() != null) {
                Path location = Path.of(source.getLocation().toURI());
                if (Files.isDirectory(location)) {
                    Path dir = location.resolve(folder);
                    if (Files.isDirectory(dir)) {
                        return readFolder(dir);
                    }
                } else if (Files.isRegularFile(location)) {
                    Map<String, String> files = readJar(URI.create("jar:" + location.toUri()), folder);
                    if (files != null) {
                        return files;
                    }
                }
            }
            URL url = anchor.getClassLoader().getResource(folder);
            if (url == null) {
                return new TreeMap<>();
            }
            URI uri = url.toURI();
            if ("file".equals(uri.getScheme())) {
                return readFolder(Path.of(uri));
            }
            if ("jar".equals(uri.getScheme())) {
                String s = uri.toString();
                Map<String, String> files = readJar(URI.create(s.substring(0, s.indexOf("!/"))), folder);
                return files == null ? new TreeMap<>() : files;
            }
            throw new IllegalStateException("cannot list classpath folder " + folder + " at " + uri);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read classpath folder " + folder, e);
        } catch (URISyntaxException | IllegalArgumentException | java.nio.file.FileSystemNotFoundException e) {
            throw new IllegalStateException("cannot locate classpath folder " + folder, e);
        }
    }

    /** The folder's files in a jar, or null when the jar has no such folder. */
    private static Map<String, String> readJar(URI jar, String folder) throws IOException {
        FileSystem fs;
        boolean close = false;
        try {
            fs = FileSystems.newFileSystem(jar, Map.of());
            close = true;
        } catch (FileSystemAlreadyExistsException e) {
            fs = FileSystems.getFileSystem(jar);
        }
        try {
            Path dir = fs.getPath("/" + folder);
            return Files.isDirectory(dir) ? readFolder(dir) : null;
        } finally {
            if (close) {
                fs.close();
            }
        }
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
                if (rel.endsWith(".md") || rel.endsWith(".proto") || rel.endsWith(".feature")) {
                    files.put(rel, Files.readString(p, StandardCharsets.UTF_8));
                }
            }
        }
        return files;
    }
}
