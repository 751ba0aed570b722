package dev.tableindex.model.table;

import static dev.tableindex.model.table.Ops.column;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tableindex.model.dataset.LanceDatasetFolder;
import dev.tableindex.model.dataset.ManifestName;
import dev.tableindex.model.index.FeatureFlags;
import dev.tableindex.model.lancefile.LanceFileReader;
import dev.tableindex.model.manifest.ManifestFile;
import dev.tableindex.model.manifest.ManifestWriter;
import dev.tableindex.proto.lance.table.DataFile;
import dev.tableindex.proto.lance.table.DataFragment;
import dev.tableindex.proto.lance.table.Manifest;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Flag 1&lt;&lt;8 (mixed data file versions): the reference decodes each data file by its DataFile's version
 * (a real Lance 2.0 file beside its 2.1-labelled stand-ins) and, as a writer, keeps such a DataFile as listed
 * and the flag in both words. Counts worked by hand in the comments.
 */
class MixedDataFileVersionsTest {
    @TempDir
    Path root;
    private Lab lab;
    private DataFile lance20;

    // Fragments 0: (1,'a'), (2,'b'); 1: (3,'c'), (4,'d'); id_idx covers 0 and 1. Fragment 2, added here as
    // another writer would, is a Lance 2.0 file: (5,'e'), (6,NULL), (7,'g'); data_format.version stays 2.1.
    @BeforeEach
    void tableWithALance20Fragment() throws IOException {
        lab = new Lab(root);
        lab.apply(Ops.create("[{\"id\":1,\"name\":\"a\"},{\"id\":2,\"name\":\"b\"},{\"id\":3,\"name\":\"c\"},"
                + "{\"id\":4,\"name\":\"d\"}]", 2, column("id", "int64"), column("name", "string")));
        lab.apply(Ops.createIndex("id_idx", "id", "btree"));
        TableSchema schema = lab.table().schema();
        byte[] bytes = LanceV20DataFile.encode(schema,
                RowsJson.rows("[{\"id\":5,\"name\":\"e\"},{\"id\":6,\"name\":null},{\"id\":7,\"name\":\"g\"}]", schema));
        Files.write(root.resolve(TableStore.DATA_DIR).resolve("other-writer.lance"), bytes);
        lance20 = LanceV20DataFile.describe("other-writer.lance", schema, bytes);
        commit(m -> m.addFragments(DataFragment.newBuilder().setId(2).setPhysicalRows(3).addFiles(lance20))
                .setMaxFragmentId(2)
                .setReaderFeatureFlags(m.getReaderFeatureFlags() | FeatureFlags.MIXED_DATA_FILE_VERSIONS)
                .setWriterFeatureFlags(m.getWriterFeatureFlags() | FeatureFlags.MIXED_DATA_FILE_VERSIONS));
    }

    @Test
    void theKitsFileIsARealLance20FileAndItsDataFileSaysSo() throws IOException {
        byte[] bytes = Files.readAllBytes(root.resolve(TableStore.DATA_DIR).resolve("other-writer.lance"));
        assertThat(LanceFileReader.summary(bytes, "other-writer.lance").version()).isEqualTo("2.0");
        assertThat(lance20.getFileMajorVersion()).isEqualTo(2);
        assertThat(lance20.getFileMinorVersion()).isZero();
        assertThat(lance20.getFieldsList()).containsExactly(0, 1);
        assertThat(lance20.getColumnIndicesList()).containsExactly(0, 1);
        assertThat(lance20.getFileSizeBytes()).isEqualTo(bytes.length);
        assertThat(lab.manifest().manifest().getDataFormat().getVersion()).isEqualTo("2.1");
    }

    @Test
    void aReaderDecodesEachDataFileByItsOwnVersion() {
        assertThat(lab.table().fragment(2).orElseThrow().rows().get(2)).containsEntry(0, 7L).containsEntry(1, "g");
        OverlayReadTest.counts(lab, "id >= 2", 6); // 2, 3, 4 and 5, 6, 7 of the Lance 2.0 fragment
        OverlayReadTest.counts(lab, "name = 'g'", 1);
        OverlayReadTest.counts(lab, "name IS NULL", 1); // id 6
        OverlayReadTest.counts(lab, "id >= 5 AND id <= 6", 2);
    }

    @Test
    void theFootersNumbersZeroThreeAlsoSayLance20() {
        commit(m -> {
            m.getFragmentsBuilder(2).getFilesBuilder(0).setFileMajorVersion(0).setFileMinorVersion(3);
            return m;
        });
        OverlayReadTest.counts(lab, "id >= 2", 6);
        OverlayReadTest.counts(lab, "name IS NULL", 1);
    }

    @Test
    void aWriterKeepsTheDataFileAndTheFlag() {
        lab.apply(Ops.append("[{\"id\":8,\"name\":\"h\"}]", 2));
        lab.apply(Ops.delete("id = 5"));
        Manifest manifest = lab.manifest().manifest();
        assertThat(manifest.getFragments(2).getFiles(0)).isEqualTo(lance20);
        assertThat(manifest.getFragments(2).hasDeletionFile()).isTrue();
        assertThat(manifest.getReaderFeatureFlags() & FeatureFlags.MIXED_DATA_FILE_VERSIONS).isNotZero();
        assertThat(manifest.getWriterFeatureFlags() & FeatureFlags.MIXED_DATA_FILE_VERSIONS).isNotZero();
        OverlayReadTest.counts(lab, "id >= 2", 6); // 2, 3, 4, 6, 7, 8: 5 is deleted
        OverlayReadTest.counts(lab, "name = 'e'", 0);
        OverlayReadTest.counts(lab, "name = 'g'", 1);
    }

    @Test
    void compactionRewritesTheRowsIntoTheWritersOwnFiles() {
        lab.apply(Ops.delete("id = 5"));
        lab.apply(Ops.compact(10)); // fragment 2 is partly deleted: rewritten without row 5, as a stand-in
        assertThat(lab.manifest().manifest().getFragmentsList()).noneMatch(f -> LanceV20DataFile.isVersion20(f.getFiles(0)));
        OverlayReadTest.counts(lab, "id >= 2", 5); // 2, 3, 4, 6, 7
        OverlayReadTest.counts(lab, "name IS NULL", 1);
    }

    @Test
    void aLance20FileReadAsTheDataFormatSaysIsRefusedNotMisread() {
        commit(m -> {
            m.getFragmentsBuilder(2).getFilesBuilder(0).setFileMajorVersion(2).setFileMinorVersion(1);
            return m;
        });
        assertThatThrownBy(() -> lab.table()).isInstanceOfSatisfying(TableException.class,
                e -> assertThat(e.kind()).isEqualTo(TableException.Kind.INVALID_OPERATION));
    }

    @Test
    void aDataFileThatDisagreesWithItsFileIsRefusedNamingIt() {
        commit(m -> {
            m.getFragmentsBuilder(2).setPhysicalRows(4);
            return m;
        });
        assertThatThrownBy(() -> lab.table()).isInstanceOf(TableException.class)
                .hasMessageContaining("other-writer.lance holds 3 rows, the fragment has 4 physical rows");
    }

    /** The next version with {@code change} applied, as another writer commits it. */
    private void commit(UnaryOperator<Manifest.Builder> change) {
        LanceDatasetFolder folder = LanceDatasetFolder.open(root);
        ManifestFile latest = folder.readLatest();
        long version = latest.version() + 1;
        Manifest manifest = change.apply(latest.manifest().toBuilder()).setVersion(version).clearTransactionFile().build();
        try {
            Files.write(root.resolve(LanceDatasetFolder.VERSIONS_DIR).resolve(ManifestName.fileName(version,
                    folder.namingScheme())), ManifestWriter.write(ManifestFile.of(manifest, latest.indexSection(),
                    Optional.empty())));
            Files.writeString(root.resolve(LanceDatasetFolder.VERSIONS_DIR).resolve(LanceDatasetFolder.VERSION_HINT_FILE),
                    "{\"version\":" + version + "}");
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
