package dev.tableindex.engines.lance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tableindex.model.manifest.FragmentCoverage;
import dev.tableindex.proto.lance.index.ListElementIndexDetails;
import dev.tableindex.proto.lance.index.ListElementKeyEncoding;
import dev.tableindex.proto.lance.table.IndexMetadata;
import dev.tableindex.proto.tck.BuildListIndexRequest;
import dev.tableindex.proto.tck.BuildListIndexResult;
import dev.tableindex.proto.tck.PageDataRow;
import dev.tableindex.proto.tck.QueryListIndexRequest;
import dev.tableindex.proto.tck.QueryListIndexResult;
import dev.tableindex.proto.tck.ReadManifestRequest;
import dev.tableindex.proto.tck.ReadManifestResult;
import dev.tableindex.tck.api.Capability;
import dev.tableindex.tck.api.EngineBroken;
import dev.tableindex.tck.api.EngineRefusal;
import dev.tableindex.tck.api.ListElementIndexer;
import dev.tableindex.tck.api.ManifestReading;
import dev.tableindex.tck.api.TckEngine;
import dev.tableindex.tck.engine.ListIndexProtos;
import dev.tableindex.model.listindex.IndexedTable;
import dev.tableindex.model.listindex.ListElementIndex;
import dev.tableindex.tck.run.ClasspathTree;
import dev.tableindex.tck.run.FileTrees;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Engine {@code lance} as a reader of manifests (Lance's own Dataset.open) and as a list element index whose target is
 * Lance's BTree, through the forked engine and the protocol, as the TCK drives it.
 */
class LanceReaderEngineTest {
    @TempDir
    static Path work;
    static TckEngine engine;

    @BeforeAll
    static void start() {
        engine = LanceEngineProvider.start(work.resolve("scratch"), LanceEngineTest.TIMEOUTS);
    }

    @AfterAll
    static void stop() {
        engine.close();
        assertThat(work.resolve("scratch")).isEmptyDirectory();
    }

    private static Path golden(String relative) {
        Path copy = work.resolve("golden").resolve(relative);
        if (!Files.exists(copy)) {
            FileTrees.copy(ClasspathTree.folder(ClasspathTree.GOLDEN_FILES + "/" + relative).orElseThrow(), copy);
        }
        return copy;
    }

    private static ReadManifestResult read(ReadManifestRequest request) {
        return engine.facet(ManifestReading.class).readManifest(request);
    }

    @Test
    void declaresTheReaderCapabilities() {
        assertThat(engine.info().capabilities()).contains(Capability.MANIFEST_READ, Capability.LIST_ELEMENT_INDEX,
                Capability.LIST_ELEMENT_INDEX_FILES).doesNotContain(Capability.LIST_ELEMENT_INDEX_SEGMENTS, Capability.INDEX_V2);
    }

    @Test
    void readsAGoldenVersionAsLanceReadsItAndSaysWhatItCannotReport() {
        ReadManifestResult v2 = read(ReadManifestRequest.newBuilder()
                .setDatasetPath(golden("lance-manifests/lance-7.0.0/btree").toString()).setVersion(2).build());
        assertThat(v2.getManifest().getVersion()).isEqualTo(2);
        assertThat(v2.getManifest().getFragmentsList()).extracting(f -> f.getId() + "/" + f.getPhysicalRows())
                .containsExactly("0/100", "1/100");
        IndexMetadata index = v2.getIndexSection().getIndices(0);
        assertThat(index.getName()).isEqualTo("id_idx");
        assertThat(index.getFieldsList()).containsExactly(0);
        assertThat(index.getIndexDetails().getTypeUrl()).isEqualTo("/lance.table.BTreeIndexDetails");
        assertThat(FragmentCoverage.fromBytes(index.getFragmentBitmap().toByteArray()).fragmentIds()).contains(List.of(0L, 1L));
        // what the Java API does not expose is named, not filled in
        assertThat(v2.getUnreportedList()).containsExactlyInAnyOrder("reader_feature_flags", "writer_feature_flags",
                "indices.files", "indices.covering_fields", "transaction");
        assertThat(index.getFilesList()).isEmpty();

        ReadManifestResult v1 = read(ReadManifestRequest.newBuilder()
                .setDatasetPath(golden("lance-manifests/lance-7.0.0/btree").toString()).setVersion(1).build());
        assertThat(v1.getManifest().getVersion()).isEqualTo(1);
        assertThat(v1.hasIndexSection()).isFalse();
    }

    @Test
    void aLoneManifestIsReadFromAScratchDatasetFolderAndADamagedOneIsRefused() {
        ReadManifestResult base = read(ReadManifestRequest.newBuilder()
                .setManifestPath(golden("invalid-manifests").resolve("base/lance-7.0.0-btree-v2.manifest").toString()).build());
        assertThat(base.getManifest().getVersion()).isEqualTo(2);
        assertThat(base.getIndexSection().getIndicesCount()).isEqualTo(1);

        Path damaged = golden("invalid-manifests").resolve("roaring-unknown-cookie.manifest");
        assertThatThrownBy(() -> read(ReadManifestRequest.newBuilder().setManifestPath(damaged.toString()).build()))
                .isInstanceOfSatisfying(EngineRefusal.class, e -> {
                    assertThat(e.error().getKind()).isEqualTo("OTHER");
                    assertThat(e.error().getOffset()).isEqualTo(-1);
                    assertThat(e.error().getMessage()).contains("unknown cookie value");
                });
    }

    /** A section length past the end of the file makes Lance panic: that request is broken, the next one is answered. */
    @Test
    void aManifestThatMakesLancePanicEndsOnlyItsRequest() {
        Path huge = golden("invalid-manifests").resolve("index-section-length-huge.manifest");
        assertThatThrownBy(() -> read(ReadManifestRequest.newBuilder().setManifestPath(huge.toString()).build()))
                .isInstanceOf(EngineBroken.class).hasMessageContaining("exit code 134");
        assertThat(read(ReadManifestRequest.newBuilder()
                .setDatasetPath(golden("lance-manifests/lance-7.0.0/no-index").toString()).build()).getManifest().getVersion())
                .isEqualTo(1);
    }

    /** The table of LEI02 with one element per row, so no page of Lance's BTree holds a row address twice. */
    static final String TABLE = """
            {"column": "detections",
             "element": [{"name": "label", "type": "string", "id": 4}, {"name": "confidence", "type": "float", "id": 5}],
             "fragments": [{"id": 0, "rows": [[{"label": "car", "confidence": 0.5}], [{"label": "dog", "confidence": 0.5}]],
                            "deleted": [1]},
                           {"id": 1, "rows": [[{"label": "cat", "confidence": 0.5}], null]},
                           {"id": 3, "rows": [[], [{"label": "car", "confidence": 0.25}]]}]}""";

    @Test
    void buildsWithLancesBTreeAndWritesExactlyItsTwoFiles() throws Exception {
        Path directory = Files.createDirectories(work.resolve("index"));
        BuildListIndexResult built = engine.facet(ListElementIndexer.class).buildListIndex(BuildListIndexRequest.newBuilder()
                .setTableJson(TABLE).addAllKeys(List.of("label", "confidence")).setColumnFieldId(3)
                .setIndexDirectory(directory.toString()).build());
        try (Stream<Path> files = Files.list(directory)) {
            assertThat(files.map(p -> p.getFileName().toString())).containsExactlyInAnyOrder("page_data.lance", "page_lookup.lance");
        }
        // LEI-0014's rows: the null list first, then car 0.25 < car 0.5 < cat 0.5; the deleted row is not indexed
        assertThat(built.getPageDataList()).extracting(PageDataRow::getRowAddress)
                .containsExactly(1L << 32 | 1, 3L << 32 | 1, 0L, 1L << 32);
        assertThat(built.getPageData(0).hasValues()).isFalse();
        assertThat(built.getPageLookupCount()).isEqualTo(1);
        ListElementIndexDetails details = built.getDetails();
        assertThat(details.getKeyFieldIdsList()).containsExactly(4, 5);
        assertThat(details.getKeyEncoding()).isEqualTo(ListElementKeyEncoding.LIST_ELEMENT_KEY_ENCODING_ARROW_ROW_V1);
        assertThat(details.getTargetDetails().getTypeUrl()).isEqualTo("/lance.table.BTreeIndexDetails");
        // as Lance wrote its BTree: format version 0
        assertThat(details.getTargetIndexVersion()).isZero();
        assertThat(built.getMetadata().getFieldsList()).containsExactly(3);
        assertThat(built.getMetadata().getIndexVersion()).isZero();
    }

    @Test
    void answersFromLancesBTreeTrainedOnTheKitsSegment() {
        IndexedTable table = IndexedTable.fromJson(TABLE);
        ListElementIndex segment = ListElementIndex.buildOnNames(table, List.of("label", "confidence"), Set.of(0L, 1L, 3L), 2);
        QueryListIndexRequest.Builder request = QueryListIndexRequest.newBuilder().setTableJson(TABLE)
                .setDetails(ListIndexProtos.toProto(segment.details())).addSegments(ListIndexProtos.segment(segment))
                .setEnumerationLimit(100);
        QueryListIndexResult cars = engine.facet(ListElementIndexer.class).queryListIndex(request.setPredicate("label = 'car'").build());
        assertThat(cars.getRowsList()).containsExactly(0L, 3L << 32 | 1);
        assertThat(cars.getMode()).isEqualTo("EXACT");
        assertThat(cars.getReason()).contains("real Lance").contains("ScalarIndexQuery");
        // NOT: every live row but the TRUE ones and the null list (1:1); 3:0 (an empty list) is TRUE
        QueryListIndexResult notCars = engine.facet(ListElementIndexer.class).queryListIndex(request.setNegated(true).build());
        assertThat(notCars.getRowsList()).containsExactly(1L << 32, 3L << 32);
        assertThat(Arrays.asList(notCars.getNotExact())).containsExactly(true);
    }
}
