package dev.tableindex.engines.lance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tableindex.model.listindex.IndexedTable;
import dev.tableindex.model.listindex.KeyRange;
import dev.tableindex.model.listindex.ListElementIndex;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.stream.IntStream;
import org.apache.arrow.vector.UInt8Vector;
import org.apache.arrow.vector.VarBinaryVector;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.ipc.ArrowReader;
import org.apache.arrow.vector.types.pojo.ArrowType;
import org.apache.arrow.vector.types.pojo.Field;
import org.apache.arrow.vector.types.pojo.FieldType;
import org.apache.arrow.vector.types.pojo.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.lance.Dataset;
import org.lance.WriteParams;
import org.lance.index.Index;
import org.lance.index.IndexOptions;
import org.lance.index.IndexParams;
import org.lance.index.IndexType;
import org.lance.index.scalar.BTreeIndexParams;

/**
 * Real Lance's BTree as the target of a list element index (in this module's forked test JVM): the order Lance keeps
 * Binary values in, its page_lookup, the stand-in for the indexed table whose row addresses the BTree stores, and
 * what Lance's BTree cannot do (decision 0100). These are the findings engines/lance/README.md reports.
 */
class LanceTargetBTreeTest {
    private static final HexFormat HEX = HexFormat.of().withUpperCase();

    @TempDir
    Path work;

    private static byte[] bytes(String hex) {
        return HEX.parseHex(hex.replace(" ", ""));
    }

    private static ListElementIndex.Entry entry(String hex, long address) {
        return new ListElementIndex.Entry(hex == null ? null : bytes(hex), address);
    }

    /** Binary values whose unsigned order differs from a signed one and where prefixes and the empty value matter. */
    private static final List<String> VALUES_IN_ORDER = Arrays.asList(null, null, "", "00", "01", "01 00", "7F FF", "80",
            "FF", "FF FF");

    private static List<ListElementIndex.Entry> shuffled() {
        List<ListElementIndex.Entry> entries = new ArrayList<>();
        for (int i = 0; i < VALUES_IN_ORDER.size(); i++) {
            entries.add(entry(VALUES_IN_ORDER.get(i), i));
        }
        Collections.shuffle(entries, new Random(7));
        return entries;
    }

    private static List<String> values(List<ListElementIndex.Entry> entries) {
        return entries.stream().map(e -> e.values() == null ? null : HEX.formatHex(e.values())).toList();
    }

    private static List<String> expectedValues() {
        return VALUES_IN_ORDER.stream().map(v -> v == null ? null : v.replace(" ", "")).toList();
    }

    @Test
    void lancesSortedScanOrdersBinaryAsUnsignedBytesNullsFirst() {
        List<ListElementIndex.Entry> sorted = LanceKeyOrder.sorted(work.resolve("keys"), shuffled());
        assertThat(values(sorted)).containsExactlyElementsOf(expectedValues());
    }

    /**
     * The finding, on Lance's own training path (a BTree created on a Binary column Lance scans itself): page_data holds
     * the values ascending as unsigned bytes, nulls first, a value before every longer value it starts; page_lookup
     * holds one row per page, min and max the page's first and last values (null when the page starts with nulls:
     * decision 0006), null_count and page_idx.
     */
    @Test
    void lancesOwnBTreeOrdersBinaryAsUnsignedBytesNullsFirstAndItsPageLookupHoldsFirstAndLastValues() throws Exception {
        Schema schema = new Schema(List.of(new Field(LanceTargetBTree.COLUMN, FieldType.nullable(ArrowType.Binary.INSTANCE), null),
                new Field("row_address", FieldType.notNullable(new ArrowType.Int(64, false)), null)));
        Path folder = work.resolve("own");
        Index index;
        try (ArrowReader rows = LanceTargetBTree.arrowStream(schema, shuffled(), LanceEngine.allocator());
             Dataset ds = Dataset.write().allocator(LanceEngine.allocator()).reader(rows).uri(folder.toString())
                     .mode(WriteParams.WriteMode.CREATE).execute()) {
            index = ds.createIndex(IndexOptions.builder(List.of(LanceTargetBTree.COLUMN), IndexType.BTREE, IndexParams.builder()
                    .setScalarIndexParams(BTreeIndexParams.builder().zoneSize(3).build()).build()).withIndexName("own").build());
        }
        List<String> pageData = new ArrayList<>();
        List<String> pageLookup = new ArrayList<>();
        Path directory = folder.resolve("_indices").resolve(index.uuid().toString());
        try (org.lance.file.LanceFileReader data = org.lance.file.LanceFileReader.open(
                directory.resolve("page_data.lance").toString(), LanceEngine.allocator());
             ArrowReader batches = data.readAll(null, null, 100)) {
            while (batches.loadNextBatch()) {
                VectorSchemaRoot root = batches.getVectorSchemaRoot();
                VarBinaryVector values = (VarBinaryVector) root.getVector("values");
                for (int i = 0; i < root.getRowCount(); i++) {
                    pageData.add(values.isNull(i) ? null : HEX.formatHex(values.get(i)));
                }
            }
        }
        try (org.lance.file.LanceFileReader lookup = org.lance.file.LanceFileReader.open(
                directory.resolve("page_lookup.lance").toString(), LanceEngine.allocator());
             ArrowReader batches = lookup.readAll(null, null, 100)) {
            while (batches.loadNextBatch()) {
                VectorSchemaRoot root = batches.getVectorSchemaRoot();
                VarBinaryVector min = (VarBinaryVector) root.getVector("min");
                VarBinaryVector max = (VarBinaryVector) root.getVector("max");
                for (int i = 0; i < root.getRowCount(); i++) {
                    pageLookup.add((min.isNull(i) ? "null" : HEX.formatHex(min.get(i))) + " " + (max.isNull(i) ? "null"
                            : HEX.formatHex(max.get(i))) + " " + root.getVector("null_count").getObject(i) + " "
                            + root.getVector("page_idx").getObject(i));
                }
            }
        }
        assertThat(pageData).containsExactlyElementsOf(expectedValues());
        // pages of 3: [null, null, ""], [00, 01, 0100], [7FFF, 80, FF], [FFFF]
        assertThat(pageLookup).containsExactly("null  2 0", "00 0100 0 1", "7FFF FF 0 2", "FFFF FFFF 0 3");
    }

    /** Table fragments 1 (3 rows, offset 1 deleted) and 3 (2 rows); the JSON format of docs/list-element-index.md. */
    private static IndexedTable table() {
        return IndexedTable.fromJson("""
                {"column": "detections", "element": [{"name": "label", "type": "string", "id": 4}],
                 "fragments": [{"id": 1, "rows": [[{"label": "a"}], [{"label": "b"}], [{"label": "c"}]], "deleted": [1]},
                               {"id": 3, "rows": [[{"label": "d"}], null]}]}""");
    }

    private static long address(long fragment, int offset) {
        return IndexedTable.rowAddress(fragment, offset);
    }

    @Test
    void theStandInHasTheTablesRowAddressesAndLancesBTreeAnswersEverySearch() {
        // one entry per row, sorted; 1:1 is deleted, 1:7 and 2:0 are no rows of the table: Lance drops all three
        List<ListElementIndex.Entry> entries = List.of(entry(null, address(3, 1)), entry("01", address(1, 0)),
                entry("02 10", address(1, 1)), entry("02 10", address(3, 0)), entry("02 11", address(1, 7)),
                entry("02 12", address(2, 0)), entry("02 13", address(1, 2)), entry("03", address(3, 0)));
        LanceTargetBTree target = LanceTargetBTree.train(work.resolve("target"), table(), Set.of(1L, 3L), entries, 3);
        assertThat(target.index().fragments()).contains(List.of(1, 3));
        // Lance's BTree format version: 0 (BTREE_INDEX_VERSION), not the 1 or more the spec asks of a target
        assertThat(target.index().indexVersion()).isZero();
        assertThat(target.pageData()).containsExactlyElementsOf(entries);
        assertThat(target.pageLookup()).hasSize(3);

        assertThat(target.search(List.of(new KeyRange(bytes("02"), bytes("03")))).rows())
                .containsExactlyInAnyOrder(address(3, 0), address(1, 2));
        assertThat(target.search(List.of(new KeyRange(bytes("01"), bytes("02")), new KeyRange(bytes("03"), null))).rows())
                .containsExactlyInAnyOrder(address(1, 0), address(3, 0));
        assertThat(target.search(List.of(new KeyRange(null, null))).rows())
                .containsExactlyInAnyOrder(address(1, 0), address(3, 0), address(1, 2));
        assertThat(target.nullLists().rows()).containsExactly(address(3, 1));
        assertThat(target.servedBy()).hasSize(4).allSatisfy(plan -> assertThat(plan)
                .startsWith("ScalarIndexQuery").contains("@" + LanceTargetBTree.INDEX_NAME));
    }

    @Test
    void manyRangesAreAskedInParts() {
        StringBuilder rows = new StringBuilder();
        for (int i = 0; i < 200; i++) {
            rows.append(i == 0 ? "" : ", ").append("[{\"label\": \"x\"}]");
        }
        IndexedTable table = IndexedTable.fromJson("{\"column\": \"c\", \"element\": [{\"name\": \"label\", \"type\": \"string\","
                + " \"id\": 4}], \"rows\": [" + rows + "]}");
        List<ListElementIndex.Entry> entries = IntStream.range(0, 200)
                .mapToObj(i -> entry(String.format("02 %02X", i), address(0, i))).toList();
        LanceTargetBTree target = LanceTargetBTree.train(work.resolve("target"), table, Set.of(0L), entries, 4096);
        List<KeyRange> ranges = IntStream.range(0, 200).filter(i -> i % 2 == 0)
                .mapToObj(i -> KeyRange.startingWith(bytes(String.format("02 %02X", i)))).toList();
        assertThat(target.search(ranges).rows()).hasSize(100).allSatisfy(row -> assertThat(row % 2).isZero());
        // 100 ranges in queries of at most 64
        assertThat(target.servedBy()).hasSize(2);
    }

    /**
     * The finding that keeps Lance's BTree from being a list element index's target as the spec has it: a page that
     * holds one row address twice ("A row with several elements has one row in page_data.lance for each element")
     * makes Lance's search fail (RowAddrTreeMap::from_sorted_iter called with non-sorted input); with one entry per
     * page, the same entries are searched.
     */
    @Test
    void aPageHoldingOneRowAddressTwiceFailsLancesSearch() {
        List<ListElementIndex.Entry> entries = List.of(entry("01", address(1, 0)), entry("02 01", address(1, 2)),
                entry("02 02", address(1, 2)), entry("03", address(3, 0)));
        LanceTargetBTree onePage = LanceTargetBTree.train(work.resolve("one-page"), table(), Set.of(1L, 3L), entries, 4096);
        assertThat(onePage.pageData()).containsExactlyElementsOf(entries);
        assertThatThrownBy(() -> onePage.search(List.of(new KeyRange(bytes("02 01"), bytes("02 02")))))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("from_sorted_iter called with non-sorted input");

        LanceTargetBTree pagesOfOne = LanceTargetBTree.train(work.resolve("pages-of-one"), table(), Set.of(1L, 3L), entries, 1);
        assertThat(pagesOfOne.search(List.of(KeyRange.startingWith(bytes("02")))).rows()).containsExactly(address(1, 2));
    }

    @Test
    void aStandInOverNoRowsStillGetsLancesFiles() {
        LanceTargetBTree target = LanceTargetBTree.train(work.resolve("empty"), table(), Set.of(7L), List.of(), 4096);
        assertThat(target.pageData()).isEmpty();
        assertThat(target.pageLookup()).isEmpty();
        assertThat(target.indexDirectory().resolve("page_data.lance")).isRegularFile();
    }

    @Test
    void entriesAreCopiedIntoTheArrowStreamWithTheirAddresses() throws Exception {
        Schema schema = new Schema(List.of(new Field("v", FieldType.nullable(ArrowType.Binary.INSTANCE), null),
                new Field("a", FieldType.notNullable(new ArrowType.Int(64, false)), null)));
        try (ArrowReader reader = LanceTargetBTree.arrowStream(schema, List.of(entry(null, -1L), entry("AB", 5)),
                LanceEngine.allocator())) {
            assertThat(reader.loadNextBatch()).isTrue();
            VectorSchemaRoot root = reader.getVectorSchemaRoot();
            assertThat(((VarBinaryVector) root.getVector("v")).isNull(0)).isTrue();
            assertThat(((VarBinaryVector) root.getVector("v")).get(1)).isEqualTo(bytes("AB"));
            assertThat(((UInt8Vector) root.getVector("a")).get(0)).isEqualTo(-1L);
        }
    }
}
