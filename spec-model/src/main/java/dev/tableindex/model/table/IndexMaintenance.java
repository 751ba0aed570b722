package dev.tableindex.model.table;

import com.google.protobuf.ByteString;
import dev.tableindex.model.manifest.FragmentCoverage;
import dev.tableindex.proto.lance.table.IndexMetadata;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.roaringbitmap.RoaringBitmap;

/**
 * How each operation changes the index segments' {@code fragment_bitmap}s, one pure rule per
 * operation kind (docs/table-lifecycle.md lists where Lance 7.0.0 differs). An unknown bitmap
 * (empty bytes) is left unknown by every rule: the table model recovers unknown bitmaps from the
 * index files when it loads a table, so it meets them only for segments whose files it cannot read.
 */
public final class IndexMaintenance {
    private IndexMaintenance() {
    }

    /** One compaction group: these old fragments were rewritten into these new ones. */
    public record Group(RoaringBitmap oldFragments, RoaringBitmap newFragments) {
    }

    /** The covered fragments of a segment, or empty when its bitmap is unknown. */
    public static Optional<RoaringBitmap> covered(IndexMetadata segment) {
        return FragmentCoverage.fromBytes(segment.getFragmentBitmap().toByteArray()).bitmap();
    }

    public static IndexMetadata withCoverage(IndexMetadata segment, RoaringBitmap fragments) {
        return segment.toBuilder().setFragmentBitmap(ByteString.copyFrom(FragmentCoverage.of(fragments).encode())).build();
    }

    /**
     * Fragments that no longer exist (all rows deleted, or rows moved out by merge_insert) leave
     * every bitmap. The entry stays even when nothing is left: the index is still defined. (Lance
     * 7.0.0 keeps the stale ids and intersects with the live fragments when reading; readers of
     * the kit do the same, so both forms read alike.)
     */
    public static List<IndexMetadata> removeFragments(List<IndexMetadata> segments, RoaringBitmap removed) {
        return segments.stream().map(s -> covered(s)
                .map(b -> withCoverage(s, RoaringBitmap.andNot(b, removed))).orElse(s)).toList();
    }

    /**
     * A column rewritten in place (update_column): its values in the touched fragments are new, so
     * every segment on that field stops covering them; segments on other fields keep them (their
     * values did not change, row addresses neither). Lance's prune_updated_fields_from_indices.
     */
    public static List<IndexMetadata> pruneUpdatedField(List<IndexMetadata> segments, RoaringBitmap touched,
                                                        int fieldId) {
        return segments.stream().map(s -> s.getFieldsList().contains(fieldId)
                ? covered(s).map(b -> withCoverage(s, RoaringBitmap.andNot(b, touched))).orElse(s) : s).toList();
    }

    /** After a schema change only segments whose every field still exists remain (drop, type change). */
    public static List<IndexMetadata> retainFields(List<IndexMetadata> segments, Set<Integer> schemaFieldIds) {
        return segments.stream().filter(s -> schemaFieldIds.containsAll(s.getFieldsList())).toList();
    }

    /**
     * Compaction: for each group whose old fragments were all covered, they leave the bitmap and
     * the new fragments enter it (a new fragment is covered iff all its sources were). A group
     * only partly covered (Lance refuses it; the reference never plans one) leaves its covered old
     * fragments and does not add the new ones: the index covers less, never something it did not
     * index. Example: {0,1,2} with group {0,2}→{4} gives {1,4}.
     */
    public static RoaringBitmap remap(RoaringBitmap covered, List<Group> groups) {
        RoaringBitmap result = covered.clone();
        for (Group group : groups) {
            RoaringBitmap hit = RoaringBitmap.and(covered, group.oldFragments());
            if (hit.isEmpty()) {
                continue;
            }
            result.andNot(group.oldFragments());
            if (hit.equals(group.oldFragments())) {
                result.or(group.newFragments());
            }
        }
        return result;
    }

    /** Whether compaction rewrites the segment (some of its covered fragments are compacted). */
    public static boolean touchedByCompaction(RoaringBitmap covered, List<Group> groups) {
        return groups.stream().anyMatch(g -> RoaringBitmap.intersects(covered, g.oldFragments()));
    }

    /** Live fragments no segment of an index covers: what optimize_indices indexes. */
    public static RoaringBitmap uncovered(RoaringBitmap live, List<IndexMetadata> segmentsOfOneIndex) {
        RoaringBitmap result = live.clone();
        segmentsOfOneIndex.forEach(s -> covered(s).ifPresent(result::andNot));
        return result;
    }
}
