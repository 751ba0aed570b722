package dev.tableindex.model.index;

import dev.tableindex.model.manifest.FragmentCoverage;
import dev.tableindex.proto.lance.table.DataOverlayFile;
import java.util.List;
import java.util.Optional;
import org.roaringbitmap.RoaringBitmap;

/**
 * Which cells of a fragment an index must not answer for because data overlays changed them after
 * the index was built (lance-table.proto, {@code DataOverlayFile.committed_version}): "an index
 * whose dataset_version &gt;= this value already incorporates this overlay. Otherwise the overlay's
 * covered cells are excluded from index results for the affected fields and re-evaluated against
 * their current values."
 */
public final class OverlayExclusion {
    private OverlayExclusion() {
    }

    /**
     * The row offsets of one fragment whose value of {@code fieldId} comes from an overlay the index
     * (built at {@code indexDatasetVersion}) does not incorporate. The caller removes them from the
     * index's answer and re-evaluates them against the overlay values.
     *
     * @throws IllegalArgumentException when an overlay's coverage bytes are not a Roaring bitmap, or
     *     its per-field coverage does not have one bitmap per field
     */
    public static RoaringBitmap excludedOffsets(long indexDatasetVersion, List<DataOverlayFile> overlays, int fieldId) {
        RoaringBitmap excluded = new RoaringBitmap();
        for (DataOverlayFile overlay : overlays) {
            if (indexDatasetVersion >= overlay.getCommittedVersion()) {
                continue; // the index was built with this overlay already applied
            }
            coverage(overlay, fieldId).ifPresent(excluded::or);
        }
        return excluded;
    }

    /**
     * The row offsets for which an overlay provides a value of {@code fieldId}: its
     * {@code shared_offset_bitmap}, or the field's bitmap in {@code field_coverage}; empty when the
     * overlay's data file does not carry the field.
     *
     * @throws IllegalArgumentException when the coverage bytes are not a Roaring bitmap, or the
     *     per-field coverage does not have one bitmap per field, or there is no coverage
     */
    public static Optional<RoaringBitmap> coverage(DataOverlayFile overlay, int fieldId) {
        int position = overlay.getDataFile().getFieldsList().indexOf(fieldId);
        if (position < 0) {
            return Optional.empty(); // the overlay does not touch this field
        }
        byte[] coverage = switch (overlay.getCoverageCase()) {
            case SHARED_OFFSET_BITMAP -> overlay.getSharedOffsetBitmap().toByteArray();
            case FIELD_COVERAGE -> {
                if (overlay.getFieldCoverage().getOffsetBitmapsCount() != overlay.getDataFile().getFieldsCount()) {
                    throw new IllegalArgumentException("field_coverage has "
                            + overlay.getFieldCoverage().getOffsetBitmapsCount() + " bitmaps for "
                            + overlay.getDataFile().getFieldsCount() + " fields");
                }
                yield overlay.getFieldCoverage().getOffsetBitmaps(position).toByteArray();
            }
            case COVERAGE_NOT_SET -> throw new IllegalArgumentException("overlay without coverage");
        };
        return Optional.of(FragmentCoverage.fromBytes(coverage).bitmap()
                .orElseThrow(() -> new IllegalArgumentException("overlay coverage bitmap is empty bytes")));
    }
}
