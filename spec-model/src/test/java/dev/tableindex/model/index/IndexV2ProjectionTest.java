package dev.tableindex.model.index;

import static dev.tableindex.model.index.Segments.bytes;
import static dev.tableindex.model.index.Segments.segment;
import static dev.tableindex.model.index.Segments.uuid;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.protobuf.Any;
import dev.tableindex.proto.lance.table.IndexFile;
import dev.tableindex.proto.lance.table.IndexMetadata;
import dev.tableindex.proto.lance.table.IndexV2;
import dev.tableindex.proto.lance.table.IndexV2File;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class IndexV2ProjectionTest {
    @Test
    void segmentsOfOneNameBecomeFilesOfOneIndex() {
        IndexMetadata a = segment(1, "id_idx", List.of(0), 0, 1).build();
        IndexMetadata b = segment(2, "id_idx", List.of(0), 2).build();
        IndexMetadata c = segment(3, "name_idx", List.of(1)).build();
        List<IndexV2> v2 = IndexV2Projection.toV2(List.of(a, b, c), n -> n.equals("id_idx")
                ? Optional.of(uuid(9)) : Optional.empty());
        assertThat(v2).extracting(IndexV2::getName).containsExactly("id_idx", "name_idx");
        IndexV2 id = v2.get(0);
        assertThat(id.getId()).isEqualTo(bytes(uuid(9)));
        assertThat(id.getFieldIdsList()).containsExactly(0);
        assertThat(id.getIndexTypeId()).isEqualTo("lance:btree");
        assertThat(id.getIndexConfig()).isEqualTo(Segments.BTREE);
        assertThat(id.getFilesList()).extracting(IndexV2File::getFileSize).containsExactly(101L, 102L);
        assertThat(id.getFiles(0).getId()).isEqualTo(bytes(uuid(1)));
        // {0,1}: cookie 12346, one container of cardinality 2 (stored as 1), values 0 and 1
        assertThat(HexFormat.of().formatHex(id.getFiles(0).getFragmentBitmap().toByteArray()))
                .isEqualTo("3a3000000100000000000100100000000000" + "0100");
        // an empty bitmap stays 8 bytes, never empty
        assertThat(HexFormat.of().formatHex(v2.get(1).getFiles(0).getFragmentBitmap().toByteArray()))
                .isEqualTo("3a30000000000000");
        // a legacy-only index gets an id derived from what does not change
        assertThat(v2.get(1).getId()).isEqualTo(bytes(IndexV2Projection.derivedId(c)));
    }

    @Test
    void roundTripsBothWays() {
        List<IndexMetadata> legacy = List.of(segment(1, "id_idx", List.of(0), 0, 1).build(),
                segment(2, "id_idx", List.of(0), 2).build(), segment(3, "name_idx", List.of(1), 0).build());
        List<IndexV2> v2 = IndexV2Projection.toV2(legacy);
        List<IndexMetadata> back = IndexV2Projection.toLegacy(v2, legacy, 99, OptionalLong.of(5));
        assertThat(back).isEqualTo(legacy);
        assertThat(IndexV2Projection.toV2(back)).isEqualTo(v2);
    }

    @Test
    void aNewFileGetsTheVersionReadAndTheTypesIndexVersion() {
        IndexV2 index = IndexV2.newBuilder().setId(bytes(uuid(9))).setName("n_idx").addFieldIds(4)
                .setIndexTypeId("lance:labellist")
                .setIndexConfig(Any.newBuilder().setTypeUrl(IndexTypes.LABEL_LIST_URL))
                .addFiles(IndexV2File.newBuilder().setId(bytes(uuid(1))).setFileSize(77)
                        .setFragmentBitmap(com.google.protobuf.ByteString.copyFrom(
                                dev.tableindex.model.manifest.FragmentCoverage.of(3).encode()))).build();
        IndexMetadata entry = IndexV2Projection.toLegacy(List.of(index), List.of(), 7, OptionalLong.of(1234)).get(0);
        assertThat(entry.getDatasetVersion()).isEqualTo(7);
        assertThat(entry.getCreatedAt()).isEqualTo(1234);
        assertThat(entry.getIndexVersion()).isEqualTo(1);
        assertThat(entry.getFilesList()).containsExactly(IndexFile.newBuilder().setPath("index.idx").setSizeBytes(77).build());
        assertThat(entry.getFieldsList()).containsExactly(4);
        assertThat(entry.getUuid().getUuid()).isEqualTo(bytes(uuid(1)));
    }

    @Test
    void refusesWhatCannotBeMapped() {
        assertThatThrownBy(() -> IndexV2Projection.toV2(List.of(segment(1, "x", List.of(0), 0).build(),
                segment(2, "x", List.of(1), 1).build())))
                .isInstanceOfSatisfying(IndexProjectionException.class, e -> {
                    assertThat(e.indexName()).isEqualTo("x");
                    assertThat(e.field()).isEqualTo("fields");
                });
        assertThatThrownBy(() -> IndexV2Projection.toV2(List.of(segment(1, "x", List.of(0), 0, 1).build(),
                segment(2, "x", List.of(0), 1).build())))
                .isInstanceOfSatisfying(IndexProjectionException.class,
                        e -> assertThat(e.field()).isEqualTo("fragment_bitmap"));
        IndexMetadata lanceSegment = segment(1, "x", List.of(0), 0).clearFiles()
                .addFiles(IndexFile.newBuilder().setPath("page_data.lance").setSizeBytes(238))
                .addFiles(IndexFile.newBuilder().setPath("page_lookup.lance").setSizeBytes(475)).build();
        // several files: one IndexV2File of unknown size (decision 0004); the legacy entry keeps the sizes
        IndexV2 projected = IndexV2Projection.toV2(List.of(lanceSegment)).get(0);
        assertThat(projected.getFilesList()).singleElement().satisfies(f -> {
            assertThat(f.getId()).isEqualTo(lanceSegment.getUuid().getUuid());
            assertThat(f.getFileSize()).isZero();
        });
        assertThat(IndexV2Projection.toLegacy(List.of(projected), List.of(lanceSegment), 9, OptionalLong.empty()))
                .containsExactly(lanceSegment);
        IndexMetadata otherType = segment(2, "x", List.of(0), 1).setIndexDetails(
                Any.newBuilder().setTypeUrl(IndexTypes.BITMAP_URL)).build();
        assertThatThrownBy(() -> IndexV2Projection.toV2(List.of(segment(1, "x", List.of(0), 0).build(), otherType)))
                .isInstanceOfSatisfying(IndexProjectionException.class,
                        e -> assertThat(e.field()).isEqualTo("index_details"));
        List<IndexV2> overlapping = IndexV2Projection.toV2(List.of(segment(1, "x", List.of(0), 0).build()));
        IndexV2 twice = overlapping.get(0).toBuilder().addFiles(overlapping.get(0).getFiles(0).toBuilder()
                .setId(bytes(uuid(2)))).build();
        assertThatThrownBy(() -> IndexV2Projection.toLegacy(List.of(twice), List.of(), 1, OptionalLong.empty()))
                .isInstanceOfSatisfying(IndexProjectionException.class,
                        e -> assertThat(e.field()).isEqualTo("fragment_bitmap"));
    }

    @Test
    void typeIdsReserveTheLancePrefixForLancesPackages() {
        assertThat(IndexTypes.typeId("/lance.table.BTreeIndexDetails")).isEqualTo("lance:btree");
        assertThat(IndexTypes.typeId("/lance.table.BitmapIndexDetails")).isEqualTo("lance:bitmap");
        assertThat(IndexTypes.typeId("/lance.table.LabelListIndexDetails")).isEqualTo("lance:labellist");
        assertThat(IndexTypes.typeId("/lance.index.pb.VectorIndexDetails")).isEqualTo("lance:vector");
        assertThat(IndexTypes.typeId("/lance.index.pb.BloomFilterIndexDetails")).isEqualTo("lance:bloomfilter");
        assertThat(IndexTypes.typeId("/example.FooIndexDetails")).isEqualTo("/example.FooIndexDetails");
        assertThat(IndexTypes.typeId("type.googleapis.com/acme.lance.BTreeIndexDetails"))
                .isEqualTo("type.googleapis.com/acme.lance.BTreeIndexDetails");
    }
}
