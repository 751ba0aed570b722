package dev.tableindex.tck.run;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

/**
 * The suite's folders on the runner's classpath, in its jar or on disk. They sit under a package
 * path of the kit's own ({@value #SUITE}), so that an implementer's own {@code features/} or
 * {@code spec/} on the same classpath can never be mistaken for the kit's.
 */
public final class ClasspathTree {
    private static final Map<Path, FileSystem> JARS = new ConcurrentHashMap<>();

    /** Where the runner's jar keeps the suite: {@code features/}, {@code spec/}, {@code golden-files/}. */
    public static final String SUITE = "dev/tableindex/tck/suite/";
    public static final String FEATURES = SUITE + "features";
    public static final String SPEC = SUITE + "spec";
    public static final String GOLDEN_FILES = SUITE + "golden-files";

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
            // Open the jar by its path: a file system opened by URI is registered JVM-wide, and the
            // JUnit Platform's classpath scan would then fail to open the same jar and find no feature.
            String spec = uri.toString();
            int bang = spec.indexOf("!/");
            Path jarFile = Path.of(URI.create(spec.substring("jar:".length(), bang)));
            FileSystem jar = JARS.computeIfAbsent(jarFile, file -> {
                try {
                    return FileSystems.newFileSystem(file);
                } catch (IOException e) {
                    throw new UncheckedIOException("cannot open " + file, e);
                }
            });
            return Optional.of(jar.getPath(spec.substring(bang + 1)));
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
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
