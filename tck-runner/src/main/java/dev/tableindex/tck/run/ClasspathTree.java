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
 *
 * <p>With the system property {@value #SUITE_PROPERTY} naming a folder that holds {@code features/}, {@code spec/}
 * and {@code golden-files/} (a checkout of the kit: {@code ./tck} sets it), the suite is read from there instead, so
 * an edited scenario runs without rebuilding the jar.
 */
public final class ClasspathTree {
    private static final Map<Path, FileSystem> JARS = new ConcurrentHashMap<>();

    /** Where the runner's jar keeps the suite: {@code features/}, {@code spec/}, {@code golden-files/}. */
    public static final String SUITE = "dev/tableindex/tck/suite/";
    public static final String FEATURES = SUITE + "features";
    public static final String SPEC = SUITE + "spec";
    public static final String GOLDEN_FILES = SUITE + "golden-files";

    /** What the jar leaves out of golden-files/ (tck-runner's pom): a checkout's copy is digested without it too. */
    private static final String NOT_BUNDLED = "generator";

    /** A folder holding the suite's three folders, read instead of the bundled copy. */
    public static final String SUITE_PROPERTY = "tck.suite";

    private ClasspathTree() {
    }

    /** The folder given by {@value #SUITE_PROPERTY}, if any. */
    public static Optional<Path> suiteOverride() {
        String dir = System.getProperty(SUITE_PROPERTY);
        return dir == null || dir.isBlank() ? Optional.empty() : Optional.of(Path.of(dir).toAbsolutePath().normalize());
    }

    /** The folder as a Path (inside a jar file system when the runner runs from its jar). */
    public static Optional<Path> folder(String name) {
        Optional<Path> override = suiteOverride();
        if (override.isPresent() && name.startsWith(SUITE)) {
            Path dir = override.get().resolve(name.substring(SUITE.length()));
            return Files.exists(dir) ? Optional.of(dir) : Optional.empty();
        }
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

    /**
     * sha256 over every file's relative path and bytes: names the exact suite a report was made with. Of several
     * folders, each file's path is taken relative to the suite ({@code features/...}); of one, relative to it.
     */
    public static String digest(String... names) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            boolean any = false;
            for (String name : names) {
                Optional<Path> root = folder(name);
                if (root.isEmpty()) {
                    continue;
                }
                any = true;
                String prefix = names.length == 1 ? "" : name.substring(name.lastIndexOf('/') + 1) + "/";
                for (Path file : files(root.get())) {
                    if (name.equals(GOLDEN_FILES) && root.get().relativize(file).startsWith(NOT_BUNDLED)) {
                        continue;
                    }
                    sha.update((prefix + root.get().relativize(file).toString().replace('\\', '/'))
                            .getBytes(java.nio.charset.StandardCharsets.UTF_8));
                    sha.update((byte) 0);
                    sha.update(Files.readAllBytes(file));
                }
            }
            return any ? HexFormat.of().formatHex(sha.digest()) : "absent";
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
