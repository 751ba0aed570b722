package dev.tableindex.tck.store;

import dev.tableindex.model.dataset.LanceDatasetFolder;
import dev.tableindex.model.dataset.ManifestName;
import dev.tableindex.model.index.IndexV2Projection;
import dev.tableindex.model.manifest.ManifestFile;
import dev.tableindex.model.manifest.ManifestFormatException;
import dev.tableindex.model.manifest.ManifestProblem;
import dev.tableindex.model.manifest.ManifestReader;
import dev.tableindex.model.table.IndexFileContent;
import dev.tableindex.model.table.TableStore;
import java.io.UncheckedIOException;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

/**
 * A Lance dataset read over S3, as the reference engine reads one: the latest manifest is the highest
 * attached version listed under {@code _versions/} (the files decide, as in {@link LanceDatasetFolder}).
 */
public final class RemoteDataset {
    private RemoteDataset() {
    }

    /** One LIST of {@code _versions/}, then one GET of the latest manifest. */
    public static ManifestFile readLatest(S3HttpReader reader) {
        List<ManifestName> attached = reader.list(LanceDatasetFolder.VERSIONS_DIR).stream()
                .map(key -> key.substring(key.lastIndexOf('/') + 1))
                .map(ManifestName::parse).flatMap(Optional::stream)
                .filter(name -> !name.detached()).toList();
        String versions = reader.uri(LanceDatasetFolder.VERSIONS_DIR + "/");
        if (attached.isEmpty()) {
            throw new ManifestFormatException(ManifestProblem.NOT_A_DATASET, versions, -1,
                    "no manifest files (*.manifest)");
        }
        if (attached.stream().map(ManifestName::scheme).distinct().count() > 1) {
            throw new ManifestFormatException(ManifestProblem.NOT_A_DATASET, versions, -1,
                    "mixes V1 and V2 manifest names");
        }
        ManifestName latest = attached.stream()
                .max(Comparator.comparing(ManifestName::version, Long::compareUnsigned)).orElseThrow();
        String key = LanceDatasetFolder.VERSIONS_DIR + "/" + ManifestName.fileName(latest.version(), latest.scheme());
        return ManifestReader.read(reader.read(key), reader.uri(key));
    }

    /** The reference's file of a segment, if the store has it and it is one (as {@link TableStore#readIndexFile}). */
    public static Optional<IndexFileContent> readIndexFile(S3HttpReader reader, UUID segment) {
        String key = TableStore.INDICES_DIR + "/" + segment + "/" + IndexV2Projection.REFERENCE_FILE_NAME;
        try {
            return Optional.of(IndexFileContent.decode(reader.read(key), reader.uri(key)));
        } catch (UncheckedIOException | IllegalArgumentException e) {
            return Optional.empty();
        }
    }
}
