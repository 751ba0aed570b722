package dev.tableindex.model.listindex;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.tableindex.model.anyelement.BoundPredicate;
import dev.tableindex.model.anyelement.ListTable;
import dev.tableindex.model.key.KeyType;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The spec's worked example (detections with label and confidence), worked by hand: storage rows,
 * ranges and answers.
 */
class ListElementIndexTest {
    private static final HexFormat HEX = HexFormat.ofDelimiter(" ").withUpperCase();
    private static final String CAR = "02 63 61 72 00 00 00 00 00 03";
    private static final ListTable DETECTIONS = ListTable.fromJson("""
            {"column": "detections",
             "element": [{"name": "label", "type": "string"}, {"name": "confidence", "type": "float"}],
             "rows": [[{"label": "car", "confidence": 0.95}, {"label": "person", "confidence": 0.30}],
                      null,
                      [],
                      [null, {"label": "car", "confidence": null}]]}
            """);
    private static final IndexedTable TABLE = new IndexedTable(DETECTIONS.element(), List.of(4, 5),
            List.of(new IndexedTable.Fragment(0, DETECTIONS.rows(), Set.of())));

    private static String hex(byte[] bytes) {
        return bytes == null ? "null" : HEX.formatHex(bytes);
    }

    @Test
    void storageHasOneRowPerElementANullRowPerNullListAndNoneForAnEmptyList() {
        ListElementIndex index = ListElementIndex.build(TABLE, List.of(4, 5), Set.of(0L), 2);
        // 0.95f = 3F733333 -> 01 BF 73 33 33; 0.30f = 3E99999A -> 01 BE 99 99 9A; null float -> 00 00 00 00 00
        assertThat(index.pageData().stream().map(e -> hex(e.values()) + " @" + e.rowAddress()).toList()).containsExactly(
                "null @1",
                "00 00 00 00 00 00 @3",
                CAR + " 00 00 00 00 00 @3",
                CAR + " 01 BF 73 33 33 @0",
                "02 70 65 72 73 6F 6E 00 00 06 01 BE 99 99 9A @0");
        assertThat(index.pageLookup()).hasSize(3);
        assertThat(index.pageLookup().get(0).nullCount()).isEqualTo(1);
        assertThat(index.pageLookup().get(0).min()).isNull();
        assertThat(hex(index.pageLookup().get(1).max())).isEqualTo(CAR + " 01 BF 73 33 33");
        assertThat(index.details().keys()).containsExactly("label", "confidence");
    }

    @Test
    void equalTuplesAreByRowAddressWhateverOrderTheFragmentsComeIn() {
        // fragments 2^31, 5 and 2, in that order: tuples are added by descending address, and the address of fragment
        // 2^31 has its top bit set (unsigned, it is the largest); equal tuples end up by ascending address all the same
        IndexedTable table = IndexedTable.fromJson("""
                {"element": [{"name": "label", "type": "string"}],
                 "fragments": [{"id": 2147483648, "rows": [[{"label": "car"}]]},
                               {"id": 5, "rows": [[{"label": "car"}, {"label": "bus"}], null]},
                               {"id": 2, "rows": [null, [{"label": "car"}, {"label": "car"}]]}]}
                """);
        ListElementIndex index = ListElementIndex.build(table, List.of(table.fieldIds().get(0)),
                Set.of(2147483648L, 5L, 2L), 4096);
        long f2 = 2L << 32;
        long f5 = 5L << 32;
        long top = 2147483648L << 32;
        String bus = "02 62 75 73 00 00 00 00 00 03";
        assertThat(index.pageData().stream().map(e -> hex(e.values()) + " @" + Long.toUnsignedString(e.rowAddress()))
                .toList()).containsExactly(
                        "null @" + f2, "null @" + (f5 + 1),
                        bus + " @" + f5,
                        CAR + " @" + (f2 + 1), CAR + " @" + (f2 + 1), CAR + " @" + f5, CAR + " @" + Long.toUnsignedString(top));
    }

    @Test
    void aFixedFirstKeyAndARangeOnTheNextBecomeOneRange() {
        Plan plan = plan("label = 'car' AND confidence > 0.5");
        assertThat(plan.mode()).isEqualTo(Plan.Mode.EXACT);
        // > 0.5: just after every tuple starting with (car, 0.5); up to just after every tuple starting with car
        assertThat(plan.ranges()).containsExactly(new KeyRange(HEX.parseHex(CAR + " 01 BF 00 00 01"),
                HEX.parseHex("02 63 61 72 00 00 00 00 00 04")));
        assertThat(answer("label = 'car' AND confidence > 0.5", false)).containsExactly(0L);
        // NOT: row 0 is TRUE, row 1 a null list (NULL), row 3 has (car, null) and a null element (NULL)
        assertThat(answer("label = 'car' AND confidence > 0.5", true)).containsExactly(2L);
        assertThat(plan.notExact()).isTrue();
        assertThat(plan.unknownRanges()).hasSize(3);
    }

    @Test
    void aRangeBelowAValueLeavesOutNullKeys() {
        // (car, null) is UNKNOWN for confidence < 0.5, never TRUE: the range starts after the null key
        Plan plan = plan("label = 'car' AND confidence < 0.5");
        assertThat(plan.ranges()).containsExactly(new KeyRange(HEX.parseHex(CAR + " 00 00 00 00 01"),
                HEX.parseHex(CAR + " 01 BF 00 00 00")));
        assertThat(answer("label = 'car' AND confidence < 0.5", false)).isEmpty();
    }

    @Test
    void otherConjunctsMakeASupersetAndRefuseNot() {
        Plan plan = plan("label = 'car' AND confidence <> 0.3");
        assertThat(plan.mode()).isEqualTo(Plan.Mode.SUPERSET);
        assertThat(plan.notExact()).isFalse();
        assertThat(plan.notReason()).startsWith("a conjunct is not answered from the keys");
        assertThat(plan("label IN ('car', NULL)").notReason()).isEqualTo("a conjunct holds a NULL literal");
        assertThat(plan("confidence > 0.5").mode()).isEqualTo(Plan.Mode.NOT_USED);
        assertThat(answer("label = 'car' AND confidence <> 0.3", false)).containsExactly(0L);
    }

    @Test
    void aRenamedKeyIsFollowedAndADroppedOrRetypedOneStopsTheIndex() {
        ListElementIndex index = ListElementIndex.build(TABLE, List.of(4, 5), Set.of(0L), 4096);
        assertThat(ListElementQuery.unusableBecause(TABLE, index.details())).isNull();
        IndexedTable dropped = new IndexedTable(TABLE.element(), List.of(4, 9), TABLE.fragments());
        assertThat(ListElementQuery.unusableBecause(dropped, index.details()).reason()).contains("key field id 5 (confidence)");
        ListElementIndexDetails unknownEncoding = new ListElementIndexDetails(List.of(4, 5), List.of("label", "confidence"),
                index.details().keyTypes(), ListElementIndexDetails.UNSPECIFIED, 1);
        assertThat(ListElementQuery.unusableBecause(TABLE, unknownEncoding).reason()).isEqualTo("unknown key encoding 0");
    }

    @Test
    void aTargetThatIsNotABTreeOfVersionOneIsNotRead() {
        ListElementIndex index = ListElementIndex.build(TABLE, List.of(4, 5), Set.of(0L), 4096);
        ListElementIndexDetails d = index.details();
        assertThat(d.targetIsBTree()).isTrue();
        assertThat(new ListElementIndexDetails(d.keyFieldIds(), d.keys(), d.keyTypes(), d.keyEncoding(),
                "type.googleapis.com/lance.table.btreeindexdetails", 1).targetIsBTree()).isTrue();
        for (String other : List.of("/lance.table.BitmapIndexDetails", "/example.FooIndexDetails", "")) {
            ListElementIndexDetails notBTree = new ListElementIndexDetails(d.keyFieldIds(), d.keys(), d.keyTypes(), d.keyEncoding(),
                    other, 1);
            assertThat(ListElementQuery.unusableBecause(TABLE, notBTree).code()).as(other).isEqualTo(Plan.Unused.TARGET_NOT_BTREE);
        }
        for (int version : new int[] {0, 2, 99}) {
            ListElementIndexDetails unknown = new ListElementIndexDetails(d.keyFieldIds(), d.keys(), d.keyTypes(), d.keyEncoding(),
                    version);
            assertThat(ListElementQuery.unusableBecause(TABLE, unknown).code()).isEqualTo(Plan.Unused.TARGET_VERSION_UNKNOWN);
            ListElementQuery.Answer answer = ListElementQuery.answer(TABLE, List.of(index.withDetails(unknown)), "label = 'car'",
                    false, 100);
            assertThat(answer.plan().mode()).isEqualTo(Plan.Mode.NOT_USED);
            assertThat(answer.pagesRead()).isZero();
        }
    }

    @Test
    void aSegmentReadFromItsFilesSearchesThePagesPageLookupNames(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) {
        ListElementIndex written = ListElementIndex.build(TABLE, List.of(4, 5), Set.of(0L), 2);
        TargetBTreeFiles.write(dir, written);
        ListElementIndex read = ListElementIndex.read(written.details(), Set.of(0L), TargetBTreeFiles.read(dir));
        assertThat(read.pageSize()).isEqualTo(2);
        assertThat(read.pageData()).isEqualTo(written.pageData());
        assertThat(read.pageLookup()).usingRecursiveFieldByFieldElementComparator().isEqualTo(written.pageLookup());
        // pages as page_lookup names them: one that names a page past page_data's rows finds nothing there
        ListElementIndex.Page beyond = new ListElementIndex.Page(null, new byte[] {(byte) 0xFF}, 0, 1000);
        ListElementIndex odd = ListElementIndex.read(written.details(), Set.of(0L), new TargetBTreeFiles.Contents(
                written.pageData(), List.of(beyond), java.util.OptionalInt.of(2)));
        assertThat(odd.search(List.of(new KeyRange(null, null))).rows()).isEmpty();
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> ListElementIndex.read(written.details(), Set.of(0L),
                new TargetBTreeFiles.Contents(written.pageData(), written.pageLookup(), java.util.OptionalInt.of(0))))
                .hasMessageContaining("batch_size is 0");
    }

    @Test
    void segmentsThatDisagreeOrOverlapStopTheIndex() {
        ListElementIndex a = ListElementIndex.build(TABLE, List.of(4, 5), Set.of(0L), 4096);
        ListElementIndex b = ListElementIndex.build(TABLE, List.of(5, 4), Set.of(), 4096);
        assertThat(ListElementQuery.unusableBecause(TABLE, List.of(a, b)).code()).isEqualTo(Plan.Unused.SEGMENTS_DISAGREE);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> ListElementQuery.unusableBecause(TABLE, List.of(a, a)))
                .hasMessage("two segments of the index cover fragment 0");
        ListElementQuery.Answer answer = ListElementQuery.answer(TABLE, List.of(a, b), "label = 'car'", false, 100);
        assertThat(answer.plan().mode()).isEqualTo(Plan.Mode.NOT_USED);
        assertThat(answer.rows()).containsExactly(0L, 3L);
    }

    @Test
    void aTableMayComeInFragmentsWithDeletionsAndFieldIds() {
        IndexedTable table = IndexedTable.fromJson("""
                {"element": [{"name": "label", "type": "string", "id": 4}, {"name": "confidence", "type": "float", "id": 5}],
                 "fragments": [{"id": 0, "rows": [[{"label": "car", "confidence": 0.9}], []], "deleted": [1]},
                               {"id": 3, "rows": [[{"label": "car", "confidence": 0.1}]]}]}
                """);
        assertThat(table.fieldIds()).containsExactly(4, 5);
        ListElementIndex index = ListElementIndex.build(table, List.of(4), Set.of(0L), 4096);
        // fragment 3 is not covered: answered from the data; row address 3 << 32
        assertThat(ListElementQuery.answer(table, index, "label = 'car'", false, 100).rows())
                .containsExactly(0L, 3L << 32);
        assertThat(ListElementQuery.answer(table, index, "label = 'car'", true, 100).rows()).isEmpty();
    }

    @Test
    void theManifestRecordsTheListColumnVersionZeroAndTheWrappedDetails() throws Exception {
        ListElementIndex index = ListElementIndex.build(TABLE, List.of(4, 5), Set.of(0L), 4096);
        var metadata = ListElementIndexMetadata.of(index, java.util.UUID.fromString("c7f5ea52-5be9-4d27-ad53-4bd1eaf8debc"),
                "detections_idx", 2, 1, 1796015242488L);
        assertThat(metadata.getFieldsList()).containsExactly(2);
        assertThat(metadata.getIndexVersion()).isZero();
        assertThat(metadata.getIndexDetails().getTypeUrl()).isEqualTo("/lance.index.pb.ListElementIndexDetails");
        var details = dev.tableindex.proto.lance.index.ListElementIndexDetails.parseFrom(metadata.getIndexDetails().getValue());
        assertThat(details.getKeyFieldIdsList()).containsExactly(4, 5);
        assertThat(details.getKeyTypesList()).containsExactly("string", "float");
        assertThat(details.getTargetDetails().getTypeUrl()).isEqualTo("/lance.table.BTreeIndexDetails");
        assertThat(details.getTargetIndexVersion()).isGreaterThanOrEqualTo(1);
        // the manifest codec reads it back: coverage {0}
        var file = dev.tableindex.model.manifest.ManifestFile.of(dev.tableindex.proto.lance.table.Manifest.newBuilder()
                .setVersion(2).build(), java.util.Optional.of(dev.tableindex.proto.lance.table.IndexSection.newBuilder()
                .addIndices(metadata).build()), java.util.Optional.empty());
        assertThat(file.segments().get(0).coverage().fragmentIds()).contains(List.of(0L));
    }

    /** A table whose element has {@code keys} int fields k0.., one row, and every key its own index key. */
    private static IndexedTable wide(int keys) {
        StringBuilder element = new StringBuilder();
        StringBuilder row = new StringBuilder();
        for (int k = 0; k < keys; k++) {
            element.append(k == 0 ? "" : ", ").append("{\"name\": \"k").append(k).append("\", \"type\": \"int32\"}");
            row.append(k == 0 ? "" : ", ").append("\"k").append(k).append("\": ").append(k == 5 ? "null" : "1");
        }
        ListTable table = ListTable.fromJson("{\"column\": \"c\", \"element\": [" + element + "], \"rows\": [[{" + row + "}], [{"
                + row.toString().replace("null", "1") + "}]]}");
        List<Integer> ids = java.util.stream.IntStream.range(0, keys).boxed().toList();
        return new IndexedTable(table.element(), ids, List.of(new IndexedTable.Fragment(0, table.rows(), Set.of())));
    }

    @Test
    void notAnyElementOverThirtyOneOrMoreKeysIsNotDeclaredExactAndAnswersLikeTheScan() {
        for (int keys : new int[] {31, 32, 33, 40}) {
            IndexedTable table = wide(keys);
            String predicate = java.util.stream.IntStream.range(0, keys).mapToObj(k -> "k" + k + " = 1")
                    .collect(java.util.stream.Collectors.joining(" AND "));
            List<Integer> ids = java.util.stream.IntStream.range(0, keys).boxed().toList();
            ListElementIndex index = ListElementIndex.build(table, ids, Set.of(0L), 4);
            ListElementQuery.Answer answer = ListElementQuery.answer(table, index, predicate, true, 1000);
            assertThat(answer.plan().notExact()).as(keys + " keys").isFalse();
            assertThat(answer.rows()).as(keys + " keys")
                    .isEqualTo(ListElementQuery.scan(table, BoundPredicate.of(predicate, table.element()), true));
        }
    }

    @Test
    void anInCrossProductBeyondTheRangeLimitFallsBackInsteadOfRunningOutOfMemory() {
        IndexedTable table = wide(3);
        String values = java.util.stream.IntStream.range(0, 300).mapToObj(Integer::toString)
                .collect(java.util.stream.Collectors.joining(", "));
        String predicate = "k0 IN (" + values + ") AND k1 IN (" + values + ") AND k2 IN (" + values + ")";
        Plan plan = ListElementPlanner.plan(BoundPredicate.of(predicate, table.element()).predicate(), table.element(),
                List.of(0, 1, 2), 1000);
        assertThat(plan.ranges().size()).isLessThanOrEqualTo(ListElementPlanner.MAX_RANGES);
        assertThat(plan.mode()).isEqualTo(Plan.Mode.SUPERSET);
        assertThat(plan.reason()).contains("range limit");
        ListElementIndex index = ListElementIndex.build(table, List.of(0, 1, 2), Set.of(0L), 4);
        assertThat(ListElementQuery.answer(table, index, predicate, false, 1000).rows())
                .isEqualTo(ListElementQuery.scan(table, BoundPredicate.of(predicate, table.element()), false));
    }

    @Test
    void aLongInListIsPlannedInLinearTime() {
        IndexedTable table = wide(1);
        String values = java.util.stream.IntStream.range(0, 100_000).mapToObj(Integer::toString)
                .collect(java.util.stream.Collectors.joining(", "));
        // not a timing assertion: 100k values with quadratic de-duplication would take minutes, not finish here
        Plan plan = ListElementPlanner.plan(BoundPredicate.of("k0 IN (" + values + ")", table.element()).predicate(),
                table.element(), List.of(0), 1000);
        assertThat(plan.mode()).isIn(Plan.Mode.SUPERSET, Plan.Mode.NOT_USED);
    }

    private static Plan plan(String predicate) {
        return ListElementPlanner.plan(BoundPredicate.of(predicate, TABLE.element()).predicate(), TABLE.element(),
                List.of(0, 1), 100);
    }

    private static Set<Long> answer(String predicate, boolean negated) {
        ListElementIndex index = ListElementIndex.build(TABLE, List.of(4, 5), Set.of(0L), 2);
        Set<Long> rows = ListElementQuery.answer(TABLE, index, predicate, negated, 100).rows();
        assertThat(rows).isEqualTo(ListElementQuery.scan(TABLE, BoundPredicate.of(predicate, TABLE.element()), negated));
        return rows;
    }

    /** The table after a rename (label -> name, confidence -> score) and with a new fragment 1. */
    private static IndexedTable renamed(String scoreType) {
        return IndexedTable.fromJson("""
                {"column": "detections",
                 "element": [{"name": "name", "type": "string", "id": 4}, {"name": "score", "type": "%s", "id": 5}],
                 "fragments": [{"id": 0, "rows": [[{"name": "car", "score": 0.5}]]},
                               {"id": 1, "rows": [null, [{"name": "car", "score": 0.75}]]}]}
                """.formatted(scoreType));
    }

    private static final ListElementIndexDetails WRITTEN = new ListElementIndexDetails(List.of(5, 4),
            List.of("confidence", "label"), List.of(KeyType.parse("float"), KeyType.parse("string")), ListElementIndexDetails.ARROW_ROW_V1, 1);

    @Test
    void aJoiningSegmentKeepsTheIndexsKeyFieldsAndTypesAndRecordsTheNamesAtItsWriteTime() {
        ListElementIndex segment = ListElementIndex.joining(renamed("float"), List.of(WRITTEN), Set.of(1L), 4096);
        assertThat(segment.details()).isEqualTo(new ListElementIndexDetails(List.of(5, 4), List.of("score", "name"),
                List.of(KeyType.parse("float"), KeyType.parse("string")), ListElementIndexDetails.ARROW_ROW_V1, 1));
        // fragment 1: a null list (1:0), then (0.75, car) = 01 BF 40 00 00 + car (1:1)
        assertThat(segment.pageData().stream().map(e -> hex(e.values()) + " @" + e.rowAddress()).toList()).containsExactly(
                "null @" + IndexedTable.rowAddress(1, 0), "01 BF 40 00 00 " + CAR + " @" + IndexedTable.rowAddress(1, 1));
    }

    @Test
    void noSegmentJoinsAnIndexItCannotAgreeWith() {
        assertThatThrownBy(() -> ListElementIndex.joining(renamed("double"), List.of(WRITTEN), Set.of(1L), 4096))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("trained on float");
        ListElementIndexDetails unknownEncoding = new ListElementIndexDetails(WRITTEN.keyFieldIds(), WRITTEN.keys(),
                WRITTEN.keyTypes(), 2, 1);
        assertThatThrownBy(() -> ListElementIndex.joining(renamed("float"), List.of(unknownEncoding), Set.of(1L), 4096))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("unknown key encoding 2");
        ListElementIndexDetails otherOrder = new ListElementIndexDetails(List.of(4, 5), List.of("label", "confidence"),
                List.of(KeyType.parse("string"), KeyType.parse("float")), ListElementIndexDetails.ARROW_ROW_V1, 1);
        assertThatThrownBy(() -> ListElementIndex.joining(renamed("float"), List.of(WRITTEN, otherOrder), Set.of(1L), 4096))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("disagree");
    }
}
