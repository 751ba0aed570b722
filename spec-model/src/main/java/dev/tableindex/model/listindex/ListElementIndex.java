package dev.tableindex.model.listindex;

import dev.tableindex.model.key.KeyRows;
import dev.tableindex.model.key.KeyType;
import dev.tableindex.model.key.arrow.KeyTupleVectors;
import dev.tableindex.model.key.arrow.StructKeyEncoder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.IntStream;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.memory.RootAllocator;
import org.apache.arrow.vector.complex.StructVector;

/**
 * One segment of a list element index, as its target BTree's logical content ("Storage Layout"):
 * {@code page_data} has one row per element (values = the element's encoded key tuple, the all-null
 * tuple for a null element; ids = the row address), one row with null values per null list, none for
 * an empty list; rows sorted by values, nulls first, ties by row address (our choice: the spec leaves
 * it open and no answer depends on it). {@code page_lookup} has one row per page of {@code pageSize}
 * rows: first and last values, null count, page index.
 */
public final class ListElementIndex implements ListElementSegment {
    /** Lance's BTree default page size (DEFAULT_BTREE_BATCH_SIZE). */
    public static final int DEFAULT_PAGE_SIZE = 4096;
    /** Elements encoded per batch. */
    private static final int BATCH = 65_536;

    /** A page_data row; {@code values} null for a null list. */
    public record Entry(byte[] values, long rowAddress) {
        @Override
        public boolean equals(Object other) {
            return other instanceof Entry e && Arrays.equals(values, e.values) && rowAddress == e.rowAddress;
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(values) * 31 + Long.hashCode(rowAddress);
        }
    }

    /** A page_lookup row. */
    public record Page(byte[] min, byte[] max, int nullCount, int pageIdx) {
    }

    private static final Comparator<Entry> ORDER = Comparator
            .comparing(Entry::values, Comparator.nullsFirst(Arrays::compareUnsigned))
            .thenComparingLong(Entry::rowAddress);

    private final ListElementIndexDetails details;
    private final Set<Long> coveredFragments;
    private final List<Entry> pageData;
    private final List<Page> pageLookup;
    private final int pageSize;

    private ListElementIndex(ListElementIndexDetails details, Set<Long> covered, List<Entry> pageData, int pageSize) {
        this.details = details;
        this.coveredFragments = Set.copyOf(covered);
        this.pageData = List.copyOf(pageData);
        this.pageSize = pageSize;
        List<Page> pages = new ArrayList<>();
        for (int start = 0, idx = 0; start < pageData.size(); start += pageSize, idx++) {
            List<Entry> page = pageData.subList(start, Math.min(start + pageSize, pageData.size()));
            int nulls = (int) page.stream().filter(e -> e.values() == null).count();
            pages.add(new Page(page.get(0).values(), page.get(page.size() - 1).values(), nulls, idx));
        }
        this.pageLookup = List.copyOf(pages);
    }

    /**
     * Builds a segment over the non-deleted rows of {@code fragments} of {@code table}, keyed on the
     * fields with {@code keyFieldIds}, in that order.
     */
    public static ListElementIndex build(IndexedTable table, List<Integer> keyFieldIds, Set<Long> fragments, int pageSize) {
        List<Integer> positions = keyPositions(table, keyFieldIds);
        List<KeyType> types = new ArrayList<>();
        List<String> names = new ArrayList<>();
        for (int position : positions) {
            types.add(table.element().fields().get(position).type());
            names.add(table.element().fields().get(position).name());
        }
        List<Entry> entries = new ArrayList<>(entries(table, keyFieldIds, fragments));
        entries.sort(ORDER);
        return new ListElementIndex(new ListElementIndexDetails(keyFieldIds, names, types,
                ListElementIndexDetails.ARROW_ROW_V1, 1), new TreeSet<>(fragments), entries, pageSize);
    }

    /**
     * What a writer hands its target BTree ("Storage Layout"), in table order, unsorted: one entry per element of
     * the non-deleted rows of {@code fragments} (values = the element's key tuple on the fields with
     * {@code keyFieldIds}, encoded; the all-null tuple for a null element), one entry with null values per null
     * list, none for an empty list; each with the row address of its row.
     */
    public static List<Entry> entries(IndexedTable table, List<Integer> keyFieldIds, Set<Long> fragments) {
        List<Integer> positions = keyPositions(table, keyFieldIds);
        List<KeyType> types = positions.stream().map(p -> table.element().fields().get(p).type()).toList();
        List<Entry> entries = new ArrayList<>();
        int[] keyPositions = positions.stream().mapToInt(Integer::intValue).toArray();
        try (BufferAllocator allocator = new RootAllocator()) {
            KeyRows rows = new KeyRows();
            for (IndexedTable.Fragment fragment : table.fragments()) {
                if (!fragments.contains(fragment.id())) {
                    continue;
                }
                List<Object[]> elements = new ArrayList<>();
                List<Long> addresses = new ArrayList<>();
                for (int offset = 0; offset < fragment.rows().size(); offset++) {
                    if (fragment.deleted().contains(offset)) {
                        continue;
                    }
                    long address = IndexedTable.rowAddress(fragment.id(), offset);
                    List<Object[]> list = fragment.rows().get(offset);
                    if (list == null) {
                        entries.add(new Entry(null, address));
                        continue;
                    }
                    for (Object[] element : list) {
                        elements.add(element);
                        addresses.add(address);
                    }
                }
                encodeElements(types, keyPositions, elements, addresses, allocator, rows, entries);
            }
        }
        return entries;
    }

    /** The element fields' positions of {@code keyFieldIds}, refused unless at least one and distinct. */
    private static List<Integer> keyPositions(IndexedTable table, List<Integer> keyFieldIds) {
        if (keyFieldIds.isEmpty() || new HashSet<>(keyFieldIds).size() != keyFieldIds.size()) {
            throw new IllegalArgumentException("key field ids must be at least one and distinct: " + keyFieldIds);
        }
        List<Integer> positions = new ArrayList<>();
        for (int id : keyFieldIds) {
            int position = table.fieldIds().indexOf(id);
            if (position < 0) {
                throw new IllegalArgumentException("no element field has id " + id + " (ids: " + table.fieldIds() + ")");
            }
            positions.add(position);
        }
        return positions;
    }

    /**
     * A segment as someone else wrote it: its details, the fragments it covers and its page_data rows
     * in stored order, read back in pages of {@code pageSize} ("read the target exactly as a standalone
     * BTree"). The rows are taken as they are: a reader does not re-sort or re-check them.
     */
    public static ListElementIndex of(ListElementIndexDetails details, Set<Long> covered, List<Entry> pageData, int pageSize) {
        if (pageSize < 1) {
            throw new IllegalArgumentException("page size must be 1 or more, not " + pageSize);
        }
        return new ListElementIndex(details, covered, pageData, pageSize);
    }

    public int pageSize() {
        return pageSize;
    }

    /**
     * Adds one entry per element: its key tuple (the all-null tuple for a null element), encoded through
     * Arrow in batches ({@link StructKeyEncoder#encodeBatch}), as an index writer reading Arrow data would.
     */
    private static void encodeElements(List<KeyType> types, int[] positions, List<Object[]> elements, List<Long> addresses,
            BufferAllocator allocator, KeyRows rows, List<Entry> entries) {
        KeyTupleVectors.Tuples tuples = new KeyTupleVectors.Tuples() {
            @Override
            public boolean isNull(int row) {
                return elements.get(row) == null;
            }

            @Override
            public Object value(int row, int key) {
                return elements.get(row)[positions[key]];
            }
        };
        try (StructVector struct = KeyTupleVectors.struct(types, elements.size(), tuples, allocator)) {
            StructKeyEncoder encoder = new StructKeyEncoder(struct, IntStream.range(0, types.size()).toArray());
            for (int from = 0; from < elements.size(); from += BATCH) {
                encoder.encodeBatch(from, Math.min(BATCH, elements.size() - from), rows);
                for (int i = 0; i < rows.count(); i++) {
                    entries.add(new Entry(rows.row(i), addresses.get(from + i)));
                }
            }
        }
    }

    /** The same content described by other details (e.g. as read after the schema changed under it). */
    ListElementIndex withDetails(ListElementIndexDetails other) {
        return new ListElementIndex(other, coveredFragments, pageData, pageSize);
    }

    /** Builds over {@code fragments} keyed on the fields with these current names, in order. */
    public static ListElementIndex buildOnNames(IndexedTable table, List<String> keyNames, Set<Long> fragments, int pageSize) {
        List<Integer> ids = new ArrayList<>();
        for (String name : keyNames) {
            int position = table.element().indexOf(name).orElseThrow(() -> new IllegalArgumentException(
                    "no element field named '" + name + "' (fields: " + table.element().names() + ")"));
            ids.add(table.fieldIds().get(position));
        }
        return build(table, ids, fragments, pageSize);
    }

    /**
     * A new segment of the index whose segments have the details {@code existing}, over {@code fragments}
     * of the table as it is now ("Every segment of one logical index has the same key_field_ids, key_types
     * and key_encoding. Their keys may differ, if they were written on either side of a rename."): keyed on
     * the index's key field ids, in the index's key order, with the names the fields have now. Refused
     * (IllegalArgumentException) when no segment can agree with the index: its segments already disagree,
     * its key encoding is not one this writer knows, or a key field is no longer a direct child of the
     * element struct or no longer has the recorded type (the kit's writer does not re-type an index; it
     * leaves that to a rebuild).
     */
    public static ListElementIndex joining(IndexedTable table, List<ListElementIndexDetails> existing, Set<Long> fragments,
            int pageSize) {
        if (existing.isEmpty()) {
            throw new IllegalArgumentException("an index to join has at least one segment");
        }
        ListElementIndexDetails first = existing.get(0);
        for (ListElementIndexDetails other : existing) {
            if (!other.keyFieldIds().equals(first.keyFieldIds()) || !other.keyTypes().equals(first.keyTypes())
                    || other.keyEncoding() != first.keyEncoding()) {
                throw new IllegalArgumentException("the index's segments disagree on key_field_ids, key_types or key_encoding:"
                        + " no new segment can agree with all of them");
            }
        }
        ListElementQuery.Unusable unusable = ListElementQuery.unusableBecause(table, first);
        if (unusable != null) {
            throw new IllegalArgumentException("a new segment cannot agree with the index: " + unusable.reason());
        }
        return build(table, first.keyFieldIds(), fragments, pageSize);
    }

    @Override
    public ListElementIndexDetails details() {
        return details;
    }

    @Override
    public Set<Long> coveredFragments() {
        return coveredFragments;
    }

    public List<Entry> pageData() {
        return pageData;
    }

    public List<Page> pageLookup() {
        return pageLookup;
    }

    /** The rows whose values fall in any of {@code ranges}, reading only the pages page_lookup says can hold them. */
    @Override
    public Found search(List<KeyRange> ranges) {
        Set<Integer> pages = new TreeSet<>();
        Set<Long> rows = new HashSet<>();
        for (KeyRange range : ranges) {
            for (Page page : pageLookup) {
                if (page.max() == null || range.upper() != null && page.min() != null
                        && Arrays.compareUnsigned(page.min(), range.upper()) >= 0
                        || range.lower() != null && Arrays.compareUnsigned(page.max(), range.lower()) < 0) {
                    continue;
                }
                pages.add(page.pageIdx());
                for (Entry entry : page(page.pageIdx())) {
                    if (entry.values() != null && range.contains(entry.values())) {
                        rows.add(entry.rowAddress());
                    }
                }
            }
        }
        return new Found(rows, pages.size());
    }

    /** The rows whose list is null: the null values of the target, from the pages with nulls. */
    @Override
    public Found nullLists() {
        Set<Long> rows = new HashSet<>();
        int pages = 0;
        for (Page page : pageLookup) {
            if (page.nullCount() > 0) {
                pages++;
                page(page.pageIdx()).stream().filter(e -> e.values() == null).forEach(e -> rows.add(e.rowAddress()));
            }
        }
        return new Found(rows, pages);
    }

    private List<Entry> page(int idx) {
        return pageData.subList(idx * pageSize, Math.min((idx + 1) * pageSize, pageData.size()));
    }
}
