package dev.tableindex.tck.golden;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/** The {@code golden-files/} tree: where each kind of golden file lives. */
public final class GoldenFiles {
    public static final String LANCE_MANIFESTS = "lance-manifests";
    public static final String LANCE_INDEX_FILES = "lance-index-files";
    public static final String INVALID_MANIFESTS = "invalid-manifests";
    public static final String REFERENCE_TABLES = "reference-tables";

    private final Path root;

    public GoldenFiles(Path root) {
        this.root = root;
    }

    /** Finds golden-files/ from -Dtck.golden.dir, or from the working directory. */
    public static GoldenFiles locate() {
        String configured = System.getProperty("tck.golden.dir");
        Path root = configured != null ? Path.of(configured) : Path.of("golden-files");
        if (!Files.isDirectory(root)) {
            throw new IllegalStateException("golden files not found at " + root.toAbsolutePath()
                    + " (run from the repository root or set -Dtck.golden.dir)");
        }
        return new GoldenFiles(root);
    }

    public Path root() {
        return root;
    }

    /** Every case folder {@code lance-manifests/<writer>/<case>/} that has an expected.json. */
    public List<GoldenManifestCase> manifestCases() {
        List<GoldenManifestCase> cases = new ArrayList<>();
        for (Path writer : subfolders(root.resolve(LANCE_MANIFESTS))) {
            for (Path folder : subfolders(writer)) {
                if (Files.isRegularFile(folder.resolve("expected.json"))) {
                    cases.add(new GoldenManifestCase(writer.getFileName().toString(),
                            folder.getFileName().toString(), folder));
                }
            }
        }
        return cases;
    }

    /** Every case folder {@code lance-index-files/<writer>/<case>/} that has an expected.json. */
    public List<GoldenIndexFilesCase> indexFilesCases() {
        List<GoldenIndexFilesCase> cases = new ArrayList<>();
        for (Path writer : subfolders(root.resolve(LANCE_INDEX_FILES))) {
            for (Path folder : subfolders(writer)) {
                if (Files.isRegularFile(folder.resolve("expected.json"))) {
                    cases.add(new GoldenIndexFilesCase(writer.getFileName().toString(),
                            folder.getFileName().toString(), folder));
                }
            }
        }
        return cases;
    }

    /** Every case folder {@code reference-tables/<case>/} (written by the reference model) that has an expected.json. */
    public List<ReferenceTableCase> referenceTableCases() {
        List<ReferenceTableCase> cases = new ArrayList<>();
        for (Path folder : subfolders(root.resolve(REFERENCE_TABLES))) {
            if (Files.isRegularFile(folder.resolve("expected.json"))) {
                cases.add(new ReferenceTableCase(folder.getFileName().toString(), folder));
            }
        }
        return cases;
    }

    public InvalidManifestCorpus invalidManifests() {
        return new InvalidManifestCorpus(root.resolve(INVALID_MANIFESTS), root);
    }

    private static List<Path> subfolders(Path folder) {
        if (!Files.isDirectory(folder)) {
            return List.of();
        }
        try (Stream<Path> children = Files.list(folder)) {
            return children.filter(Files::isDirectory).sorted(Comparator.comparing(Path::toString)).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
