package dev.tableindex.tck.mutants;

import dev.tableindex.model.key.KeyEncoding;
import dev.tableindex.model.key.KeyType;
import dev.tableindex.model.lancefile.LanceColumn;
import dev.tableindex.model.lancefile.LanceFileWriter;
import dev.tableindex.model.lancefile.LanceType;
import dev.tableindex.model.listindex.IndexedTable;
import dev.tableindex.model.listindex.ListElementIndex;
import dev.tableindex.model.listindex.TargetBTreeFiles;
import dev.tableindex.proto.tck.BuildListIndexRequest;
import dev.tableindex.proto.tck.BuildListIndexResult;
import dev.tableindex.tck.engine.ListIndexProtos;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Mutants of the files a list element index segment writes ("Storage Layout", capability
 * list_element_index.files): each builds as the reference does and replies as it does, right, and writes its
 * files with one flaw. The storage rules are judged on the files, so only the files can give the flaw away; a
 * mutant that a scenario kills shows that the scenario reads them.
 */
public final class ListIndexFileMutants {
    private ListIndexFileMutants() {
    }

    /** The reference's build and reply, then {@link #change} on the directory the reference wrote its files into. */
    abstract static class FilesMutant extends ListIndexMutants.Base {
        FilesMutant(String name, String flaw, String... breaks) {
            super(name, flaw, breaks);
        }

        @Override
        BuildListIndexResult buildListIndex(BuildListIndexRequest request) {
            BuildListIndexResult built = reference.buildListIndex(request);
            if (!request.getIndexDirectory().isEmpty()) {
                Path directory = Path.of(request.getIndexDirectory());
                change(request, directory, TargetBTreeFiles.read(directory));
            }
            return built;
        }

        abstract void change(BuildListIndexRequest request, Path directory, TargetBTreeFiles.Contents written);

        /** Rewrites the two files from the contents with the given column types and nullability. */
        static void write(Path directory, TargetBTreeFiles.Contents contents, LanceType values, boolean idsNullable,
                LanceType counts) {
            List<Object> value = new ArrayList<>();
            List<Object> ids = new ArrayList<>();
            contents.entries().forEach(e -> {
                value.add(e.values());
                ids.add(e.rowAddress());
            });
            List<Object> min = new ArrayList<>();
            List<Object> max = new ArrayList<>();
            List<Object> nullCount = new ArrayList<>();
            List<Object> pageIdx = new ArrayList<>();
            contents.pages().forEach(p -> {
                min.add(p.min());
                max.add(p.max());
                nullCount.add((long) p.nullCount());
                pageIdx.add((long) p.pageIdx());
            });
            LanceFileWriter.write(directory.resolve(TargetBTreeFiles.PAGE_DATA), List.of(
                    new LanceColumn("values", values, true, value), new LanceColumn("ids", LanceType.UINT64, idsNullable, ids)),
                    Map.of());
            LanceFileWriter.write(directory.resolve(TargetBTreeFiles.PAGE_LOOKUP), List.of(
                    new LanceColumn("min", values, true, min), new LanceColumn("max", values, true, max),
                    new LanceColumn("null_count", counts, false, nullCount), new LanceColumn("page_idx", counts, false, pageIdx)),
                    Map.of(TargetBTreeFiles.BATCH_SIZE, Integer.toString(contents.batchSize().orElse(ListElementIndex.DEFAULT_PAGE_SIZE))));
        }

        static void move(Path from, Path to) {
            try {
                Files.move(from, to);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    /**
     * A writer whose page_data rows are wrong in one way: the rows it writes are {@link #entries} of the right ones,
     * with page_lookup made from them as the BTree makes it (pages of the same size).
     */
    abstract static class EntriesMutant extends FilesMutant {
        EntriesMutant(String name, String flaw, String... breaks) {
            super(name, flaw, breaks);
        }

        abstract List<ListElementIndex.Entry> entries(BuildListIndexRequest request, List<ListElementIndex.Entry> right);

        @Override
        void change(BuildListIndexRequest request, Path directory, TargetBTreeFiles.Contents written) {
            ListElementIndex right = ListElementIndex.read(null, Set.of(), written);
            ListElementIndex wrong = ListElementIndex.of(null, Set.of(), entries(request, written.entries()), right.pageSize());
            TargetBTreeFiles.write(directory, wrong);
        }

        /** The entries sorted by values (nulls first) in {@code order}, then by row address. */
        static List<ListElementIndex.Entry> sorted(List<ListElementIndex.Entry> entries, Comparator<byte[]> order) {
            List<ListElementIndex.Entry> sorted = new ArrayList<>(entries);
            sorted.sort(Comparator.comparing(ListElementIndex.Entry::values, Comparator.nullsFirst(order))
                    .thenComparingLong(ListElementIndex.Entry::rowAddress));
            return sorted;
        }

        static IndexedTable table(BuildListIndexRequest request) {
            return IndexedTable.fromJson(request.getTableJson());
        }

        /** The rows the reference builds over the request's fragments of {@code table}, keyed on {@code keys}. */
        static List<ListElementIndex.Entry> built(BuildListIndexRequest request, IndexedTable table, List<String> keys) {
            return ListElementIndex.buildOnNames(table, keys, ListIndexProtos.fragments(table, request.getFragmentsList()),
                    ListElementIndex.DEFAULT_PAGE_SIZE).pageData();
        }
    }

    public static final class WritesOwnDetailsFile extends FilesMutant {
        public WritesOwnDetailsFile() {
            super("mutant-writes-own-details-file", "writes the segment's details into a file of its own beside the BTree's",
                    "LEI-R040");
        }

        @Override
        void change(BuildListIndexRequest request, Path directory, TargetBTreeFiles.Contents written) {
            try {
                Files.write(directory.resolve("list_element_details.binpb"), new byte[] {0x0A, 0x00});
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    public static final class PartFileNames extends FilesMutant {
        public PartFileNames() {
            super("mutant-part-file-names", "leaves the files under a fragment-scoped build's part_<n>_ names, never merged",
                    "LEI-R040");
        }

        @Override
        void change(BuildListIndexRequest request, Path directory, TargetBTreeFiles.Contents written) {
            for (String name : List.of(TargetBTreeFiles.PAGE_DATA, TargetBTreeFiles.PAGE_LOOKUP)) {
                move(directory.resolve(name), directory.resolve("part_0_" + name));
            }
        }
    }

    public static final class LargeBinaryValues extends FilesMutant {
        public LargeBinaryValues() {
            super("mutant-large-binary-values", "writes values, min and max as large_binary, not Binary", "LEI-R040", "LEI-R042");
        }

        @Override
        void change(BuildListIndexRequest request, Path directory, TargetBTreeFiles.Contents written) {
            write(directory, written, LanceType.LARGE_BINARY, false, LanceType.UINT32);
        }
    }

    /** Lance's own code declares ids nullable (lance-source-facts.md §4); the spec's schema does not. */
    public static final class NullableIds extends FilesMutant {
        public NullableIds() {
            super("mutant-nullable-ids", "declares page_data's ids nullable", "LEI-R042");
        }

        @Override
        void change(BuildListIndexRequest request, Path directory, TargetBTreeFiles.Contents written) {
            write(directory, written, LanceType.BINARY, true, LanceType.UINT32);
        }
    }

    public static final class SignedLookupCounts extends FilesMutant {
        public SignedLookupCounts() {
            super("mutant-signed-lookup-counts", "writes page_lookup's null_count and page_idx as int32", "LEI-R042");
        }

        @Override
        void change(BuildListIndexRequest request, Path directory, TargetBTreeFiles.Contents written) {
            write(directory, written, LanceType.BINARY, false, LanceType.INT32);
        }
    }

    /** A BTree of one page, whatever its page size: page_lookup sums the pages up in one row. */
    public static final class OneLookupRow extends FilesMutant {
        public OneLookupRow() {
            super("mutant-one-lookup-row", "writes one page_lookup row for the whole of page_data, not one per page", "LEI-R053");
        }

        @Override
        void change(BuildListIndexRequest request, Path directory, TargetBTreeFiles.Contents written) {
            List<ListElementIndex.Page> pages = written.pages();
            if (pages.size() < 2) {
                return;
            }
            ListElementIndex.Page one = new ListElementIndex.Page(pages.get(0).min(), pages.get(pages.size() - 1).max(),
                    pages.stream().mapToInt(ListElementIndex.Page::nullCount).sum(), 0);
            write(directory, new TargetBTreeFiles.Contents(written.entries(), List.of(one), written.batchSize()), LanceType.BINARY,
                    false, LanceType.UINT32);
        }
    }

    // ----------------------------------------------------------------------------------------- page_data's rows

    public static final class SignedByteOrder extends EntriesMutant {
        public SignedByteOrder() {
            super("mutant-signed-byte-order", "sorts page_data comparing bytes as signed", "LEI-R062");
        }

        @Override
        List<ListElementIndex.Entry> entries(BuildListIndexRequest request, List<ListElementIndex.Entry> right) {
            return sorted(right, Arrays::compare);
        }
    }

    public static final class NullValuesLast extends EntriesMutant {
        public NullValuesLast() {
            super("mutant-null-values-last", "sorts page_data with the null values last", "LEI-R041");
        }

        @Override
        List<ListElementIndex.Entry> entries(BuildListIndexRequest request, List<ListElementIndex.Entry> right) {
            List<ListElementIndex.Entry> rows = new ArrayList<>(right.stream().filter(e -> e.values() != null).toList());
            rows.addAll(right.stream().filter(e -> e.values() == null).toList());
            return rows;
        }
    }

    public static final class KeysInFieldOrder extends EntriesMutant {
        public KeysInFieldOrder() {
            super("mutant-keys-in-field-order", "encodes the keys in the element struct's field order, not in key order", "LEI-R044");
        }

        @Override
        List<ListElementIndex.Entry> entries(BuildListIndexRequest request, List<ListElementIndex.Entry> right) {
            IndexedTable table = table(request);
            List<String> keys = request.getKeysList();
            if (keys.isEmpty()) {
                return right; // a segment joining an index: keyed on the index's ids, no names asked
            }
            return built(request, table, table.element().names().stream().filter(keys::contains).toList());
        }
    }

    public static final class NullElementAsNullValues extends EntriesMutant {
        public NullElementAsNullValues() {
            super("mutant-null-element-as-null-values", "writes a null element with null values, like a null list", "LEI-R045");
        }

        @Override
        List<ListElementIndex.Entry> entries(BuildListIndexRequest request, List<ListElementIndex.Entry> right) {
            IndexedTable table = table(request);
            List<KeyType> types = request.getKeysList().stream()
                    .map(k -> table.element().fields().get(table.element().indexOf(k).orElseThrow()).type()).toList();
            byte[] allNull = KeyEncoding.encode(types, Collections.nCopies(types.size(), null));
            return sorted(right.stream().map(e -> e.values() != null && Arrays.equals(e.values(), allNull)
                    ? new ListElementIndex.Entry(null, e.rowAddress()) : e).toList(), Arrays::compareUnsigned);
        }
    }

    public static final class OffsetAsAddress extends EntriesMutant {
        public OffsetAsAddress() {
            super("mutant-offset-as-address", "writes the row's offset in its fragment as ids, without the fragment id",
                    "LEI-R046", "LEI-R001");
        }

        @Override
        List<ListElementIndex.Entry> entries(BuildListIndexRequest request, List<ListElementIndex.Entry> right) {
            return sorted(right.stream().map(e -> new ListElementIndex.Entry(e.values(), e.rowAddress() & 0xFFFF_FFFFL)).toList(),
                    Arrays::compareUnsigned);
        }
    }

    public static final class OneEntryPerTuple extends EntriesMutant {
        public OneEntryPerTuple() {
            super("mutant-one-entry-per-tuple", "writes a row's equal key tuples once", "LEI-R047", "LEI-R001");
        }

        @Override
        List<ListElementIndex.Entry> entries(BuildListIndexRequest request, List<ListElementIndex.Entry> right) {
            return List.copyOf(new LinkedHashSet<>(right));
        }
    }

    public static final class NullListNotIndexed extends EntriesMutant {
        public NullListNotIndexed() {
            super("mutant-null-list-not-indexed", "writes no page_data row for a null list", "LEI-R048");
        }

        @Override
        List<ListElementIndex.Entry> entries(BuildListIndexRequest request, List<ListElementIndex.Entry> right) {
            return right.stream().filter(e -> e.values() != null).toList();
        }
    }

    public static final class EmptyListAsNull extends EntriesMutant {
        public EmptyListAsNull() {
            super("mutant-empty-list-as-null", "writes a row with null values for an empty list, as for a null list", "LEI-R049");
        }

        @Override
        List<ListElementIndex.Entry> entries(BuildListIndexRequest request, List<ListElementIndex.Entry> right) {
            IndexedTable table = table(request);
            Set<Long> fragments = ListIndexProtos.fragments(table, request.getFragmentsList());
            List<ListElementIndex.Entry> rows = new ArrayList<>(right);
            for (IndexedTable.Fragment fragment : table.fragments()) {
                for (int offset = 0; offset < fragment.rows().size(); offset++) {
                    if (fragments.contains(fragment.id()) && !fragment.deleted().contains(offset) && fragment.rows().get(offset) != null
                            && fragment.rows().get(offset).isEmpty()) {
                        rows.add(new ListElementIndex.Entry(null, IndexedTable.rowAddress(fragment.id(), offset)));
                    }
                }
            }
            return sorted(rows, Arrays::compareUnsigned);
        }
    }

    /** An engine that cannot read Arrow's view arrays takes their values for nulls. */
    public static final class ViewKeysAsNull extends EntriesMutant {
        public ViewKeysAsNull() {
            super("mutant-view-keys-as-null", "reads a Utf8View or BinaryView key field as nulls, so its keys encode as null",
                    "LEI-R071");
        }

        @Override
        List<ListElementIndex.Entry> entries(BuildListIndexRequest request, List<ListElementIndex.Entry> right) {
            IndexedTable table = table(request);
            if (table.layout().viewFieldIds().isEmpty() || request.getKeysCount() == 0) {
                return right;
            }
            // the same table, each view field's values null
            List<IndexedTable.Fragment> nulled = new ArrayList<>();
            for (IndexedTable.Fragment fragment : table.fragments()) {
                List<List<Object[]>> rows = new ArrayList<>();
                for (List<Object[]> list : fragment.rows()) {
                    rows.add(list == null ? null : list.stream().map(e -> e == null ? null : nullViews(table, e)).toList());
                }
                nulled.add(new IndexedTable.Fragment(fragment.id(), rows, fragment.deleted()));
            }
            return built(request, new IndexedTable(table.element(), table.fieldIds(), nulled, table.layout()), request.getKeysList());
        }

        private static Object[] nullViews(IndexedTable table, Object[] element) {
            Object[] copy = element.clone();
            for (int f = 0; f < copy.length; f++) {
                if (table.layout().viewFieldIds().contains(table.fieldIds().get(f))) {
                    copy[f] = null;
                }
            }
            return copy;
        }
    }
}
