package dev.tableindex.engines.lance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tableindex.model.dataset.LanceDatasetFolder;
import dev.tableindex.model.manifest.ManifestFile;
import dev.tableindex.proto.lance.table.DataFragment;
import dev.tableindex.proto.lance.table.IndexMetadata;
import dev.tableindex.proto.tck.Append;
import dev.tableindex.proto.tck.ApplyTableOperationRequest;
import dev.tableindex.proto.tck.Column;
import dev.tableindex.proto.tck.Compact;
import dev.tableindex.proto.tck.CountRowsRequest;
import dev.tableindex.proto.tck.CreateIndex;
import dev.tableindex.proto.tck.CreateTable;
import dev.tableindex.proto.tck.DeleteRows;
import dev.tableindex.proto.tck.DescribeIndexesRequest;
import dev.tableindex.proto.tck.DropIndex;
import dev.tableindex.proto.tck.IndexView;
import dev.tableindex.proto.tck.MergeInsert;
import dev.tableindex.proto.tck.OptimizeIndices;
import dev.tableindex.proto.tck.Rows;
import dev.tableindex.proto.tck.TableOperation;
import dev.tableindex.proto.tck.UpdateColumn;
import dev.tableindex.tck.api.Capability;
import dev.tableindex.tck.api.EngineRefusal;
import dev.tableindex.tck.api.TableLifecycle;
import dev.tableindex.tck.api.TckEngine;
import dev.tableindex.tck.engine.Engines;
import dev.tableindex.tck.engine.ReferenceEngine;
import dev.tableindex.tck.golden.KitCommits;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Lance adapter against real Lance 7.0.0 through the forked engine, one test per operation. The manifests
 * Lance wrote are read back with the kit's own reader and checked against hand-worked values.
 */
class LanceEngineTest {
    static final Engines.Timeouts TIMEOUTS = new Engines.Timeouts(Duration.ofSeconds(120), Duration.ofSeconds(120));
    /** The portable Roaring serialization of the empty bitmap (lance-7.0.0-observed.md §3(c)). */
    static final String EMPTY_BITMAP = "3a30000000000000";
    /** {0, 1}: cookie 12346, 1 container, key 0 / cardinality-1 = 1, offset 16, values 0 and 1. */
    static final String BITMAP_0_1 = "3a300000" + "01000000" + "0000" + "0100" + "10000000" + "0000" + "0100";

    @TempDir
    static Path work;
    static TckEngine engine;
    static TableLifecycle lance;

    @BeforeAll
    static void start() {
        engine = LanceEngineProvider.start(work.resolve("scratch"), TIMEOUTS);
        lance = engine.facet(TableLifecycle.class);
    }

    @AfterAll
    static void stop() {
        engine.close();
        assertThat(work.resolve("scratch")).isEmptyDirectory();
    }

    // ---------------------------------------------------------------- helpers

    static final List<Column> COLUMNS = List.of(
            Column.newBuilder().setName("id").setType("int32").build(),
            Column.newBuilder().setName("name").setType("string").setNullable(true).build(),
            Column.newBuilder().setName("tags").setType("list<string>").setNullable(true).build());

    /** Rows id = from..to-1, name = prefix + id, tags by id (with a null list and a null element). */
    static String rows(int from, int to, String prefix) {
        return IntStream.range(from, to).mapToObj(i -> "{\"id\":" + i + ",\"name\":\"" + prefix + i + "\",\"tags\":"
                + (i % 4 == 3 ? "null" : i % 4 == 2 ? "[\"cat\",null]" : "[\"cat\",\"dog\"]") + "}")
                .collect(Collectors.joining(",", "[", "]"));
    }

    static Path dataset(String name) {
        return work.resolve("datasets").resolve(name);
    }

    static long apply(Path path, TableOperation.Builder op) {
        return lance.apply(ApplyTableOperationRequest.newBuilder().setDatasetPath(path.toString()).setOperation(op).build())
                .getVersion();
    }

    static long create(Path path, String rowsJson, int rowsPerFragment) {
        return apply(path, TableOperation.newBuilder().setCreateTable(CreateTable.newBuilder().addAllColumns(COLUMNS)
                .setRows(Rows.newBuilder().setJson(rowsJson)).setRowsPerFragment(rowsPerFragment)));
    }

    static long index(Path path, String name, String column, String type, Map<String, String> params, boolean replace) {
        return apply(path, TableOperation.newBuilder().setCreateIndex(CreateIndex.newBuilder().setName(name)
                .addColumns(column).setIndexType(type).putAllParams(params).setReplace(replace)));
    }

    static long btree(Path path, String column) {
        return index(path, "", column, "btree", Map.of(), false);
    }

    static ManifestFile manifest(Path path) {
        return LanceDatasetFolder.open(path).readLatest();
    }

    static List<Long> fragmentIds(ManifestFile manifest) {
        return manifest.manifest().getFragmentsList().stream().map(DataFragment::getId).toList();
    }

    static IndexMetadata entry(ManifestFile manifest, String name) {
        List<IndexMetadata> entries = manifest.indexSection().orElseThrow().getIndicesList().stream()
                .filter(i -> i.getName().equals(name)).toList();
        assertThat(entries).hasSize(1);
        return entries.get(0);
    }

    static String bitmap(IndexMetadata entry) {
        return HexFormat.of().formatHex(entry.getFragmentBitmap().toByteArray());
    }

    static long count(Path path, String filter, boolean useIndex) {
        return lance.countRows(CountRowsRequest.newBuilder().setDatasetPath(path.toString()).setFilter(filter)
                .setUseIndex(useIndex).build()).getCount();
    }

    static List<IndexView> describe(Path path) {
        return lance.describeIndexes(DescribeIndexesRequest.newBuilder().setDatasetPath(path.toString()).build())
                .getIndexesList();
    }

    // ---------------------------------------------------------------- tests

    @Test
    void declaresItsCapabilities() {
        assertThat(engine.info().name()).isEqualTo("lance");
        assertThat(engine.info().version()).isEqualTo(System.getProperty("lance.version", "7.0.0"));
        assertThat(engine.info().capabilities()).containsExactlyInAnyOrder(Capability.TABLE_LIFECYCLE,
                Capability.INDEX_OPEN_REQUESTS, Capability.MANIFEST_READ, Capability.LIST_ELEMENT_INDEX,
                Capability.LIST_ELEMENT_INDEX_FILES);
    }

    @Test
    void createTableWritesTwoFragmentsWithLanceFieldIds() {
        Path ds = dataset("create");
        assertThat(create(ds, rows(0, 6, "n"), 3)).isEqualTo(1);
        ManifestFile m = manifest(ds);
        assertThat(m.version()).isEqualTo(1);
        assertThat(fragmentIds(m)).containsExactly(0L, 1L);
        assertThat(m.manifest().getFragmentsList()).allSatisfy(f -> {
            assertThat(f.getPhysicalRows()).isEqualTo(3);
            // list parents get no column: id 0, name 1, tags 2 with its item 3
            assertThat(f.getFilesList()).singleElement().satisfies(file -> assertThat(file.getFieldsList()).containsExactly(0, 1, 3));
        });
        assertThat(m.manifest().getFieldsList()).extracting(f -> f.getName() + "=" + f.getId() + "/" + f.getParentId())
                .containsExactly("id=0/-1", "name=1/-1", "tags=2/-1", "item=3/2");
        assertThat(m.indexSection()).isEmpty();
        assertThat(count(ds, "true", false)).isEqualTo(6);
        assertThat(count(ds, "id >= 4", false)).isEqualTo(2);
        assertThat(count(ds, "name IS NULL", false)).isZero();
        assertThat(describe(ds)).isEmpty();
    }

    /**
     * The fragment the kit adds in a Lance 2.0 data file (KitCommits.addLance20Fragment, IM-0008, IM-0009,
     * IM-0014) is one Lance reads: its DataFile (version 2.0, field ids, column_indices, size) is as Lance
     * expects. With flag 256 set, Lance 7.0.0 refuses to read (it does not know the bit); with the flag cleared
     * again it counts the kit's rows beside its own 2.1 fragments, decoding the kit's file as 2.0.
     */
    @Test
    void lanceReadsTheFragmentTheKitAddsInALance20File() {
        Path ds = dataset("kit-lance-2.0-fragment");
        apply(ds, TableOperation.newBuilder().setCreateTable(CreateTable.newBuilder()
                .addColumns(Column.newBuilder().setName("id").setType("int64").setNullable(true))
                .addColumns(Column.newBuilder().setName("name").setType("string").setNullable(true))
                .setRows(Rows.newBuilder().setJson("[{\"id\":1,\"name\":\"a\"},{\"id\":2,\"name\":\"b\"},"
                        + "{\"id\":3,\"name\":\"c\"},{\"id\":4,\"name\":\"d\"}]")).setRowsPerFragment(2)));
        KitCommits.addLance20Fragment(ds, "[{\"id\":5,\"name\":\"e\"},{\"id\":6,\"name\":null},{\"id\":7,\"name\":\"g\"}]");
        assertThat(manifest(ds).manifest().getFragments(2).getFiles(0).getFileMajorVersion()).isEqualTo(2);
        assertThatThrownBy(() -> count(ds, "true", false)).isInstanceOf(EngineRefusal.class);
        KitCommits.commit(ds, KitCommits.manifest(m -> m.setReaderFeatureFlags(m.getReaderFeatureFlags() & ~256L)
                .setWriterFeatureFlags(m.getWriterFeatureFlags() & ~256L)));
        assertThat(count(ds, "id >= 2", false)).isEqualTo(6); // 2, 3, 4 and the kit's 5, 6, 7
        assertThat(count(ds, "name = 'g'", false)).isEqualTo(1);
        assertThat(count(ds, "name IS NULL", false)).isEqualTo(1); // the kit's id 6
        assertThat(count(ds, "id >= 5 AND id <= 6", false)).isEqualTo(2);
    }

    @Test
    void everyKitColumnTypeMapsToALanceType() {
        Path ds = dataset("types");
        String[][] columns = {{"a", "int32"}, {"b", "int64"}, {"c", "float"}, {"d", "double"}, {"e", "string"},
                {"f", "bool"}, {"g", "list<string>"}, {"h", "vector<float,3>"}};
        CreateTable.Builder create = CreateTable.newBuilder();
        for (String[] column : columns) {
            create.addColumns(Column.newBuilder().setName(column[0]).setType(column[1]).setNullable(!column[0].equals("a")));
        }
        create.setRows(Rows.newBuilder().setJson("[{\"a\":1,\"b\":10000000000,\"c\":1.5,\"d\":2.25,\"e\":\"x\",\"f\":true,"
                + "\"g\":[\"p\",null],\"h\":[1,2,3]},{\"a\":2,\"b\":null,\"c\":null,\"d\":null,\"e\":null,\"f\":null,"
                + "\"g\":null,\"h\":null},{\"a\":3,\"f\":false,\"g\":[]}]"));
        assertThat(apply(ds, TableOperation.newBuilder().setCreateTable(create))).isEqualTo(1);
        ManifestFile m = manifest(ds);
        // a fixed-size list of floats is one leaf field (no child field), unlike a list
        assertThat(m.manifest().getFieldsList()).extracting(f -> f.getName() + "=" + f.getId() + ":" + f.getLogicalType())
                .containsExactly("a=0:int32", "b=1:int64", "c=2:float", "d=3:double", "e=4:string", "f=5:bool",
                        "g=6:list", "item=7:string", "h=8:fixed_size_list:float:3");
        assertThat(m.manifest().getFragments(0).getFiles(0).getFieldsList()).containsExactly(0, 1, 2, 3, 4, 5, 7, 8);
        assertThat(count(ds, "b = 10000000000 AND f = true AND d > 2", false)).isEqualTo(1);
        assertThat(count(ds, "h IS NULL", false)).isEqualTo(2);
        assertThat(count(ds, "g IS NULL", false)).isEqualTo(1);
        assertThat(count(ds, "f = false", false)).isEqualTo(1);
    }

    @Test
    void btreeOnAnEmptyTableHasAnEmptyBitmapThatAppendLeavesAndOptimizeFills() {
        Path ds = dataset("empty");
        assertThat(create(ds, "[]", 0)).isEqualTo(1);
        assertThat(fragmentIds(manifest(ds))).isEmpty();
        assertThat(btree(ds, "id")).isEqualTo(2);
        IndexMetadata built = entry(manifest(ds), "id_idx");
        assertThat(bitmap(built)).isEqualTo(EMPTY_BITMAP);
        assertThat(built.getFieldsList()).containsExactly(0);
        assertThat(built.getDatasetVersion()).isEqualTo(1);
        assertThat(built.getIndexDetails().getTypeUrl()).isEqualTo("/lance.table.BTreeIndexDetails");
        assertThat(built.getIndexVersion()).isZero();

        assertThat(apply(ds, TableOperation.newBuilder().setAppend(Append.newBuilder()
                .setRows(Rows.newBuilder().setJson(rows(0, 4, "a")))))).isEqualTo(3);
        ManifestFile appended = manifest(ds);
        assertThat(fragmentIds(appended)).containsExactly(0L);
        assertThat(entry(appended, "id_idx")).isEqualTo(built);
        assertThat(describe(ds)).singleElement().satisfies(v -> {
            assertThat(v.getIndexType()).isEqualTo("/lance.table.BTreeIndexDetails");
            assertThat(v.getFieldIdsList()).containsExactly(0);
            assertThat(v.getCoveredFragmentsList()).isEmpty();
            assertThat(v.getSegmentIds(0).toByteArray()).isEqualTo(built.getUuid().getUuid().toByteArray());
        });
        assertThat(count(ds, "id = 2", true)).isEqualTo(1);

        assertThat(apply(ds, TableOperation.newBuilder().setOptimizeIndices(OptimizeIndices.getDefaultInstance()))).isEqualTo(4);
        IndexMetadata optimized = entry(manifest(ds), "id_idx");
        assertThat(optimized.getUuid()).isNotEqualTo(built.getUuid());
        assertThat(describe(ds)).singleElement().satisfies(v -> assertThat(v.getCoveredFragmentsList()).containsExactly(0L));
    }

    @Test
    void appendLeavesTheBitmapUnchanged() {
        Path ds = dataset("append");
        create(ds, rows(0, 6, "n"), 3);
        assertThat(btree(ds, "id")).isEqualTo(2);
        IndexMetadata before = entry(manifest(ds), "id_idx");
        assertThat(bitmap(before)).isEqualTo(BITMAP_0_1);
        assertThat(apply(ds, TableOperation.newBuilder().setAppend(Append.newBuilder()
                .setRows(Rows.newBuilder().setJson(rows(6, 9, "n"))).setRowsPerFragment(2))))
                .isEqualTo(3);
        ManifestFile after = manifest(ds);
        assertThat(fragmentIds(after)).containsExactly(0L, 1L, 2L, 3L);
        assertThat(entry(after, "id_idx")).isEqualTo(before);
        assertThat(count(ds, "id >= 5", true)).isEqualTo(4);
        assertThat(describe(ds)).singleElement().satisfies(v -> assertThat(v.getCoveredFragmentsList()).containsExactly(0L, 1L));
    }

    @Test
    void mergeInsertOfEveryRowLeavesStaleIdsInTheBitmap() {
        Path ds = dataset("merge");
        create(ds, rows(0, 6, "n"), 3);
        btree(ds, "id");
        assertThat(apply(ds, TableOperation.newBuilder().setMergeInsert(MergeInsert.newBuilder().setKeyColumn("id")
                .setRows(Rows.newBuilder().setJson(rows(0, 7, "m")))))).isEqualTo(3);
        ManifestFile m = manifest(ds);
        // the old fragments are gone, one new fragment holds all rows; the bitmap still names 0 and 1 (notes §3)
        assertThat(fragmentIds(m)).containsExactly(2L);
        assertThat(bitmap(entry(m, "id_idx"))).isEqualTo(BITMAP_0_1);
        assertThat(describe(ds)).singleElement().satisfies(v -> assertThat(v.getCoveredFragmentsList()).isEmpty());
        assertThat(count(ds, "true", false)).isEqualTo(7);
        assertThat(count(ds, "name = 'm3'", true)).isEqualTo(1);
        assertThat(count(ds, "name = 'n3'", true)).isZero();
    }

    @Test
    void deleteRowsKeepsTheBitmapAndDropsEmptiedFragments() {
        Path ds = dataset("delete");
        create(ds, rows(0, 6, "n"), 3);
        btree(ds, "id");
        assertThat(apply(ds, TableOperation.newBuilder().setDeleteRows(DeleteRows.newBuilder().setFilter("id < 3"))))
                .isEqualTo(3);
        assertThat(apply(ds, TableOperation.newBuilder().setDeleteRows(DeleteRows.newBuilder().setFilter("id = 4"))))
                .isEqualTo(4);
        ManifestFile m = manifest(ds);
        assertThat(fragmentIds(m)).containsExactly(1L);
        assertThat(m.manifest().getFragments(0).getDeletionFile().getNumDeletedRows()).isEqualTo(1);
        assertThat(bitmap(entry(m, "id_idx"))).isEqualTo(BITMAP_0_1);
        assertThat(describe(ds)).singleElement().satisfies(v -> assertThat(v.getCoveredFragmentsList()).containsExactly(1L));
        assertThat(count(ds, "true", true)).isEqualTo(2);
        assertThat(count(ds, "id >= 4", true)).isEqualTo(1);
    }

    @Test
    void updateColumnRewritesInPlaceAndPrunesTheUpdatedFieldsIndexes() {
        Path ds = dataset("update");
        create(ds, rows(0, 6, "n"), 3);
        btree(ds, "id");
        btree(ds, "name");
        assertThat(apply(ds, TableOperation.newBuilder().setUpdateColumn(UpdateColumn.newBuilder().setKeyColumn("id")
                .setColumn("name").setRows(Rows.newBuilder().setJson("[{\"id\":0,\"name\":\"x\"},{\"id\":1,\"name\":\"x\"}]")))))
                .isEqualTo(4);
        ManifestFile m = manifest(ds);
        assertThat(fragmentIds(m)).containsExactly(0L, 1L);
        // fragment 0 gets a second data file holding field 1; its first file tombstones field 1 (-2)
        assertThat(m.manifest().getFragments(0).getFilesList()).extracting(f -> f.getFieldsList())
                .containsExactly(List.of(0, -2, 3), List.of(1));
        assertThat(m.manifest().getFragments(1).getFilesList()).singleElement()
                .satisfies(f -> assertThat(f.getFieldsList()).containsExactly(0, 1, 3));
        assertThat(bitmap(entry(m, "id_idx"))).isEqualTo(BITMAP_0_1);
        // name_idx covers field 1, which fragment 0 rewrote: pruned to {1}
        assertThat(bitmap(entry(m, "name_idx"))).isEqualTo("3a300000" + "01000000" + "0000" + "0000" + "10000000" + "0100");
        assertThat(count(ds, "name = 'x'", true)).isEqualTo(2);
        assertThat(count(ds, "name = 'n2'", true)).isEqualTo(1);
        assertThat(count(ds, "true", false)).isEqualTo(6);
    }

    @Test
    void compactRewritesFragmentsAndRemapsTheIndex() {
        Path ds = dataset("compact");
        create(ds, rows(0, 6, "n"), 2);
        btree(ds, "id");
        IndexMetadata before = entry(manifest(ds), "id_idx");
        long version = apply(ds, TableOperation.newBuilder().setCompact(Compact.newBuilder().setTargetRowsPerFragment(100)));
        // two commits: ReserveFragments (version 3, reserves fragment id 3), then Rewrite (version 4)
        assertThat(version).isEqualTo(4);
        ManifestFile m = manifest(ds);
        assertThat(m.version()).isEqualTo(version);
        assertThat(fragmentIds(m)).containsExactly(3L);
        IndexMetadata after = entry(m, "id_idx");
        assertThat(after.getUuid()).isNotEqualTo(before.getUuid());
        assertThat(after.getDatasetVersion()).isEqualTo(before.getDatasetVersion());
        assertThat(describe(ds)).singleElement().satisfies(v -> assertThat(v.getCoveredFragmentsList()).containsExactly(3L));
        assertThat(count(ds, "id < 3", true)).isEqualTo(3);
    }

    @Test
    void renameDropAndAlterColumnChangeTheSchema() {
        Path ds = dataset("schema");
        create(ds, rows(0, 4, "n"), 0);
        assertThat(apply(ds, TableOperation.newBuilder().setRenameColumn(
                dev.tableindex.proto.tck.RenameColumn.newBuilder().setColumn("name").setNewName("title")))).isEqualTo(2);
        assertThat(manifest(ds).manifest().getFieldsList()).extracting(f -> f.getName() + "=" + f.getId())
                .containsExactly("id=0", "title=1", "tags=2", "item=3");
        assertThat(apply(ds, TableOperation.newBuilder().setDropColumn(
                dev.tableindex.proto.tck.DropColumn.newBuilder().setColumn("tags")))).isEqualTo(3);
        assertThat(manifest(ds).manifest().getFieldsList()).extracting(f -> f.getName() + "=" + f.getId())
                .containsExactly("id=0", "title=1");
        // Lance 7.0.0 (observed): alterColumns(castTo) validates the cast but commits a Project that keeps the
        // old type. The engine passes that through; this assertion trips when a Lance release really casts.
        assertThat(apply(ds, TableOperation.newBuilder().setAlterColumnType(
                dev.tableindex.proto.tck.AlterColumnType.newBuilder().setColumn("id").setNewType("int64")))).isEqualTo(4);
        ManifestFile m = manifest(ds);
        assertThat(m.manifest().getFieldsList()).filteredOn(f -> f.getName().equals("id")).singleElement()
                .satisfies(f -> assertThat(f.getLogicalType()).isEqualTo("int32"));
        assertThat(m.transaction().orElseThrow().hasProject()).isTrue();
        assertThatThrownBy(() -> apply(ds, TableOperation.newBuilder().setAlterColumnType(
                dev.tableindex.proto.tck.AlterColumnType.newBuilder().setColumn("id").setNewType("string"))))
                .isInstanceOfSatisfying(EngineRefusal.class, e -> {
                    assertThat(e.error().getKind()).isEqualTo("INVALID_OPERATION");
                    assertThat(e.error().getMessage()).contains("Cannot cast");
                });
        assertThat(count(ds, "id >= 2", false)).isEqualTo(2);
    }

    @Test
    void createIndexRefusesATakenNameUnlessReplacing() {
        Path ds = dataset("clash");
        create(ds, rows(0, 6, "n"), 3);
        index(ds, "my_idx", "id", "btree", Map.of(), false);
        assertThatThrownBy(() -> index(ds, "my_idx", "id", "btree", Map.of(), false))
                .isInstanceOfSatisfying(EngineRefusal.class, e -> {
                    assertThat(e.error().getKind()).isEqualTo("INDEX_NAME_EXISTS");
                    assertThat(e.error().getMessage()).contains("my_idx").doesNotContain(".rs:");
                });
        IndexMetadata first = entry(manifest(ds), "my_idx");
        assertThat(index(ds, "my_idx", "id", "btree", Map.of(), true)).isEqualTo(3);
        assertThat(entry(manifest(ds), "my_idx").getUuid()).isNotEqualTo(first.getUuid());
        assertThatThrownBy(() -> index(ds, "x_idx", "id", "hash", Map.of(), false))
                .isInstanceOfSatisfying(EngineRefusal.class, e -> assertThat(e.error().getKind()).isEqualTo("INVALID_OPERATION"));
    }

    @Test
    void bitmapLabelListAndIvfFlatIndexes() {
        Path ds = dataset("kinds");
        String rows = IntStream.range(0, 40).mapToObj(i -> "{\"id\":" + i + ",\"name\":\"n" + (i % 3) + "\",\"tags\":[\"t"
                + (i % 2) + "\"],\"v\":[" + i + ",1,0," + (i % 5) + "]}").collect(Collectors.joining(",", "[", "]"));
        apply(ds, TableOperation.newBuilder().setCreateTable(CreateTable.newBuilder().addAllColumns(COLUMNS)
                .addColumns(Column.newBuilder().setName("v").setType("vector<float,4>").setNullable(true))
                .setRows(Rows.newBuilder().setJson(rows)).setRowsPerFragment(20)));
        assertThat(index(ds, "", "name", "bitmap", Map.of(), false)).isEqualTo(2);
        assertThat(index(ds, "", "tags", "label_list", Map.of(), false)).isEqualTo(3);
        assertThat(index(ds, "v_idx", "v", "ivf_flat", Map.of("num_partitions", "2", "metric", "l2"), false)).isEqualTo(4);
        ManifestFile m = manifest(ds);
        assertThat(entry(m, "name_idx").getIndexDetails().getTypeUrl()).isEqualTo("/lance.table.BitmapIndexDetails");
        assertThat(entry(m, "tags_idx").getIndexDetails().getTypeUrl()).isEqualTo("/lance.table.LabelListIndexDetails");
        assertThat(entry(m, "tags_idx").getIndexVersion()).isEqualTo(1);
        assertThat(entry(m, "tags_idx").getFieldsList()).containsExactly(2);
        assertThat(entry(m, "v_idx").getFieldsList()).containsExactly(4);
        assertThat(describe(ds)).extracting(IndexView::getName, IndexView::getIndexType)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("name_idx", "/lance.table.BitmapIndexDetails"),
                        org.assertj.core.groups.Tuple.tuple("tags_idx", "/lance.table.LabelListIndexDetails"),
                        org.assertj.core.groups.Tuple.tuple("v_idx", entry(m, "v_idx").getIndexDetails().getTypeUrl()));
        assertThat(describe(ds)).allSatisfy(v -> assertThat(v.getCoveredFragmentsList()).containsExactly(0L, 1L));
        assertThat(count(ds, "name = 'n1'", true)).isEqualTo(13);
        assertThat(count(ds, "array_has_any(tags, ['t1'])", true)).isEqualTo(20);
    }

    @Test
    void dropIndexRemovesTheEntry() {
        Path ds = dataset("drop");
        create(ds, rows(0, 6, "n"), 3);
        btree(ds, "id");
        btree(ds, "name");
        assertThat(apply(ds, TableOperation.newBuilder().setDropIndex(DropIndex.newBuilder().setName("id_idx")))).isEqualTo(4);
        assertThat(manifest(ds).indexSection().orElseThrow().getIndicesList()).extracting(IndexMetadata::getName)
                .containsExactly("name_idx");
        assertThat(describe(ds)).extracting(IndexView::getName).containsExactly("name_idx");
    }

    /**
     * The old-reader check of the IndexV2 design (IV-0020 runs it as a scenario): Lance 7.0.0 reads a table the
     * reference model dual-wrote, and its next commit keeps the legacy entry but drops IndexSection field 2, as
     * prost drops every unknown field. So after an old writer there is no stale IndexV2 left to disagree with.
     */
    @Test
    void appendingToADualWrittenTableKeepsTheLegacyIndexAndDropsIndexV2() {
        Path ds = dataset("dual-written");
        TableLifecycle reference = new ReferenceEngine().facet(TableLifecycle.class);
        reference.apply(ApplyTableOperationRequest.newBuilder().setDatasetPath(ds.toString()).setOperation(
                TableOperation.newBuilder().setCreateTable(CreateTable.newBuilder().addAllColumns(COLUMNS)
                        .setRows(Rows.newBuilder().setJson(rows(0, 4, "n"))).setRowsPerFragment(2))).build());
        reference.apply(ApplyTableOperationRequest.newBuilder().setDatasetPath(ds.toString()).setOperation(
                TableOperation.newBuilder().setCreateIndex(CreateIndex.newBuilder().setName("id_idx").addColumns("id")
                        .setIndexType("btree"))).build());
        ManifestFile dualWritten = manifest(ds);
        assertThat(dualWritten.topLevelIndexes()).extracting(e -> e.name()).containsExactly("id_idx");
        String legacyUuid = entry(dualWritten, "id_idx").getUuid().getUuid().toStringUtf8();

        assertThat(describe(ds)).extracting(IndexView::getName).containsExactly("id_idx");
        apply(ds, TableOperation.newBuilder().setAppend(Append.newBuilder()
                .setRows(Rows.newBuilder().setJson(rows(4, 6, "n"))).setRowsPerFragment(2)));

        ManifestFile afterLance = manifest(ds);
        assertThat(afterLance.version()).isEqualTo(dualWritten.version() + 1);
        assertThat(fragmentIds(afterLance)).containsExactly(0L, 1L, 2L);
        assertThat(entry(afterLance, "id_idx").getUuid().getUuid().toStringUtf8()).isEqualTo(legacyUuid);
        assertThat(bitmap(entry(afterLance, "id_idx"))).isEqualTo(BITMAP_0_1);
        assertThat(afterLance.topLevelIndexes()).isEmpty();
    }

    @Test
    void lanceErrorsBecomeRefusalsWithoutBuildPaths() {
        assertThatThrownBy(() -> count(dataset("nowhere"), "true", false))
                .isInstanceOfSatisfying(EngineRefusal.class, e -> {
                    assertThat(e.error().getKind()).isEqualTo("OTHER");
                    assertThat(e.error().getMessage()).startsWith("count_rows: ").doesNotContain(".rs:");
                });
        Path ds = dataset("badrows");
        assertThatThrownBy(() -> create(ds, "[{\"id\":\"one\"}]", 0))
                .isInstanceOfSatisfying(EngineRefusal.class, e -> assertThat(e.error().getKind()).isEqualTo("INVALID_OPERATION"));
    }
}
