package dev.tableindex.tck.api;

import java.util.Arrays;
import java.util.Optional;

/**
 * The closed registry of capabilities. A scenario names what it needs with
 * {@code @requires:<name>}; an engine declares what it has. A scenario whose capability the engine
 * does not declare is UNSUPPORTED; a declared capability that misbehaves is FAIL.
 */
public enum Capability {
    MANIFEST_READ("manifest.read", ManifestReading.class,
            "read a Lance manifest (file or dataset version) into its protobuf sections, refusing bad files"),
    KEY_ENCODING("key_encoding", KeyEncoder.class,
            "encode key tuples with LIST_ELEMENT_KEY_ENCODING_ARROW_ROW_V1 and order the encodings"),
    ANY_ELEMENT("any_element", AnyElementEvaluator.class,
            "evaluate [NOT] any_element(list, 'predicate') over list<struct> rows with SQL three-valued logic"),
    LIST_ELEMENT_INDEX("list_element_index", ListElementIndexer.class,
            "build a list element index segment and answer [NOT] any_element with it, as a reader"),
    LIST_ELEMENT_INDEX_SEGMENTS("list_element_index.segments", ListIndexSegmentAdding.class,
            "add a segment to an existing list element index (build_list_index with existing_segments)"),
    LIST_ELEMENT_INDEX_FILES("list_element_index.files", ListIndexFileWriting.class,
            "write a list element index segment's files, the target BTree's Lance files (build_list_index with"
                    + " index_directory)"),
    LIST_ELEMENT_INDEX_READ_FILES("list_element_index.read_files", ListIndexFileReading.class,
            "answer [NOT] any_element from a segment's files, the target BTree's Lance files in an index directory"
                    + " (query_list_index with segments[].index_directory), read as a standalone BTree under"
                    + " target_details and target_index_version"),
    TABLE_LIFECYCLE("table.lifecycle", TableLifecycle.class,
            "apply table operations (create, append, delete, merge-insert, column rewrite, compaction, schema"
                    + " changes, create/drop/optimize index) writing real manifests, and read the dataset back"),
    TABLE_LIST_ELEMENT_INDEX("table.list_element_index", TableListElementIndexing.class,
            "commit a list element index on a list-of-structs column of a table (create_index with index_type"
                    + " list_element), writing its target BTree's files into the index's folder"),
    TABLE_RETRIED_COMMITS("table.retried_commits", RetriedCommits.class,
            "apply a table operation as a writer that read an older version, so that its commit meets later versions"
                    + " and is retried, or refused as a conflict"),
    INDEX_V2("index_v2", IndexV2Support.class,
            "write the proposed top-level IndexV2 next to the legacy index metadata and prefer it as a reader"),
    INDEX_OPEN_REQUESTS("index.open_requests", IndexOpening.class,
            "read a table served by the kit's S3 store (open an index, describe the indexes), judged from the"
                    + " store's request log"),
    ICEBERG_INDEX_METADATA("iceberg_index.metadata", IcebergIndexMetadata.class,
            "for tools that validate: report an Iceberg index metadata file's violations (JSON paths and the kit's rule"
                    + " codes) and the kit's reading of it (scored at should: the draft asks this of no one)"),
    ICEBERG_INDEX_COMMIT("iceberg_index.commit", IcebergIndexCommits.class,
            "commit Iceberg index metadata updates by compare-and-swap, with concurrent writers"),
    ICEBERG_INDEX_CREATE("iceberg_index.create", IcebergIndexCreation.class,
            "create an Iceberg index for a real Iceberg table from a definition as a user asks for it (its first"
                    + " metadata file, in the kit's file catalog)"),
    // Iceberg index data (docs/iceberg-index.md, "Index data")
    ICEBERG_INDEX_BUILD("iceberg_index.build", IcebergIndexBuilding.class,
            "write the range files and tracking file of an Iceberg index snapshot for a real Iceberg table snapshot"),
    ICEBERG_INDEX_QUERY("iceberg_index.query", IcebergIndexQuerying.class,
            "answer a filter on a real Iceberg table snapshot through an Iceberg index (or the table when the index"
                    + " cannot be used)"),
    ICEBERG_INDEX_ENCRYPTION("iceberg_index.encryption", IcebergIndexEncryption.class,
            "write an Iceberg index snapshot's data encrypted with Iceberg's standard encryption over the kit's KMS,"
                    + " and the encryption-keys entries and key-id the index metadata records for it");

    private final String id;
    private final Class<? extends Facet> facet;
    private final String description;

    Capability(String id, Class<? extends Facet> facet, String description) {
        this.id = id;
        this.facet = facet;
        this.description = description;
    }

    /** The name used in {@code @requires:} tags and in the protocol handshake. */
    public String id() {
        return id;
    }

    public Class<? extends Facet> facet() {
        return facet;
    }

    public String description() {
        return description;
    }

    public static Optional<Capability> byId(String id) {
        return Arrays.stream(values()).filter(c -> c.id.equals(id)).findFirst();
    }

    public static Optional<Capability> forFacet(Class<? extends Facet> facet) {
        return Arrays.stream(values()).filter(c -> c.facet.equals(facet)).findFirst();
    }
}
