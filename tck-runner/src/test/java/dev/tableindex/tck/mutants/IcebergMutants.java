package dev.tableindex.tck.mutants;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.tableindex.model.iceberg.commit.FileMetadataPointer;
import dev.tableindex.model.iceberg.commit.IndexLocations;
import dev.tableindex.model.iceberg.commit.MetadataPointer;
import dev.tableindex.model.iceberg.metadata.IndexMetadata;
import dev.tableindex.model.iceberg.metadata.IndexMetadataJson;
import dev.tableindex.model.iceberg.metadata.IndexSnapshot;
import dev.tableindex.proto.tck.CommitIndexUpdatesRequest;
import dev.tableindex.proto.tck.CommitIndexUpdatesResult;
import dev.tableindex.proto.tck.IndexMetadataUpdate;
import dev.tableindex.proto.tck.ReadIndexMetadataRequest;
import dev.tableindex.proto.tck.ReadIndexMetadataResult;
import dev.tableindex.proto.tck.ValidateIndexMetadataRequest;
import dev.tableindex.proto.tck.ValidateIndexMetadataResult;
import dev.tableindex.tck.api.Facet;
import dev.tableindex.tck.api.IcebergIndexCommits;
import dev.tableindex.tck.api.IcebergIndexMetadata;
import dev.tableindex.tck.engine.ReferenceIcebergIndexMetadata;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.UnaryOperator;

/**
 * Mutants of the reference engine for the Iceberg index metadata rules (features/rules/iceberg-index-spec-draft.yaml,
 * ICE-R001..R030): each changes one behaviour of capability {@code iceberg_index.metadata} or
 * {@code iceberg_index.commit}.
 */
public final class IcebergMutants {
    private static final ObjectMapper JSON = new ObjectMapper();

    private IcebergMutants() {
    }

    /** The reference engine with its Iceberg facets replaced. */
    abstract static class Base extends ReferenceMutant {
        Base(String name, Set<String> breaks, String flaw) {
            super(name, breaks, flaw);
        }

        /** The metadata facet of this mutant, given the reference one. */
        IcebergIndexMetadata metadata(IcebergIndexMetadata reference) {
            return reference;
        }

        /** The commit facet of this mutant, given the reference one. */
        IcebergIndexCommits commits(IcebergIndexCommits reference) {
            return reference;
        }

        @Override
        protected <F extends Facet> F facet(Class<F> type, F original) {
            if (type == IcebergIndexMetadata.class) {
                return type.cast(metadata(IcebergIndexMetadata.class.cast(original)));
            }
            if (type == IcebergIndexCommits.class) {
                return type.cast(commits(IcebergIndexCommits.class.cast(original)));
            }
            return original;
        }
    }

    /** A validator that never reports the given rules. */
    abstract static class DropsViolations extends Base {
        private final Set<String> codes;

        DropsViolations(String name, Set<String> breaks, String flaw, Set<String> codes) {
            super(name, breaks, flaw);
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

    /** A reader whose reading is changed by {@code change(reading, file)}. */
    abstract static class ChangesReading extends Base {
        ChangesReading(String name, Set<String> breaks, String flaw) {
            super(name, breaks, flaw);
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
                        change(reading, JSON.readTree(Path.of(request.getMetadataPath()).toFile()));
                        return ReadIndexMetadataResult.newBuilder().setReadingJson(reading.toString()).build();
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                }
            };
        }
    }

    public static final class AcceptsAnyFormatVersion extends DropsViolations {
        public AcceptsAnyFormatVersion() {
            super("mutant-accepts-any-format-version", Set.of("ICE-R018"),
                    "the validator accepts any format-version", Set.of("format-version"));
        }
    }

    public static final class AcceptsLowerCaseType extends DropsViolations {
        public AcceptsLowerCaseType() {
            super("mutant-accepts-lower-case-type", Set.of("ICE-R003"),
                    "the validator accepts a type written in lower case", Set.of("type-upper-case"));
        }
    }

    public static final class AllowsDuplicateFieldIds extends DropsViolations {
        public AllowsDuplicateFieldIds() {
            super("mutant-allows-duplicate-field-ids", Set.of("ICE-R005"),
                    "field ids are checked for uniqueness within each list only", Set.of("field-id-duplicate"));
        }
    }

    public static final class AllowsAnyExpressionFieldId extends DropsViolations {
        public AllowsAnyExpressionFieldId() {
            super("mutant-allows-any-expression-field-id", Set.of("ICE-R010"),
                    "an expression field-id may be reserved or a source schema field id",
                    Set.of("field-id-reserved", "field-id-in-source-schema"));
        }
    }

    public static final class AllowsAnyExpressionFieldType extends DropsViolations {
        public AllowsAnyExpressionFieldType() {
            super("mutant-allows-any-expression-field-type", Set.of("ICE-R006"),
                    "the expression field's type is not checked to be expr-value", Set.of("expr-field-type"));
        }
    }

    public static final class AllowsNamedReferences extends DropsViolations {
        public AllowsNamedReferences() {
            super("mutant-allows-named-references", Set.of("ICE-R007"),
                    "named references are accepted in index expressions", Set.of("expr-named-reference", "expr-unknown-reference"));
        }
    }

    public static final class AllowsForbiddenMetadataColumns extends DropsViolations {
        public AllowsForbiddenMetadataColumns() {
            super("mutant-allows-forbidden-metadata-columns", Set.of("ICE-R008"),
                    "any metadata column may be referenced, _deleted and the delete file columns included",
                    Set.of("expr-forbidden-column"));
        }
    }

    public static final class IgnoresExpressionJson extends DropsViolations {
        public IgnoresExpressionJson() {
            super("mutant-ignores-expression-json", Set.of("ICE-R011"),
                    "data-type and expr are not parsed, so malformed ones pass", Set.of("data-type-invalid", "expr-invalid"));
        }
    }

    public static final class AcceptsBadIdentityFieldLists extends DropsViolations {
        public AcceptsBadIdentityFieldLists() {
            super("mutant-accepts-bad-identity-field-lists", Set.of("ICE-R012"),
                    "identity-fields may be empty or repeat an id", Set.of("identity-fields-empty", "identity-field-duplicate"));
        }
    }

    public static final class AcceptsNonDataIdentityFields extends DropsViolations {
        public AcceptsNonDataIdentityFields() {
            super("mutant-accepts-non-data-identity-fields", Set.of("ICE-R013"),
                    "identity fields are not checked against the schema and the metadata columns",
                    Set.of("identity-field-metadata-column", "identity-field-not-in-schema"));
        }
    }

    public static final class AllowsNonIdentityClusterSources extends DropsViolations {
        public AllowsNonIdentityClusterSources() {
            super("mutant-allows-non-identity-cluster-sources", Set.of("ICE-R014"),
                    "cluster expressions may read source fields that are not identity fields",
                    Set.of("cluster-source-not-identity"));
        }
    }

    public static final class AcceptsBadClusterSpec extends DropsViolations {
        public AcceptsBadClusterSpec() {
            super("mutant-accepts-bad-cluster-spec", Set.of("ICE-R016"),
                    "the cluster spec may be empty or name fields that are no index fields",
                    Set.of("cluster-spec-empty", "cluster-spec-unknown-field"));
        }
    }

    public static final class AllowsNonPrimitiveClusterFields extends DropsViolations {
        public AllowsNonPrimitiveClusterFields() {
            super("mutant-allows-non-primitive-cluster-fields", Set.of("ICE-R017"),
                    "cluster fields of struct, list or map type are accepted", Set.of("cluster-spec-not-primitive"));
        }
    }

    public static final class AllowsDuplicateSnapshotIds extends DropsViolations {
        public AllowsDuplicateSnapshotIds() {
            super("mutant-allows-duplicate-snapshot-ids", Set.of("ICE-R022"),
                    "two index snapshots may share a snapshot-id", Set.of("snapshot-id-duplicate"));
        }
    }

    public static final class IgnoresUnknownKeyIds extends DropsViolations {
        public IgnoresUnknownKeyIds() {
            super("mutant-ignores-unknown-key-ids", Set.of("ICE-R026"),
                    "a snapshot's key-id is not looked up in encryption-keys", Set.of("snapshot-key-id-unknown"));
        }
    }

    public static final class AcceptsRelativeLocation extends DropsViolations {
        public AcceptsRelativeLocation() {
            super("mutant-accepts-relative-location", Set.of("ICE-R001"),
                    "a location without a URI scheme is accepted", Set.of("location-not-absolute"));
        }
    }

    public static final class ReportsStructureOnlyOnce extends Base {
        public ReportsStructureOnlyOnce() {
            super("mutant-reports-first-violation-only", Set.of("ICE-R019"),
                    "validation stops at the first violation");
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

    public static final class CaseSensitiveIndexType extends ChangesReading {
        public CaseSensitiveIndexType() {
            super("mutant-case-sensitive-index-type", Set.of("ICE-R004"),
                    "the reader matches the index type case-sensitively");
        }

        @Override
        void change(ObjectNode reading, JsonNode file) {
            String written = file.path("type").asText();
            if (!written.equals("SCALAR") && !written.equals("VECTOR")) {
                reading.putNull("index-type");
            }
        }
    }

    public static final class MissingListsAsNull extends ChangesReading {
        public MissingListsAsNull() {
            super("mutant-missing-lists-as-null", Set.of("ICE-R020"),
                    "a missing optional list is read as null instead of empty");
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

    public static final class UnresolvedRelativePaths extends ChangesReading {
        public UnresolvedRelativePaths() {
            super("mutant-unresolved-relative-paths", Set.of("ICE-R001"),
                    "relative tracking file and metadata file paths are used as written");
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

    public static final class NoTrackingFileKeyMetadata extends ChangesReading {
        public NoTrackingFileKeyMetadata() {
            super("mutant-no-tracking-file-key-metadata", Set.of("ICE-R027"),
                    "the snapshot's key-id is kept but never resolved to the key's encrypted-key-metadata");
        }

        @Override
        void change(ObjectNode reading, JsonNode file) {
            reading.path("snapshots").forEach(s -> ((ObjectNode) s).putNull("tracking-file-key-metadata"));
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

    public static final class SortsClusterSpecOnWrite extends Base {
        public SortsClusterSpecOnWrite() {
            super("mutant-sorts-cluster-spec-on-write", Set.of("ICE-R002"),
                    "a commit writes the cluster spec sorted by field id, changing the index definition");
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
                    public boolean compareAndSwap(Optional<String> expected, String next) {
                        Path file = IndexLocations.toPath(next);
                        try {
                            IndexMetadata written = IndexMetadataJson.read(Files.readAllBytes(file));
                            var d = written.definition();
                            var sorted = new dev.tableindex.model.iceberg.definition.IndexDefinition(d.type(),
                                    d.identityFields(), d.materializedFields(), d.nonMaterializedFields(),
                                    d.clusterSpec().stream().sorted().toList());
                            Files.write(file, IndexMetadataJson.toBytes(new IndexMetadata(written.formatVersion(),
                                    written.indexUuid(), written.tableUuid(), written.location(), written.lastUpdatedMs(),
                                    sorted, written.properties(), written.snapshots(), written.metadataLog(),
                                    written.encryptionKeys())));
                        } catch (IOException e) {
                            throw new UncheckedIOException(e);
                        }
                        return real.compareAndSwap(expected, next);
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
}
