package dev.tableindex.tck.steps;

import dev.tableindex.model.json.KitJson;
import com.fasterxml.jackson.databind.JsonNode;
import dev.tableindex.model.iceberg.data.DataViolation;
import dev.tableindex.model.iceberg.data.IndexDataBuilder;
import dev.tableindex.model.iceberg.data.IndexDataChecker;
import dev.tableindex.model.iceberg.data.IndexEntries;
import dev.tableindex.model.iceberg.data.IndexFields;
import dev.tableindex.model.iceberg.data.TrackingEntry;
import dev.tableindex.model.iceberg.data.TrackingFiles;
import dev.tableindex.model.iceberg.definition.ExpressionField;
import dev.tableindex.model.iceberg.definition.IcebergTypeJson;
import dev.tableindex.model.iceberg.definition.IndexDefinition;
import dev.tableindex.model.iceberg.definition.IndexType;
import dev.tableindex.model.iceberg.definition.ReservedFieldIds;
import dev.tableindex.model.iceberg.definition.ValueExpression;
import dev.tableindex.model.iceberg.definition.ValueExpressionJson;
import dev.tableindex.model.iceberg.metadata.IndexMetadata;
import dev.tableindex.model.iceberg.metadata.IndexMetadataJson;
import dev.tableindex.model.iceberg.metadata.IndexSnapshot;
import dev.tableindex.model.iceberg.read.FieldPredicate;
import dev.tableindex.model.iceberg.read.IndexReader;
import dev.tableindex.model.iceberg.table.LocalFileIO;
import dev.tableindex.model.iceberg.table.SourceRow;
import dev.tableindex.model.iceberg.table.SourceTable;
import dev.tableindex.proto.tck.BuildIcebergIndexRequest;
import dev.tableindex.proto.tck.QueryIcebergIndexRequest;
import dev.tableindex.proto.tck.QueryIcebergIndexResult;
import dev.tableindex.tck.api.IcebergIndexBuilding;
import dev.tableindex.tck.api.IcebergIndexQuerying;
import dev.tableindex.tck.run.FileTrees;
import dev.tableindex.tck.run.RunContext;
import io.cucumber.datatable.DataTable;
import io.cucumber.java.After;
import io.cucumber.java.en.Given;
import io.cucumber.java.en.Then;
import io.cucumber.java.en.When;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.iceberg.FileFormat;
import org.apache.iceberg.Schema;
import org.apache.iceberg.data.GenericRecord;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.types.Types;

/**
 * Steps for capabilities {@code iceberg_index.build} and {@code iceberg_index.query}. The kit writes real
 * Iceberg source tables with Iceberg itself (columns {@code id long} (field 1), {@code city string} (2),
 * {@code score double} (3)); the engine writes index data, which the kit's checker reads, or answers filters,
 * which the kit compares with the table's own answer (the live rows Iceberg reads, filtered by the kit).
 */
public final class IcebergIndexDataSteps {
    static final Schema SCHEMA = new Schema(
            Types.NestedField.required(1, "id", Types.LongType.get()),
            Types.NestedField.optional(2, "city", Types.StringType.get()),
            Types.NestedField.optional(3, "score", Types.DoubleType.get()));
    /** Index field ids of the kit's definitions: row pointers and the id as a non-materialized statistic. */
    static final int FILE_FIELD = 1000;
    static final int POS_FIELD = 1001;
    static final int ID_STATS_FIELD = 1002;
    private static final Pattern FILTER = Pattern.compile("^(\\w+) (eq|lt|lt-eq|gt|gt-eq|is-null)(?: (.+))?$");

    private Path scratch;
    private SourceTable table;
    private final Map<String, Long> snapshots = new HashMap<>();
    private IndexMetadata metadata;
    private Path metadataFile;
    private int metadataVersion;
    private List<DataViolation> violations;
    private List<TrackingEntry> entries;
    private QueryIcebergIndexResult answer;
    private List<SourceRow> expected;
    /** Whether the index metadata file leaves out its empty optional lists (ICE08: read as empty lists). */
    private boolean omitEmptyOptionals;

    @After
    public void end() {
        if (scratch != null) {
            try {
                FileTrees.delete(scratch);
            } catch (UncheckedIOException e) {
                // best effort: a leftover scratch folder is not a test failure
            }
        }
    }

    private Path scratch() {
        if (scratch == null) {
            try {
                scratch = Files.createTempDirectory("tck-iceberg-");
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return scratch;
    }

    @Given("an Iceberg source table with {word} data files")
    public void anIcebergSourceTable(String format) {
        table = SourceTable.create(scratch().resolve("table"), SCHEMA, FileFormat.fromString(format));
    }

    @Given("the table appends the rows")
    public void theTableAppendsTheRows(DataTable rows) {
        List<Record> records = new ArrayList<>();
        for (Map<String, String> row : rows.asMaps()) {
            Record r = GenericRecord.create(SCHEMA);
            r.setField("id", Long.parseLong(row.get("id")));
            r.setField("city", "null".equals(row.get("city")) ? null : row.get("city"));
            r.setField("score", "null".equals(row.get("score")) ? null : Double.parseDouble(row.get("score")));
            records.add(r);
        }
        table.append(records);
    }

    @Given("the table deletes the rows with id {string} by position")
    public void deletesByPosition(String ids) {
        List<Long> doomed = ids(ids);
        table.deletePositions(table.liveRows(table.currentSnapshotId()).stream()
                .filter(r -> doomed.contains((Long) r.values().getField("id"))).toList());
    }

    @Given("the table deletes the rows with id {string} by equality")
    public void deletesByEquality(String ids) {
        table.deleteWhereEquals(1, new ArrayList<>(ids(ids)));
    }

    @Given("the table snapshot is called {string}")
    public void theTableSnapshotIsCalled(String name) {
        snapshots.put(name, table.currentSnapshotId());
    }

    /** Identity fields and cluster spec: the named columns in order; row pointers and id statistics besides. */
    @Given("an index of type {string} clustered by {string}")
    public void anIndexClusteredBy(String type, String columns) {
        index(type, columns, List.of(ExpressionField.exprValue(FILE_FIELD, Types.StringType.get(),
                        ValueExpression.ref(ReservedFieldIds.FILE)),
                ExpressionField.exprValue(POS_FIELD, Types.LongType.get(), ValueExpression.ref(ReservedFieldIds.POS))));
    }

    /** Only the clustered columns in range files: rows with equal values give identical index entries. */
    @Given("an index of type {string} clustered by {string} without row pointers")
    public void anIndexWithoutPointers(String type, String columns) {
        index(type, columns, List.of());
    }

    /**
     * As above, with one more materialized expression field, given as in an index metadata file ({@code field-id},
     * {@code data-type}, {@code expr} in the expressions spec's JSON).
     */
    @Given("an index of type {string} clustered by {string} that also materializes")
    public void anIndexThatAlsoMaterializes(String type, String columns, String fieldJson) {
        JsonNode json;
        try {
            json = KitJson.read(fieldJson);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("the scenario's expression field is not JSON: " + e.getMessage(), e);
        }
        ExpressionField field = ExpressionField.exprValue(json.get("field-id").asInt(),
                IcebergTypeJson.fromJson(json.get("data-type")), ValueExpressionJson.read(json.get("expr"), "$['expr']"));
        index(type, columns, List.of(ExpressionField.exprValue(FILE_FIELD, Types.StringType.get(),
                        ValueExpression.ref(ReservedFieldIds.FILE)),
                ExpressionField.exprValue(POS_FIELD, Types.LongType.get(), ValueExpression.ref(ReservedFieldIds.POS)), field));
    }

    private void index(String type, String columns, List<ExpressionField> materialized) {
        List<Integer> ids = Arrays.stream(columns.split(",")).map(String::trim)
                .map(name -> SCHEMA.findField(name).fieldId()).toList();
        IndexDefinition definition = new IndexDefinition(new IndexType(type), ids, materialized,
                List.of(ExpressionField.exprValue(ID_STATS_FIELD, Types.LongType.get(), ValueExpression.ref(1))),
                ids);
        metadata = IndexMetadata.create("6b1e0a4e-8f57-4a3c-9d0a-2f1f3a5b7c90", table.table().uuid().toString(),
                LocalFileIO.uri(scratch().resolve("index")), 1_700_000_000_000L, definition, Map.of());
        writeMetadata();
    }

    @When("the engine builds the index snapshot of the current table snapshot with {word} range files of {int} rows")
    public void theEngineBuilds(String format, int rows) {
        long source = table.currentSnapshotId();
        String tracking = RunContext.current().engine().facet(IcebergIndexBuilding.class).buildIcebergIndex(
                BuildIcebergIndexRequest.newBuilder().setTablePath(table.table().location())
                        .setSourceSnapshotId(source).setMetadataPath(metadataFile.toString())
                        .setDataPath(scratch().resolve("index").resolve("data").toString())
                        .setRangeFileFormat(format).setTargetRowsPerRangeFile(rows).build()).getTrackingFile();
        metadata = metadata.withSnapshot(IndexSnapshot.of(metadata.snapshots().size() + 1, source, 1_700_000_000_000L,
                tracking));
        writeMetadata();
        IndexSnapshot snapshot = metadata.snapshots().get(metadata.snapshots().size() - 1);
        violations = new IndexDataChecker(metadata, Optional.of(table)).check(snapshot);
        try {
            entries = TrackingFiles.read(LocalFileIO.path(metadata.resolve(tracking)));
        } catch (RuntimeException e) {
            entries = null;
        }
    }

    /** Index data for query scenarios, written by the kit's reference builder (never by the engine under test). */
    @Given("the kit builds the index snapshot of table snapshot {string} with range files of {int} rows")
    public void theKitBuilds(String name, int rows) {
        long source = snapshots.get(name);
        String fileName = "kit-" + (metadata.snapshots().size() + 1);
        IndexDataBuilder.Built built = IndexDataBuilder.build(metadata.definition(), table, source,
                scratch().resolve("index").resolve("data"), fileName,
                new IndexDataBuilder.Options(FileFormat.PARQUET, rows));
        metadata = metadata.withSnapshot(IndexSnapshot.of(metadata.snapshots().size() + 1, source, 1_700_000_000_000L,
                "data/" + built.trackingFile().getFileName()));
        writeMetadata();
    }

    @Then("the index data has no violation")
    public void noViolation() {
        if (!violations.isEmpty()) {
            throw new AssertionError("the index data breaks the draft: " + describe(violations));
        }
    }

    @Then("the index data has no violation of {string}")
    public void noViolationOf(String rules) {
        List<DataViolation.Rule> wanted = Arrays.stream(rules.split(",")).map(String::trim)
                .map(DataViolation.Rule::valueOf).toList();
        List<DataViolation> found = violations.stream().filter(v -> wanted.contains(v.rule())).toList();
        if (!found.isEmpty()) {
            throw new AssertionError("the index data breaks the draft: " + describe(found));
        }
    }

    @Then("the tracking file lists {int} range files holding {long} rows")
    public void theTrackingFileLists(int files, long rows) {
        if (entries == null) {
            throw new AssertionError("the engine's tracking file cannot be read: " + describe(violations));
        }
        long total = entries.stream().mapToLong(TrackingEntry::recordCount).sum();
        if (entries.size() != files || total != rows) {
            throw new AssertionError("expected " + files + " range files holding " + rows + " rows, the tracking file"
                    + " lists " + entries.size() + " holding " + total);
        }
    }

    @Then("the tracking file lists range files holding {long} rows")
    public void theTrackingFileListsRows(long rows) {
        if (entries == null) {
            throw new AssertionError("the engine's tracking file cannot be read: " + describe(violations));
        }
        long total = entries.stream().mapToLong(TrackingEntry::recordCount).sum();
        if (total != rows) {
            throw new AssertionError("expected range files holding " + rows + " rows, they hold " + total);
        }
    }

    @When("the engine answers {string} at the current table snapshot")
    public void theEngineAnswers(String filter) {
        Matcher m = FILTER.matcher(filter);
        if (!m.matches()) {
            throw new IllegalArgumentException("filter '" + filter + "' is not <column> <op> [json value]");
        }
        int fieldId = SCHEMA.findField(m.group(1)).fieldId();
        long snapshot = table.currentSnapshotId();
        QueryIcebergIndexRequest request = QueryIcebergIndexRequest.newBuilder().setTablePath(table.table().location())
                .setSnapshotId(snapshot).setMetadataPath(metadataFile.toString()).setFieldId(fieldId)
                .setOp(m.group(2)).setValueJson(m.group(3) == null ? "" : m.group(3)).build();
        expected = IndexReader.fromTable(table, snapshot,
                dev.tableindex.tck.engine.IcebergFilters.predicate(table, request));
        answer = RunContext.current().engine().facet(IcebergIndexQuerying.class).queryIcebergIndex(request);
    }

    @Then("the answer is the table's own answer of {int} rows")
    public void theAnswerIsTheTablesOwn(int count) {
        if (expected.size() != count) {
            throw new IllegalStateException("the scenario expects " + count + " rows but the table has "
                    + expected.size() + ": the scenario is wrong");
        }
        List<String> want = expected.stream().map(SourceRow::pointer).sorted().toList();
        List<String> got = answer.getRowsList().stream().map(p -> p.getFile() + "#" + p.getPos()).sorted().toList();
        if (!want.equals(got)) {
            throw new AssertionError("the engine answered " + got.size() + " rows " + names(got)
                    + ", the table's live rows that match are " + want.size() + " " + names(want));
        }
    }

    // ---- readers judged by rows (ICE08): index data that is wrong if used, placed where a wrong reader looks ----

    /**
     * Index data that lies: built from the live rows of the snapshot with each row's city replaced by the city of
     * the next row by id (the last takes the first's), so every row pointer is real but the values are not. A reader
     * that uses it answers a filter on city with other rows than the table's.
     */
    @Given("the kit builds a misleading index snapshot of table snapshot {string}: each entry holds the city of the next row by id")
    public void theKitBuildsAMisleadingSnapshot(String name) {
        long source = snapshots.get(name);
        String fileName = "kit-" + (metadata.snapshots().size() + 1);
        writeMisleading(source, scratch().resolve("index").resolve("data"), fileName, 2);
        metadata = metadata.withSnapshot(IndexSnapshot.of(metadata.snapshots().size() + 1, source, 1_700_000_000_000L,
                "data/" + fileName + "-tracking.avro"));
        writeMetadata();
    }

    /**
     * The last index snapshot's tracking file path is relative (data/...): resolved against the index location it
     * names the kit's true index data; resolved against the folder of the metadata file (metadata/) it names the
     * misleading data the kit puts there.
     */
    @Given("the kit puts misleading index data where the tracking file's path, resolved against the metadata file's folder, leads")
    public void theKitPutsADecoy() {
        IndexSnapshot last = metadata.snapshots().get(metadata.snapshots().size() - 1);
        Path decoy = metadataFile.getParent().resolve(last.trackingFile());
        String name = decoy.getFileName().toString().replace("-tracking.avro", "");
        writeMisleading(last.sourceTableSnapshotId(), decoy.getParent(), name, 2);
    }

    @Given("the index metadata file leaves out its empty optional lists")
    public void theMetadataFileLeavesOutEmptyLists() {
        omitEmptyOptionals = true;
        writeMetadata();
    }

    private void writeMisleading(long source, Path folder, String name, int rowsPerFile) {
        List<SourceRow> rows = new ArrayList<>(table.liveRows(source));
        rows.sort(java.util.Comparator.comparingLong(r -> (Long) r.values().getField("id")));
        List<SourceRow> lying = new ArrayList<>();
        for (int i = 0; i < rows.size(); i++) {
            Record values = rows.get(i).values().copy();
            values.setField("city", rows.get((i + 1) % rows.size()).values().getField("city"));
            lying.add(new SourceRow(rows.get(i).file(), rows.get(i).pos(), values));
        }
        IndexFields fields = new IndexFields(metadata.definition(), table.schemaOf(source));
        IndexDataBuilder.write(fields, IndexDataBuilder.ranges(IndexEntries.sorted(fields, lying), fields, rowsPerFile),
                folder, name, FileFormat.PARQUET);
    }

    private void writeMetadata() {
        metadataFile = scratch().resolve("index").resolve("metadata")
                .resolve(String.format("%05d-index.metadata.json", ++metadataVersion));
        try {
            Files.createDirectories(metadataFile.getParent());
            Files.write(metadataFile, omitEmptyOptionals
                    ? IndexMetadataJson.toBytes(IndexMetadataJson.writeWithoutEmptyOptionals(metadata))
                    : IndexMetadataJson.toBytes(metadata));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Row pointers by data file name and position, so messages read the same on every run. */
    private static String names(List<String> pointers) {
        return pointers.stream().map(p -> p.substring(p.lastIndexOf('/') + 1)).toList().toString();
    }

    private static String describe(List<DataViolation> found) {
        StringBuilder text = new StringBuilder();
        for (DataViolation v : found) {
            String file = v.file().substring(v.file().lastIndexOf('/') + 1);
            text.append("\n  ").append(file).append(": ").append(v.field()).append(": ").append(v.message())
                    .append(" [").append(v.rule()).append("]");
        }
        return text.toString();
    }

    private static List<Long> ids(String text) {
        return Arrays.stream(text.split(",")).map(String::trim).map(Long::parseLong).toList();
    }
}
