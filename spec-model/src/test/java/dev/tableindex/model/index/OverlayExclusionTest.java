package dev.tableindex.model.index;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.ByteString;
import dev.tableindex.model.manifest.FragmentCoverage;
import dev.tableindex.proto.lance.table.DataFile;
import dev.tableindex.proto.lance.table.DataOverlayFile;
import dev.tableindex.proto.lance.table.FieldCoverage;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.roaringbitmap.RoaringBitmap;

class OverlayExclusionTest {
    private static ByteString offsets(long... offsets) {
        return ByteString.copyFrom(FragmentCoverage.of(offsets).encode());
    }

    private static final DataOverlayFile DENSE_V5 = DataOverlayFile.newBuilder()
            .setDataFile(DataFile.newBuilder().addFields(0).addFields(1)).setSharedOffsetBitmap(offsets(1, 2))
            .setCommittedVersion(5).build();
    private static final DataOverlayFile SPARSE_V7 = DataOverlayFile.newBuilder()
            .setDataFile(DataFile.newBuilder().addFields(0).addFields(2))
            .setFieldCoverage(FieldCoverage.newBuilder().addOffsetBitmaps(offsets(4)).addOffsetBitmaps(offsets(8)))
            .setCommittedVersion(7).build();

    @Test
    void anIndexBuiltBeforeAnOverlayMustNotAnswerForItsCells() {
        assertThat(OverlayExclusion.excludedOffsets(4, List.of(DENSE_V5, SPARSE_V7), 0))
                .isEqualTo(RoaringBitmap.bitmapOf(1, 2, 4));
        // dataset_version >= committed_version: the overlay is incorporated
        assertThat(OverlayExclusion.excludedOffsets(5, List.of(DENSE_V5, SPARSE_V7), 0))
                .isEqualTo(RoaringBitmap.bitmapOf(4));
        assertThat(OverlayExclusion.excludedOffsets(7, List.of(DENSE_V5, SPARSE_V7), 0)).isEqualTo(new RoaringBitmap());
        // only the overlays that touch the field, with that field's coverage
        assertThat(OverlayExclusion.excludedOffsets(0, List.of(DENSE_V5, SPARSE_V7), 2))
                .isEqualTo(RoaringBitmap.bitmapOf(8));
        assertThat(OverlayExclusion.excludedOffsets(0, List.of(DENSE_V5, SPARSE_V7), 3)).isEqualTo(new RoaringBitmap());
    }
}
