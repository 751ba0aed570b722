package dev.tableindex.model.manifest;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/** The manifests real writers wrote, from golden-files/lance-manifests (see its README). */
final class RealManifests {
    private RealManifests() {
    }

    static Path goldenDir() {
        return Path.of(System.getProperty("tck.golden.dir", "../golden-files"));
    }

    static List<Path> all() {
        Path root = goldenDir().resolve("lance-manifests");
        try (Stream<Path> files = Files.walk(root)) {
            List<Path> manifests = files.filter(p -> p.getFileName().toString().endsWith(".manifest")).sorted().toList();
            if (manifests.isEmpty()) {
                throw new IllegalStateException("no golden manifests under " + root.toAbsolutePath());
            }
            return manifests;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static byte[] bytes(Path file) {
        try {
            return Files.readAllBytes(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
