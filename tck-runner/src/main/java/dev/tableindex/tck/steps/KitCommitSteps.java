package dev.tableindex.tck.steps;

import com.google.protobuf.Any;
import com.google.protobuf.ByteString;
import dev.tableindex.model.dataset.LanceDatasetFolder;
import dev.tableindex.model.dataset.ManifestName;
import dev.tableindex.model.manifest.ManifestFile;
import dev.tableindex.model.manifest.ManifestWriter;
import dev.tableindex.proto.lance.table.IndexMetadata;
import dev.tableindex.proto.lance.table.IndexSection;
import dev.tableindex.proto.lance.table.Manifest;
import io.cucumber.java.en.Given;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * The kit commits a version of the engine's dataset itself, changing one thing in the manifest the
 * engine wrote, as another writer (or a newer one) could. The engine is then judged as a reader or
 * writer of that version. Data and index files stay the engine's own.
 */
public final class KitCommitSteps {

    @Given("the kit commits a version with reader feature flag {long} set")
    public void readerFlag(long bit) {
        commitManifest(m -> m.setReaderFeatureFlags(m.getReaderFeatureFlags() | bit));
    }

    @Given("the kit commits a version with writer feature flag {long} set")
    public void writerFlag(long bit) {
        commitManifest(m -> m.setWriterFeatureFlags(m.getWriterFeatureFlags() | bit));
    }

    @Given("the kit commits a version with reader and writer feature flag {long} set")
    public void readerAndWriterFlag(long bit) {
        commitManifest(m -> m.setReaderFeatureFlags(m.getReaderFeatureFlags() | bit)
                .setWriterFeatureFlags(m.getWriterFeatureFlags() | bit));
    }

    @Given("the kit commits a version where index {string} has index_version {int}")
    public void indexVersion(String name, int version) {
        commitIndexes(name, entry -> entry.setIndexVersion(version));
    }

    @Given("the kit commits a version where index {string} has the details type URL {string}")
    public void detailsType(String name, String typeUrl) {
        commitIndexes(name, entry -> entry.setIndexDetails(Any.newBuilder().setTypeUrl(typeUrl)));
    }

    @Given("the kit commits a version where index {string} has empty fragment_bitmap bytes")
    public void unknownCoverage(String name) {
        commitIndexes(name, entry -> entry.setFragmentBitmap(ByteString.EMPTY));
    }

    /**
     * Sizes unknown in both forms: the legacy entries list no files, and IndexV2 files (if any) have
     * file_size 0, which means unknown as for DataFile.file_size_bytes (docs/decisions/0004).
     */
    @Given("the kit commits a version where index {string} records no file sizes")
    public void noFileSizes(String name) {
        commit(file -> {
            TableManifestSteps.segments(file, name);
            IndexSection.Builder section = file.indexSection().orElseThrow().toBuilder();
            section.getIndicesBuilderList().stream().filter(e -> e.getName().equals(name)).forEach(IndexMetadata.Builder::clearFiles);
            section.getIndicesV2BuilderList().stream().filter(e -> e.getName().equals(name))
                    .forEach(e -> e.getFilesBuilderList().forEach(f -> f.setFileSize(0)));
            return ManifestFile.of(file.manifest(), Optional.of(section.build()), Optional.empty());
        });
    }

    @Given("the kit commits a version where index {string} is on field ids {string} carrying {string}")
    public void coveringFields(String name, String fields, String carried) {
        commitIndexes(name, entry -> entry.clearFields()
                .addAllFields(TableManifestSteps.parseIdsInOrder(fields))
                .clearCoveringFields().addAllCoveringFields(TableManifestSteps.parseIdsInOrder(carried)));
    }

    private static void commitManifest(UnaryOperator<Manifest.Builder> change) {
        commit(file -> ManifestFile.of(change.apply(file.manifest().toBuilder()).build(), file.indexSection(), Optional.empty()));
    }

    private static void commitIndexes(String name, UnaryOperator<IndexMetadata.Builder> change) {
        commit(file -> {
            TableManifestSteps.segments(file, name);
            IndexSection.Builder section = file.indexSection().orElseThrow().toBuilder();
            for (IndexMetadata.Builder entry : section.getIndicesBuilderList()) {
                if (entry.getName().equals(name)) {
                    change.apply(entry);
                }
            }
            return ManifestFile.of(file.manifest(), Optional.of(section.build()), Optional.empty());
        });
    }

    /**
     * Writes {@code change(latest)} as the next version, named as the dataset names its versions, and
     * points the version hint at it. The embedded transaction is dropped: this commit has none.
     */
    static void commit(UnaryOperator<ManifestFile> change) {
        Path root = TableScenario.current().dataset();
        LanceDatasetFolder folder = LanceDatasetFolder.open(root);
        ManifestFile latest = folder.readLatest();
        ManifestFile changed = change.apply(latest);
        long version = latest.version() + 1;
        Manifest manifest = changed.manifest().toBuilder().setVersion(version).clearTransactionFile().build();
        byte[] bytes = ManifestWriter.write(ManifestFile.of(manifest, changed.indexSection(), Optional.empty()));
        try {
            Path versions = root.resolve(LanceDatasetFolder.VERSIONS_DIR);
            Files.write(versions.resolve(ManifestName.fileName(version, folder.namingScheme())), bytes);
            Path hint = versions.resolve(LanceDatasetFolder.VERSION_HINT_FILE);
            if (Files.exists(hint)) {
                Files.writeString(hint, "{\"version\":" + version + "}", StandardCharsets.UTF_8);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
