package dev.tableindex.tck.run;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.FileSystem;
import java.nio.file.FileSystemNotFoundException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/** A folder of the runner's classpath (features/, spec/, golden-files/), in a jar or on disk. */
public final class ClasspathTree {
    private ClasspathTree() {
    }

    /** The folder as a Path (inside a jar file system when the runner runs from its jar). */
    public static Optional<Path> folder(String name) {
        URL url = ClasspathTree.class.getClassLoader().getResource(name);
        if (url == null) {
            return Optional.empty();
        }
        try {
            URI uri = url.toURI();
            if (!"jar".equals(uri.getScheme())) {
                return Optional.of(Path.of(uri));
            }
            FileSystem jar;
            try {
                jar = FileSystems.getFileSystem(uri);
            } catch (FileSystemNotFoundException e) {
                jar = FileSystems.newFileSystem(uri, Map.of());
            }
            return Optional.of(jar.provider().getPath(uri));
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Regular files below {@code folder}, sorted by path. */
    public static List<Path> files(Path folder) {
        try (Stream<Path> tree = Files.walk(folder)) {
            return tree.filter(Files::isRegularFile).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** sha256 over every file's relative path and bytes: names the exact suite a report was made with. */
    public static String digest(String name) {
        return folder(name).map(root -> {
            try {
                MessageDigest sha = MessageDigest.getInstance("SHA-256");
                for (Path file : files(root)) {
                    sha.update(root.relativize(file).toString().getBytes(java.nio.charset.StandardCharsets.UTF_8));
                    sha.update((byte) 0);
                    sha.update(Files.readAllBytes(file));
                }
                return HexFormat.of().formatHex(sha.digest());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            } catch (NoSuchAlgorithmException e) {
                throw new IllegalStateException(e);
            }
        }).orElse("absent");
    }
}
