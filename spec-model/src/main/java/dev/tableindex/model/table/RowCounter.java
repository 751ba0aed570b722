package dev.tableindex.model.table;

import dev.tableindex.model.index.IndexCatalog;
import dev.tableindex.model.index.OverlayExclusion;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.roaringbitmap.RoaringBitmap;

/**
 * count_rows: how many live rows a filter holds TRUE for, by scanning or with an index. With an
 * index, the first comparison on a column that a usable btree or bitmap index is keyed on is
 * answered from the index file for the fragments the index covers (the reader's effective
 * coverage), and the other fragments are scanned; deleted rows never come out of an index. The
 * index's comparison is NOT re-checked against the row, so a maintenance error shows as a count
 * that differs from the scan.
 *
 * <p>Data overlays (lance-table.proto, DataOverlayFile.committed_version): a segment whose
 * {@code dataset_version} is below an overlay's {@code committed_version} does not answer for the
 * overlay's cells of the index's fields ({@link OverlayExclusion}); its entries for those offsets are
 * dropped and those rows are re-evaluated on their current values (the fragment's rows, overlays
 * applied), so a row whose indexed value changed is neither missed nor counted on its old value.
 */
public final class RowCounter {
    private RowCounter() {
    }

    public static long scan(TableVersion table, Filter filter) {
        List<Integer> ids = filter.bind(table.schema());
        long count = 0;
        for (Fragment fragment : table.fragments()) {
            count += scanFragment(fragment, filter, ids);
        }
        return count;
    }

    public static long withIndex(TableVersion table, Filter filter, IndexCatalog catalog) {
        return withChoice(table, filter, choose(filter, filter.bind(table.schema()), catalog));
    }

    /**
     * count_rows answering {@code choice}'s conjunct from its index (as {@link #withIndex} does with the
     * index {@link #choose} picks), or scanning when there is none.
     */
    public static long withChoice(TableVersion table, Filter filter, Optional<Choice> choice) {
        List<Integer> ids = filter.bind(table.schema());
        if (choice.isEmpty()) {
            return scan(table, filter);
        }
        Choice c = choice.get();
        Filter rest = new Filter(without(filter.conjuncts(), c.conjunct()));
        List<Integer> restIds = without(ids, c.conjunct());
        Filter.Comparison indexed = filter.conjuncts().get(c.conjunct());
        Map<UUID, Map<Long, List<IndexFileContent.Entry>>> byFragment = new HashMap<>();
        long count = 0;
        for (Fragment fragment : table.fragments()) {
            Optional<IndexCatalog.Segment> segment = c.index().segmentFor(fragment.id());
            IndexFileContent content = segment.map(s -> table.indexFiles().get(s.uuid())).orElse(null);
            if (content == null) {
                count += scanFragment(fragment, filter, ids); // not covered, or no readable file
                continue;
            }
            List<IndexFileContent.Entry> entries = byFragment.computeIfAbsent(segment.get().uuid(), u -> group(content))
                    .getOrDefault(fragment.id(), List.of());
            RoaringBitmap excluded = excluded(fragment, segment.get().datasetVersion(), c.index().fieldIds());
            for (IndexFileContent.Entry entry : entries) {
                int offset = RowAddress.offset(entry.rowAddress());
                if (Boolean.TRUE.equals(indexed.test(entry.value())) && offset < fragment.physicalRows()
                        && !fragment.isDeleted(offset) && !excluded.contains(offset)
                        && Boolean.TRUE.equals(rest.evaluate(fragment.rows().get(offset), restIds))) {
                    count++;
                }
            }
            for (int offset : excluded) { // not the index's to answer: re-evaluated on the current values
                if (offset >= 0 && offset < fragment.physicalRows() && !fragment.isDeleted(offset)
                        && Boolean.TRUE.equals(filter.evaluate(fragment.rows().get(offset), ids))) {
                    count++;
                }
            }
        }
        return count;
    }

    /** The index and the conjunct it answers: the first comparison with a usable index on its column. */
    public record Choice(IndexCatalog.Index index, int conjunct) {
    }

    public static Optional<Choice> choose(Filter filter, List<Integer> fieldIds, IndexCatalog catalog) {
        for (int i = 0; i < fieldIds.size(); i++) {
            int field = fieldIds.get(i);
            for (IndexCatalog.Index index : catalog.indexes()) {
                if (index.kind().answersComparisons() && index.keyedFieldIds().get(0) == field) {
                    return Optional.of(new Choice(index, i));
                }
            }
        }
        return Optional.empty();
    }

    /**
     * The offsets of a fragment the segment (built at {@code datasetVersion}) must not answer for:
     * the cells of any of the index's fields that an overlay newer than the segment changed.
     */
    static RoaringBitmap excluded(Fragment fragment, long datasetVersion, List<Integer> indexFieldIds) {
        RoaringBitmap excluded = new RoaringBitmap();
        if (!fragment.hasOverlays()) {
            return excluded;
        }
        for (int field : indexFieldIds) {
            try {
                excluded.or(OverlayExclusion.excludedOffsets(datasetVersion, fragment.overlays(), field));
            } catch (IllegalArgumentException e) {
                throw TableException.invalid("fragment " + fragment.id() + ": bad overlay: " + e.getMessage());
            }
        }
        return excluded;
    }

    private static long scanFragment(Fragment fragment, Filter filter, List<Integer> ids) {
        long count = 0;
        for (int offset : fragment.liveOffsets()) {
            if (Boolean.TRUE.equals(filter.evaluate(fragment.rows().get(offset), ids))) {
                count++;
            }
        }
        return count;
    }

    private static Map<Long, List<IndexFileContent.Entry>> group(IndexFileContent content) {
        Map<Long, List<IndexFileContent.Entry>> result = new HashMap<>();
        content.entries().forEach(e -> result.computeIfAbsent(RowAddress.fragmentId(e.rowAddress()),
                f -> new ArrayList<>()).add(e));
        return result;
    }

    private static <T> List<T> without(List<T> list, int index) {
        List<T> copy = new ArrayList<>(list);
        copy.remove(index);
        return copy;
    }
}
