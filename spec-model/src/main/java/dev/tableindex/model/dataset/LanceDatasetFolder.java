package dev.tableindex.model.dataset;

import dev.tableindex.model.json.JsonInputException;
import dev.tableindex.model.json.KitJson;
import com.fasterxml.jackson.databind.JsonNode;
import dev.tableindex.model.manifest.ManifestFile;
import dev.tableindex.model.manifest.ManifestFormatException;
import dev.tableindex.model.manifest.ManifestProblem;
import dev.tableindex.model.manifest.ManifestReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.OptionalLong;
import java.util.stream.Stream;

/**
 * A Lance dataset folder as far as its versions go: the manifests under {@code _versions/}.
 * The manifest files are authoritative; {@code latest_version_hint.json} is only a hint
 * (Lance writes it best-effort and verifies it), reported but never trusted over the files.
 */
public final class LanceDatasetFolder {
    public static final String VERSIONS_DIR = "_versions";
    public static final String VERSION_HINT_FILE = "latest_version_hint.json";

    private final Path root;
    private final List<Entry> manifests;
    private final ManifestName.NamingScheme scheme;

    /** A manifest file of the folder. */
    public record Entry(ManifestName name, Path path) {
    }

    private LanceDatasetFolder(Path root, List<Entry> manifests, ManifestName.NamingScheme scheme) {
        this.root = root;
        this.manifests = manifests;
        this.scheme = scheme;
    }

    /** Lists the folder's manifests; refuses a folder without any, or one that mixes V1 and V2 names. */
    public static LanceDatasetFolder open(Path root) {
        Path versions = root.resolve(VERSIONS_DIR);
        if (!Files.isDirectory(versions)) {
            throw new ManifestFormatException(ManifestProblem.NOT_A_DATASET, root.toString(), -1,
                    "no " + VERSIONS_DIR + "/ folder: not a Lance dataset");
        }
        List<Entry> entries = new ArrayList<>();
        try (Stream<Path> files = Files.list(versions)) {
            files.forEach(file -> ManifestName.parse(file.getFileName().toString())
                    .ifPresent(name -> entries.add(new Entry(name, file))));
        } catch (IOException e) {
            throw new ManifestFormatException(ManifestProblem.IO, versions.toString(), -1, "cannot list folder: " + e);
        }
        List<Entry> attached = entries.stream().filter(e -> !e.name().detached()).toList();
        if (attached.isEmpty()) {
            throw new ManifestFormatException(ManifestProblem.NOT_A_DATASET, versions.toString(), -1,
                    "no manifest files (*.manifest)");
        }
        long schemes = attached.stream().map(e -> e.name().scheme()).distinct().count();
        if (schemes > 1) {
            throw new ManifestFormatException(ManifestProblem.NOT_A_DATASET, versions.toString(), -1,
                    "mixes V1 and V2 manifest names: " + attached.stream().map(e -> e.path().getFileName().toString())
                            .sorted().toList());
        }
        entries.sort(Comparator.comparing((Entry e) -> e.name().detached())
                .thenComparing(e -> e.name().version(), Long::compareUnsigned));
        return new LanceDatasetFolder(root, List.copyOf(entries), attached.get(0).name().scheme());
    }

    public Path root() {
        return root;
    }

    public ManifestName.NamingScheme namingScheme() {
        return scheme;
    }

    /** All manifests, attached versions ascending, then detached ones. */
    public List<Entry> manifests() {
        return manifests;
    }

    /** The highest attached version; the files decide, not the hint. */
    public long latestVersion() {
        return manifests.stream().filter(e -> !e.name().detached())
                .map(e -> e.name().version()).max(Long::compareUnsigned).orElseThrow();
    }

    /** The manifest of {@code version} (attached or detached). */
    public Entry entry(long version) {
        return manifests.stream().filter(e -> e.name().version() == version).findFirst()
                .orElseThrow(() -> new ManifestFormatException(ManifestProblem.NOT_A_DATASET,
                        root.resolve(VERSIONS_DIR).toString(), -1,
                        "no manifest for version " + Long.toUnsignedString(version) + " (versions present: "
                                + manifests.stream().map(e -> Long.toUnsignedString(e.name().version())).toList() + ")"));
    }

    public ManifestFile read(long version) {
        return ManifestReader.read(entry(version).path());
    }

    public ManifestFile readLatest() {
        return read(latestVersion());
    }

    /**
     * The version named by {@code latest_version_hint.json} ({@code {"version":N}}), if the file
     * exists and says so; a hint that is unreadable is reported as absent, as Lance ignores it.
     */
    public OptionalLong versionHint() {
        Path hint = root.resolve(VERSIONS_DIR).resolve(VERSION_HINT_FILE);
        if (!Files.isRegularFile(hint)) {
            return OptionalLong.empty();
        }
        try {
            JsonNode version = KitJson.read(hint).path("version");
            return version.canConvertToExactIntegral() && version.asLong() >= 0
                    ? OptionalLong.of(version.asLong()) : OptionalLong.empty();
        } catch (JsonInputException e) {
            return OptionalLong.empty();
        }
    }
}
