package dev.tableindex.model.table;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.Any;
import dev.tableindex.proto.lance.table.IndexMetadata;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.roaringbitmap.RoaringBitmap;

class IndexMaintenanceTest {
    private static IndexMetadata segment(String name, int field, int... fragments) {
        return IndexBuilder.segment(new UUID(1, field), name, List.of(field), 1, RoaringBitmap.bitmapOf(fragments),
                Any.getDefaultInstance(), 0, 0,
                new IndexFileContent(dev.tableindex.model.index.IndexTypes.Kind.BTREE, List.of()));
    }

    private static IndexMaintenance.Group group(int[] from, int[] to) {
        return new IndexMaintenance.Group(RoaringBitmap.bitmapOf(from), RoaringBitmap.bitmapOf(to));
    }

    @Test
    void compactionRemapExampleFromLance() {
        // 7.0.0 observed: {0,1,2} with group {0,2} -> {4} became {1,4}
        assertThat(IndexMaintenance.remap(RoaringBitmap.bitmapOf(0, 1, 2), List.of(group(new int[] {0, 2}, new int[] {4}))))
                .isEqualTo(RoaringBitmap.bitmapOf(1, 4));
        // a group the index did not cover changes nothing
        assertThat(IndexMaintenance.remap(RoaringBitmap.bitmapOf(1), List.of(group(new int[] {0, 2}, new int[] {4}))))
                .isEqualTo(RoaringBitmap.bitmapOf(1));
        // a group only partly covered: the covered old fragment leaves, the new one is not added
        assertThat(IndexMaintenance.remap(RoaringBitmap.bitmapOf(0, 1), List.of(group(new int[] {0, 2}, new int[] {4}))))
                .isEqualTo(RoaringBitmap.bitmapOf(1));
    }

    @Test
    void columnRewritePrunesOnlySegmentsOnThatField() {
        List<IndexMetadata> after = IndexMaintenance.pruneUpdatedField(
                List.of(segment("a", 0, 0, 1, 2), segment("b", 1, 0, 1, 2)), RoaringBitmap.bitmapOf(1, 2), 0);
        assertThat(IndexMaintenance.covered(after.get(0))).hasValue(RoaringBitmap.bitmapOf(0));
        assertThat(IndexMaintenance.covered(after.get(1))).hasValue(RoaringBitmap.bitmapOf(0, 1, 2));
    }

    @Test
    void removedFragmentsLeaveBitmapsButEntriesStay() {
        List<IndexMetadata> after = IndexMaintenance.removeFragments(List.of(segment("a", 0, 0, 1)),
                RoaringBitmap.bitmapOf(0, 1));
        assertThat(after).hasSize(1);
        assertThat(IndexMaintenance.covered(after.get(0))).hasValue(new RoaringBitmap());
    }

    @Test
    void schemaChangesKeepOnlySegmentsWhoseFieldsExist() {
        assertThat(IndexMaintenance.retainFields(List.of(segment("a", 0, 0), segment("b", 1, 0)), Set.of(1)))
                .extracting(IndexMetadata::getName).containsExactly("b");
    }

    @Test
    void optimizeIndexesWhatNoSegmentCovers() {
        assertThat(IndexMaintenance.uncovered(RoaringBitmap.bitmapOf(0, 1, 2, 3),
                List.of(segment("a", 0, 0), segment("a", 0, 2, 7)))).isEqualTo(RoaringBitmap.bitmapOf(1, 3));
    }
}
