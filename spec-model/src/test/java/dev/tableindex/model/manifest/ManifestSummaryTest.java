package dev.tableindex.model.manifest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.protobuf.Any;
import com.google.protobuf.ByteString;
import dev.tableindex.proto.lance.table.DataFragment;
import dev.tableindex.proto.lance.table.DeletionFile;
import dev.tableindex.proto.lance.table.IndexFile;
import dev.tableindex.proto.lance.table.IndexMetadata;
import dev.tableindex.proto.lance.table.IndexSection;
import dev.tableindex.proto.lance.table.IndexV2;
import dev.tableindex.proto.lance.table.IndexV2File;
import dev.tableindex.proto.lance.table.Manifest;
import dev.tableindex.proto.lance.table.UUID;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The normalized view, on hand-built manifests whose every value is known. */
class ManifestSummaryTest {
    private static ByteString uuid(String hex) {
        return ByteString.copyFrom(Bytes.hex(hex));
    }

    private static ManifestFile read(Manifest manifest, IndexSection section) {
        return ManifestReader.read(ManifestWriter.write(ManifestFile.of(manifest, Optional.of(section), Optional.empty())), "t");
    }

    @Test
    void normalizesSegmentsAndKeepsUnknownApartFromEmpty() {
        IndexMetadata unknownCoverage = IndexMetadata.newBuilder()
                .setUuid(UUID.newBuilder().setUuid(uuid("00000000000000000000000000000001")))
                .setName("a").addFields(3).setDatasetVersion(4)
                .addFiles(IndexFile.newBuilder().setPath("z.lance").setSizeBytes(2))
                .addFiles(IndexFile.newBuilder().setPath("a.lance").setSizeBytes(1))
                .build();
        IndexMetadata coversNothing = IndexMetadata.newBuilder()
                .setUuid(UUID.newBuilder().setUuid(uuid("ffffffffffffffffffffffffffffffff")))
                .setName("b").setFragmentBitmap(ByteString.copyFrom(FragmentCoverage.of().encode()))
                .setIndexDetails(Any.newBuilder().setTypeUrl("/lance.table.BTreeIndexDetails"))
                .setIndexVersion(0).setCreatedAt(7).addCoveringFields(3)
                .build();
        Manifest manifest = Manifest.newBuilder().setVersion(5).setReaderFeatureFlags(1).setWriterFeatureFlags(9)
                .addFragments(DataFragment.newBuilder().setId(2).setPhysicalRows(10)
                        .setDeletionFile(DeletionFile.newBuilder().setNumDeletedRows(3)))
                .build();

        String view = ManifestSummary.of(read(manifest,
                IndexSection.newBuilder().addIndices(unknownCoverage).addIndices(coversNothing).build())).toString();

        assertThat(view).isEqualTo("{\"version\":5,\"reader_feature_flags\":1,\"writer_feature_flags\":9,"
                + "\"fragments\":[{\"id\":2,\"physical_rows\":10,\"num_deleted_rows\":3}],\"indices\":["
                + "{\"name\":\"a\",\"uuid\":\"00000000-0000-0000-0000-000000000001\",\"fields\":[3],\"dataset_version\":4,"
                + "\"fragment_ids\":null,\"type_url\":null,\"index_version\":null,\"created_at\":null,"
                + "\"files\":[{\"path\":\"a.lance\",\"size_bytes\":1},{\"path\":\"z.lance\",\"size_bytes\":2}],"
                + "\"covering_fields\":[]},"
                + "{\"name\":\"b\",\"uuid\":\"ffffffff-ffff-ffff-ffff-ffffffffffff\",\"fields\":[],\"dataset_version\":0,"
                + "\"fragment_ids\":[],\"type_url\":\"/lance.table.BTreeIndexDetails\",\"index_version\":0,\"created_at\":7,"
                + "\"files\":[],\"covering_fields\":[3]}]}");
    }

    @Test
    void showsTopLevelIndexesOnlyWhenPresent() {
        IndexV2 index = IndexV2.newBuilder().setId(uuid("0102030405060708090a0b0c0d0e0f10")).setName("labels_idx")
                .addFieldIds(2).setIndexTypeId("lance:btree")
                .addFiles(IndexV2File.newBuilder().setId(uuid("100f0e0d0c0b0a090807060504030201")).setFileSize(99)
                        .setFragmentBitmap(ByteString.copyFrom(FragmentCoverage.of(4, 1).encode())))
                .build();
        ManifestFile file = read(Manifest.newBuilder().setVersion(1).build(),
                IndexSection.newBuilder().addIndicesV2(index).build());

        assertThat(ManifestSummary.of(file).path("indices_v2").toString()).isEqualTo(
                "[{\"name\":\"labels_idx\",\"id\":\"01020304-0506-0708-090a-0b0c0d0e0f10\",\"field_ids\":[2],"
                        + "\"index_type_id\":\"lance:btree\",\"config_type_url\":null,\"files\":[{\"id\":"
                        + "\"100f0e0d-0c0b-0a09-0807-060504030201\",\"file_size\":99,\"fragment_ids\":[1,4]}]}]");
        assertThat(ManifestSummary.of(read(Manifest.newBuilder().setVersion(1).build(), IndexSection.getDefaultInstance()))
                .has("indices_v2")).isFalse();
    }

    @Test
    void aBadTopLevelFileBitmapNamesItsFieldAndOffset() {
        // IndexSection{indices_v2 {id: 16 bytes, files {id: 16 bytes, fragment_bitmap: 9 bytes}}}:
        // section payload at 4; IndexV2 payload at 6, its files entry at 26, the bitmap payload at 46.
        // The 9th bitmap byte is trailing: error at bitmap offset 8, file offset 54.
        String id = "0102030405060708090a0b0c0d0e0f10";
        byte[] section = Bytes.hex("12 31" + "0a 10" + id + "32 1d" + "0a 10" + id + "1a 09" + "3a300000 00000000 ff");
        byte[] manifest = Bytes.hex("18 01 30 00"); // version 1, index_section 0
        byte[] file = new Bytes().u32(section.length).raw(section).u32(manifest.length).raw(manifest)
                .footer(4 + section.length, 0, 2, "LANC").build();

        assertThatThrownBy(() -> ManifestReader.read(file, "t"))
                .isInstanceOfSatisfying(ManifestFormatException.class, e -> {
                    assertThat(e.problem()).isEqualTo(ManifestProblem.INVALID_ROARING);
                    assertThat(e.field()).contains("indices_v2[0].files[0].fragment_bitmap");
                    assertThat(e.offset()).isEqualTo(54);
                });
    }
}
