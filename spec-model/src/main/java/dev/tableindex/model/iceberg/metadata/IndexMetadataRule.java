package dev.tableindex.model.iceberg.metadata;

/**
 * The rules an index metadata file is validated against, each with the code engines report, its level in
 * the draft's own words (must for must and for the draft's structural definitions: required fields, field
 * types, "is a non-empty list of unique ..."; see docs/decisions/0010) and the draft section that states it.
 */
public enum IndexMetadataRule {
    REQUIRED_FIELD("required-field", "index-metadata-file", "a required field is missing"),
    JSON_TYPE("json-type", "index-metadata-file", "a field has the wrong JSON type"),
    FORMAT_VERSION("format-version", "index-metadata-file", "format-version must be 1"),
    TYPE_UPPER_CASE("type-upper-case", "index-type", "writers must write type in upper case"),
    FIELD_ID_DUPLICATE("field-id-duplicate", "index-fields",
            "an index field id must be unique across identity, materialized and non-materialized fields"),
    FIELD_ID_RESERVED("field-id-reserved", "expression-fields",
            "an expression field-id must not be a reserved field id"),
    FIELD_ID_IN_SOURCE_SCHEMA("field-id-in-source-schema", "expression-fields",
            "an expression field-id must not be a field id of the source table schema"),
    IDENTITY_FIELDS_EMPTY("identity-fields-empty", "identity-fields", "identity-fields is a non-empty list"),
    IDENTITY_FIELD_DUPLICATE("identity-field-duplicate", "identity-fields",
            "identity-fields is a list of unique field ids"),
    IDENTITY_FIELD_METADATA_COLUMN("identity-field-metadata-column", "identity-fields",
            "an identity field must reference a data field, not a metadata column"),
    IDENTITY_FIELD_NOT_IN_SCHEMA("identity-field-not-in-schema", "identity-fields",
            "an identity field must reference a field of the source table"),
    CLUSTER_SPEC_EMPTY("cluster-spec-empty", "cluster-spec", "cluster-spec must not be empty"),
    CLUSTER_SPEC_UNKNOWN_FIELD("cluster-spec-unknown-field", "cluster-spec",
            "cluster-spec lists field ids of identity, materialized and non-materialized fields"),
    CLUSTER_SPEC_NOT_PRIMITIVE("cluster-spec-not-primitive", "cluster-spec",
            "every field in cluster-spec must have a primitive type"),
    CLUSTER_SOURCE_NOT_IDENTITY("cluster-source-not-identity", "identity-fields",
            "every source field referenced by a cluster-spec expression field must be an identity field"),
    EXPR_FIELD_TYPE("expr-field-type", "expression-fields", "an expression field's type must be expr-value"),
    DATA_TYPE_INVALID("data-type-invalid", "expression-fields", "data-type must be an Iceberg type"),
    EXPR_INVALID("expr-invalid", "expression-fields", "expr must be a value expression in the expressions JSON"),
    EXPR_NAMED_REFERENCE("expr-named-reference", "expression-fields", "named references must not be used"),
    EXPR_FORBIDDEN_COLUMN("expr-forbidden-column", "expression-fields",
            "_deleted, _change_type, _change_ordinal, _commit_snapshot_id, file_path, pos and row must not be referenced"),
    EXPR_UNKNOWN_REFERENCE("expr-unknown-reference", "expression-fields",
            "expr must reference only source table fields or metadata columns"),
    SNAPSHOT_ID_DUPLICATE("snapshot-id-duplicate", "index-snapshot", "each snapshot-id must be unique"),
    SNAPSHOT_KEY_ID_UNKNOWN("snapshot-key-id-unknown", "encryption-keys",
            "a snapshot's key-id must reference a key-id in encryption-keys"),
    LOCATION_NOT_ABSOLUTE("location-not-absolute", "paths-in-metadata", "location must be an absolute path");

    private final String code;
    private final String section;
    private final String statement;

    IndexMetadataRule(String code, String section, String statement) {
        this.code = code;
        this.section = section;
        this.statement = statement;
    }

    /** The code engines report and the invalid corpus expects. */
    public String code() {
        return code;
    }

    /** The anchor of the draft section ({@code iceberg-index-spec-draft.md#<section>}) that states the rule. */
    public String section() {
        return section;
    }

    /** The rule, in short. */
    public String statement() {
        return statement;
    }

    /** Every rule here is a must (docs/decisions/0010 for the structural ones). */
    public String level() {
        return "must";
    }

    public static java.util.Optional<IndexMetadataRule> byCode(String code) {
        for (IndexMetadataRule rule : values()) {
            if (rule.code.equals(code)) {
                return java.util.Optional.of(rule);
            }
        }
        return java.util.Optional.empty();
    }
}
