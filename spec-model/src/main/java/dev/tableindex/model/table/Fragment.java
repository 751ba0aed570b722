package dev.tableindex.model.table;

import dev.tableindex.proto.lance.table.DataFile;
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
 */
public record Fragment(long id, DataFile dataFile, List<Map<Integer, Object>> rows, RoaringBitmap deleted,
                       Optional<DeletionFile> deletionFile) {
    public Fragment {
        List<Map<Integer, Object>> copy = new ArrayList<>();
        rows.forEach(r -> copy.add(Collections.unmodifiableMap(new LinkedHashMap<>(r))));
        rows = Collections.unmodifiableList(copy);
        deleted = deleted.clone();
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
