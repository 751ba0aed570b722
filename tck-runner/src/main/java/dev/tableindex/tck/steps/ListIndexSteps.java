package dev.tableindex.tck.steps;

import com.google.protobuf.Any;
import com.google.protobuf.InvalidProtocolBufferException;
import dev.tableindex.model.listindex.IndexedTable;
import dev.tableindex.model.listindex.ListElementIndex;
import dev.tableindex.model.listindex.TargetBTreeFiles;
import dev.tableindex.proto.lance.index.ListElementIndexDetails;
import dev.tableindex.proto.lance.index.ListElementKeyEncoding;
import dev.tableindex.proto.lance.table.BTreeIndexDetails;
import dev.tableindex.proto.lance.table.IndexMetadata;
import dev.tableindex.proto.tck.BuildListIndexRequest;
import dev.tableindex.proto.tck.BuildListIndexResult;
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
import dev.tableindex.tck.run.FileTrees;
import dev.tableindex.tck.run.Observations;
import dev.tableindex.tck.run.RunContext;
import io.cucumber.datatable.DataTable;
import io.cucumber.java.en.Given;
import io.cucumber.java.en.Then;
import io.cucumber.java.en.When;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;

/**
 * Steps for capability {@code list_element_index}. Row addresses are written {@code <fragment>:<offset>}
 * (the address is fragment &lt;&lt; 32 | offset); encoded tuples as uppercase hex, {@code null} for a
 * null value, {@code unbounded} for an open range end.
 *
 * <p>What is judged is what the engine produced: a writer's storage (page_data and page_lookup rows) in the files it
 * wrote (list_element_index.files; its reply's rows are a diagnostic only), its details and IndexMetadata in its
 * reply; a reader's rows. A reader is handed the index as the kit wrote it (built by the reference model from the
 * table as it was when the index was written): as the target BTree's files to an engine that declares
 * list_element_index.read_files, else as rows in the request. How a reader planned is recorded beside the kit's
 * construction, never scored: the spec lets a reader answer from the index or not, with bounds of its own.
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
    private Path givenFiles;
    private final List<ListElementIndexDetails> otherSegments = new ArrayList<>();
    private final List<List<Long>> otherCovered = new ArrayList<>();
    private String question;
    private String planned;
    private int enumerationLimit = 1000;
    private int pageSize;
    private QueryListIndexResult answer;

    private static ListElementIndexer engine() {
        return RunContext.current().engine().facet(ListElementIndexer.class);
    }

    private static boolean declares(Capability capability) {
        return RunContext.current().engineInfo().capabilities().contains(capability);
    }

    // ----------------------------------------------------------------------------------------- the writer

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
     * the kit's, whose files the storage steps judge (ListIndexFileSteps).
     */
    private static BuildListIndexRequest withIndexDirectory(BuildListIndexRequest.Builder request) {
        if (declares(Capability.LIST_ELEMENT_INDEX_FILES)) {
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

    /**
     * "key_field_ids identifies the key fields ... Each is a direct child of the element struct, there is at least
     * one key, and no ID appears twice"; "A key may have one of these logical types". These are rules on the
     * details a writer writes, not a refusal the spec demands: a writer may refuse the key list, or build on keys
     * it derives from it (de-duplicating {@code label, label}, say), as long as what it writes keeps the rules.
     */
    @Then("the engine refuses the key list or writes details that keep the rules on key fields")
    public void theDetailsKeepTheRules() {
        if (buildRefusal != null) {
            return;
        }
        ListElementIndexDetails details = built.getDetails();
        String asked = "asked for keys [" + askedKeys + "], the engine wrote key_field_ids " + details.getKeyFieldIdsList()
                + " with key_types " + details.getKeyTypesList();
        if (details.getKeyFieldIdsCount() == 0) {
            throw new AssertionError(asked + ": there is at least one key");
        }
        if (new HashSet<>(details.getKeyFieldIdsList()).size() != details.getKeyFieldIdsCount()) {
            throw new AssertionError(asked + ": no ID appears twice");
        }
        if (details.getKeyTypesCount() != details.getKeyFieldIdsCount()) {
            throw new AssertionError(asked + ": key_types is parallel to key_field_ids");
        }
        IndexedTable table = IndexedTable.fromJson(ScenarioState.table());
        for (int k = 0; k < details.getKeyFieldIdsCount(); k++) {
            int position = table.fieldIds().indexOf(details.getKeyFieldIds(k));
            if (position < 0) {
                throw new AssertionError(asked + ": field id " + details.getKeyFieldIds(k) + " is not a direct child of the"
                        + " element struct with a key type (its direct children with key types are " + table.fieldIds() + ")");
            }
            String type = details.getKeyTypes(k);
            String actual = table.element().fields().get(position).type().lanceName();
            if (!type.equals(actual)) {
                throw new AssertionError(asked + ": key " + k + " is recorded as \"" + type + "\", its field is " + actual
                        + " (key_types holds the logical type of each key field, one of the spec's table)");
            }
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

    /**
     * The IndexMetadata the reply says the engine would write: a diagnostic, never evidence. The entry an engine
     * writes is judged in the manifest it commits (LEI11, capability table.list_element_index); where the reply's
     * entry is not the spec's, the report says so.
     */
    @Then("the index metadata the engine reports is noted beside the spec's: the list column {int}, index_version {int}, the details packed")
    public void theReportedIndexMetadata(int field, int version) {
        IndexMetadata metadata = built.getMetadata();
        List<String> differences = new ArrayList<>();
        if (!metadata.getFieldsList().equals(List.of(field))) {
            differences.add("fields " + metadata.getFieldsList() + ", the spec's [" + field + "]");
        }
        if (metadata.getIndexVersion() != version) {
            differences.add("index_version " + metadata.getIndexVersion() + ", the spec's " + version);
        }
        try {
            if (!ListElementIndexDetails.parseFrom(metadata.getIndexDetails().getValue()).equals(built.getDetails())) {
                differences.add("index_details that are not the details it reported");
            }
        } catch (InvalidProtocolBufferException e) {
            differences.add("index_details that do not decode as ListElementIndexDetails");
        }
        if (!differences.isEmpty()) {
            Observations.add("the reply's IndexMetadata has " + String.join("; ", differences)
                    + ": not evidence, the entry an engine commits is judged (LEI11)");
        }
    }

    /**
     * page_data as the engine's page_data.lance holds it: the storage rules are judged on the files. The rows the
     * engine's reply lists are a diagnostic only: where they differ from the file, the report says so.
     */
    @Then("the page_data rows are")
    public void thePageDataRowsAre(DataTable expected) {
        List<List<String>> files = ListIndexFileSteps.pageDataTable(ListIndexFileSteps.written().entries());
        compare(TargetBTreeFiles.PAGE_DATA, expected.cells(), files, "");
        List<List<String>> reply = new ArrayList<>();
        reply.add(List.of("values", "row address"));
        built.getPageDataList().forEach(r -> reply.add(List.of(r.hasValues() ? HEX.formatHex(r.getValues().toByteArray()) : "null",
                address(r.getRowAddress()))));
        String hint = "";
        for (int i = 0; i < built.getPageDataCount() && i + 1 < expected.cells().size() && hint.isEmpty(); i++) {
            PageDataRow row = built.getPageData(i);
            if (row.hasValues()) {
                hint = HexForBase64.hint(row.getValues().toByteArray(), expected.cells().get(i + 1).get(0));
            }
        }
        diagnose("page_data", files, reply, hint);
    }

    /** page_lookup as the engine's page_lookup.lance holds it; the reply's rows are a diagnostic. */
    @Then("the page_lookup rows are")
    public void thePageLookupRowsAre(DataTable expected) {
        List<List<String>> files = ListIndexFileSteps.pageLookupTable(ListIndexFileSteps.written().pages());
        compare(TargetBTreeFiles.PAGE_LOOKUP, expected.cells(), files, "");
        List<List<String>> reply = new ArrayList<>();
        reply.add(List.of("min", "max", "null_count", "page_idx"));
        built.getPageLookupList().forEach(r -> reply.add(List.of(
                r.hasMin() ? HEX.formatHex(r.getMin().toByteArray()) : "null",
                r.hasMax() ? HEX.formatHex(r.getMax().toByteArray()) : "null",
                Integer.toString(r.getNullCount()), Integer.toString(r.getPageIdx()))));
        diagnose("page_lookup", files, reply, "");
    }

    /** Records where the reply's rows differ from the file's, which were judged. */
    private static void diagnose(String what, List<List<String>> files, List<List<String>> reply, String hint) {
        if (reply.equals(files)) {
            return;
        }
        int row = 0;
        while (row < files.size() && row < reply.size() && files.get(row).equals(reply.get(row))) {
            row++;
        }
        Observations.add("the reply's " + what + " rows differ from " + what + ".lance from row " + row + " (" + (reply.size() - 1)
                + " rows in the reply, " + (files.size() - 1) + " in the file" + hint + "): not evidence, the file is judged");
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

    // ----------------------------------------------------------------------------------------- the index a reader is handed

    @Given("the index recorded on field ids {string} named {string} with key types {string}")
    public void theIndexRecorded(String ids, String names, String types) {
        recorded = ListElementIndexDetails.newBuilder()
                .addAllKeyFieldIds(list(ids).stream().map(Integer::parseInt).toList())
                .addAllKeys(list(names)).addAllKeyTypes(list(types))
                .setKeyEncoding(ListElementKeyEncoding.LIST_ELEMENT_KEY_ENCODING_ARROW_ROW_V1)
                .setTargetDetails(BTREE_DETAILS).setTargetIndexVersion(1);
    }

    /** The target as a list element index writer records it: Lance's BTree details, no value (BTreeIndexDetails {}). */
    private static final Any BTREE_DETAILS = Any.newBuilder().setTypeUrl("/" + BTreeIndexDetails.getDescriptor().getFullName()).build();

    @Given("the index's key encoding is {word}")
    public void theKeyEncodingIs(String encoding) {
        if (encoding.matches("[0-9]+")) {
            recorded.setKeyEncodingValue(Integer.parseInt(encoding));
        } else {
            recorded.setKeyEncoding(ListElementKeyEncoding.valueOf(encoding));
        }
    }

    @Given("the index's target_details have the type URL {string}")
    public void theTargetDetailsHaveTheTypeUrl(String typeUrl) {
        recorded.setTargetDetails(Any.newBuilder().setTypeUrl(typeUrl));
    }

    @Given("the index's target_index_version is {long}")
    public void theTargetIndexVersionIs(long version) {
        recorded.setTargetIndexVersion((int) version);
    }

    /**
     * The index's one segment is the target BTree files real Lance wrote (golden-files/&lt;folder&gt;: page_data.lance
     * and page_lookup.lance, bytes unchanged), copied into a directory of the scenario's own.
     */
    @Given("the index's files are those real Lance wrote in {string}")
    public void theIndexFilesAreRealLances(String folder) {
        Path golden = RunContext.current().golden().path(folder);
        givenFiles = TableScenario.current().newFolder("lance-index");
        for (String file : List.of(TargetBTreeFiles.PAGE_DATA, TargetBTreeFiles.PAGE_LOOKUP)) {
            FileTrees.copy(golden.resolve(file), givenFiles.resolve(file));
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
                .addAllKeys(list(names)).addAllKeyTypes(list(types)).setTargetDetails(BTREE_DETAILS).setTargetIndexVersion(1);
        if (encoding.matches("[0-9]+")) {
            details.setKeyEncodingValue(Integer.parseInt(encoding));
        } else {
            details.setKeyEncoding(ListElementKeyEncoding.valueOf(encoding));
        }
        otherSegments.add(details.build());
        otherCovered.add(list(fragments).stream().map(Long::parseLong).toList());
    }

    // ----------------------------------------------------------------------------------------- the reader

    @When("the reader answers any_element with the predicate {string}")
    public void theReaderAnswers(String predicate) {
        query(predicate, false);
    }

    @When("the reader answers NOT any_element with the predicate {string}")
    public void theReaderAnswersNot(String predicate) {
        query(predicate, true);
    }

    private void query(String predicate, boolean negated) {
        question = (negated ? "NOT " : "") + "any_element(..., '" + predicate + "')";
        planned = (negated ? "NOT " : "") + "any_element(" + predicate + ")";
        QueryListIndexRequest.Builder request = QueryListIndexRequest.newBuilder().setTableJson(ScenarioState.table())
                .setDetails(recorded).addAllCoveredFragments(covered).setPageSize(pageSize).setPredicate(predicate)
                .setNegated(negated).setEnumerationLimit(enumerationLimit);
        AnyElementSteps.tree(ScenarioState.table(), predicate).ifPresent(request::setPredicateTree);
        request.addSegments(givenFiles != null ? ListIndexSegment.newBuilder().setDetails(recorded)
                .addAllCoveredFragments(ListIndexProtos.fragments(IndexedTable.fromJson(ScenarioState.table()), covered).stream()
                        .sorted().toList())
                .setIndexDirectory(givenFiles.toString()).build() : segment(recorded.build(), covered));
        for (int i = 0; i < otherSegments.size(); i++) {
            request.addSegments(segment(otherSegments.get(i), otherCovered.get(i)));
        }
        answer = engine().queryListIndex(request.build());
    }

    /**
     * The segment as the kit writes it: the reference model's target BTree over the table the index was written from
     * (the current table unless the scenario says otherwise), under the recorded details; as files in a directory of
     * the scenario's to an engine that declares list_element_index.read_files, else as rows.
     */
    private ListIndexSegment segment(ListElementIndexDetails details, List<Long> fragments) {
        IndexedTable table = IndexedTable.fromJson(writtenFrom != null ? writtenFrom : ScenarioState.table());
        Set<Long> over = ListIndexProtos.fragments(table, fragments);
        int rows = pageSize == 0 ? ListElementIndex.DEFAULT_PAGE_SIZE : pageSize;
        ListElementIndex content = ListElementIndex.build(table, details.getKeyFieldIdsList(), over, rows);
        if (!declares(Capability.LIST_ELEMENT_INDEX_READ_FILES)) {
            return ListIndexProtos.segment(content).toBuilder().setDetails(details).build();
        }
        Path directory = TableScenario.current().newFolder("segment");
        TargetBTreeFiles.write(directory, content);
        return ListIndexSegment.newBuilder().setDetails(details).addAllCoveredFragments(over.stream().sorted().toList())
                .setIndexDirectory(directory.toString()).build();
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

    // ----------------------------------------------------------------------------------------- plans: recorded, not scored

    /**
     * The kit's construction of the plan, from the spec's rules, beside the engine's: recorded, never scored. The spec
     * says a reader "may" answer from the index; one that does not, or bounds its ranges otherwise, or stops
     * enumerating at a limit of its own, answers right all the same, and its rows are what is judged.
     */
    @Then("the engine's plan is recorded beside the kit's: {word}, with the ranges")
    public void thePlanIsRecordedWithRanges(String mode, DataTable ranges) {
        List<List<String>> kit = ranges.cells().subList(1, ranges.cells().size());
        recordPlan(mode + ", ranges " + ranges(kit), answer.getMode() + ", ranges " + ranges(engineRanges()));
    }

    @Then("the engine's plan is recorded beside the kit's: {word}")
    public void thePlanIsRecorded(String mode) {
        recordPlan(mode, answer.getMode());
    }

    @Then("the engine's plan is recorded beside the kit's: NOT_USED because {word}")
    public void thePlanIsRecordedNotUsed(String code) {
        recordPlan("NOT_USED because " + code, answer.getMode() + (answer.getMode().equals("NOT_USED")
                ? " because " + answer.getNotUsedReason().name().replace("INDEX_NOT_USED_", "") : ""));
    }

    @Then("the engine's plan is recorded beside the kit's: NOT any_element from the index")
    public void theNotPlanIsRecordedFromTheIndex() {
        recordPlan("NOT any_element from the index", notPlan());
    }

    @Then("the engine's plan is recorded beside the kit's: NOT any_element on the data because {word}")
    public void theNotPlanIsRecordedOnTheData(String code) {
        recordPlan("NOT any_element on the data because " + code, notPlan());
    }

    private String notPlan() {
        return answer.getNotExact() ? "NOT any_element from the index" : "NOT any_element on the data because "
                + answer.getNotRefusal().name().replace("NOT_ANY_ELEMENT_", "");
    }

    private List<List<String>> engineRanges() {
        List<List<String>> ranges = new ArrayList<>();
        for (EncodedRange range : answer.getRangesList()) {
            ranges.add(List.of(range.hasLower() ? HEX.formatHex(range.getLower().toByteArray()) : "unbounded",
                    range.hasUpper() ? HEX.formatHex(range.getUpper().toByteArray()) : "unbounded"));
        }
        return ranges;
    }

    private static String ranges(List<List<String>> ranges) {
        return String.join(" ", ranges.stream().map(r -> "[" + r.get(0) + ", " + r.get(1) + ")").toList());
    }

    private void recordPlan(String kit, String engine) {
        Observations.add(kit.equals(engine) ? "plan of " + planned + " as the kit's: " + kit
                : "plan of " + planned + ": the engine's " + engine + "; the kit's " + kit + " (information, not scored)");
    }

    // ----------------------------------------------------------------------------------------- notation

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
