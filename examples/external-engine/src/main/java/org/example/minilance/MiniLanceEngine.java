package org.example.minilance;

import dev.tableindex.proto.tck.EngineError;
import dev.tableindex.proto.tck.ReadManifestRequest;
import dev.tableindex.proto.tck.ReadManifestResult;
import dev.tableindex.tck.api.Capability;
import dev.tableindex.tck.api.EngineInfo;
import dev.tableindex.tck.api.EngineRefusal;
import dev.tableindex.tck.api.EngineUnsupported;
import dev.tableindex.tck.api.Facet;
import dev.tableindex.tck.api.ManifestReading;
import dev.tableindex.tck.api.TckEngine;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * A deliberately simple engine: it finds a dataset version's manifest file and hands it to
 * {@link ManifestFile}. Every refusal is kind {@code OTHER} with no offset; it does not classify
 * problems.
 */
final class MiniLanceEngine implements TckEngine, ManifestReading {
    /** Lance's V2 manifest names count down from u64::MAX, zero-padded to 20 digits. */
    private static final int V2_NAME_DIGITS = 20;

    @Override
    public EngineInfo info() {
        return new EngineInfo(MiniLanceProvider.NAME, "0.1.0", Set.of(Capability.MANIFEST_READ));
    }

    @Override
    public <F extends Facet> F facet(Class<F> type) {
        if (type == ManifestReading.class) {
            return type.cast(this);
        }
        throw new EngineUnsupported(MiniLanceProvider.NAME + " offers only manifest.read, not " + type.getSimpleName());
    }

    @Override
    public ReadManifestResult readManifest(ReadManifestRequest request) {
        if (!request.getManifestPath().isEmpty()) {
            return ManifestFile.read(Path.of(request.getManifestPath()));
        }
        if (request.getDatasetPath().isEmpty()) {
            throw refusal("the request names neither a dataset nor a manifest file");
        }
        Map<Long, Path> versions = versions(Path.of(request.getDatasetPath()));
        if (versions.isEmpty()) {
            throw refusal(request.getDatasetPath() + ": no manifests in _versions/");
        }
        long version = request.hasVersion() ? request.getVersion() : ((TreeMap<Long, Path>) versions).lastKey();
        Path file = versions.get(version);
        if (file == null) {
            throw refusal(request.getDatasetPath() + ": no version " + Long.toUnsignedString(version));
        }
        return ManifestFile.read(file);
    }

    /** Version number to manifest file, from the names in {@code _versions/} (V1 and V2 naming). */
    private static Map<Long, Path> versions(Path dataset) {
        TreeMap<Long, Path> versions = new TreeMap<>(Long::compareUnsigned);
        try (Stream<Path> files = Files.list(dataset.resolve("_versions"))) {
            files.forEach(file -> {
                String name = file.getFileName().toString();
                if (!name.endsWith(".manifest")) {
                    return;
                }
                String number = name.substring(0, name.length() - ".manifest".length());
                try {
                    long n = Long.parseUnsignedLong(number);
                    // V1: {version}.manifest; V2: {u64::MAX - version:020}.manifest (-1L is u64::MAX)
                    versions.put(number.length() == V2_NAME_DIGITS ? -1L - n : n, file);
                } catch (NumberFormatException e) {
                    // not a version manifest; skip it
                }
            });
        } catch (IOException e) {
            throw refusal(dataset + ": cannot list _versions/: " + e.getMessage());
        }
        return versions;
    }

    static EngineRefusal refusal(String message) {
        return new EngineRefusal(EngineError.newBuilder().setKind("OTHER").setMessage(message).setOffset(-1).build());
    }
}
