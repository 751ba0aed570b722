package dev.tableindex.tck.steps;

import dev.tableindex.model.io.Folders;
import dev.tableindex.model.json.KitJson;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tableindex.model.iceberg.data.DataFileIO;
import dev.tableindex.model.iceberg.data.DataViolation;
import dev.tableindex.model.iceberg.data.IndexDataBuilder;
import dev.tableindex.model.iceberg.data.IndexDataChecker;
import dev.tableindex.model.iceberg.data.IndexEntries;
import dev.tableindex.model.iceberg.data.IndexFields;
import dev.tableindex.model.iceberg.data.IndexValues;
import dev.tableindex.model.iceberg.data.TrackingEntry;
import dev.tableindex.model.iceberg.data.TrackingFiles;
import dev.tableindex.model.iceberg.definition.ExpressionField;
import dev.tableindex.model.iceberg.definition.IcebergTypeJson;
import dev.tableindex.model.iceberg.definition.IndexDefinition;
import dev.tableindex.model.iceberg.definition.IndexType;
import dev.tableindex.model.iceberg.definition.ReservedFieldIds;
import dev.tableindex.model.iceberg.definition.ValueExpression;
import dev.tableindex.model.iceberg.definition.ValueExpressionJson;
import dev.tableindex.model.iceberg.encryption.EncryptedIndexFiles;
import dev.tableindex.model.iceberg.encryption.KitKms;
import dev.tableindex.model.iceberg.metadata.EncryptionKey;
import dev.tableindex.model.iceberg.metadata.IndexMetadata;
import dev.tableindex.model.iceberg.metadata.IndexMetadataJson;
import dev.tableindex.model.iceberg.metadata.IndexSnapshot;
import dev.tableindex.model.iceberg.order.VectorValues;
import dev.tableindex.model.iceberg.read.FilterJson;
import dev.tableindex.model.iceberg.read.IndexReader;
import dev.tableindex.model.iceberg.read.RowFilter;
import dev.tableindex.model.iceberg.table.LocalFileIO;
import dev.tableindex.model.iceberg.table.SourceRow;
import dev.tableindex.model.iceberg.table.SourceTable;
import dev.tableindex.model.iceberg.table.TableScript;
import com.google.protobuf.ByteString;
import dev.tableindex.proto.tck.BuildEncryptedIcebergIndexRequest;
import dev.tableindex.proto.tck.BuildEncryptedIcebergIndexResult;
import dev.tableindex.proto.tck.BuildIcebergIndexRequest;
import dev.tableindex.proto.tck.IcebergEncryptionKey;
import dev.tableindex.proto.tck.QueryIcebergIndexRequest;
import dev.tableindex.proto.tck.QueryIcebergIndexResult;
import dev.tableindex.tck.api.IcebergIndexBuilding;
import dev.tableindex.tck.api.IcebergIndexEncryption;
import dev.tableindex.tck.api.IcebergIndexQuerying;
import dev.tableindex.tck.run.FileTrees;
import dev.tableindex.tck.run.RunContext;
import dev.tableindex.tck.steps.iceberg.ClusterText;
import dev.tableindex.tck.steps.iceberg.FileDigests;
import dev.tableindex.tck.steps.iceberg.FilterText;
import dev.tableindex.tck.steps.iceberg.SharedIcebergTables;
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
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.iceberg.FileFormat;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.PartitionSpecParser;
import org.apache.iceberg.Schema;
import org.apache.iceberg.SchemaParser;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;

/**
 * Steps for capabilities {@code iceberg_index.build} and {@code iceberg_index.query}. The kit writes real
 * Iceberg source tables with Iceberg itself (by default columns {@code id long} (field 1), {@code city string}
 * (2), {@code score double} (3)); the engine writes index data, which the kit's checker reads, or answers filters,
 * which the kit compares with the table's own answer (the live rows Iceberg reads, filtered by the kit).
 *
 * <p>A table is written as a table script ({@link TableScript}): "an Iceberg source table" is the scenario's own,
 * made as the steps go; "a shared Iceberg source table" is made when first used from the script its steps wrote,
 * once per run for every scenario with the same script ({@link SharedIcebergTables}), and must not change after.
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
    private static final long TIMESTAMP_MS = 1_700_000_000_000L;
    /** The kit's KMS for encrypted builds: a master key the engine wraps its keys with. */
    private static final KitKms KMS = new KitKms("kit-master-key",
            "kit-master-key-1".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
    private static final Pattern FUNCTION = Pattern.compile("(\\w+)\\((?:(\\d+)\\s*,\\s*)?(\\w+)\\)");

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

    /** The table as a script; a shared table is made from it when first used, a private one as it grows. */
    private final ObjectNode script = JsonNodeFactory.instance.objectNode();
    private boolean shared;
    /** The shared table this scenario was handed, released when it ends. */
    private SharedIcebergTables.Lease sharedTable;
    /** Snapshot names of a shared table not made yet, by the number of commits before them. */
    private final Map<String, Integer> pendingNames = new LinkedHashMap<>();
    /** The indexes of the scenario by name ("" for the unnamed one), the current one in the fields above. */
    private final Map<String, IndexMetadata> indexes = new LinkedHashMap<>();
    private String currentIndex = "";
    /** Every build the engine made, in order, with the bytes of its files when it finished. */
    private final List<EngineBuild> builds = new ArrayList<>();
    /** What each build changed in the table's metadata files or snapshots. */
    private final List<String> tableChanges = new ArrayList<>();

    /** One index snapshot the engine built. */
    private record EngineBuild(String index, IndexMetadata metadata, IndexSnapshot snapshot, Path trackingFile,
                               Map<String, String> digests) {
    }

    @After
    public void end() {
        if (sharedTable != null) {
            SharedIcebergTables.release(sharedTable);
        }
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

    // ---- source tables ----

    @Given("an Iceberg source table with {word} data files")
    public void anIcebergSourceTable(String format) {
        startScript(format, false);
        table = TableScript.createEmpty(script, scratch().resolve("table"));
    }

    @Given("a shared Iceberg source table with {word} data files")
    public void aSharedIcebergSourceTable(String format) {
        startScript(format, true);
    }

    private void startScript(String format, boolean isShared) {
        FileFormat.fromString(format); // a clear error for a misspelt format
        shared = isShared;
        script.put("format", format);
        script.set("schema", schemaJson(SCHEMA));
        script.putArray("commits");
    }

    @Given("the table's columns are")
    public void theTablesColumnsAre(DataTable columns) {
        List<Types.NestedField> fields = new ArrayList<>();
        for (Map<String, String> c : columns.asMaps()) {
            int id = Integer.parseInt(c.get("id"));
            if (id != fields.size() + 1) {
                throw new IllegalArgumentException("column '" + c.get("name") + "' has id " + id + "; Iceberg gives a"
                        + " new table's columns the ids 1, 2, 3, ... in order, so the scenario must too");
            }
            fields.add(Types.NestedField.of(id, !"true".equals(c.get("required")), c.get("name"),
                    Types.fromPrimitiveString(c.get("type"))));
        }
        redefine("schema", schemaJson(new Schema(fields)));
    }

    /** {@code bucket(4, id)}, {@code identity(city)}, {@code truncate(1, city)}, {@code day(ts)}: Iceberg's transforms. */
    @Given("the table is partitioned by {string}")
    public void theTableIsPartitionedBy(String partition) {
        Schema schema = schema();
        PartitionSpec.Builder spec = PartitionSpec.builderFor(schema);
        for (String item : partition.split(",(?![^(]*\\))")) {
            Matcher m = FUNCTION.matcher(item.trim());
            if (!m.matches()) {
                throw new IllegalArgumentException("the scenario's partitioning '" + partition + "': '" + item
                        + "' is not transform(column) or transform(n, column)");
            }
            String column = m.group(3);
            switch (m.group(1)) {
                case "identity" -> spec.identity(column);
                case "bucket" -> spec.bucket(column, Integer.parseInt(m.group(2)));
                case "truncate" -> spec.truncate(column, Integer.parseInt(m.group(2)));
                case "year" -> spec.year(column);
                case "month" -> spec.month(column);
                case "day" -> spec.day(column);
                case "hour" -> spec.hour(column);
                default -> throw new IllegalArgumentException("no partition transform '" + m.group(1) + "'");
            }
        }
        redefine("partition-spec", KitJson.read(PartitionSpecParser.toJson(spec.build())));
    }

    /** Schema and partitioning come before the first commit; a private table is made anew with them. */
    private void redefine(String field, JsonNode value) {
        if (script.get("commits").size() > 0) {
            throw new IllegalStateException("the scenario sets the table's " + field + " after a commit");
        }
        script.set(field, value);
        if (!shared) {
            table = TableScript.createEmpty(script, scratch().resolve("table-" + script.toString().hashCode()
                    + "-" + System.nanoTime()));
        }
    }

    @Given("the table appends the rows")
    public void theTableAppendsTheRows(DataTable rows) {
        Schema schema = schema();
        ArrayNode append = JsonNodeFactory.instance.arrayNode();
        for (Map<String, String> row : rows.asMaps()) {
            ArrayNode values = append.addArray();
            for (Types.NestedField column : schema.columns()) {
                if (!row.containsKey(column.name())) {
                    throw new IllegalArgumentException("the scenario's rows have no column '" + column.name() + "'");
                }
                String text = row.get(column.name());
                if (text == null || text.equals("null")) {
                    values.addNull();
                } else {
                    VectorValues.parseText(column.type().asPrimitiveType(), text); // a clear error for a bad cell
                    values.add(text);
                }
            }
        }
        commit(JsonNodeFactory.instance.objectNode().set("append", append));
    }

    @Given("the table deletes the rows with id {string} by position")
    public void deletesByPosition(String ids) {
        commit(deleteCommit("delete-by-position", ids));
    }

    @Given("the table deletes the rows with id {string} by equality")
    public void deletesByEquality(String ids) {
        commit(deleteCommit("delete-by-equality", ids));
    }

    private static JsonNode deleteCommit(String kind, String ids) {
        ObjectNode delete = JsonNodeFactory.instance.objectNode().put("field-id", 1);
        ArrayNode values = delete.putArray("values");
        Arrays.stream(ids.split(",")).map(String::trim).forEach(values::add);
        return JsonNodeFactory.instance.objectNode().set(kind, delete);
    }

    @Given("the table promotes column {string} to {word}")
    public void thePromotes(String column, String type) {
        ObjectNode promote = JsonNodeFactory.instance.objectNode().put("field-id", fieldId(column)).put("type", type);
        commit(JsonNodeFactory.instance.objectNode().set("promote-column", promote));
    }

    @Given("the table renames column {string} to {string}")
    public void theRenames(String column, String name) {
        ObjectNode rename = JsonNodeFactory.instance.objectNode().put("field-id", fieldId(column)).put("name", name);
        commit(JsonNodeFactory.instance.objectNode().set("rename-column", rename));
    }

    @Given("the table snapshot is called {string}")
    public void theTableSnapshotIsCalled(String name) {
        if (shared && table == null) {
            pendingNames.put(name, script.get("commits").size());
        } else {
            snapshots.put(name, table().currentSnapshotId());
        }
    }

    /**
     * The keys of one case of the clustering vectors (golden-files/iceberg-index/clustering), shuffled, one row
     * each: column {@code id} (field 1) numbers the rows, {@code k1}..{@code kn} hold the key, with field ids in
     * reverse ({@code k1} the highest) so that field-id order is not cluster-spec order.
     */
    @Given("a shared Iceberg source table with {word} data files holding the keys of clustering vector {string}")
    public void aTableOfAClusteringVector(String format, String name) {
        ClusteringVector vector = ClusteringVector.named(name);
        startScript(format, true);
        int n = vector.types().size();
        // Iceberg numbers a new table's columns in order: kn comes first so that k1 gets the highest id
        List<Types.NestedField> fields = new ArrayList<>();
        fields.add(Types.NestedField.required(1, "id", Types.LongType.get()));
        for (int k = n - 1; k >= 0; k--) {
            fields.add(Types.NestedField.optional(fields.size() + 1, "k" + (k + 1), vector.types().get(k)));
        }
        script.set("schema", schemaJson(new Schema(fields)));
        List<JsonNode> keys = new ArrayList<>(vector.keys());
        Collections.shuffle(keys, new Random(7));
        ArrayNode append = JsonNodeFactory.instance.arrayNode();
        for (int r = 0; r < keys.size(); r++) {
            ArrayNode row = append.addArray().add(r + 1);
            for (int k = n - 1; k >= 0; k--) {
                row.add(keys.get(r).get(k));
            }
        }
        commit(JsonNodeFactory.instance.objectNode().set("append", append));
    }

    private void commit(JsonNode commit) {
        if (shared && table != null) {
            throw new IllegalStateException("the scenario changes a shared table after using it; a scenario that"
                    + " changes its table says 'an Iceberg source table'");
        }
        ((ArrayNode) script.get("commits")).add(commit);
        if (!shared) {
            TableScript.apply(table, commit, "the scenario's commit");
        }
    }

    /** The table, made now if it is a shared one not made yet. */
    private SourceTable table() {
        if (table == null) {
            if (!shared) {
                throw new IllegalStateException("the scenario gives no Iceberg source table");
            }
            sharedTable = SharedIcebergTables.get(script);
            SharedIcebergTables.Made made = sharedTable.made();
            table = made.table();
            pendingNames.forEach((name, commits) -> snapshots.put(name, commits == 0 ? -1L
                    : made.snapshots().get(commits - 1)));
        }
        return table;
    }

    /** The schema after the script's commits so far (a shared table need not exist yet). */
    private Schema schema() {
        if (table != null) {
            return table.schema();
        }
        Schema schema = SchemaParser.fromJson(script.get("schema"));
        for (JsonNode commit : script.get("commits")) {
            if (commit.has("promote-column") || commit.has("rename-column")) {
                JsonNode change = commit.has("promote-column") ? commit.get("promote-column") : commit.get("rename-column");
                int id = change.get("field-id").asInt();
                List<Types.NestedField> columns = new ArrayList<>();
                for (Types.NestedField c : schema.columns()) {
                    columns.add(c.fieldId() != id ? c : commit.has("promote-column")
                            ? Types.NestedField.of(id, c.isOptional(), c.name(),
                                    Types.fromPrimitiveString(change.get("type").asText()))
                            : Types.NestedField.of(id, c.isOptional(), change.get("name").asText(), c.type()));
                }
                schema = new Schema(columns);
            }
        }
        return schema;
    }

    private int fieldId(String column) {
        Types.NestedField field = schema().findField(column);
        if (field == null) {
            throw new IllegalArgumentException("the table has no column '" + column + "'");
        }
        return field.fieldId();
    }

    private static JsonNode schemaJson(Schema schema) {
        return KitJson.read(SchemaParser.toJson(schema));
    }

    // ---- index definitions ----

    /** Identity fields and cluster spec: the named columns (and functions of them) in order; row pointers and id statistics besides. */
    @Given("an index of type {string} clustered by {string}")
    public void anIndexClusteredBy(String type, String columns) {
        index(type, columns, pointers(), List.of());
    }

    /** Only the clustered columns in range files: rows with equal values give identical index entries. */
    @Given("an index of type {string} clustered by {string} without row pointers")
    public void anIndexWithoutPointers(String type, String columns) {
        index(type, columns, List.of(), List.of());
    }

    /**
     * As above, with one more materialized expression field, given as in an index metadata file ({@code field-id},
     * {@code data-type}, {@code expr} in the expressions spec's JSON).
     */
    @Given("an index of type {string} clustered by {string} that also materializes")
    public void anIndexThatAlsoMaterializes(String type, String columns, String fieldJson) {
        List<ExpressionField> materialized = new ArrayList<>(pointers());
        materialized.add(expressionField(fieldJson));
        index(type, columns, materialized, List.of());
    }

    /** As above, with one more non-materialized expression field (statistics only), given the same way. */
    @Given("an index of type {string} clustered by {string} that also keeps statistics of")
    public void anIndexThatAlsoKeepsStatisticsOf(String type, String columns, String fieldJson) {
        index(type, columns, pointers(), List.of(expressionField(fieldJson)));
    }

    /** Every column of the table is an identity field. */
    @Given("an index of type {string} clustered by {string} that stores every column")
    public void anIndexThatStoresEveryColumn(String type, String columns) {
        index(type, columns, pointers(), List.of(), schema().columns().stream().map(Types.NestedField::fieldId).toList());
    }

    /** A second (third, ...) index of the same table, with its own location; the scenario works on it from now on. */
    @Given("an index called {string} of type {string} clustered by {string}")
    public void anIndexCalled(String name, String type, String columns) {
        switchTo(name);
        index(type, columns, pointers(), List.of());
    }

    @Given("the scenario works on the index called {string}")
    public void theScenarioWorksOn(String name) {
        if (!indexes.containsKey(name)) {
            throw new IllegalArgumentException("the scenario has no index called '" + name + "'");
        }
        switchTo(name);
    }

    private void switchTo(String name) {
        if (metadata != null) {
            indexes.put(currentIndex, metadata);
        }
        currentIndex = name;
        metadata = indexes.get(name);
        if (metadata != null) {
            writeMetadata();
        }
    }

    private static List<ExpressionField> pointers() {
        return List.of(ExpressionField.exprValue(FILE_FIELD, Types.StringType.get(), ValueExpression.ref(ReservedFieldIds.FILE)),
                ExpressionField.exprValue(POS_FIELD, Types.LongType.get(), ValueExpression.ref(ReservedFieldIds.POS)));
    }

    private static ExpressionField expressionField(String fieldJson) {
        JsonNode json;
        try {
            json = KitJson.read(fieldJson);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("the scenario's expression field is not JSON: " + e.getMessage(), e);
        }
        return ExpressionField.exprValue(json.get("field-id").asInt(), IcebergTypeJson.fromJson(json.get("data-type")),
                ValueExpressionJson.read(json.get("expr"), "$['expr']"));
    }

    private void index(String type, String columns, List<ExpressionField> materialized,
            List<ExpressionField> nonMaterialized) {
        index(type, columns, materialized, nonMaterialized, List.of());
    }

    private void index(String type, String columns, List<ExpressionField> materialized,
            List<ExpressionField> nonMaterialized, List<Integer> moreIdentityFields) {
        ClusterText cluster = ClusterText.parse(columns, schema());
        List<Integer> identity = new ArrayList<>(cluster.identityFields());
        moreIdentityFields.stream().filter(id -> !identity.contains(id)).forEach(identity::add);
        List<ExpressionField> allMaterialized = new ArrayList<>(materialized);
        allMaterialized.addAll(cluster.expressions());
        List<ExpressionField> stats = new ArrayList<>(List.of(ExpressionField.exprValue(ID_STATS_FIELD,
                schema().findType(1), ValueExpression.ref(1))));
        stats.addAll(nonMaterialized);
        IndexDefinition definition = new IndexDefinition(new IndexType(type), identity, allMaterialized, stats,
                cluster.clusterSpec());
        String folder = currentIndex.isEmpty() ? "index" : "index-" + currentIndex.replaceAll("[^A-Za-z0-9]+", "-");
        metadata = IndexMetadata.create("6b1e0a4e-8f57-4a3c-9d0a-2f1f3a5b7c90", table().table().uuid().toString(),
                LocalFileIO.uri(scratch().resolve(folder)), TIMESTAMP_MS, definition, Map.of());
        writeMetadata();
    }

    // ---- builds ----

    @When("the engine builds the index snapshot of the current table snapshot with {word} range files of {int} rows")
    public void theEngineBuilds(String format, int rows) {
        engineBuild(table().currentSnapshotId(), format, rows);
    }

    @When("the engine builds the index snapshot of table snapshot {string} with {word} range files of {int} rows")
    public void theEngineBuildsAt(String name, String format, int rows) {
        engineBuild(snapshot(name), format, rows);
    }

    private void engineBuild(long source, String format, int rows) {
        Path tableFolder = Path.of(table().table().location());
        Map<String, String> tableBefore = FileDigests.of(tableFolder);
        List<Long> snapshotsBefore = snapshotIds(tableFolder);
        String tracking = RunContext.current().engine().facet(IcebergIndexBuilding.class).buildIcebergIndex(
                BuildIcebergIndexRequest.newBuilder().setTablePath(table().table().location())
                        .setSourceSnapshotId(source).setMetadataPath(metadataFile.toString())
                        .setDataPath(LocalFileIO.path(metadata.location()).resolve("data").toString())
                        .setRangeFileFormat(format).setTargetRowsPerRangeFile(rows).build()).getTrackingFile();
        recordTableChanges(tableFolder, tableBefore, snapshotsBefore);
        metadata = metadata.withSnapshot(IndexSnapshot.of(metadata.snapshots().size() + 1, source, TIMESTAMP_MS,
                tracking));
        writeMetadata();
        IndexSnapshot snapshot = metadata.snapshots().get(metadata.snapshots().size() - 1);
        violations = new IndexDataChecker(metadata, Optional.of(table())).check(snapshot);
        Path trackingFile = LocalFileIO.path(metadata.resolve(tracking));
        try {
            entries = TrackingFiles.read(trackingFile);
        } catch (RuntimeException e) {
            entries = null;
        }
        Map<String, String> digests = new LinkedHashMap<>();
        digests.put(trackingFile.toString(), FileDigests.digest(trackingFile));
        if (entries != null) {
            for (TrackingEntry e : entries) {
                if (e.filePath() != null) {
                    Path range = LocalFileIO.path(metadata.resolve(e.filePath()));
                    digests.put(range.toString(), FileDigests.digest(range));
                }
            }
        }
        builds.add(new EngineBuild(currentIndex, metadata, snapshot, trackingFile, digests));
    }

    /**
     * "Building and maintaining an index will not rewrite the table": the table's files keep their bytes, no new
     * metadata file appears, and the table's snapshots are those it had.
     */
    private void recordTableChanges(Path tableFolder, Map<String, String> before, List<Long> snapshotsBefore) {
        Map<String, String> after = FileDigests.of(tableFolder);
        int build = builds.size() + 1;
        FileDigests.changedOrGone(before, after).forEach(c -> tableChanges.add("build " + build + ": table file " + c));
        after.keySet().stream().filter(f -> !before.containsKey(f) && f.startsWith("metadata"))
                .forEach(f -> tableChanges.add("build " + build + ": a new table metadata file " + f));
        List<Long> snapshotsAfter = snapshotIds(tableFolder);
        if (!snapshotsAfter.equals(snapshotsBefore)) {
            tableChanges.add("build " + build + ": the table's snapshots were " + snapshotsBefore + ", now "
                    + snapshotsAfter);
        }
    }

    private static List<Long> snapshotIds(Path tableFolder) {
        try {
            SourceTable reloaded = SourceTable.load(tableFolder);
            List<Long> ids = new ArrayList<>();
            reloaded.table().snapshots().forEach(s -> ids.add(s.snapshotId()));
            ids.add(reloaded.currentSnapshotId());
            return ids;
        } catch (RuntimeException e) {
            return List.of();
        }
    }

    /**
     * An encrypted build: the kit is the KMS (its master key in the request); what the engine answers is recorded in
     * the index metadata (the snapshot's key-id; its encryption-keys entries, and no list at all when it gives none,
     * the worked example of docs/iceberg-index.md); the checker opens every file through the keys.
     */
    @When("the engine builds the encrypted index snapshot of the current table snapshot with {word} range files of {int} rows")
    public void theEngineBuildsEncrypted(String format, int rows) {
        long source = table().currentSnapshotId();
        BuildEncryptedIcebergIndexResult result = RunContext.current().engine().facet(IcebergIndexEncryption.class)
                .buildEncryptedIcebergIndex(BuildEncryptedIcebergIndexRequest.newBuilder()
                        .setBuild(BuildIcebergIndexRequest.newBuilder().setTablePath(table().table().location())
                                .setSourceSnapshotId(source).setMetadataPath(metadataFile.toString())
                                .setDataPath(LocalFileIO.path(metadata.location()).resolve("data").toString())
                                .setRangeFileFormat(format).setTargetRowsPerRangeFile(rows))
                        .setKmsKeyId(KMS.masterKeyId()).setKmsKey(ByteString.copyFrom(KMS.masterKey())).build());
        List<EncryptionKey> keys = new ArrayList<>(metadata.encryptionKeys());
        for (IcebergEncryptionKey key : result.getEncryptionKeysList()) {
            keys.add(new EncryptionKey(key.getKeyId(), key.getEncryptedKeyMetadata(),
                    key.getEncryptedById().isEmpty() ? Optional.empty() : Optional.of(key.getEncryptedById()),
                    key.getPropertiesMap()));
        }
        metadata = metadata.withEncryptionKeys(keys).withSnapshot(new IndexSnapshot(metadata.snapshots().size() + 1,
                source, TIMESTAMP_MS, result.getTrackingFile(), Map.of(),
                result.getKeyId().isEmpty() ? Optional.empty() : Optional.of(result.getKeyId())));
        omitEmptyOptionals = keys.isEmpty();
        writeMetadata();
        IndexSnapshot snapshot = metadata.snapshots().get(metadata.snapshots().size() - 1);
        if (snapshot.keyId().isEmpty()) {
            throw new AssertionError("the kit asked for an encrypted index snapshot; the engine answered no key-id");
        }
        violations = new IndexDataChecker(metadata, Optional.of(table()),
                new EncryptedIndexFiles(KMS, scratch().resolve("decrypted-" + snapshot.snapshotId()))).check(snapshot);
        entries = List.of();
    }

    /** Index data for query scenarios, written by the kit's reference builder (never by the engine under test). */
    @Given("the kit builds the index snapshot of table snapshot {string} with range files of {int} rows")
    public void theKitBuilds(String name, int rows) {
        kitBuild(snapshot(name), rows);
    }

    @Given("the kit builds the index snapshot of the current table snapshot with range files of {int} rows")
    public void theKitBuildsCurrent(int rows) {
        kitBuild(table().currentSnapshotId(), rows);
    }

    private void kitBuild(long source, int rows) {
        String fileName = "kit-" + (metadata.snapshots().size() + 1);
        IndexDataBuilder.Built built = IndexDataBuilder.build(metadata.definition(), table(), source,
                LocalFileIO.path(metadata.location()).resolve("data"), fileName,
                new IndexDataBuilder.Options(FileFormat.PARQUET, rows));
        metadata = metadata.withSnapshot(IndexSnapshot.of(metadata.snapshots().size() + 1, source, TIMESTAMP_MS,
                "data/" + built.trackingFile().getFileName()));
        writeMetadata();
    }

    private long snapshot(String name) {
        table();
        Long id = snapshots.get(name);
        if (id == null) {
            throw new IllegalArgumentException("the scenario names no table snapshot '" + name + "'");
        }
        return id;
    }

    // ---- judging index data ----

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

    /** Every range file of the last build stores the field under its id with this Iceberg type. */
    @Then("the range files store field {int} as {word}")
    public void theRangeFilesStoreFieldAs(int fieldId, String type) {
        Type expectedType = Types.fromPrimitiveString(type);
        for (TrackingEntry e : readableEntries()) {
            Path file = LocalFileIO.path(metadata.resolve(e.filePath()));
            Types.NestedField column = DataFileIO.fileSchema(file, DataFileIO.formatOf(file.toString())).findField(fieldId);
            if (column == null || !column.type().equals(expectedType)) {
                throw new AssertionError(file + " stores field " + fieldId + " as " + (column == null ? "nothing"
                        : column.type()) + "; the referenced snapshot's schema makes it " + expectedType);
            }
        }
    }

    /**
     * However many keys the engine put into each range file, the range files in tracking file order hold consecutive
     * runs of the vector's keys, and each entry's group_max_value is the last key of its run.
     */
    @Then("the range files hold the keys of clustering vector {string} in its order")
    public void theRangeFilesHoldTheVectorInOrder(String name) {
        ClusteringVector vector = ClusteringVector.named(name);
        List<String> ordered = vector.keys().stream().map(k -> IndexValues.exact(vector.parse(k))).toList();
        List<Integer> cluster = metadata.definition().clusterSpec();
        int next = 0;
        List<String> seen = new ArrayList<>();
        for (TrackingEntry e : readableEntries()) {
            Path file = LocalFileIO.path(metadata.resolve(e.filePath()));
            FileFormat format = DataFileIO.formatOf(file.toString());
            Schema fileSchema = DataFileIO.fileSchema(file, format);
            TreeSet<String> keys = new TreeSet<>();
            for (Record row : DataFileIO.read(file, format, fileSchema)) {
                List<Object> key = new ArrayList<>();
                cluster.forEach(id -> key.add(row.getField(fileSchema.findColumnName(id))));
                keys.add(IndexValues.exact(key));
            }
            int run = keys.size();
            List<String> expectedRun = next + run <= ordered.size() ? ordered.subList(next, next + run) : List.of();
            List<Object> groupMax = new ArrayList<>();
            cluster.forEach(id -> groupMax.add(e.contentStats().containsKey(id) ? e.contentStats().get(id).groupMaxValue() : null));
            seen.add(keys + " max " + IndexValues.exact(groupMax));
            if (!new TreeSet<>(expectedRun).equals(keys) || !expectedRun.get(run - 1).equals(IndexValues.exact(groupMax))) {
                throw new AssertionError("range file " + (seen.size()) + " should hold the next " + run + " key(s) of"
                        + " the vector " + expectedRun + " with the last as group_max_value; the range files hold "
                        + seen + "; the vector's order: " + ordered);
            }
            next += run;
        }
        if (next != ordered.size()) {
            throw new AssertionError("the range files hold " + next + " of the vector's " + ordered.size() + " keys: "
                    + seen);
        }
    }

    private List<TrackingEntry> readableEntries() {
        if (entries == null) {
            throw new AssertionError("the engine's tracking file cannot be read: " + describe(violations));
        }
        return entries;
    }

    @Then("no build changed the table's metadata files or snapshots")
    public void noBuildChangedTheTable() {
        if (!tableChanges.isEmpty()) {
            throw new AssertionError("building the index rewrote the table:\n  " + String.join("\n  ", tableChanges));
        }
    }

    @Then("every build wrote a tracking file of its own")
    public void everyBuildWroteItsOwnTrackingFile() {
        Map<Path, Integer> byFile = new HashMap<>();
        for (int i = 0; i < builds.size(); i++) {
            Integer earlier = byFile.putIfAbsent(builds.get(i).trackingFile().normalize(), i + 1);
            if (earlier != null) {
                throw new AssertionError("builds " + earlier + " and " + (i + 1) + " name the same tracking file "
                        + builds.get(i).trackingFile() + "; every update writes a new tracking file");
            }
        }
    }

    @Then("the files of every build keep the bytes they had when it finished")
    public void everyBuildsFilesKeepTheirBytes() {
        List<String> changed = new ArrayList<>();
        for (int i = 0; i < builds.size(); i++) {
            EngineBuild build = builds.get(i);
            Map<String, String> now = new LinkedHashMap<>();
            build.digests().keySet().forEach(f -> now.put(f, FileDigests.digest(Path.of(f))));
            int number = i + 1;
            FileDigests.changedOrGone(build.digests(), now).forEach(c -> changed.add("build " + number + ": " + c));
        }
        if (!changed.isEmpty()) {
            throw new AssertionError("index data files are immutable, but:\n  " + String.join("\n  ", changed));
        }
    }

    @Then("no index snapshot's data has a violation")
    public void noIndexSnapshotHasAViolation() {
        List<DataViolation> all = new ArrayList<>();
        for (EngineBuild build : builds) {
            IndexMetadata of = build.index().equals(currentIndex) ? metadata : indexes.getOrDefault(build.index(), build.metadata());
            all.addAll(new IndexDataChecker(of, Optional.of(table())).check(build.snapshot()));
        }
        if (!all.isEmpty()) {
            throw new AssertionError("the index data breaks the draft: " + describe(all));
        }
    }

    // ---- queries ----

    @When("the engine answers {string} at the current table snapshot")
    public void theEngineAnswers(String filter) {
        answer(filter, table().currentSnapshotId());
    }

    @When("the engine answers {string} at table snapshot {string}")
    public void theEngineAnswersAt(String filter, String name) {
        answer(filter, snapshot(name));
    }

    @When("the engine answers {string} at table snapshot {string} through the index called {string}")
    public void theEngineAnswersThrough(String filter, String name, String index) {
        theScenarioWorksOn(index);
        answer(filter, snapshot(name));
    }

    private void answer(String filter, long snapshot) {
        Schema schema = table().schemaOf(snapshot);
        String json = FilterText.json(filter, schema).toString();
        RowFilter parsed = FilterJson.parse(json, schema);
        QueryIcebergIndexRequest request = QueryIcebergIndexRequest.newBuilder().setTablePath(table().table().location())
                .setSnapshotId(snapshot).setMetadataPath(metadataFile.toString()).setFilterJson(json).build();
        expected = IndexReader.fromTable(table(), snapshot, parsed);
        answer = RunContext.current().engine().facet(IcebergIndexQuerying.class).queryIcebergIndex(request);
    }

    /**
     * The answer is compared as a set of (data file, position) with the table's live rows that match, each data file
     * normalized as Iceberg reports it ({@code file:} URIs and plain paths name the same file); a failure prints both
     * sides in full.
     */
    @Then("the answer is the table's own answer of {int} rows")
    public void theAnswerIsTheTablesOwn(int count) {
        if (expected.size() != count) {
            throw new IllegalStateException("the scenario expects " + count + " rows but the table has "
                    + expected.size() + ": the scenario is wrong");
        }
        TreeSet<String> want = new TreeSet<>();
        expected.forEach(r -> want.add(normalized(r.file()) + "#" + r.pos()));
        TreeSet<String> got = new TreeSet<>();
        answer.getRowsList().forEach(p -> got.add(normalized(p.getFile()) + "#" + p.getPos()));
        if (!want.equals(got)) {
            TreeSet<String> missing = new TreeSet<>(want);
            missing.removeAll(got);
            TreeSet<String> extra = new TreeSet<>(got);
            extra.removeAll(want);
            throw new AssertionError("the engine answered " + got.size() + " rows " + got + "; the table's live rows"
                    + " that match are " + want.size() + " " + want + "; missing " + missing + ", not matching " + extra);
        }
    }

    /** A data file as Iceberg names it in this kit's tables (a local path), whichever form the engine wrote. */
    private static String normalized(String file) {
        return LocalFileIO.path(file).normalize().toString();
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
            Folders.ensure(metadataFile.getParent());
            Files.write(metadataFile, omitEmptyOptionals
                    ? IndexMetadataJson.toBytes(IndexMetadataJson.writeWithoutEmptyOptionals(metadata))
                    : IndexMetadataJson.toBytes(metadata));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
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

    /** One case of golden-files/iceberg-index/clustering/vectors.json. */
    private record ClusteringVector(List<Type.PrimitiveType> types, List<JsonNode> keys) {
        static ClusteringVector named(String id) {
            JsonNode root = RunContext.current().golden().parsed("iceberg-index/clustering/vectors.json", KitJson::read);
            for (JsonNode c : root.get("cases")) {
                if (c.path("id").asText().equals(id)) {
                    List<Type.PrimitiveType> types = new ArrayList<>();
                    c.get("types").forEach(t -> types.add(Types.fromPrimitiveString(t.asText())));
                    List<JsonNode> keys = new ArrayList<>();
                    c.get("ordered").forEach(keys::add);
                    return new ClusteringVector(types, keys);
                }
            }
            throw new IllegalArgumentException("no clustering vector '" + id + "' in vectors.json");
        }

        List<Object> parse(JsonNode key) {
            List<Object> values = new ArrayList<>();
            for (int i = 0; i < types.size(); i++) {
                values.add(VectorValues.parse(types.get(i), key.get(i)));
            }
            return values;
        }
    }
}
