package dev.tableindex.model.table;

import static dev.tableindex.model.table.Ops.column;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tableindex.model.index.IndexTypes;
import dev.tableindex.model.listindex.TargetBTreeFiles;
import dev.tableindex.proto.lance.file.Field;
import dev.tableindex.proto.lance.index.ListElementIndexDetails;
import dev.tableindex.proto.lance.index.ListElementKeyEncoding;
import dev.tableindex.proto.lance.table.IndexFile;
import dev.tableindex.proto.lance.table.IndexMetadata;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A list element index committed to a table by the reference ("Index Details", "Storage Layout"). */
class ListElementTableIndexTest {
    private static final HexFormat HEX = HexFormat.ofDelimiter(" ").withUpperCase();
    /** (string, float) tuples worked by hand as in LEI-0193: a null element is the all-null tuple. */
    private static final String NULL_TUPLE = "00 00 00 00 00 00";
    private static final String CAR_HALF = "02 63 61 72 00 00 00 00 00 03 01 BF 00 00 00";

    @TempDir
    Path root;

    private Lab table(String type) {
        // row 0: one element; row 1: a null list; row 2: an empty list; row 3: a null element
        return new Lab(root).apply(Ops.create("""
                [{"id": 1, "detections": [{"label": "car", "confidence": 0.5}]},
                 {"id": 2, "detections": null}, {"id": 3, "detections": []}, {"id": 4, "detections": [null]}]""", 8,
                column("id", "int64"), column("detections", type)));
    }

    private static Map<String, String> keys(String names) {
        return Map.of("keys", names);
    }

    @Test
    void aListOfStructsTakesFieldsAsLanceAssignsThem() {
        // Lance 7.0.0 wrote labels list<struct<label, confidence>> as labels=2 list.struct, item=3 struct (parent 2),
        // label=4 string and confidence=5 float (parent 3): lance-7.0.0-observed.md, section 3
        List<Field> fields = table("list<struct<label: string, confidence: float>>").manifest().manifest().getFieldsList();
        assertThat(fields).extracting(f -> f.getName() + "#" + f.getId() + "<" + f.getParentId() + ":" + f.getLogicalType())
                .containsExactly("id#0<-1:int64", "detections#1<-1:list.struct", "item#2<1:struct", "label#3<2:string",
                        "confidence#4<2:float");
        assertThat(ColumnType.parse("large_list<struct<a: timestamp:ns:Asia/Tokyo>>").notation())
                .isEqualTo("large_list<struct<a: timestamp:ns:Asia/Tokyo>>");
    }

    @Test
    void rowsOfAListOfStructsSurviveTheirDataFile() {
        Lab lab = table("list<struct<label: string, confidence: float>>");
        Map<Integer, Object> first = lab.table().fragments().get(0).rows().get(0);
        assertThat(first.get(1)).isEqualTo(List.of(List.of("car", dev.tableindex.model.key.Float32.of(0.5f))));
        assertThat(lab.table().fragments().get(0).rows().get(3).get(1)).asList().containsExactly((Object) null);
    }

    @Test
    void theEntryNamesTheListColumnWithVersionZeroAndWrapsABTree() throws Exception {
        Lab lab = table("list<struct<label: string, confidence: float>>")
                .apply(Ops.createIndex("det_idx", "detections", "list_element", keys("confidence, label"), false));
        IndexMetadata entry = lab.segments("det_idx").get(0);
        assertThat(entry.getFieldsList()).containsExactly(1);
        assertThat(entry.getIndexVersion()).isZero();
        assertThat(entry.getIndexDetails().getTypeUrl()).isEqualTo("/lance.index.pb.ListElementIndexDetails");
        ListElementIndexDetails details = ListElementIndexDetails.parseFrom(entry.getIndexDetails().getValue());
        assertThat(details.getKeyFieldIdsList()).containsExactly(4, 3);
        assertThat(details.getKeysList()).containsExactly("confidence", "label");
        assertThat(details.getKeyTypesList()).containsExactly("float", "string");
        assertThat(details.getKeyEncoding()).isEqualTo(ListElementKeyEncoding.LIST_ELEMENT_KEY_ENCODING_ARROW_ROW_V1);
        assertThat(details.getTargetDetails().getTypeUrl()).isEqualTo("/lance.table.BTreeIndexDetails");
        assertThat(details.getTargetIndexVersion()).isEqualTo(1);
        Path folder = TableStore.indexFolder(root, TableVersion.uuidOf(entry));
        assertThat(entry.getFilesList()).extracting(IndexFile::getPath)
                .containsExactly(TargetBTreeFiles.PAGE_DATA, TargetBTreeFiles.PAGE_LOOKUP);
        for (IndexFile file : entry.getFilesList()) {
            assertThat(Files.size(folder.resolve(file.getPath()))).isEqualTo(file.getSizeBytes());
        }
        try (var listed = Files.list(folder)) {
            assertThat(listed.map(p -> p.getFileName().toString()).sorted())
                    .containsExactly(TargetBTreeFiles.PAGE_DATA, TargetBTreeFiles.PAGE_LOOKUP);
        }
    }

    @Test
    void pageDataHoldsOneEntryPerElementNullListsFirst() {
        Lab lab = table("large_list<struct<label: string, confidence: float>>")
                .apply(Ops.createIndex("det_idx", "detections", "list_element", keys("label, confidence"), false));
        IndexMetadata entry = lab.segments("det_idx").get(0);
        List<String> rows = TargetBTreeFiles.read(TableStore.indexFolder(root, TableVersion.uuidOf(entry))).entries()
                .stream().map(e -> (e.values() == null ? "null" : HEX.formatHex(e.values())) + " @" + e.rowAddress())
                .toList();
        assertThat(rows).containsExactly("null @1", NULL_TUPLE + " @3", CAR_HALF + " @0");
        assertThat(lab.manifest().manifest().getFieldsList().get(1).getLogicalType()).isEqualTo("large_list.struct");
    }

    @Test
    void compactionRewritesTheTargetFilesWithTheNewAddresses() {
        Lab lab = new Lab(root).apply(Ops.create("""
                [{"id": 1, "detections": [{"label": "car", "confidence": 0.5}]}, {"id": 2, "detections": null}]""", 1,
                column("id", "int64"), column("detections", "list<struct<label: string, confidence: float>>")))
                .apply(Ops.createIndex("det_idx", "detections", "list_element", keys("label, confidence"), false))
                .apply(Ops.compact(2));
        IndexMetadata entry = lab.segments("det_idx").get(0);
        assertThat(entry.getIndexDetails().getTypeUrl()).isEqualTo(IndexTypes.LIST_ELEMENT_URL);
        List<String> rows = TargetBTreeFiles.read(TableStore.indexFolder(root, TableVersion.uuidOf(entry))).entries()
                .stream().map(e -> (e.values() == null ? "null" : HEX.formatHex(e.values())) + " @" + e.rowAddress())
                .toList();
        // fragments 0 and 1 became fragment 2: offsets 0 (car) and 1 (the null list)
        assertThat(rows).containsExactly("null @" + RowAddress.of(2, 1), CAR_HALF + " @" + RowAddress.of(2, 0));
    }

    @Test
    void optimizeAddsASegmentOverTheNewFragmentKeyedAsTheFirst() {
        Lab lab = table("list<struct<label: string, confidence: float>>")
                .apply(Ops.createIndex("det_idx", "detections", "list_element", keys("label, confidence"), false))
                .apply(Ops.append("[{\"id\": 5, \"detections\": [{\"label\": \"car\", \"confidence\": 0.5}]}]", 8))
                .apply(Ops.optimize());
        List<IndexMetadata> segments = lab.segments("det_idx");
        assertThat(segments).hasSize(2);
        assertThat(segments.get(1).getIndexDetails()).isEqualTo(segments.get(0).getIndexDetails());
        assertThat(Lab.covered(segments.get(1))).containsExactly(1L);
        List<String> rows = TargetBTreeFiles.read(TableStore.indexFolder(root, TableVersion.uuidOf(segments.get(1))))
                .entries().stream().map(e -> HEX.formatHex(e.values()) + " @" + e.rowAddress()).toList();
        assertThat(rows).containsExactly(CAR_HALF + " @" + RowAddress.of(1, 0));
    }

    @Test
    void refusesKeysThatAreNotFieldsOfTheElementAndColumnsThatAreNotListsOfStructs() {
        Lab lab = table("list<struct<label: string, confidence: float>>");
        assertThatThrownBy(() -> lab.apply(Ops.createIndex("x", "detections", "list_element", keys("area"), false)))
                .isInstanceOf(TableException.class).hasMessageContaining("no element field 'area'");
        assertThatThrownBy(() -> lab.apply(Ops.createIndex("x", "detections", "list_element", keys("label, label"), false)))
                .isInstanceOf(TableException.class).hasMessageContaining("no ID appears twice");
        assertThatThrownBy(() -> lab.apply(Ops.createIndex("x", "id", "list_element", keys("label"), false)))
                .isInstanceOf(TableException.class).hasMessageContaining("cannot be built on column 'id'");
        assertThatThrownBy(() -> lab.apply(Ops.createIndex("x", "detections", "list_element", Map.of(), false)))
                .isInstanceOf(TableException.class).hasMessageContaining("keys");
        assertThatThrownBy(() -> ColumnType.parse("list<struct<a: decimal:128:10:2>>"))
                .isInstanceOf(TableException.class).hasMessageContaining("struct field 'a'");
    }
}
