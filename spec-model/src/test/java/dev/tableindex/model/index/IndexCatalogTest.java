package dev.tableindex.model.index;

import static dev.tableindex.model.index.Segments.manifest;
import static dev.tableindex.model.index.Segments.segment;
import static dev.tableindex.model.index.Segments.uuid;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.Any;
import com.google.protobuf.ByteString;
import dev.tableindex.model.manifest.FragmentCoverage;
import dev.tableindex.model.manifest.ManifestFile;
import dev.tableindex.proto.lance.table.IndexMetadata;
import dev.tableindex.proto.lance.table.IndexV2;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.roaringbitmap.RoaringBitmap;

class IndexCatalogTest {
    private static final long[] LIVE = {1, 2, 3};

    private static List<Long> ids(RoaringBitmap bitmap) {
        List<Long> ids = new ArrayList<>();
        bitmap.forEach((int id) -> ids.add((long) id));
        return ids;
    }

    @Test
    void consistentV2IsPreferredAndCoverageIsIntersectedWithLiveFragments() {
        List<IndexMetadata> legacy = List.of(segment(1, "id_idx", List.of(0), 0, 1).build(),
                segment(2, "id_idx", List.of(0), 2).build());
        IndexCatalog catalog = IndexCatalog.of(manifest(2, LIVE, 0, 0, legacy, IndexV2Projection.toV2(legacy)),
                IndexCatalog.CoverageRecovery.NONE);
        assertThat(catalog.source()).isEqualTo(IndexCatalog.Source.V2);
        IndexCatalog.Index index = catalog.byName("id_idx").orElseThrow();
        assertThat(index.segments()).extracting(IndexCatalog.Segment::uuid).containsExactly(uuid(1), uuid(2));
        assertThat(ids(index.coverage())).containsExactly(1L, 2L); // stale fragment 0 is not live
        assertThat(index.typeId()).isEqualTo("lance:btree");
        assertThat(index.segments().get(0).files().get(0).recordedSize()).hasValue(101);
    }

    @Test
    void legacyWinsWhenAnOldWriterChangedOnlyTheLegacyEntries() {
        List<IndexMetadata> before = List.of(segment(1, "id_idx", List.of(0), 1, 2).build());
        List<IndexV2> v2 = IndexV2Projection.toV2(before);
        // an old writer pruned fragment 2 (column rewrite) in the legacy entry only
        List<IndexMetadata> after = List.of(segment(1, "id_idx", List.of(0), 1).build());
        IndexCatalog catalog = IndexCatalog.of(manifest(2, LIVE, 0, 0, after, v2), IndexCatalog.CoverageRecovery.NONE);
        assertThat(catalog.source()).isEqualTo(IndexCatalog.Source.LEGACY);
        assertThat(catalog.sourceNote()).hasValueSatisfying(n -> assertThat(n).contains("fragment_bitmap"));
        assertThat(ids(catalog.byName("id_idx").orElseThrow().coverage())).containsExactly(1L);
        // an old writer dropped the index: V2 still names it, the reader has none
        IndexCatalog dropped = IndexCatalog.of(manifest(2, LIVE, 0, 0, List.of(), v2), IndexCatalog.CoverageRecovery.NONE);
        assertThat(dropped.indexes()).isEmpty();
        assertThat(dropped.sourceNote()).hasValueSatisfying(n -> assertThat(n).contains("index names"));
    }

    @Test
    void withTheKitFlagV2AloneIsRead() {
        List<IndexV2> v2 = IndexV2Projection.toV2(List.of(segment(1, "id_idx", List.of(0), 1).build()));
        IndexCatalog catalog = IndexCatalog.of(manifest(2, LIVE, 0, FeatureFlags.LEGACY_INDEX_METADATA_DROPPED,
                List.of(), v2), IndexCatalog.CoverageRecovery.NONE);
        assertThat(catalog.source()).isEqualTo(IndexCatalog.Source.V2);
        assertThat(ids(catalog.byName("id_idx").orElseThrow().coverage())).containsExactly(1L);
    }

    @Test
    void aSegmentWithANewerIndexVersionIsIgnored() {
        List<IndexMetadata> legacy = List.of(segment(1, "id_idx", List.of(0), 1).setIndexVersion(1).build(),
                segment(2, "id_idx", List.of(0), 2).build(),
                segment(3, "t_idx", List.of(1), 1).setIndexDetails(Any.newBuilder()
                        .setTypeUrl(IndexTypes.LABEL_LIST_URL)).setIndexVersion(1).build());
        IndexCatalog catalog = IndexCatalog.of(manifest(2, LIVE, 0, 0, legacy, List.of()),
                IndexCatalog.CoverageRecovery.NONE);
        IndexCatalog.Index index = catalog.byName("id_idx").orElseThrow();
        assertThat(index.segments()).extracting(IndexCatalog.Segment::uuid).containsExactly(uuid(2));
        assertThat(ids(index.coverage())).containsExactly(2L);
        assertThat(catalog.ignored()).extracting(IndexCatalog.Ignored::segment).containsExactly(Optional.of(uuid(1)));
        assertThat(catalog.byName("t_idx")).isPresent(); // label_list 1 is known
    }

    @Test
    void unknownTypesAndMissingDetailsAreNotUsed() {
        List<IndexMetadata> legacy = List.of(
                segment(1, "foo_idx", List.of(0), 1).setIndexDetails(Any.newBuilder().setTypeUrl("/example.FooIndexDetails")).build(),
                segment(2, "bare_idx", List.of(0), 1).clearIndexDetails().build(),
                segment(3, "gone_idx", List.of(7), 1).build());
        IndexCatalog catalog = IndexCatalog.of(manifest(2, LIVE, 0, 0, legacy, List.of()),
                IndexCatalog.CoverageRecovery.NONE);
        assertThat(catalog.indexes()).isEmpty();
        assertThat(catalog.ignored()).extracting(IndexCatalog.Ignored::name).containsExactly("foo_idx", "bare_idx", "gone_idx");
    }

    @Test
    void coveringFieldsMustBeAKeyedSuffixUnderFlag128() {
        IndexMetadata valid = segment(1, "c_idx", List.of(0, 1), 1).addCoveringFields(1).build();
        assertThat(IndexCatalog.of(manifest(2, LIVE, FeatureFlags.COVERING_INDEX_FIELDS, 0, List.of(valid), List.of()),
                IndexCatalog.CoverageRecovery.NONE).byName("c_idx").orElseThrow().keyedFieldIds()).containsExactly(0);
        // without the reader flag
        assertThat(IndexCatalog.of(manifest(2, LIVE, 0, 0, List.of(valid), List.of()),
                IndexCatalog.CoverageRecovery.NONE).indexes()).isEmpty();
        // not a suffix
        IndexMetadata notSuffix = segment(1, "c_idx", List.of(0, 1), 1).addCoveringFields(0).build();
        assertThat(IndexCatalog.of(manifest(2, LIVE, FeatureFlags.COVERING_INDEX_FIELDS, 0, List.of(notSuffix),
                List.of()), IndexCatalog.CoverageRecovery.NONE).indexes()).isEmpty();
        // no keyed field left
        IndexMetadata allCovering = segment(1, "c_idx", List.of(0, 1), 1).addCoveringFields(0).addCoveringFields(1).build();
        assertThat(IndexCatalog.of(manifest(2, LIVE, FeatureFlags.COVERING_INDEX_FIELDS, 0, List.of(allCovering),
                List.of()), IndexCatalog.CoverageRecovery.NONE).indexes()).isEmpty();
    }

    @Test
    void unknownCoverageIsRecoveredFromTheIndexFileOrScanned() {
        IndexMetadata unknown = segment(1, "id_idx", List.of(0)).setFragmentBitmap(ByteString.EMPTY).build();
        ManifestFile file = manifest(2, LIVE, 0, 0, List.of(unknown), List.of());
        RoaringBitmap fromFile = RoaringBitmap.bitmapOf(2, 3, 9);
        IndexCatalog recovered = IndexCatalog.of(file, u -> Optional.of(fromFile));
        IndexCatalog.Index index = recovered.byName("id_idx").orElseThrow();
        assertThat(ids(index.coverage())).containsExactly(2L, 3L);
        assertThat(index.segments().get(0).coverageRecovered()).isTrue();
        IndexCatalog scanned = IndexCatalog.of(file, IndexCatalog.CoverageRecovery.NONE);
        assertThat(ids(scanned.byName("id_idx").orElseThrow().coverage())).isEmpty();
        // the empty bitmap (8 bytes) is known coverage of nothing, not unknown
        IndexMetadata empty = segment(1, "id_idx", List.of(0)).build();
        assertThat(empty.getFragmentBitmap().toByteArray()).isEqualTo(FragmentCoverage.of().encode());
        assertThat(IndexCatalog.of(manifest(2, LIVE, 0, 0, List.of(empty), List.of()), u -> Optional.of(fromFile))
                .byName("id_idx").orElseThrow().segments().get(0).coverageRecovered()).isFalse();
    }
}
