package dev.tableindex.model.dataset;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tableindex.model.manifest.ManifestFile;
import dev.tableindex.model.manifest.ManifestFormatException;
import dev.tableindex.model.manifest.ManifestProblem;
import dev.tableindex.model.manifest.ManifestWriter;
import dev.tableindex.proto.lance.table.Manifest;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LanceDatasetFolderTest {
    @TempDir
    Path root;

    private void writeVersion(long version, String fileName) throws IOException {
        Files.createDirectories(root.resolve("_versions"));
        byte[] bytes = ManifestWriter.write(ManifestFile.of(
                Manifest.newBuilder().setVersion(version).build(), Optional.empty(), Optional.empty()));
        Files.write(root.resolve("_versions").resolve(fileName), bytes);
    }

    @Test
    void theLatestVersionComesFromTheFilesNotTheHint() throws IOException {
        writeVersion(1, "18446744073709551614.manifest");
        writeVersion(2, "18446744073709551613.manifest");
        Files.writeString(root.resolve("_versions/latest_version_hint.json"), "{\"version\":1}");
        LanceDatasetFolder folder = LanceDatasetFolder.open(root);
        assertThat(folder.namingScheme()).isEqualTo(ManifestName.NamingScheme.V2);
        assertThat(folder.latestVersion()).isEqualTo(2);
        assertThat(folder.versionHint()).hasValue(1);
        assertThat(folder.readLatest().version()).isEqualTo(2);
        assertThat(folder.read(1).version()).isEqualTo(1);
    }

    @Test
    void readsV1Names() throws IOException {
        writeVersion(1, "1.manifest");
        writeVersion(10, "10.manifest");
        writeVersion(2, "2.manifest");
        LanceDatasetFolder folder = LanceDatasetFolder.open(root);
        assertThat(folder.namingScheme()).isEqualTo(ManifestName.NamingScheme.V1);
        assertThat(folder.latestVersion()).isEqualTo(10);
        assertThat(folder.manifests()).extracting(e -> e.name().version()).containsExactly(1L, 2L, 10L);
    }

    @Test
    void aDetachedVersionIsReadableButNeverTheLatest() throws IOException {
        long detached = ManifestName.DETACHED_VERSION_MASK | 5;
        writeVersion(1, "1.manifest");
        writeVersion(detached, "d" + Long.toUnsignedString(detached) + ".manifest");
        LanceDatasetFolder folder = LanceDatasetFolder.open(root);
        assertThat(folder.latestVersion()).isEqualTo(1);
        assertThat(folder.read(detached).version()).isEqualTo(detached);
    }

    @Test
    void refusesAFolderThatMixesNamingSchemes() throws IOException {
        writeVersion(1, "1.manifest");
        writeVersion(2, "18446744073709551613.manifest");
        assertThatThrownBy(() -> LanceDatasetFolder.open(root))
                .isInstanceOfSatisfying(ManifestFormatException.class,
                        e -> assertThat(e.problem()).isEqualTo(ManifestProblem.NOT_A_DATASET))
                .hasMessageContaining("mixes V1 and V2");
    }

    @Test
    void refusesAFolderWithoutManifests() throws IOException {
        assertThatThrownBy(() -> LanceDatasetFolder.open(root)).hasMessageContaining("no _versions/ folder");
        Files.createDirectories(root.resolve("_versions"));
        assertThatThrownBy(() -> LanceDatasetFolder.open(root)).hasMessageContaining("no manifest files");
    }

    @Test
    void aMissingVersionNamesTheVersionsPresent() throws IOException {
        writeVersion(1, "1.manifest");
        assertThatThrownBy(() -> LanceDatasetFolder.open(root).read(7))
                .hasMessageContaining("no manifest for version 7 (versions present: [1])");
    }

    @Test
    void anUnreadableHintIsNoHint() throws IOException {
        writeVersion(1, "1.manifest");
        Files.writeString(root.resolve("_versions/latest_version_hint.json"), "{not json");
        assertThat(LanceDatasetFolder.open(root).versionHint()).isEmpty();
    }
}
