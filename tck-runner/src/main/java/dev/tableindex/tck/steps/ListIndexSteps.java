package dev.tableindex.tck.steps;

import dev.tableindex.proto.lance.index.ListElementIndexDetails;
import dev.tableindex.proto.lance.index.ListElementKeyEncoding;
import dev.tableindex.proto.tck.BuildListIndexRequest;
import dev.tableindex.proto.tck.BuildListIndexResult;
import dev.tableindex.model.listindex.IndexedTable;
import dev.tableindex.model.listindex.ListElementIndex;
import dev.tableindex.model.listindex.TargetBTreeFiles;
import com.google.protobuf.InvalidProtocolBufferException;
import dev.tableindex.proto.lance.table.BTreeIndexDetails;
import dev.tableindex.proto.lance.table.IndexMetadata;
import dev.tableindex.proto.tck.EncodedRange;
import dev.tableindex.proto.tck.EngineError;
import dev.tableindex.proto.tck.IndexNotUsedReason;
import dev.tableindex.proto.tck.ListIndexSegment;
import dev.tableindex.proto.tck.NotAnyElementRefusal;
import dev.tableindex.proto.tck.PageDataRow;
import dev.tableindex.proto.tck.QueryListIndexRequest;
import dev.tableindex.proto.tck.QueryListIndexResult;
import dev.tableindex.tck.api.Capability;
import dev.tableindex.tck.api.EngineRefusal;
import dev.tableindex.tck.api.ListElementIndexer;
import dev.tableindex.tck.engine.ListIndexProtos;
import dev.tableindex.tck.run.RunContext;
import io.cucumber.datatable.DataTable;
import io.cucumber.java.en.Given;
import io.cucumber.java.en.Then;
import io.cucumber.java.en.When;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;

/**
 * Steps for capability {@code list_element_index}. Row addresses are written {@code <fragment>:<offset>}
 * (the address is fragment &lt;&lt; 32 | offset); encoded tuples as uppercase hex, {@code null} for a
 * null value, {@code unbounded} for an open range end. A reader is handed the index as the kit wrote it
 * (its segments' page_data, built by the reference model from the table as it was when the index was
 * written): rows are the evidence, the plan the engine reports is informational.
 */
public final class ListIndexSteps {
    private static final HexFormat HEX = HexFormat.ofDelimiter(" ").withUpperCase();

    private BuildListIndexResult built;
    private EngineError buildRefusal;
    private boolean expectRefusal;
    private String askedKeys;
    private int columnFieldId = 1;
    private ListElementIndexDetails.Builder recorded;
    private final List<Long> covered = new ArrayList<>();
    private String writtenFrom;
    private final List<ListElementIndexDetails> otherSegments = new ArrayList<>();
    private final List<List<Long>> otherCovered = new ArrayList<>();
    private String question;
    private int enumerationLimit = 1000;
    private int pageSize;
    private QueryListIndexResult answer;

    private static ListElementIndexer engine() {
        return RunContext.current().engine().facet(ListElementIndexer.class);
    }

    @When("the engine builds the list element index on keys {string}")
    public void theEngineBuilds(String keys) {
        build(keys, 0, "");
    }

    @When("the engine builds the list element index on keys {string} with pages of {int} rows")
    public void theEngineBuildsWithPages(String keys, int rows) {
        build(keys, rows, "");
    }

    @When("the engine builds the list element index on keys {string} over fragments {string}")
    public void theEngineBuildsOverFragments(String keys, String fragments) {
        build(keys, 0, fragments);
    }

    /** The same build: from an engine that declares list_element_index.files every build writes its files. */
    @When("the engine builds the list element index on keys {string}, writing its files")
    public void theEngineBuildsWritingFiles(String keys) {
        build(keys, 0, "");
    }

    @When("the engine builds the list element index on keys {string} with pages of {int} rows, writing its files")
    public void theEngineBuildsWithPagesWritingFiles(String keys, int rows) {
        build(keys, rows, "");
    }

    @Given("the list column's field id is {int}")
    public void theListColumnsFieldIdIs(int id) {
        columnFieldId = id;
    }

    private void build(String keys, int rows, String fragments) {
        built = null;
        buildRefusal = null;
        BuildListIndexRequest request = request(keys, rows, fragments);
        if (!expectRefusal) {
            built = engine().buildListIndex(request);
            return;
        }
        try {
            built = engine().buildListIndex(request);
        } catch (EngineRefusal e) {
            buildRefusal = e.error();
        }
    }

    private BuildListIndexRequest request(String keys, int rows, String fragments) {
        return withIndexDirectory(BuildListIndexRequest.newBuilder().setTableJson(ScenarioState.table())
                .addAllKeys(list(keys)).setPageSize(rows).addAllFragments(list(fragments).stream().map(Long::parseLong).toList())
                .setColumnFieldId(columnFieldId));
    }

    /**
     * An engine that declares list_element_index.files writes each segment it builds into an empty directory of
     * the kit's, whose files the row steps judge (ListIndexFileSteps): its reply is not the only evidence.
     */
    private static BuildListIndexRequest withIndexDirectory(BuildListIndexRequest.Builder request) {
        if (RunContext.current().engineInfo().capabilities().contains(Capability.LIST_ELEMENT_INDEX_FILES)) {
            Path directory = TableScenario.current().newFolder("index");
            ScenarioState.indexDirectory(directory);
            request.setIndexDirectory(directory.toString());
        }
        return request.build();
    }

    @When("the engine is asked to build the list element index on keys {string}")
    public void theEngineIsAskedToBuild(String keys) {
        expectRefusal = true;
        askedKeys = keys;
        build(keys, 0, "");
    }

    @Then("the engine refuses to build it")
    public void theEngineRefusesToBuildIt() {
        if (buildRefusal == null) {
            throw new AssertionError("the engine built a list element index on keys [" + askedKeys + "] (details key_field_ids "
                    + built.getDetails().getKeyFieldIdsList() + "): the keys must be direct children of the element struct,"
                    + " at least one, none twice");
        }
    }

    @When("the engine adds a segment to the index over fragments {string}")
    public void theEngineAddsASegment(String fragments) {
        addSegment(fragments, false);
    }

    @When("the engine is asked to add a segment to the index over fragments {string}")
    public void theEngineIsAskedToAddASegment(String fragments) {
        addSegment(fragments, true);
    }

    /** The index recorded above, as its manifest holds it, joined by a new segment written from the table now. */
    private void addSegment(String fragments, boolean mayRefuse) {
        built = null;
        buildRefusal = null;
        BuildListIndexRequest request = withIndexDirectory(BuildListIndexRequest.newBuilder().setTableJson(ScenarioState.table())
                .addAllFragments(list(fragments).stream().map(Long::parseLong).toList()).setColumnFieldId(columnFieldId)
                .addExistingSegments(recorded.build()));
        try {
            built = engine().buildListIndex(request);
        } catch (EngineRefusal e) {
            if (!mayRefuse) {
                throw e;
            }
            buildRefusal = e.error();
        }
    }

    @Then("the new segment agrees with the index: the same key field ids, key types and key encoding")
    public void theNewSegmentAgrees() {
        ListElementIndexDetails index = recorded.build();
        ListElementIndexDetails added = built.getDetails();
        List<String> want = List.of(join(index.getKeyFieldIdsList()), String.join(", ", index.getKeyTypesList()),
                encoding(index.getKeyEncodingValue()));
        List<String> actual = List.of(join(added.getKeyFieldIdsList()), String.join(", ", added.getKeyTypesList()),
                encoding(added.getKeyEncodingValue()));
        if (!actual.equals(want)) {
            throw new AssertionError("the new segment records key_field_ids, key_types and key_encoding " + actual
                    + ", the index's segments " + want + ": every segment of one logical index has the same ones");
        }
    }

    @Then("the engine adds no segment that disagrees with the index")
    public void noSegmentDisagrees() {
        if (buildRefusal == null) {
            theNewSegmentAgrees();
        }
    }

    @Then("the index keeps its first segment as it was written, with keys {string}")
    public void theIndexKeepsItsFirstSegment(String keys) {
        List<ListElementIndexDetails> segments = built.getIndexSegmentsList();
        if (segments.size() != 2 || !segments.get(1).equals(built.getDetails())) {
            throw new AssertionError("index_segments holds " + segments.size() + " segment(s)" + (segments.size() == 2
                    ? " whose second is not the new segment's details" : "") + ": expected the existing segment, then the new one");
        }
        ListElementIndexDetails kept = segments.get(0);
        ListElementIndexDetails written = recorded.build();
        if (!String.join(", ", kept.getKeysList()).equals(keys) || !kept.getKeysList().equals(written.getKeysList())) {
            throw new AssertionError("the existing segment now records keys \"" + String.join(", ", kept.getKeysList())
                    + "\", it was written with \"" + keys + "\": the names are for display only, a rename does not update them");
        }
        if (!kept.getKeyFieldIdsList().equals(written.getKeyFieldIdsList()) || !kept.getKeyTypesList().equals(written.getKeyTypesList())
                || kept.getKeyEncodingValue() != written.getKeyEncodingValue()) {
            throw new AssertionError("the existing segment now records key_field_ids " + kept.getKeyFieldIdsList() + ", key_types "
                    + kept.getKeyTypesList() + ", key_encoding " + encoding(kept.getKeyEncodingValue()) + "; it was written with "
                    + written.getKeyFieldIdsList() + ", " + written.getKeyTypesList() + ", " + encoding(written.getKeyEncodingValue()));
        }
    }

    /** An encoding by its name, or its number when the enum does not name it. */
    private static String encoding(int value) {
        ListElementKeyEncoding known = ListElementKeyEncoding.forNumber(value);
        return known != null ? known.name() : Integer.toString(value);
    }

    @Then("the index metadata names the list column {int}, has index_version {int} and packs the details")
    public void theIndexMetadata(int field, int version) {
        IndexMetadata metadata = built.getMetadata();
        if (!metadata.getFieldsList().equals(List.of(field))) {
            throw new AssertionError("IndexMetadata.fields is " + metadata.getFieldsList() + ", expected [" + field
                    + "]: the single list<struct> field the index is built on");
        }
        if (metadata.getIndexVersion() != version) {
            throw new AssertionError("IndexMetadata.index_version is " + metadata.getIndexVersion() + ", expected " + version
                    + " (the list element index's own version, not the target BTree's)");
        }
        ListElementIndexDetails packed;
        try {
            packed = ListElementIndexDetails.parseFrom(metadata.getIndexDetails().getValue());
        } catch (InvalidProtocolBufferException e) {
            throw new AssertionError("IndexMetadata.index_details does not decode as ListElementIndexDetails: " + e.getMessage());
        }
        if (!packed.equals(built.getDetails())) {
            throw new AssertionError("IndexMetadata.index_details holds " + packed + ", but the engine reported the details "
                    + built.getDetails());
        }
    }

    @Then("the page_data rows are")
    public void thePageDataRowsAre(DataTable expected) {
        List<List<String>> actual = new ArrayList<>();
        actual.add(List.of("values", "row address"));
        built.getPageDataList().forEach(r -> actual.add(List.of(r.hasValues() ? HEX.formatHex(r.getValues().toByteArray()) : "null",
                address(r.getRowAddress()))));
        String hint = "";
        for (int i = 0; i < built.getPageDataCount() && i + 1 < expected.cells().size() && hint.isEmpty(); i++) {
            PageDataRow row = built.getPageData(i);
            if (row.hasValues()) {
                hint = HexForBase64.hint(row.getValues().toByteArray(), expected.cells().get(i + 1).get(0));
            }
        }
        compare("page_data", expected.cells(), actual, hint);
        ListIndexFileSteps.decoded().ifPresent(files ->
                compare(TargetBTreeFiles.PAGE_DATA, expected.cells(), ListIndexFileSteps.pageDataTable(files.entries()), ""));
    }

    @Then("the page_lookup rows are")
    public void thePageLookupRowsAre(DataTable expected) {
        List<List<String>> actual = new ArrayList<>();
        actual.add(List.of("min", "max", "null_count", "page_idx"));
        built.getPageLookupList().forEach(r -> actual.add(List.of(
                r.hasMin() ? HEX.formatHex(r.getMin().toByteArray()) : "null",
                r.hasMax() ? HEX.formatHex(r.getMax().toByteArray()) : "null",
                Integer.toString(r.getNullCount()), Integer.toString(r.getPageIdx()))));
        compare("page_lookup", expected.cells(), actual, "");
        ListIndexFileSteps.decoded().ifPresent(files ->
                compare(TargetBTreeFiles.PAGE_LOOKUP, expected.cells(), ListIndexFileSteps.pageLookupTable(files.pages()), ""));
    }

    @Then("the details record key field ids {string}, keys {string} and key types {string}")
    public void theDetailsRecord(String ids, String keys, String types) {
        ListElementIndexDetails details = built.getDetails();
        List<String> actual = List.of(join(details.getKeyFieldIdsList()), String.join(", ", details.getKeysList()),
                String.join(", ", details.getKeyTypesList()));
        if (!actual.equals(List.of(ids, keys, types))) {
            throw new AssertionError("details record " + actual + ", expected " + List.of(ids, keys, types));
        }
        if (details.getKeyEncoding() != ListElementKeyEncoding.LIST_ELEMENT_KEY_ENCODING_ARROW_ROW_V1
                || details.getTargetIndexVersion() < 1) {
            throw new AssertionError("key encoding " + details.getKeyEncoding() + ", target index version "
                    + details.getTargetIndexVersion() + ": expected ARROW_ROW_V1 and a version of 1 or more");
        }
        String target = details.getTargetDetails().getTypeUrl();
        if (!target.substring(target.lastIndexOf('/') + 1).equals(BTreeIndexDetails.getDescriptor().getFullName())) {
            throw new AssertionError("target_details has type URL \"" + target + "\": it holds the target's BTreeIndexDetails ("
                    + BTreeIndexDetails.getDescriptor().getFullName() + ")");
        }
    }

    @Given("the index recorded on field ids {string} named {string} with key types {string}")
    public void theIndexRecorded(String ids, String names, String types) {
        recorded = ListElementIndexDetails.newBuilder()
                .addAllKeyFieldIds(list(ids).stream().map(Integer::parseInt).toList())
                .addAllKeys(list(names)).addAllKeyTypes(list(types))
                .setKeyEncoding(ListElementKeyEncoding.LIST_ELEMENT_KEY_ENCODING_ARROW_ROW_V1).setTargetIndexVersion(1);
    }

    @Given("the index's key encoding is {word}")
    public void theKeyEncodingIs(String encoding) {
        if (encoding.matches("[0-9]+")) {
            recorded.setKeyEncodingValue(Integer.parseInt(encoding));
        } else {
            recorded.setKeyEncoding(ListElementKeyEncoding.valueOf(encoding));
        }
    }

    @Given("the index covers fragments {string}")
    public void theIndexCovers(String fragments) {
        covered.clear();
        list(fragments).forEach(f -> covered.add(Long.parseLong(f)));
    }

    @Given("the index has pages of {int} rows")
    public void theIndexHasPages(int rows) {
        pageSize = rows;
    }

    @Given("the reader enumerates at most {int} null-set combinations")
    public void theReaderEnumeratesAtMost(int limit) {
        enumerationLimit = limit;
    }

    @When("the reader answers any_element with the predicate {string}")
    public void theReaderAnswers(String predicate) {
        query(predicate, false);
    }

    @When("the reader answers NOT any_element with the predicate {string}")
    public void theReaderAnswersNot(String predicate) {
        query(predicate, true);
    }

    @Given("the index was written when the table was")
    public void theIndexWasWrittenWhen(String json) {
        writtenFrom = json;
    }

    @Given("the index has a second segment recorded on field ids {string} named {string} with key types {string} covering fragments {string}")
    public void theIndexHasASecondSegment(String ids, String names, String types, String fragments) {
        theIndexHasASecondSegmentInEncoding(ids, names, types, "LIST_ELEMENT_KEY_ENCODING_ARROW_ROW_V1", fragments);
    }

    @Given("the index has a second segment recorded on field ids {string} named {string} with key types {string} and key encoding {word} covering fragments {string}")
    public void theIndexHasASecondSegmentInEncoding(String ids, String names, String types, String encoding, String fragments) {
        ListElementIndexDetails.Builder details = ListElementIndexDetails.newBuilder()
                .addAllKeyFieldIds(list(ids).stream().map(Integer::parseInt).toList())
                .addAllKeys(list(names)).addAllKeyTypes(list(types)).setTargetIndexVersion(1);
        if (encoding.matches("[0-9]+")) {
            details.setKeyEncodingValue(Integer.parseInt(encoding));
        } else {
            details.setKeyEncoding(ListElementKeyEncoding.valueOf(encoding));
        }
        otherSegments.add(details.build());
        otherCovered.add(list(fragments).stream().map(Long::parseLong).toList());
    }

    private void query(String predicate, boolean negated) {
        question = (negated ? "NOT " : "") + "any_element(..., '" + predicate + "')";
        QueryListIndexRequest.Builder request = QueryListIndexRequest.newBuilder().setTableJson(ScenarioState.table())
                .setDetails(recorded).addAllCoveredFragments(covered).setPageSize(pageSize).setPredicate(predicate)
                .setNegated(negated).setEnumerationLimit(enumerationLimit);
        AnyElementSteps.tree(ScenarioState.table(), predicate).ifPresent(request::setPredicateTree);
        request.addSegments(segment(recorded.build(), covered));
        for (int i = 0; i < otherSegments.size(); i++) {
            request.addSegments(segment(otherSegments.get(i), otherCovered.get(i)));
        }
        answer = engine().queryListIndex(request.build());
    }

    /**
     * The segment as the kit writes it: the reference model's page_data over the table the index was
     * written from (the current table unless the scenario says otherwise), under the recorded details.
     */
    private ListIndexSegment segment(ListElementIndexDetails details, List<Long> fragments) {
        IndexedTable table = IndexedTable.fromJson(writtenFrom != null ? writtenFrom : ScenarioState.table());
        Set<Long> over = ListIndexProtos.fragments(table, fragments);
        int rows = pageSize == 0 ? ListElementIndex.DEFAULT_PAGE_SIZE : pageSize;
        ListElementIndex content = ListElementIndex.build(table, details.getKeyFieldIdsList(), over, rows);
        return ListIndexProtos.segment(content).toBuilder().setDetails(details).build();
    }

    @Then("the plan is {word}")
    public void thePlanIs(String mode) {
        if (!answer.getMode().equals(mode)) {
            throw new AssertionError("the plan is " + answer.getMode() + " (" + answer.getReason() + "), expected " + mode);
        }
    }

    @Then("the index is not used because {word}")
    public void theIndexIsNotUsedBecause(String code) {
        thePlanIs("NOT_USED");
        IndexNotUsedReason expected = IndexNotUsedReason.valueOf("INDEX_NOT_USED_" + code);
        if (answer.getNotUsedReason() != expected) {
            throw new AssertionError("the index is not used for " + question + " because " + answer.getNotUsedReason()
                    + " (\"" + answer.getReason() + "\"), expected " + expected);
        }
    }

    @Then("the ranges are")
    public void theRangesAre(DataTable expected) {
        List<List<String>> actual = new ArrayList<>();
        actual.add(List.of("lower", "upper"));
        for (EncodedRange range : answer.getRangesList()) {
            actual.add(List.of(range.hasLower() ? HEX.formatHex(range.getLower().toByteArray()) : "unbounded",
                    range.hasUpper() ? HEX.formatHex(range.getUpper().toByteArray()) : "unbounded"));
        }
        compare("ranges", expected.cells(), actual, "");
    }

    @Then("NOT any_element is answered from the index")
    public void notIsAnsweredFromTheIndex() {
        if (!answer.getNotExact()) {
            throw new AssertionError(question + " is not answered from the index: " + answer.getNotRefusal()
                    + " (\"" + answer.getNotReason() + "\")");
        }
    }

    @Then("NOT any_element is refused because {word}")
    public void notIsRefusedBecause(String code) {
        NotAnyElementRefusal expected = NotAnyElementRefusal.valueOf("NOT_ANY_ELEMENT_" + code);
        if (answer.getNotExact() || answer.getNotRefusal() != expected) {
            throw new AssertionError(question + (answer.getNotExact() ? " is answered from the index"
                    : " is refused because " + answer.getNotRefusal() + " (\"" + answer.getNotReason() + "\")")
                    + ", expected it refused because " + expected);
        }
    }

    @Then("the row addresses are {string}")
    public void theRowAddressesAre(String expected) {
        List<String> actual = answer.getRowsList().stream().map(ListIndexSteps::address).toList();
        List<String> want = expected.equals("none") ? List.of() : list(expected);
        if (!actual.equals(want)) {
            throw new AssertionError(question + " returned rows " + (actual.isEmpty() ? "none" : String.join(", ", actual))
                    + ", expected " + expected + firstDifference(want, actual));
        }
    }

    /** The first row, in list order, that one list has and the other has not. */
    static String firstDifference(List<String> want, List<String> actual) {
        for (int i = 0; i < Math.max(want.size(), actual.size()); i++) {
            if (i < want.size() && !actual.contains(want.get(i))) {
                return ": first difference, row " + want.get(i) + " is missing";
            }
            if (i < actual.size() && !want.contains(actual.get(i))) {
                return ": first difference, row " + actual.get(i) + " should not be there";
            }
        }
        return ": the same rows in another order or repeated (the protocol wants them ascending, once)";
    }

    /** Bytes as the scenarios write them: uppercase hex pairs separated by spaces. */
    static String hex(byte[] bytes) {
        return HEX.formatHex(bytes);
    }

    static String address(long rowAddress) {
        return (rowAddress >>> 32) + ":" + (rowAddress & 0xFFFF_FFFFL);
    }

    private static List<String> list(String text) {
        return text.isBlank() ? List.of() : Arrays.stream(text.split(",")).map(String::strip).toList();
    }

    private static String join(List<Integer> values) {
        return String.join(", ", values.stream().map(String::valueOf).toList());
    }

    static void compare(String what, List<List<String>> expected, List<List<String>> actual, String hint) {
        if (!expected.equals(actual)) {
            int row = 0;
            while (row < expected.size() && row < actual.size() && expected.get(row).equals(actual.get(row))) {
                row++;
            }
            throw new AssertionError(what + " rows differ from row " + row + " on" + hint + ":\n expected " + expected
                    + "\n actual   " + actual);
        }
    }
}
