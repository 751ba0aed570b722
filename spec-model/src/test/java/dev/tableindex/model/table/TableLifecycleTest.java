package dev.tableindex.model.table;

import static dev.tableindex.model.table.Ops.column;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tableindex.model.dataset.LanceDatasetFolder;
import dev.tableindex.model.index.IndexCatalog;
import dev.tableindex.model.index.IndexTypes;
import dev.tableindex.model.manifest.ManifestFile;
import dev.tableindex.model.manifest.ManifestReader;
import dev.tableindex.proto.lance.index.VectorIndexDetails;
import dev.tableindex.proto.lance.index.VectorMetricType;
import dev.tableindex.proto.lance.table.IndexMetadata;
import dev.tableindex.proto.lance.table.IndexV2;
import dev.tableindex.proto.lance.table.Manifest;
import dev.tableindex.proto.lance.table.Transaction;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TableLifecycleTest {
    @TempDir
    Path root;

    private Lab twoFragments() {
        // ids 0..9 in fragments 0 (ids 0-4) and 1 (ids 5-9)
        return new Lab(root).apply(Ops.create(Lab.rows(0, 10), 5, column("id", "int64"), column("name", "string")));
    }

    @Test
    void createWritesARealVersionOneManifest() throws Exception {
        Lab lab = twoFragments();
        LanceDatasetFolder folder = LanceDatasetFolder.open(root);
        assertThat(folder.latestVersion()).isEqualTo(1);
        assertThat(folder.versionHint()).hasValue(1);
        // V2 naming: u64::MAX - 1 = 18446744073709551614
        assertThat(Files.exists(root.resolve("_versions/18446744073709551614.manifest"))).isTrue();
        Manifest manifest = folder.readLatest().manifest();
        assertThat(manifest.getWriterVersion().getLibrary()).isEqualTo("tableindex-reference");
        assertThat(manifest.getDataFormat().getFileFormat()).isEqualTo("lance");
        assertThat(manifest.getDataFormat().getVersion()).isEqualTo("2.1");
        assertThat(manifest.getFieldsList()).extracting(f -> f.getName() + "#" + f.getId())
                .containsExactly("id#0", "name#1");
        assertThat(manifest.getFragmentsList()).extracting(f -> f.getId() + ":" + f.getPhysicalRows())
                .containsExactly("0:5", "1:5");
        assertThat(manifest.getMaxFragmentId()).isEqualTo(1);
        assertThat(manifest.hasIndexSection()).isFalse();
        assertThat(manifest.getTimestamp().getSeconds()).isEqualTo(Lab.NOW / 1000);
        Transaction txn = folder.readLatest().transaction().orElseThrow();
        assertThat(txn.getReadVersion()).isZero();
        assertThat(txn.hasOverwrite()).isTrue();
        assertThat(manifest.getTransactionFile()).isEqualTo("0-" + txn.getUuid() + ".txn");
        assertThat(Transaction.parseFrom(Files.readAllBytes(root.resolve("_transactions/" + manifest.getTransactionFile()))))
                .isEqualTo(txn);
        assertThat(lab.count("true", false)).isEqualTo(10);
    }

    @Test
    void listColumnsTakeTwoFieldIdsAndVectorsOne() {
        TableVersion table = new Lab(root).apply(Ops.create("[]", 0, column("tags", "list<string>"),
                column("v", "vector<float,3>"), column("id", "int32"))).table();
        assertThat(table.schema().fields()).extracting(f -> f.getName() + "#" + f.getId() + "^" + f.getParentId()
                + ":" + f.getLogicalType()).containsExactly("tags#0^-1:list", "item#1^0:string",
                "v#2^-1:fixed_size_list:float:3", "id#3^-1:int32");
    }

    @Test
    void indexOnAnEmptyTableHasTheEmptyBitmapNotUnknown() {
        Lab lab = new Lab(root).apply(Ops.create("[]", 0, column("id", "int64")))
                .apply(Ops.createIndex("", "id", "btree"));
        IndexMetadata segment = lab.segments("id_idx").get(0);
        assertThat(HexFormat.of().formatHex(segment.getFragmentBitmap().toByteArray())).isEqualTo("3a30000000000000");
        assertThat(segment.getDatasetVersion()).isEqualTo(1); // built from the version read
        assertThat(segment.getIndexVersion()).isZero();
        assertThat(segment.getCreatedAt()).isEqualTo(Lab.NOW);
        assertThat(segment.getIndexDetails().getTypeUrl()).isEqualTo("/lance.table.BTreeIndexDetails");
        assertThat(segment.getFiles(0).getPath()).isEqualTo("index.idx");
        assertThat(segment.getFiles(0).getSizeBytes()).isEqualTo(
                TableStore.indexFilePath(root, TableVersion.uuidOf(segment)).toFile().length());
        // appended rows are not covered until optimize; queries scan them
        lab.apply(Ops.append("[{\"id\":1},{\"id\":2}]", 0));
        assertThat(Lab.covered(lab.segments("id_idx").get(0))).isEmpty();
        assertThat(lab.count("id = 2", true)).isEqualTo(1);
        lab.apply(Ops.optimize());
        List<IndexMetadata> segments = lab.segments("id_idx");
        assertThat(segments).hasSize(2);
        assertThat(Lab.covered(segments.get(0))).isEmpty();
        assertThat(Lab.covered(segments.get(1))).containsExactly(0L);
        assertThat(segments.get(1).getDatasetVersion()).isEqualTo(3);
        assertThat(lab.count("id = 2", true)).isEqualTo(1);
    }

    @Test
    void everyVersionWritesBothLegacyAndV2() {
        Lab lab = twoFragments().apply(Ops.createIndex("", "id", "btree"));
        ManifestFile file = lab.manifest();
        IndexMetadata segment = file.indexSection().orElseThrow().getIndices(0);
        IndexV2 v2 = file.indexSection().orElseThrow().getIndicesV2(0);
        assertThat(v2.getName()).isEqualTo("id_idx");
        assertThat(v2.getFieldIdsList()).containsExactly(0);
        assertThat(v2.getIndexTypeId()).isEqualTo("lance:btree");
        assertThat(v2.getIndexConfig()).isEqualTo(segment.getIndexDetails());
        assertThat(v2.getFiles(0).getId()).isEqualTo(segment.getUuid().getUuid());
        assertThat(v2.getFiles(0).getFileSize()).isEqualTo(segment.getFiles(0).getSizeBytes());
        assertThat(v2.getFiles(0).getFragmentBitmap()).isEqualTo(segment.getFragmentBitmap());
        assertThat(v2.getId()).isNotEqualTo(segment.getUuid().getUuid());
        assertThat(lab.catalog().source()).isEqualTo(IndexCatalog.Source.V2);
    }

    @Test
    void indexNameIsUniqueUnlessReplaced() {
        Lab lab = twoFragments().apply(Ops.createIndex("", "id", "btree"));
        IndexV2 before = lab.manifest().indexSection().orElseThrow().getIndicesV2(0);
        assertThatThrownBy(() -> lab.apply(Ops.createIndex("id_idx", "name", "bitmap")))
                .isInstanceOfSatisfying(TableException.class,
                        e -> assertThat(e.kind()).isEqualTo(TableException.Kind.INDEX_NAME_EXISTS));
        IndexMetadata old = lab.segments("id_idx").get(0);
        lab.apply(Ops.createIndex("id_idx", "id", "btree", Map.of(), true));
        IndexMetadata replaced = lab.segments("id_idx").get(0);
        assertThat(lab.segments("id_idx")).hasSize(1);
        assertThat(replaced.getUuid()).isNotEqualTo(old.getUuid());
        assertThat(lab.manifest().indexSection().orElseThrow().getIndicesV2(0).getId()).isNotEqualTo(before.getId());
        assertThat(lab.lastCommit.transaction().getCreateIndex().getRemovedIndicesList()).containsExactly(old);
    }

    @Test
    void deleteKeepsBitmapsAndDeletedRowsNeverComeOutOfTheIndex() throws Exception {
        Lab lab = twoFragments().apply(Ops.createIndex("", "id", "btree")).apply(Ops.delete("id < 2"));
        assertThat(Lab.covered(lab.segments("id_idx").get(0))).containsExactly(0L, 1L);
        Manifest manifest = lab.manifest().manifest();
        assertThat(manifest.getReaderFeatureFlags()).isEqualTo(1);
        var deletion = manifest.getFragments(0).getDeletionFile();
        assertThat(deletion.getNumDeletedRows()).isEqualTo(2);
        assertThat(deletion.getReadVersion()).isEqualTo(2);
        // offsets 0 and 1 deleted: portable Roaring, cookie 12346, 1 container, key 0, cardinality-1 = 1, values 0 1
        assertThat(HexFormat.of().formatHex(Files.readAllBytes(root.resolve(DeletionFiles.path(0, deletion)))))
                .isEqualTo("3a30000001000000" + "00000100" + "10000000" + "00000100");
        assertThat(lab.count("id < 5", true)).isEqualTo(3);
        assertThat(lab.count("id < 5", false)).isEqualTo(3);
        // all rows of fragment 0 deleted: the fragment goes, and leaves the bitmap
        lab.apply(Ops.delete("id <= 4"));
        assertThat(lab.table().fragments()).extracting(Fragment::id).containsExactly(1L);
        assertThat(Lab.covered(lab.segments("id_idx").get(0))).containsExactly(1L);
        assertThat(lab.lastCommit.transaction().getDelete().getDeletedFragmentIdsList()).containsExactly(0L);
    }

    @Test
    void mergeInsertOfEveryCoveredRowKeepsTheEntryCoveringNothing() {
        Lab lab = twoFragments().apply(Ops.createIndex("", "id", "btree"));
        StringBuilder json = new StringBuilder("[");
        for (int i = 0; i < 10; i++) {
            json.append(i == 0 ? "" : ",").append("{\"id\":").append(i).append(",\"name\":\"m").append(i).append("\"}");
        }
        lab.apply(Ops.mergeInsert("id", json.append(",{\"id\":10,\"name\":\"new\"}]").toString()));
        assertThat(lab.table().fragments()).extracting(Fragment::id).containsExactly(2L);
        assertThat(lab.segments("id_idx")).hasSize(1);
        assertThat(Lab.covered(lab.segments("id_idx").get(0))).isEmpty();
        IndexCatalog.Index index = lab.catalog().byName("id_idx").orElseThrow();
        assertThat(Lab.ids(index.coverage())).isEmpty();
        assertThat(lab.count("name = 'm3'", false)).isEqualTo(1);
        assertThat(lab.count("id >= 0", true)).isEqualTo(11);
        Transaction.Update update = lab.lastCommit.transaction().getUpdate();
        assertThat(update.getRemovedFragmentIdsList()).containsExactly(0L, 1L);
        assertThat(update.getUpdateMode()).isEqualTo(Transaction.UpdateMode.REWRITE_ROWS);
    }

    @Test
    void updateColumnPrunesOnlyIndexesOnThatField() {
        Lab lab = twoFragments().apply(Ops.createIndex("", "id", "btree")).apply(Ops.createIndex("", "name", "bitmap"))
                .apply(Ops.updateColumn("id", "name", "[{\"id\":7,\"name\":\"seven\"}]"));
        assertThat(Lab.covered(lab.segments("name_idx").get(0))).containsExactly(0L);
        assertThat(Lab.covered(lab.segments("id_idx").get(0))).containsExactly(0L, 1L);
        TableVersion table = lab.table();
        assertThat(table.fragments()).extracting(Fragment::id).containsExactly(0L, 1L);
        assertThat(table.fragment(1).orElseThrow().rows().get(2).get(1)).isEqualTo("seven");
        assertThat(lab.count("name = 'seven'", true)).isEqualTo(1);
        assertThat(lab.count("name = 'n7'", true)).isZero();
        assertThat(lab.lastCommit.transaction().getUpdate().getFieldsModifiedList()).containsExactly(1);
        // every fragment touched: the entry stays with an empty bitmap
        lab.apply(Ops.updateColumn("id", "name", "[{\"id\":1,\"name\":\"one\"}]"));
        assertThat(lab.segments("name_idx")).hasSize(1);
        assertThat(Lab.covered(lab.segments("name_idx").get(0))).isEmpty();
    }

    @Test
    void compactionRemapsCoverageUnderANewUuid() {
        // fragments 0,1,2 of 2 rows; index covers all; delete one row of 0 and of 2
        Lab lab = new Lab(root).apply(Ops.create(Lab.rows(0, 6), 2, column("id", "int64"), column("name", "string")))
                .apply(Ops.createIndex("", "id", "btree")).apply(Ops.delete("id = 0"))
                .apply(Ops.delete("id = 5"));
        IndexMetadata before = lab.segments("id_idx").get(0);
        lab.apply(Ops.compact(2));
        // candidates: fragments with deletions or fewer than 2 rows, i.e. 0 and 2 (1 is full and whole); they are
        // not adjacent, so each is a run of its own: 0 -> 3 (id 1), 2 -> 4 (id 4)
        TableVersion table = lab.table();
        assertThat(table.fragments()).extracting(Fragment::id).containsExactly(1L, 3L, 4L);
        IndexMetadata after = lab.segments("id_idx").get(0);
        assertThat(after.getUuid()).isNotEqualTo(before.getUuid());
        assertThat(Lab.covered(after)).containsExactly(1L, 3L, 4L);
        assertThat(after.getDatasetVersion()).isEqualTo(before.getDatasetVersion());
        assertThat(after.getIndexDetails()).isEqualTo(before.getIndexDetails());
        var rewritten = lab.lastCommit.transaction().getRewrite().getRewrittenIndices(0);
        assertThat(rewritten.getOldId()).isEqualTo(before.getUuid());
        assertThat(rewritten.getNewId()).isEqualTo(after.getUuid());
        // id 1 moved from fragment 0 offset 1 to fragment 3 offset 0
        IndexFileContent content = table.indexFiles().get(TableVersion.uuidOf(after));
        assertThat(content.entries()).extracting(e -> e.value() + "@" + Long.toHexString(e.rowAddress()))
                .containsExactly("1@300000000", "2@100000000", "3@100000001", "4@400000000");
        assertThat(lab.count("id >= 0", true)).isEqualTo(4);
    }

    @Test
    void compactionMergesSmallFragmentsCoveredAlike() {
        Lab lab = new Lab(root).apply(Ops.create(Lab.rows(0, 3), 1, column("id", "int64"), column("name", "string")))
                .apply(Ops.createIndex("", "id", "btree"))
                .apply(Ops.append(Lab.rows(3, 5), 1)) // fragments 3, 4 uncovered
                .apply(Ops.compact(10));
        TableVersion table = lab.table();
        // runs: {0,1,2} covered by the segment -> 5; {3,4} uncovered -> 6
        assertThat(table.fragments()).extracting(f -> f.id() + ":" + f.physicalRows()).containsExactly("5:3", "6:2");
        assertThat(Lab.covered(lab.segments("id_idx").get(0))).containsExactly(5L);
        assertThat(lab.lastCommit.transaction().getRewrite().getGroupsCount()).isEqualTo(2);
        assertThat(lab.count("id >= 1", true)).isEqualTo(4);
    }

    @Test
    void renameKeepsTheFieldIdAndTheIndex() {
        Lab lab = twoFragments().apply(Ops.createIndex("", "name", "btree")).apply(Ops.rename("name", "label"));
        TableVersion table = lab.table();
        assertThat(table.schema().require("label").getId()).isEqualTo(1);
        assertThat(lab.segments("name_idx")).hasSize(1);
        assertThat(lab.catalog().byName("name_idx").orElseThrow().fieldIds()).containsExactly(1);
        assertThat(lab.count("label = 'n3'", true)).isEqualTo(1);
        assertThat(lab.lastCommit.transaction().hasProject()).isTrue();
    }

    @Test
    void dropColumnRemovesItsIndexes() {
        Lab lab = twoFragments().apply(Ops.createIndex("", "name", "btree")).apply(Ops.createIndex("", "id", "btree"))
                .apply(Ops.drop("name"));
        assertThat(lab.table().indexes()).extracting(IndexMetadata::getName).containsExactly("id_idx");
        assertThat(lab.manifest().indexSection().orElseThrow().getIndicesV2List()).extracting(IndexV2::getName)
                .containsExactly("id_idx");
        assertThat(lab.table().schema().fieldIds()).containsExactly(0);
    }

    @Test
    void alterTypeGivesANewFieldIdAndRemovesTheIndex() {
        Lab lab = twoFragments().apply(Ops.createIndex("", "id", "btree")).apply(Ops.alter("id", "string"));
        TableVersion table = lab.table();
        assertThat(table.schema().require("id").getId()).isEqualTo(2);
        assertThat(table.schema().columns()).extracting(f -> f.getName()).containsExactly("id", "name");
        assertThat(table.indexes()).isEmpty();
        assertThat(lab.count("id = '7'", false)).isEqualTo(1);
        assertThatThrownBy(() -> lab.apply(Ops.alter("name", "int64")))
                .isInstanceOfSatisfying(TableException.class,
                        e -> assertThat(e.kind()).isEqualTo(TableException.Kind.INVALID_OPERATION));
    }

    @Test
    void dropIndexRemovesEverySegmentOfTheName() {
        Lab lab = twoFragments().apply(Ops.createIndex("", "id", "btree")).apply(Ops.append(Lab.rows(10, 12), 0))
                .apply(Ops.optimize());
        assertThat(lab.segments("id_idx")).hasSize(2);
        lab.apply(Ops.dropIndex("id_idx"));
        assertThat(lab.table().indexes()).isEmpty();
        assertThat(lab.lastCommit.transaction().getCreateIndex().getRemovedIndicesCount()).isEqualTo(2);
        assertThat(lab.manifest().manifest().hasIndexSection()).isFalse();
    }

    @Test
    void vectorConfigurationIsFixedAtCreation() throws Exception {
        String rows = "[{\"id\":1,\"v\":[1,2]},{\"id\":2,\"v\":[3,4]}]";
        Lab lab = new Lab(root).apply(Ops.create(rows, 0, column("id", "int64"), column("v", "vector<float,2>")))
                .apply(Ops.createIndex("", "v", "ivf_flat"));
        IndexMetadata first = lab.segments("v_idx").get(0);
        assertThat(first.getIndexDetails().getTypeUrl()).isEqualTo("/lance.index.pb.VectorIndexDetails");
        assertThat(first.getIndexVersion()).isEqualTo(1);
        VectorIndexDetails details = VectorIndexDetails.parseFrom(first.getIndexDetails().getValue());
        assertThat(details.getMetricType()).isEqualTo(VectorMetricType.L2);
        assertThat(details.getTargetNumPartitions()).isEqualTo(IndexBuilder.DEFAULT_NUM_PARTITIONS);
        for (int i = 0; i < 3; i++) {
            lab.apply(Ops.append("[{\"id\":9,\"v\":[1,1]},{\"id\":9,\"v\":[2,2]},{\"id\":9,\"v\":[3,3]}]", 0));
        }
        lab.apply(Ops.optimize()).apply(Ops.compact(100));
        assertThat(lab.table().indexes()).isNotEmpty().allSatisfy(s ->
                assertThat(s.getIndexDetails()).isEqualTo(first.getIndexDetails()));
        assertThat(lab.manifest().indexSection().orElseThrow().getIndicesV2(0).getIndexTypeId()).isEqualTo("lance:vector");
        Lab other = new Lab(root.resolve("b")).apply(Ops.create(rows, 0, column("id", "int64"),
                        column("v", "vector<float,2>")))
                .apply(Ops.createIndex("", "v", "ivf_flat", Map.of("num_partitions", "4", "metric", "cosine"), false));
        VectorIndexDetails explicit = VectorIndexDetails.parseFrom(other.segments("v_idx").get(0).getIndexDetails().getValue());
        assertThat(explicit.getTargetNumPartitions()).isEqualTo(4);
        assertThat(explicit.getMetricType()).isEqualTo(VectorMetricType.COSINE);
    }

    @Test
    void labelListIndexVersionOne() {
        Lab lab = new Lab(root).apply(Ops.create("[{\"tags\":[\"a\",\"b\"]},{\"tags\":null}]", 0,
                column("tags", "list<string>"))).apply(Ops.createIndex("", "tags", "label_list"));
        IndexMetadata segment = lab.segments("tags_idx").get(0);
        assertThat(segment.getIndexVersion()).isEqualTo(1);
        assertThat(segment.getFieldsList()).containsExactly(0);
        assertThat(lab.count("tags IS NULL", true)).isEqualTo(1);
        assertThatThrownBy(() -> lab.apply(Ops.createIndex("", "tags", "btree")))
                .isInstanceOf(TableException.class);
    }

    @Test
    void writtenManifestsReadBackAsTheModelBuiltThem() {
        Lab lab = twoFragments().apply(Ops.createIndex("", "id", "btree")).apply(Ops.delete("id = 3"));
        ManifestFile read = ManifestReader.read(LanceDatasetFolder.open(root).entry(3).path());
        assertThat(read.indexSection()).isEqualTo(lab.lastWritten.indexSection());
        assertThat(read.transaction()).isEqualTo(lab.lastWritten.transaction());
        assertThat(read.manifest().toBuilder().clearIndexSection().clearTransactionSection().build())
                .isEqualTo(lab.lastWritten.manifest().toBuilder().clearIndexSection().clearTransactionSection().build());
        assertThat(TableStore.load(root).table()).isEqualTo(lab.lastCommit.version());
    }

    @Test
    void catalogTypesComeFromTheDetails() {
        Lab lab = twoFragments().apply(Ops.createIndex("", "name", "bitmap"));
        assertThat(lab.catalog().byName("name_idx").orElseThrow().typeId()).isEqualTo("lance:bitmap");
        assertThat(lab.catalog().byName("name_idx").orElseThrow().kind()).isEqualTo(IndexTypes.Kind.BITMAP);
    }
}
