package dev.tableindex.tck.mutants;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tableindex.model.iceberg.commit.FileMetadataPointer;
import dev.tableindex.model.iceberg.commit.IndexCreation;
import dev.tableindex.model.iceberg.commit.IndexLocations;
import dev.tableindex.model.iceberg.commit.MetadataPointer;
import dev.tableindex.model.iceberg.definition.IndexType;
import dev.tableindex.model.iceberg.definition.ReservedFieldIds;
import dev.tableindex.model.iceberg.metadata.IndexMetadata;
import dev.tableindex.model.iceberg.metadata.IndexMetadataJson;
import dev.tableindex.model.iceberg.metadata.IndexMetadataRule;
import dev.tableindex.model.iceberg.metadata.IndexMetadataValidator;
import dev.tableindex.model.iceberg.metadata.IndexPaths;
import dev.tableindex.model.iceberg.metadata.IndexSnapshot;
import dev.tableindex.model.iceberg.metadata.Violation;
import dev.tableindex.model.iceberg.table.LocalFileIO;
import dev.tableindex.model.iceberg.table.SourceTable;
import dev.tableindex.proto.tck.CommitIndexUpdatesResult;
import dev.tableindex.proto.tck.CreateIcebergIndexRequest;
import dev.tableindex.proto.tck.CreateIcebergIndexResult;
import dev.tableindex.proto.tck.EngineError;
import dev.tableindex.proto.tck.IndexMetadataUpdate;
import dev.tableindex.proto.tck.QueryIcebergIndexRequest;
import dev.tableindex.proto.tck.ReadIndexMetadataRequest;
import dev.tableindex.proto.tck.ReadIndexMetadataResult;
import dev.tableindex.proto.tck.ValidateIndexMetadataRequest;
import dev.tableindex.proto.tck.ValidateIndexMetadataResult;
import dev.tableindex.tck.api.EngineRefusal;
import dev.tableindex.tck.api.Facet;
import dev.tableindex.tck.api.IcebergIndexBuilding;
import dev.tableindex.tck.api.IcebergIndexCommits;
import dev.tableindex.tck.api.IcebergIndexCreation;
import dev.tableindex.tck.api.IcebergIndexMetadata;
import dev.tableindex.tck.api.IcebergIndexQuerying;
import dev.tableindex.tck.engine.ReferenceIcebergIndexMetadata;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.function.UnaryOperator;
import org.apache.iceberg.BaseTable;

/**
 * Mutants of the reference engine for the Iceberg index metadata rules (features/rules/iceberg-index-spec-draft.yaml,
 * ICE-R001..R030 and ICE-R200..): each changes one behaviour of a writer (capabilities {@code iceberg_index.create},
 * {@code iceberg_index.commit}), of a reader ({@code iceberg_index.query}, {@code iceberg_index.build}), or of the
 * validator and reading that capability {@code iceberg_index.metadata} offers tools (ICE-R207, ICE-R208).
 */
public final class IcebergMutants {
    private static final ObjectMapper JSON = new ObjectMapper();

    private IcebergMutants() {
    }

    /** The reference engine with some of its Iceberg facets replaced. */
    abstract static class Base extends ReferenceMutant {
        Base(String name, Set<String> breaks, String flaw) {
            super(name, breaks, flaw);
        }

        IcebergIndexMetadata metadata(IcebergIndexMetadata reference) {
            return reference;
        }

        IcebergIndexCommits commits(IcebergIndexCommits reference) {
            return reference;
        }

        IcebergIndexCreation creation(IcebergIndexCreation reference) {
            return reference;
        }

        IcebergIndexQuerying query(IcebergIndexQuerying reference) {
            return reference;
        }

        IcebergIndexBuilding build(IcebergIndexBuilding reference) {
            return reference;
        }

        @Override
        protected <F extends Facet> F facet(Class<F> type, F original) {
            Object replaced = type == IcebergIndexMetadata.class ? metadata((IcebergIndexMetadata) original)
                    : type == IcebergIndexCommits.class ? commits((IcebergIndexCommits) original)
                    : type == IcebergIndexCreation.class ? creation((IcebergIndexCreation) original)
                    : type == IcebergIndexQuerying.class ? query((IcebergIndexQuerying) original)
                    : type == IcebergIndexBuilding.class ? build((IcebergIndexBuilding) original)
                    : original;
            return type.cast(replaced);
        }
    }

    private static JsonNode json(byte[] bytes) {
        try {
            return JSON.readTree(bytes);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static JsonNode jsonFile(Path file) {
        try {
            return json(Files.readAllBytes(file));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static EngineRefusal refusal(String kind, String message) {
        return new EngineRefusal(EngineError.newBuilder().setKind(kind).setMessage(message).setOffset(-1).build());
    }

    /** A copy of a metadata file, changed, in a temporary file: what a reader with a bug would make of it. */
    private static Path changedCopy(Path metadataFile, UnaryOperator<ObjectNode> change) {
        try {
            Path copy = Files.createTempFile("tck-mutant-", ".metadata.json");
            copy.toFile().deleteOnExit();
            Files.write(copy, IndexMetadataJson.toBytes(change.apply((ObjectNode) jsonFile(metadataFile))));
            return copy;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    // ---- the validator and the reading, for tools (ICE01, ICE02: decisions ICE-R207, ICE-R208) ----

    /** A validator that never reports the given rules. */
    abstract static class DropsViolations extends Base {
        private final Set<String> codes;

        DropsViolations(String name, String flaw, Set<String> codes) {
            super(name, Set.of("ICE-R207"), flaw);
            this.codes = codes;
        }

        @Override
        IcebergIndexMetadata metadata(IcebergIndexMetadata reference) {
            return new IcebergIndexMetadata() {
                @Override
                public ValidateIndexMetadataResult validateIndexMetadata(ValidateIndexMetadataRequest request) {
                    ValidateIndexMetadataResult all = reference.validateIndexMetadata(request);
                    return ValidateIndexMetadataResult.newBuilder().addAllViolations(all.getViolationsList().stream()
                            .filter(v -> !codes.contains(v.getRule())).toList()).build();
                }

                @Override
                public ReadIndexMetadataResult readIndexMetadata(ReadIndexMetadataRequest request) {
                    return reference.readIndexMetadata(request);
                }
            };
        }
    }

    /** A reading changed by {@code change(reading, file)}. */
    abstract static class ChangesReading extends Base {
        ChangesReading(String name, String flaw) {
            super(name, Set.of("ICE-R208"), flaw);
        }

        abstract void change(ObjectNode reading, JsonNode file);

        @Override
        IcebergIndexMetadata metadata(IcebergIndexMetadata reference) {
            return new IcebergIndexMetadata() {
                @Override
                public ValidateIndexMetadataResult validateIndexMetadata(ValidateIndexMetadataRequest request) {
                    return reference.validateIndexMetadata(request);
                }

                @Override
                public ReadIndexMetadataResult readIndexMetadata(ReadIndexMetadataRequest request) {
                    try {
                        ObjectNode reading = (ObjectNode) JSON.readTree(reference.readIndexMetadata(request).getReadingJson());
                        change(reading, jsonFile(Path.of(request.getMetadataPath())));
                        return ReadIndexMetadataResult.newBuilder().setReadingJson(reading.toString()).build();
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                }
            };
        }
    }

    public static final class ValidatorAcceptsAnyFormatVersion extends DropsViolations {
        public ValidatorAcceptsAnyFormatVersion() {
            super("mutant-validator-accepts-any-format-version", "the validator accepts any format-version",
                    Set.of("format-version"));
        }
    }

    public static final class ValidatorAcceptsLowerCaseType extends DropsViolations {
        public ValidatorAcceptsLowerCaseType() {
            super("mutant-validator-accepts-lower-case-type", "the validator accepts a type written in lower case",
                    Set.of("type-upper-case"));
        }
    }

    public static final class ValidatorAllowsDuplicateFieldIds extends DropsViolations {
        public ValidatorAllowsDuplicateFieldIds() {
            super("mutant-validator-allows-duplicate-field-ids", "the validator checks field ids within each list only",
                    Set.of("field-id-duplicate"));
        }
    }

    public static final class ValidatorAllowsAnyExpressionFieldId extends DropsViolations {
        public ValidatorAllowsAnyExpressionFieldId() {
            super("mutant-validator-allows-any-expression-field-id",
                    "the validator lets an expression field-id be reserved or a source schema field id",
                    Set.of("field-id-reserved", "field-id-in-source-schema"));
        }
    }

    public static final class ValidatorAllowsNamedReferences extends DropsViolations {
        public ValidatorAllowsNamedReferences() {
            super("mutant-validator-allows-named-references",
                    "the validator accepts named references and references to unknown fields",
                    Set.of("expr-named-reference", "expr-unknown-reference"));
        }
    }

    public static final class ValidatorAllowsForbiddenMetadataColumns extends DropsViolations {
        public ValidatorAllowsForbiddenMetadataColumns() {
            super("mutant-validator-allows-forbidden-metadata-columns",
                    "the validator lets an expression reference _deleted and the delete file columns",
                    Set.of("expr-forbidden-column"));
        }
    }

    public static final class ValidatorAcceptsBadIdentityFields extends DropsViolations {
        public ValidatorAcceptsBadIdentityFields() {
            super("mutant-validator-accepts-bad-identity-fields",
                    "the validator accepts empty or repeated identity fields, metadata columns and unknown fields",
                    Set.of("identity-fields-empty", "identity-field-duplicate", "identity-field-metadata-column",
                            "identity-field-not-in-schema"));
        }
    }

    public static final class ValidatorAcceptsBadClusterSpec extends DropsViolations {
        public ValidatorAcceptsBadClusterSpec() {
            super("mutant-validator-accepts-bad-cluster-spec",
                    "the validator accepts an empty cluster spec, unknown or non-primitive cluster fields and cluster"
                            + " expressions over non-identity fields",
                    Set.of("cluster-spec-empty", "cluster-spec-unknown-field", "cluster-spec-not-primitive",
                            "cluster-source-not-identity"));
        }
    }

    public static final class ValidatorIgnoresExpressionFields extends DropsViolations {
        public ValidatorIgnoresExpressionFields() {
            super("mutant-validator-ignores-expression-fields",
                    "the validator does not parse an expression field's type, data-type and expr",
                    Set.of("expr-field-type", "data-type-invalid", "expr-invalid"));
        }
    }

    public static final class ValidatorIgnoresSnapshotsAndKeys extends DropsViolations {
        public ValidatorIgnoresSnapshotsAndKeys() {
            super("mutant-validator-ignores-snapshots-and-keys",
                    "the validator checks neither snapshot-id uniqueness nor snapshot key-ids",
                    Set.of("snapshot-id-duplicate", "snapshot-key-id-unknown"));
        }
    }

    public static final class ValidatorAcceptsRelativeLocation extends DropsViolations {
        public ValidatorAcceptsRelativeLocation() {
            super("mutant-validator-accepts-relative-location", "the validator accepts a location without a URI scheme",
                    Set.of("location-not-absolute"));
        }
    }

    public static final class ValidatorReportsFirstViolationOnly extends Base {
        public ValidatorReportsFirstViolationOnly() {
            super("mutant-validator-reports-first-violation-only", Set.of("ICE-R207"),
                    "the validator stops at the first violation");
        }

        @Override
        IcebergIndexMetadata metadata(IcebergIndexMetadata reference) {
            return new IcebergIndexMetadata() {
                @Override
                public ValidateIndexMetadataResult validateIndexMetadata(ValidateIndexMetadataRequest request) {
                    ValidateIndexMetadataResult all = reference.validateIndexMetadata(request);
                    return ValidateIndexMetadataResult.newBuilder()
                            .addAllViolations(all.getViolationsList().stream().limit(1).toList()).build();
                }

                @Override
                public ReadIndexMetadataResult readIndexMetadata(ReadIndexMetadataRequest request) {
                    return reference.readIndexMetadata(request);
                }
            };
        }
    }

    public static final class ReadingCaseSensitiveType extends ChangesReading {
        public ReadingCaseSensitiveType() {
            super("mutant-reading-case-sensitive-type", "the reading matches the index type case-sensitively");
        }

        @Override
        void change(ObjectNode reading, JsonNode file) {
            String written = file.path("type").asText();
            if (!written.equals("SCALAR") && !written.equals("VECTOR")) {
                reading.putNull("index-type");
            }
        }
    }

    public static final class ReadingMissingListsAsNull extends ChangesReading {
        public ReadingMissingListsAsNull() {
            super("mutant-reading-missing-lists-as-null", "the reading gives a missing optional list as null");
        }

        @Override
        void change(ObjectNode reading, JsonNode file) {
            for (String list : List.of("materialized-fields", "non-materialized-fields", "snapshots", "metadata-log",
                    "encryption-keys")) {
                if (!file.has(list)) {
                    reading.putNull(list);
                }
            }
        }
    }

    public static final class ReadingUnresolvedPaths extends ChangesReading {
        public ReadingUnresolvedPaths() {
            super("mutant-reading-unresolved-paths", "the reading gives relative paths as written");
        }

        @Override
        void change(ObjectNode reading, JsonNode file) {
            for (int i = 0; i < reading.path("snapshots").size(); i++) {
                ((ObjectNode) reading.get("snapshots").get(i)).set("tracking-file", file.get("snapshots").get(i).get("tracking-file"));
            }
            for (int i = 0; i < reading.path("metadata-log").size(); i++) {
                ((ObjectNode) reading.get("metadata-log").get(i)).set("metadata-file", file.get("metadata-log").get(i).get("metadata-file"));
            }
        }
    }

    public static final class ReadingWithoutTrackingFileKeyMetadata extends ChangesReading {
        public ReadingWithoutTrackingFileKeyMetadata() {
            super("mutant-reading-without-tracking-file-key-metadata",
                    "the reading keeps a snapshot's key-id but never resolves it to the key's encrypted-key-metadata");
        }

        @Override
        void change(ObjectNode reading, JsonNode file) {
            reading.path("snapshots").forEach(s -> ((ObjectNode) s).putNull("tracking-file-key-metadata"));
        }
    }

    // ---- writers creating an index (ICE07) ----

    /**
     * A writer that creates an index as the reference prepares it ({@link IndexCreation}), then changes the file or
     * leaves some of the draft's rules unchecked, and writes it (its own first file, then the catalog's pointer).
     */
    abstract static class Creates extends Base {
        Creates(String name, Set<String> breaks, String flaw) {
            super(name, breaks, flaw);
        }

        /** The file as this writer writes it; as the reference prepared it by default. */
        void change(ObjectNode file, JsonNode requested, SourceTable table, CreateIcebergIndexRequest request) {
        }

        /** Whether this writer refuses a definition for this violation; every one by default. */
        boolean checks(Violation violation) {
            return true;
        }

        @Override
        IcebergIndexCreation creation(IcebergIndexCreation reference) {
            return request -> {
                SourceTable table = SourceTable.load(Path.of(request.getTablePath()));
                JsonNode requested = json(request.getDefinitionJson().getBytes(java.nio.charset.StandardCharsets.UTF_8));
                ObjectNode file = IndexCreation.metadataJson(requested, table.schema(), table.table().uuid().toString(),
                        IndexLocations.of(Path.of(request.getLocation())), UUID.randomUUID().toString(),
                        System.currentTimeMillis());
                change(file, requested, table, request);
                List<Violation> checked = IndexMetadataValidator.withSourceSchemas(table.schemas()).validate(file)
                        .stream().filter(this::checks).toList();
                if (!checked.isEmpty()) {
                    throw refusal("INVALID_DEFINITION", checked.toString());
                }
                try {
                    Path metadata = Path.of(request.getLocation()).resolve("metadata")
                            .resolve("00000-" + UUID.randomUUID() + ".metadata.json");
                    Files.createDirectories(metadata.getParent());
                    Files.write(metadata, IndexMetadataJson.toBytes(file));
                    new FileMetadataPointer(Path.of(request.getCatalogDir()), request.getIndexName())
                            .compareAndSwap(Optional.empty(), IndexLocations.of(metadata));
                    return CreateIcebergIndexResult.newBuilder().setMetadataFile(IndexLocations.of(metadata)).build();
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            };
        }
    }

    /** A writer that leaves the given rules unchecked. */
    abstract static class CreatesUnchecked extends Creates {
        private final Set<IndexMetadataRule> unchecked;

        CreatesUnchecked(String name, Set<String> breaks, String flaw, Set<IndexMetadataRule> unchecked) {
            super(name, breaks, flaw);
            this.unchecked = unchecked;
        }

        @Override
        boolean checks(Violation violation) {
            return !unchecked.contains(violation.rule());
        }
    }

    public static final class WriterKeepsRequestedType extends Creates {
        public WriterKeepsRequestedType() {
            super("mutant-writer-keeps-requested-type", Set.of("ICE-R003"),
                    "writes the type as the user spelled it (\"scalar\")");
        }

        @Override
        void change(ObjectNode file, JsonNode requested, SourceTable table, CreateIcebergIndexRequest request) {
            file.set("type", requested.get("type"));
        }

        @Override
        boolean checks(Violation violation) {
            return violation.rule() != IndexMetadataRule.TYPE_UPPER_CASE;
        }
    }

    public static final class WriterCopiesNamedReferences extends Creates {
        public WriterCopiesNamedReferences() {
            super("mutant-writer-copies-named-references", Set.of("ICE-R007"),
                    "stores expressions as the user wrote them, named references unbound");
        }

        @Override
        void change(ObjectNode file, JsonNode requested, SourceTable table, CreateIcebergIndexRequest request) {
            for (String list : List.of("materialized-fields", "non-materialized-fields")) {
                if (requested.has(list)) {
                    file.set(list, requested.get(list).deepCopy());
                }
            }
        }

        @Override
        boolean checks(Violation violation) {
            return violation.rule() != IndexMetadataRule.EXPR_NAMED_REFERENCE;
        }
    }

    public static final class WriterAllowsUnknownReferences extends CreatesUnchecked {
        public WriterAllowsUnknownReferences() {
            super("mutant-writer-allows-unknown-references", Set.of("ICE-R007"),
                    "does not check that an expression's ID references name fields of the table or metadata columns",
                    Set.of(IndexMetadataRule.EXPR_UNKNOWN_REFERENCE));
        }
    }

    public static final class WriterForbidsOnlyDeleted extends Creates {
        public WriterForbidsOnlyDeleted() {
            super("mutant-writer-forbids-only-deleted", Set.of("ICE-R008"),
                    "refuses an expression over _deleted, but not over _change_type, _change_ordinal,"
                            + " _commit_snapshot_id or the delete file columns file_path, pos and row");
        }

        @Override
        boolean checks(Violation violation) {
            return violation.rule() != IndexMetadataRule.EXPR_FORBIDDEN_COLUMN
                    || violation.message().contains("(" + ReservedFieldIds.DELETED + ")");
        }
    }

    public static final class WriterAllowsDuplicateFieldIds extends CreatesUnchecked {
        public WriterAllowsDuplicateFieldIds() {
            super("mutant-writer-allows-duplicate-field-ids", Set.of("ICE-R005"),
                    "checks field ids for uniqueness within each list only", Set.of(IndexMetadataRule.FIELD_ID_DUPLICATE));
        }
    }

    public static final class WriterAllowsAnyExpressionFieldType extends CreatesUnchecked {
        public WriterAllowsAnyExpressionFieldType() {
            super("mutant-writer-allows-any-expression-field-type", Set.of("ICE-R006"),
                    "copies an expression field's type without checking it is expr-value",
                    Set.of(IndexMetadataRule.EXPR_FIELD_TYPE));
        }
    }

    public static final class WriterAllowsAnyExpressionFieldId extends CreatesUnchecked {
        public WriterAllowsAnyExpressionFieldId() {
            super("mutant-writer-allows-any-expression-field-id", Set.of("ICE-R010"),
                    "takes the expression field ids the user gives, reserved ones and source field ids included",
                    Set.of(IndexMetadataRule.FIELD_ID_RESERVED, IndexMetadataRule.FIELD_ID_IN_SOURCE_SCHEMA));
        }
    }

    public static final class WriterCopiesMalformedJson extends CreatesUnchecked {
        public WriterCopiesMalformedJson() {
            super("mutant-writer-copies-malformed-json", Set.of("ICE-R011"),
                    "copies data-type and expr without parsing them as Iceberg type and expression JSON",
                    Set.of(IndexMetadataRule.DATA_TYPE_INVALID, IndexMetadataRule.EXPR_INVALID));
        }
    }

    public static final class WriterAcceptsBadIdentityFieldLists extends CreatesUnchecked {
        public WriterAcceptsBadIdentityFieldLists() {
            super("mutant-writer-accepts-bad-identity-field-lists", Set.of("ICE-R012"),
                    "writes identity fields as given, empty or with an id twice",
                    Set.of(IndexMetadataRule.IDENTITY_FIELDS_EMPTY, IndexMetadataRule.IDENTITY_FIELD_DUPLICATE));
        }
    }

    public static final class WriterAcceptsNonDataIdentityFields extends CreatesUnchecked {
        public WriterAcceptsNonDataIdentityFields() {
            super("mutant-writer-accepts-non-data-identity-fields", Set.of("ICE-R013"),
                    "does not check identity fields against the table's fields and the metadata columns",
                    Set.of(IndexMetadataRule.IDENTITY_FIELD_METADATA_COLUMN, IndexMetadataRule.IDENTITY_FIELD_NOT_IN_SCHEMA));
        }
    }

    public static final class WriterAllowsNonIdentityClusterSources extends CreatesUnchecked {
        public WriterAllowsNonIdentityClusterSources() {
            super("mutant-writer-allows-non-identity-cluster-sources", Set.of("ICE-R014"),
                    "lets a cluster expression read a source field that is no identity field",
                    Set.of(IndexMetadataRule.CLUSTER_SOURCE_NOT_IDENTITY));
        }
    }

    public static final class WriterAcceptsBadClusterSpec extends CreatesUnchecked {
        public WriterAcceptsBadClusterSpec() {
            super("mutant-writer-accepts-bad-cluster-spec", Set.of("ICE-R016"),
                    "writes the cluster spec as given, empty or naming fields that are no index fields",
                    Set.of(IndexMetadataRule.CLUSTER_SPEC_EMPTY, IndexMetadataRule.CLUSTER_SPEC_UNKNOWN_FIELD));
        }
    }

    public static final class WriterAllowsNonPrimitiveClusterFields extends CreatesUnchecked {
        public WriterAllowsNonPrimitiveClusterFields() {
            super("mutant-writer-allows-non-primitive-cluster-fields", Set.of("ICE-R017"),
                    "clusters by a struct or list field", Set.of(IndexMetadataRule.CLUSTER_SPEC_NOT_PRIMITIVE));
        }
    }

    public static final class WriterWritesTableFormatVersion extends CreatesUnchecked {
        public WriterWritesTableFormatVersion() {
            super("mutant-writer-writes-table-format-version", Set.of("ICE-R018"),
                    "writes the source table's format-version (2) as the index's", Set.of(IndexMetadataRule.FORMAT_VERSION));
        }

        @Override
        void change(ObjectNode file, JsonNode requested, SourceTable table, CreateIcebergIndexRequest request) {
            file.put("format-version", ((BaseTable) table.table()).operations().current().formatVersion());
        }
    }

    public static final class WriterWritesLongsAsStrings extends CreatesUnchecked {
        public WriterWritesLongsAsStrings() {
            super("mutant-writer-writes-longs-as-strings", Set.of("ICE-R019"),
                    "writes last-updated-ms as a JSON string, as protobuf's JSON mapping writes 64-bit integers",
                    Set.of(IndexMetadataRule.JSON_TYPE));
        }

        @Override
        void change(ObjectNode file, JsonNode requested, SourceTable table, CreateIcebergIndexRequest request) {
            file.put("last-updated-ms", file.get("last-updated-ms").asText());
        }
    }

    public static final class WriterWritesLocalLocation extends CreatesUnchecked {
        public WriterWritesLocalLocation() {
            super("mutant-writer-writes-local-location", Set.of("ICE-R001"),
                    "writes the location as the local folder it was given, without a URI scheme",
                    Set.of(IndexMetadataRule.LOCATION_NOT_ABSOLUTE));
        }

        @Override
        void change(ObjectNode file, JsonNode requested, SourceTable table, CreateIcebergIndexRequest request) {
            file.put("location", request.getLocation());
        }
    }

    public static final class WriterWritesPlaceholderSnapshot extends Creates {
        public WriterWritesPlaceholderSnapshot() {
            super("mutant-writer-writes-placeholder-snapshot", Set.of("ICE-R204"),
                    "creates the index with a snapshot of the table's current snapshot, before anything is built");
        }

        @Override
        void change(ObjectNode file, JsonNode requested, SourceTable table, CreateIcebergIndexRequest request) {
            ObjectNode snapshot = file.putArray("snapshots").addObject();
            snapshot.put("snapshot-id", 1);
            snapshot.put("source-table-snapshot-id", Math.max(0, table.currentSnapshotId()));
            snapshot.put("timestamp-ms", file.get("last-updated-ms").asLong());
            snapshot.put("tracking-file", "data/pending-tracking.avro");
        }
    }

    public static final class WriterWritesIndexUuidAsTableUuid extends Creates {
        public WriterWritesIndexUuidAsTableUuid() {
            super("mutant-writer-writes-index-uuid-as-table-uuid", Set.of("ICE-R203"),
                    "writes the index's own UUID as table-uuid");
        }

        @Override
        void change(ObjectNode file, JsonNode requested, SourceTable table, CreateIcebergIndexRequest request) {
            file.put("table-uuid", file.get("index-uuid").asText());
        }
    }

    // ---- writers updating an index (ICE03, ICE04, ICE09) ----

    /**
     * A committer that rewrites the reference's new metadata file just before the swap (after the reference checked
     * it), given the file it started from: one bug in what a commit writes.
     */
    abstract static class RewritesOnSwap extends Base {
        RewritesOnSwap(String name, Set<String> breaks, String flaw) {
            super(name, breaks, flaw);
        }

        abstract void rewrite(ObjectNode next, JsonNode base);

        @Override
        IcebergIndexCommits commits(IcebergIndexCommits reference) {
            return new ReferenceIcebergIndexMetadata((catalog, name) -> {
                FileMetadataPointer real = new FileMetadataPointer(catalog, name);
                return new MetadataPointer() {
                    @Override
                    public Optional<String> current() {
                        return real.current();
                    }

                    @Override
                    public boolean compareAndSwap(Optional<String> expected, String next) {
                        Path file = IndexLocations.toPath(next);
                        ObjectNode written = (ObjectNode) jsonFile(file);
                        rewrite(written, expected.map(e -> jsonFile(IndexLocations.toPath(e)))
                                .orElse(JSON.createObjectNode()));
                        try {
                            Files.write(file, IndexMetadataJson.toBytes(written));
                        } catch (IOException e) {
                            throw new UncheckedIOException(e);
                        }
                        return real.compareAndSwap(expected, next);
                    }
                };
            });
        }
    }

    public static final class SortsClusterSpecOnWrite extends RewritesOnSwap {
        public SortsClusterSpecOnWrite() {
            super("mutant-sorts-cluster-spec-on-write", Set.of("ICE-R002"),
                    "a commit writes the cluster spec sorted by field id, changing the index definition");
        }

        @Override
        void rewrite(ObjectNode next, JsonNode base) {
            ArrayNode sorted = JSON.createArrayNode();
            java.util.stream.StreamSupport.stream(next.get("cluster-spec").spliterator(), false)
                    .map(JsonNode::asInt).sorted().forEach(sorted::add);
            next.set("cluster-spec", sorted);
        }
    }

    public static final class NewIndexUuidPerCommit extends RewritesOnSwap {
        public NewIndexUuidPerCommit() {
            super("mutant-new-index-uuid-per-commit", Set.of("ICE-R202"),
                    "gives every new metadata file a new index-uuid, as if each were a new index");
        }

        @Override
        void rewrite(ObjectNode next, JsonNode base) {
            next.put("index-uuid", UUID.randomUUID().toString());
        }
    }

    public static final class KeepsBaseTypeAsWritten extends RewritesOnSwap {
        public KeepsBaseTypeAsWritten() {
            super("mutant-keeps-base-type-as-written", Set.of("ICE-R003"),
                    "copies the type from the file it started from, as another writer spelled it");
        }

        @Override
        void rewrite(ObjectNode next, JsonNode base) {
            if (base.has("type")) {
                next.set("type", base.get("type"));
            }
        }
    }

    public static final class LogsCommitTime extends RewritesOnSwap {
        public LogsCommitTime() {
            super("mutant-logs-commit-time", Set.of("ICE-R205"),
                    "stamps the log entry of the replaced file with the commit's own time, not that file's last-updated-ms");
        }

        @Override
        void rewrite(ObjectNode next, JsonNode base) {
            JsonNode log = next.path("metadata-log");
            if (!log.isEmpty()) {
                ((ObjectNode) log.get(log.size() - 1)).put("timestamp-ms", next.get("last-updated-ms").asLong());
            }
        }
    }

    public static final class LogsLocalPaths extends RewritesOnSwap {
        public LogsLocalPaths() {
            super("mutant-logs-local-paths", Set.of("ICE-R200", "ICE-R205"),
                    "writes each metadata log entry as the local file path, without a URI scheme (so a relative path)");
        }

        @Override
        void rewrite(ObjectNode next, JsonNode base) {
            String location = next.get("location").asText();
            for (JsonNode entry : next.path("metadata-log")) {
                String file = entry.get("metadata-file").asText();
                ((ObjectNode) entry).put("metadata-file", LocalFileIO.path(IndexPaths.resolve(location, file)).toString());
            }
        }
    }

    public static final class WritesNoEncryptionKeys extends RewritesOnSwap {
        public WritesNoEncryptionKeys() {
            super("mutant-writes-no-encryption-keys", Set.of("ICE-R026"),
                    "writes an encrypted snapshot's key-id but adds no entry to encryption-keys");
        }

        @Override
        void rewrite(ObjectNode next, JsonNode base) {
            next.set("encryption-keys", base.has("encryption-keys") ? base.get("encryption-keys") : JSON.createArrayNode());
        }
    }

    public static final class WritesKeyMetadataAsHex extends RewritesOnSwap {
        public WritesKeyMetadataAsHex() {
            super("mutant-writes-key-metadata-as-hex", Set.of("ICE-R027"),
                    "writes a new key's encrypted-key-metadata hex encoded instead of base64");
        }

        @Override
        void rewrite(ObjectNode next, JsonNode base) {
            Set<String> known = new HashSet<>();
            base.path("encryption-keys").forEach(k -> known.add(k.path("key-id").asText()));
            for (JsonNode key : next.path("encryption-keys")) {
                if (!known.contains(key.path("key-id").asText())) {
                    byte[] bytes = Base64.getDecoder().decode(key.get("encrypted-key-metadata").asText());
                    ((ObjectNode) key).put("encrypted-key-metadata", HexFormat.of().formatHex(bytes));
                }
            }
        }
    }

    public static final class NumbersSnapshotsByCount extends RewritesOnSwap {
        public NumbersSnapshotsByCount() {
            super("mutant-numbers-snapshots-by-count", Set.of("ICE-R022"),
                    "numbers a new index snapshot by counting the snapshots, plus one");
        }

        @Override
        void rewrite(ObjectNode next, JsonNode base) {
            Set<Long> old = new HashSet<>();
            base.path("snapshots").forEach(s -> old.add(s.get("snapshot-id").asLong()));
            for (JsonNode snapshot : next.path("snapshots")) {
                if (!old.contains(snapshot.get("snapshot-id").asLong())) {
                    ((ObjectNode) snapshot).put("snapshot-id", base.path("snapshots").size() + 1);
                }
            }
        }
    }

    public static final class SwapsWithoutComparing extends Base {
        public SwapsWithoutComparing() {
            super("mutant-swaps-without-comparing", Set.of("ICE-R029", "ICE-R030"),
                    "the commit replaces the pointer without comparing it with the writer's base");
        }

        @Override
        IcebergIndexCommits commits(IcebergIndexCommits reference) {
            return new ReferenceIcebergIndexMetadata((catalog, name) -> {
                FileMetadataPointer real = new FileMetadataPointer(catalog, name);
                return new MetadataPointer() {
                    @Override
                    public Optional<String> current() {
                        return real.current();
                    }

                    @Override
                    public synchronized boolean compareAndSwap(Optional<String> expected, String next) {
                        return real.compareAndSwap(real.current(), next);
                    }
                };
            });
        }
    }

    public static final class RewritesMetadataInPlace extends Base {
        public RewritesMetadataInPlace() {
            super("mutant-rewrites-metadata-in-place", Set.of("ICE-R028"),
                    "an update rewrites the current metadata file instead of writing a new one");
        }

        @Override
        IcebergIndexCommits commits(IcebergIndexCommits reference) {
            return request -> {
                Path file = IndexLocations.toPath(new FileMetadataPointer(Path.of(request.getCatalogDir()),
                        request.getIndexName()).current().orElseThrow());
                try {
                    IndexMetadata metadata = IndexMetadataJson.read(Files.readAllBytes(file));
                    for (IndexMetadataUpdate update : request.getUpdatesList()) {
                        metadata = change(update).apply(metadata);
                    }
                    Files.write(file, IndexMetadataJson.toBytes(metadata));
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
                return CommitIndexUpdatesResult.newBuilder().setCommitted(request.getUpdatesCount()).build();
            };
        }

        private static UnaryOperator<IndexMetadata> change(IndexMetadataUpdate update) {
            return switch (update.getUpdateCase()) {
                case SET_PROPERTY -> m -> m.withProperty(update.getSetProperty().getKey(), update.getSetProperty().getValue());
                case ADD_SNAPSHOT -> m -> m.withSnapshot(IndexSnapshot.of(update.getAddSnapshot().getSnapshotId(),
                        update.getAddSnapshot().getSourceTableSnapshotId(), update.getAddSnapshot().getTimestampMs(),
                        update.getAddSnapshot().getTrackingFile()));
                case REMOVE_SNAPSHOT_ID -> m -> m.withoutSnapshot(update.getRemoveSnapshotId());
                case UPDATE_NOT_SET -> m -> m;
            };
        }
    }

    // ---- readers (ICE08, ICE09) ----

    /** Whether a metadata file lacks an optional list, which this mutant's reader cannot do without. */
    private static Optional<String> missingOptional(JsonNode file) {
        return IndexMetadataJson.OPTIONAL_MEMBERS.stream().filter(m -> !file.has(m)).findFirst();
    }

    public static final class RequiresOptionalLists extends Base {
        public RequiresOptionalLists() {
            super("mutant-requires-optional-lists", Set.of("ICE-R020"),
                    "refuses a metadata file that leaves out an optional list, as if it were malformed");
        }

        @Override
        IcebergIndexCommits commits(IcebergIndexCommits reference) {
            return request -> {
                String base = request.getBaseMetadataFile().isEmpty()
                        ? new FileMetadataPointer(Path.of(request.getCatalogDir()), request.getIndexName()).current().orElseThrow()
                        : request.getBaseMetadataFile();
                missingOptional(jsonFile(IndexLocations.toPath(base))).ifPresent(m -> {
                    throw refusal("BAD_METADATA", base + " has no \"" + m + "\"");
                });
                return reference.commitIndexUpdates(request);
            };
        }

        @Override
        IcebergIndexQuerying query(IcebergIndexQuerying reference) {
            return request -> {
                missingOptional(jsonFile(Path.of(request.getMetadataPath()))).ifPresent(m -> {
                    throw refusal("BAD_METADATA", request.getMetadataPath() + " has no \"" + m + "\"");
                });
                return reference.queryIcebergIndex(request);
            };
        }
    }

    public static final class UsesIndexOfAnyType extends Base {
        public UsesIndexOfAnyType() {
            super("mutant-uses-index-of-any-type", Set.of("ICE-R100", "ICE-R212"),
                    "reads every index as a SCALAR index, whatever its type");
        }

        @Override
        IcebergIndexQuerying query(IcebergIndexQuerying reference) {
            return request -> reference.queryIcebergIndex(QueryIcebergIndexRequest.newBuilder(request)
                    .setMetadataPath(changedCopy(Path.of(request.getMetadataPath()), m -> m.put("type", "SCALAR")).toString())
                    .build());
        }
    }

    public static final class ResolvesAgainstMetadataFolder extends Base {
        public ResolvesAgainstMetadataFolder() {
            super("mutant-resolves-against-metadata-folder", Set.of("ICE-R200"),
                    "resolves relative paths against the folder of the metadata file, not the index location");
        }

        @Override
        IcebergIndexQuerying query(IcebergIndexQuerying reference) {
            return request -> {
                Path metadata = Path.of(request.getMetadataPath());
                String folder = LocalFileIO.uri(metadata.toAbsolutePath().getParent());
                return reference.queryIcebergIndex(QueryIcebergIndexRequest.newBuilder(request)
                        .setMetadataPath(changedCopy(metadata, m -> m.put("location", folder)).toString()).build());
            };
        }
    }

    public static final class BuildsOnlyUpperCaseScalar extends Base {
        public BuildsOnlyUpperCaseScalar() {
            super("mutant-builds-only-upper-case-scalar", Set.of("ICE-R004"),
                    "matches the index type case-sensitively, so it refuses to build an index written \"scalar\"");
        }

        @Override
        IcebergIndexBuilding build(IcebergIndexBuilding reference) {
            return request -> {
                String type = jsonFile(Path.of(request.getMetadataPath())).path("type").asText();
                if (!type.equals(IndexType.SCALAR.written())) {
                    throw refusal("UNSUPPORTED_INDEX_TYPE", "no index type " + type);
                }
                return reference.buildIcebergIndex(request);
            };
        }
    }
}
