package dev.tableindex.model.table;

import dev.tableindex.proto.lance.table.DataFile;
import dev.tableindex.proto.lance.table.DataOverlayFile;
import dev.tableindex.proto.lance.table.DeletionFile;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.roaringbitmap.RoaringBitmap;

/**
 * A fragment: rows stored in one (stand-in) data file, addressed {@code id << 32 | offset}, and
 * the offsets its deletion file marks deleted. Rows are keyed by field id and hold only the
 * schema's columns. Immutable: every change makes a new fragment.
 *
 * <p>A fragment read from a manifest may carry data overlays ({@code DataFragment.overlays}, reader
 * flag 1&lt;&lt;6). Then {@code rows} holds the CURRENT value of every cell, the base data file's with
 * the overlays applied newest first ({@link TableStore} resolves them), so a scan sees what a reader
 * must see; {@code overlays} keeps the manifest's entries, in order, for the index rule
 * ({@code OverlayExclusion}): an index built before an overlay must not answer for its cells. The
 * reference writer never writes a fragment with overlays ({@link #hasOverlays()}: refused).
 */
public record Fragment(long id, DataFile dataFile, List<Map<Integer, Object>> rows, RoaringBitmap deleted,
                       Optional<DeletionFile> deletionFile, List<DataOverlayFile> overlays) {
    public Fragment {
        List<Map<Integer, Object>> copy = new ArrayList<>();
        rows.forEach(r -> copy.add(Collections.unmodifiableMap(new LinkedHashMap<>(r))));
        rows = Collections.unmodifiableList(copy);
        deleted = deleted.clone();
        overlays = List.copyOf(overlays);
    }

    /** A fragment without overlays: every one the reference writes. */
    public Fragment(long id, DataFile dataFile, List<Map<Integer, Object>> rows, RoaringBitmap deleted,
                    Optional<DeletionFile> deletionFile) {
        this(id, dataFile, rows, deleted, deletionFile, List.of());
    }

    public boolean hasOverlays() {
        return !overlays.isEmpty();
    }

    public int physicalRows() {
        return rows.size();
    }

    public boolean isDeleted(int offset) {
        return deleted.contains(offset);
    }

    public int liveRows() {
        return physicalRows() - deleted.getCardinality();
    }

    /** Offsets of rows not deleted, ascending. */
    public List<Integer> liveOffsets() {
        List<Integer> live = new ArrayList<>();
        for (int offset = 0; offset < rows.size(); offset++) {
            if (!deleted.contains(offset)) {
                live.add(offset);
            }
        }
        return live;
    }

    @Override
    public RoaringBitmap deleted() {
        return deleted.clone();
    }
}
