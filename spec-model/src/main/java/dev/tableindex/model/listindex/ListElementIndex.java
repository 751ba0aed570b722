package dev.tableindex.model.listindex;

import dev.tableindex.model.anyelement.ElementSchema;
import dev.tableindex.model.anyelement.TableJson;
import dev.tableindex.model.anyelement.TableReader;
import dev.tableindex.model.key.KeyRowsOrder;
import dev.tableindex.model.key.KeyType;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

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

    private final ListElementIndexDetails details;
    private final Set<Long> coveredFragments;
    private final PageData pageData;
    private final List<Page> pageLookup;
    private final int pageSize;

    private ListElementIndex(ListElementIndexDetails details, Set<Long> covered, PageData pageData, int pageSize) {
        this(details, covered, pageData, pageSize, pages(pageData, pageSize));
    }

    private ListElementIndex(ListElementIndexDetails details, Set<Long> covered, PageData pageData, int pageSize,
                             List<Page> pageLookup) {
        this.details = details;
        this.coveredFragments = Set.copyOf(covered);
        this.pageData = pageData;
        this.pageSize = pageSize;
        this.pageLookup = List.copyOf(pageLookup);
    }

    /** page_lookup of page_data rows (sorted) in pages of {@code pageSize} rows. */
    public static List<Page> pages(List<Entry> pageData, int pageSize) {
        return pages(PageData.of(pageData), pageSize);
    }

    /** page_lookup of page_data in pages of {@code pageSize} rows: first and last values, null count, index. */
    private static List<Page> pages(PageData pageData, int pageSize) {
        List<Page> pages = new ArrayList<>();
        for (int start = 0, idx = 0; start < pageData.size(); start += pageSize, idx++) {
            int end = Math.min(start + pageSize, pageData.size());
            int nulls = 0;
            for (int row = start; row < end; row++) {
                nulls += pageData.isNull(row) ? 1 : 0;
            }
            pages.add(new Page(pageData.values(start), pageData.values(end - 1), nulls, idx));
        }
        return pages;
    }

    /**
     * Builds a segment over the non-deleted rows of {@code fragments} of {@code table}, keyed on the
     * fields with {@code keyFieldIds}, in that order. The elements' tuples are encoded into one
     * {@link dev.tableindex.model.key.KeyRows} and sorted as a permutation ({@link KeyRowsOrder}).
     */
    public static ListElementIndex build(IndexedTable table, List<Integer> keyFieldIds, Set<Long> fragments, int pageSize) {
        Keys keys = Keys.of(table.element(), table.fieldIds(), keyFieldIds);
        PageData pageData;
        try (BuildRows rows = keys.rows()) {
            for (IndexedTable.Fragment fragment : table.fragments()) {
                if (!fragments.contains(fragment.id())) {
                    continue;
                }
                BitSet deleted = new BitSet();
                fragment.deleted().forEach(deleted::set);
                for (int offset = 0; offset < fragment.rows().size(); offset++) {
                    if (!deleted.get(offset)) {
                        rows.add(IndexedTable.rowAddress(fragment.id(), offset), fragment.rows().get(offset));
                    }
                }
            }
            pageData = rows.sorted();
        }
        return new ListElementIndex(keys.details(), new TreeSet<>(fragments), pageData, pageSize);
    }

    /**
     * What a writer hands its target BTree ("Storage Layout"), in table order, unsorted: one entry per element of
     * the non-deleted rows of {@code fragments} (values = the element's key tuple on the fields with
     * {@code keyFieldIds}, encoded; the all-null tuple for a null element), one entry with null values per null
     * list, none for an empty list; each with the row address of its row. Fragment by fragment in the table's
     * order, each fragment's null lists before its elements.
     */
    public static List<Entry> entries(IndexedTable table, List<Integer> keyFieldIds, Set<Long> fragments) {
        Keys keys = Keys.of(table.element(), table.fieldIds(), keyFieldIds);
        List<Entry> entries = new ArrayList<>();
        try (BuildRows rows = keys.rows()) {
            for (IndexedTable.Fragment fragment : table.fragments()) {
                if (!fragments.contains(fragment.id())) {
                    continue;
                }
                for (int offset = 0; offset < fragment.rows().size(); offset++) {
                    if (!fragment.deleted().contains(offset)) {
                        rows.add(IndexedTable.rowAddress(fragment.id(), offset), fragment.rows().get(offset));
                    }
                }
                rows.drainInto(entries);
            }
        }
        return entries;
    }

    /**
     * Builds a segment over every fragment of the table {@code reader} reads, keyed on the fields with these names,
     * reading the table row by row and holding only the segment's rows ({@code tck list-index build} on a table of
     * any size). The table is checked as {@link IndexedTable#fromJson} checks it, and before the key names.
     */
    public static ListElementIndex buildOnNames(TableReader reader, List<String> keyNames, int pageSize) {
        return buildOnNames(reader, keyNames, null, pageSize).index();
    }

    /** A segment built over a table read row by row, and that table without its rows ({@link IndexedTable#withoutRows}). */
    public record Streamed(ListElementIndex index, IndexedTable table) {
    }

    /**
     * As {@link #buildOnNames(TableReader, List, int)}, over the non-deleted rows of {@code fragments} only (null: every
     * fragment). A fragment the table does not have is refused ({@link NoSuchFragment}), before the key names.
     */
    public static Streamed buildOnNames(TableReader reader, List<String> keyNames, Set<Long> fragments, int pageSize) {
        try (RowsOnNames build = new RowsOnNames(keyNames, fragments)) {
            IndexedTable.Read table = IndexedTable.read(reader, build);
            return new Streamed(build.index(table, pageSize), IndexedTable.withoutRows(table));
        }
    }

    /** A build asked to cover a fragment its table does not have. */
    public static final class NoSuchFragment extends IllegalArgumentException {
        NoSuchFragment(long fragment, Set<Long> fragments) {
            super("the table has no fragment " + fragment + " (its fragments: " + new TreeSet<>(fragments) + ")");
        }
    }

    /**
     * A build's sink for a table read row by row: the keys are found by name once the element is read (the layout,
     * which may refuse a name, comes last); a name refused is said once the whole table is known to be sound, in the
     * words and order of a build on a table read first.
     */
    private static final class RowsOnNames implements IndexedTable.RowSink, AutoCloseable {
        private final List<String> keyNames;
        /** The fragments to cover, or null for every one. */
        private final Set<Long> fragments;
        private final Set<Long> read = new TreeSet<>();
        private BuildRows rows;

        RowsOnNames(List<String> keyNames, Set<Long> fragments) {
            this.keyNames = keyNames;
            this.fragments = fragments == null ? null : Set.copyOf(fragments);
        }

        @Override
        public void element(TableJson.Element element) {
            try {
                rows = Keys.of(element.schema(), element.fieldIds(),
                        idsOf(element.schema(), element.fieldIds(), IndexedTable.Layout.PLAIN, keyNames)).rows();
            } catch (IllegalArgumentException e) {
                rows = null; // refused again by index(), with the layout
            }
        }

        @Override
        public void row(long fragmentId, int offset, boolean deleted, List<Object[]> list) {
            if (rows != null && !deleted && (fragments == null || fragments.contains(fragmentId))) {
                rows.add(IndexedTable.rowAddress(fragmentId, offset), list);
            }
        }

        @Override
        public void fragmentEnd(long fragmentId, Set<Integer> deleted) {
            read.add(fragmentId);
        }

        ListElementIndex index(IndexedTable.Read table, int pageSize) {
            Set<Long> covered = read;
            if (fragments != null) {
                fragments.stream().sorted().filter(id -> !read.contains(id)).findFirst().ifPresent(id -> {
                    throw new NoSuchFragment(id, read);
                });
                covered = new TreeSet<>(fragments);
            }
            TableJson.Element element = table.element();
            Keys keys = Keys.of(element.schema(), element.fieldIds(),
                    idsOf(element.schema(), element.fieldIds(), table.layout(), keyNames));
            return new ListElementIndex(keys.details(), covered, rows.sorted(), pageSize);
        }

        @Override
        public void close() {
            if (rows != null) {
                rows.close();
            }
        }
    }

    /** The key fields of a build: where each is in the element's values, and the details they make. */
    private record Keys(int[] positions, ListElementIndexDetails details) {
        static Keys of(ElementSchema element, List<Integer> fieldIds, List<Integer> keyFieldIds) {
            if (keyFieldIds.isEmpty() || new HashSet<>(keyFieldIds).size() != keyFieldIds.size()) {
                throw new IllegalArgumentException("key field ids must be at least one and distinct: " + keyFieldIds);
            }
            int[] positions = new int[keyFieldIds.size()];
            List<KeyType> types = new ArrayList<>();
            List<String> names = new ArrayList<>();
            for (int k = 0; k < positions.length; k++) {
                int id = keyFieldIds.get(k);
                int position = fieldIds.indexOf(id);
                if (position < 0) {
                    throw new IllegalArgumentException("no element field has id " + id + " (ids: " + fieldIds + ")");
                }
                positions[k] = position;
                types.add(element.fields().get(position).type());
                names.add(element.fields().get(position).name());
            }
            return new Keys(positions, new ListElementIndexDetails(keyFieldIds, names, types,
                    ListElementIndexDetails.ARROW_ROW_V1, 1));
        }

        BuildRows rows() {
            return new BuildRows(details.keyTypes(), positions);
        }
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
        return new ListElementIndex(details, covered, PageData.of(pageData), pageSize);
    }

    /**
     * A segment read from its target BTree's files, "exactly as a standalone BTree" ("Storage Layout"): page_data's
     * rows as stored, page_lookup's rows as the pages a search reads (page {@code i} is page_data's rows
     * {@code [i * batch_size, (i + 1) * batch_size)}), of {@code batch_size} rows (Lance's BTree reads 4096 when the
     * file gives none). Neither is re-sorted, re-computed or re-checked.
     */
    public static ListElementIndex read(ListElementIndexDetails details, Set<Long> covered, TargetBTreeFiles.Contents files) {
        int batchSize = files.batchSize().orElse(DEFAULT_PAGE_SIZE);
        if (batchSize < 1) {
            throw new IllegalArgumentException("page_lookup's batch_size is " + batchSize + ": a page holds one row or more");
        }
        return new ListElementIndex(details, covered, PageData.of(files.entries()), batchSize, files.pages());
    }

    public int pageSize() {
        return pageSize;
    }

    /** The same content described by other details (e.g. as read after the schema changed under it). */
    ListElementIndex withDetails(ListElementIndexDetails other) {
        return new ListElementIndex(other, coveredFragments, pageData, pageSize, pageLookup);
    }

    /** Builds over {@code fragments} keyed on the fields with these current names, in order. */
    public static ListElementIndex buildOnNames(IndexedTable table, List<String> keyNames, Set<Long> fragments, int pageSize) {
        return build(table, idsOf(table.element(), table.fieldIds(), table.layout(), keyNames), fragments, pageSize);
    }

    /** The ids of the element fields with these current names, in order; none may be one of the layout's other fields. */
    private static List<Integer> idsOf(ElementSchema element, List<Integer> fieldIds, IndexedTable.Layout layout,
                                       List<String> keyNames) {
        List<Integer> ids = new ArrayList<>();
        for (String name : keyNames) {
            layout.otherField(name).ifPresent(other -> {
                throw new IllegalArgumentException("element field '" + name + "' is " + other.arrowType() + ", not one of the"
                        + " logical types a key may have (\"Index Details\")");
            });
            int position = element.indexOf(name).orElseThrow(() -> new IllegalArgumentException(
                    "no element field named '" + name + "' (fields: " + element.names() + ")"));
            ids.add(fieldIds.get(position));
        }
        return ids;
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
        ListElementQuery.Unusable unusable = ListElementQuery.unusableForDetails(table, existing);
        if (unusable != null) {
            throw new IllegalArgumentException(unusable.code() == Plan.Unused.SEGMENTS_DISAGREE
                    ? unusable.reason() + ": no new segment can agree with all of them"
                    : "a new segment cannot agree with the index: " + unusable.reason());
        }
        return build(table, existing.get(0).keyFieldIds(), fragments, pageSize);
    }

    @Override
    public ListElementIndexDetails details() {
        return details;
    }

    @Override
    public Set<Long> coveredFragments() {
        return coveredFragments;
    }

    /** page_data's rows in stored order (made as they are read: the segment holds them as two columns). */
    public List<Entry> pageData() {
        return pageData.entries();
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
                int end = pageEnd(page.pageIdx());
                for (int row = pageStart(page.pageIdx()); row < end; row++) {
                    if (pageData.inRange(row, range)) {
                        rows.add(pageData.id(row));
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
                int end = pageEnd(page.pageIdx());
                for (int row = pageStart(page.pageIdx()); row < end; row++) {
                    if (pageData.isNull(row)) {
                        rows.add(pageData.id(row));
                    }
                }
            }
        }
        return new Found(rows, pages);
    }

    /** Where page {@code idx} starts in page_data; a page page_data does not have (page_lookup read from files) is empty. */
    private int pageStart(int idx) {
        return idx < 0 ? 0 : (int) Math.min((long) idx * pageSize, pageData.size());
    }

    private int pageEnd(int idx) {
        return idx < 0 ? 0 : (int) Math.min(((long) idx + 1) * pageSize, pageData.size());
    }
}
