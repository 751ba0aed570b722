Feature: ICE02 Invalid Iceberg index metadata: every violation, with its JSON path

  For tools that validate (capability iceberg_index.metadata). Each file of
  golden-files/iceberg-index/metadata/invalid/ is valid/full.json with one change (make-corpus.py). The engine
  validates it against the golden source schema and reports the violations written by hand in
  invalid/expected-violations.json: normalized JSON paths (RFC 9535) and the rule codes of
  docs/iceberg-index.md ("Violations and their JSON paths"). Each defect may be reported in any of its accepted
  forms (either occurrence of a duplicate, the enclosing node, another fitting code); a defect that follows from
  another may go unreported; nothing else may be reported. The draft specifies writers and readers, not
  validators, and the codes and paths are the kit's: these scenarios are should (docs/decisions/0070). Writers
  are judged on the files they write in ICE07 and ICE09, readers on their rows in ICE08.

  @id:ICE-0010 @spec:iceberg-index-spec-draft.md#index-metadata-file @level:should @requires:iceberg_index.metadata
  Scenario: Format-version 2: "must be 1"
    Given the golden index metadata file "invalid/format-version-2.json"
    When the engine validates it against the golden source schema
    Then the engine reports the violations expected for it

  @id:ICE-0011 @spec:iceberg-index-spec-draft.md#index-metadata-file @level:should @requires:iceberg_index.metadata
  Scenario: A required field is missing: index-uuid
    Given the golden index metadata file "invalid/missing-index-uuid.json"
    When the engine validates it against the golden source schema
    Then the engine reports the violations expected for it

  @id:ICE-0012 @spec:iceberg-index-spec-draft.md#index-metadata-file @level:should @requires:iceberg_index.metadata
  Scenario: Last-updated-ms is a string, not a long
    Given the golden index metadata file "invalid/last-updated-ms-string.json"
    When the engine validates it against the golden source schema
    Then the engine reports the violations expected for it

  @id:ICE-0013 @spec:iceberg-index-spec-draft.md#index-type @level:should @requires:iceberg_index.metadata
  Scenario: Type written "scalar": "Writers must write type in upper case"
    Given the golden index metadata file "invalid/type-lower-case.json"
    When the engine validates it against the golden source schema
    Then the engine reports the violations expected for it

  @id:ICE-0014 @spec:iceberg-index-spec-draft.md#index-fields @level:should @requires:iceberg_index.metadata
  Scenario: A non-materialized field reuses materialized field id 1000: ids "must be unique across the three lists"
    Given the golden index metadata file "invalid/field-id-duplicate.json"
    When the engine validates it against the golden source schema
    Then the engine reports the violations expected for it

  @id:ICE-0015 @spec:iceberg-index-spec-draft.md#expression-fields @level:should @requires:iceberg_index.metadata
  Scenario: An expression field-id in the reserved range (2147483600)
    Given the golden index metadata file "invalid/field-id-reserved.json"
    When the engine validates it against the golden source schema
    Then the engine reports the violations expected for it

  @id:ICE-0016 @spec:iceberg-index-spec-draft.md#expression-fields @level:should @requires:iceberg_index.metadata
  Scenario: An expression field-id (5) that is a field id of the source schema (a nested field)
    Given the golden index metadata file "invalid/field-id-in-source-schema.json"
    When the engine validates it against the golden source schema
    Then the engine reports the violations expected for it

  @id:ICE-0017 @spec:iceberg-index-spec-draft.md#identity-fields @level:should @requires:iceberg_index.metadata
  Scenario: Identity-fields is empty; the cluster expression bucket(16, user_id) then reads a field that is no identity field
    Given the golden index metadata file "invalid/identity-fields-empty.json"
    When the engine validates it against the golden source schema
    Then the engine reports the violations expected for it

  @id:ICE-0018 @spec:iceberg-index-spec-draft.md#identity-fields @level:should @requires:iceberg_index.metadata
  Scenario: Identity field 1 listed twice: a list "of unique source table field IDs"
    Given the golden index metadata file "invalid/identity-field-duplicate.json"
    When the engine validates it against the golden source schema
    Then the engine reports the violations expected for it

  @id:ICE-0019 @spec:iceberg-index-spec-draft.md#identity-fields @level:should @requires:iceberg_index.metadata
  Scenario: Identity field _pos (2147483645): "Metadata columns are not allowed"
    Given the golden index metadata file "invalid/identity-field-metadata-column.json"
    When the engine validates it against the golden source schema
    Then the engine reports the violations expected for it

  @id:ICE-0020 @spec:iceberg-index-spec-draft.md#identity-fields @level:should @requires:iceberg_index.metadata
  Scenario: Identity field 99, no field of the source schema: "Each entry must reference a data field"
    Given the golden index metadata file "invalid/identity-field-not-in-schema.json"
    When the engine validates it against the golden source schema
    Then the engine reports the violations expected for it

  @id:ICE-0021 @spec:iceberg-index-spec-draft.md#cluster-spec @level:should @requires:iceberg_index.metadata
  Scenario: Cluster-spec []: "The list must not be empty"
    Given the golden index metadata file "invalid/cluster-spec-empty.json"
    When the engine validates it against the golden source schema
    Then the engine reports the violations expected for it

  @id:ICE-0022 @spec:iceberg-index-spec-draft.md#cluster-spec @level:should @requires:iceberg_index.metadata
  Scenario: Cluster-spec names 42, which is no index field
    Given the golden index metadata file "invalid/cluster-spec-unknown-field.json"
    When the engine validates it against the golden source schema
    Then the engine reports the violations expected for it

  @id:ICE-0023 @spec:iceberg-index-spec-draft.md#cluster-spec @level:should @requires:iceberg_index.metadata
  Scenario: Cluster-spec names identity field 4, a struct: "Every referenced field must have a primitive type"
    Given the golden index metadata file "invalid/cluster-spec-not-primitive.json"
    When the engine validates it against the golden source schema
    Then the engine reports the violations expected for it

  @id:ICE-0024 @spec:iceberg-index-spec-draft.md#identity-fields @level:should @requires:iceberg_index.metadata
  Scenario: The cluster expression bucket(16, event_ts) reads field 2, which is no identity field
    Given the golden index metadata file "invalid/cluster-source-not-identity.json"
    When the engine validates it against the golden source schema
    Then the engine reports the violations expected for it

  @id:ICE-0025 @spec:iceberg-index-spec-draft.md#expression-fields @level:should @requires:iceberg_index.metadata
  Scenario: An expression field of type "expr-sql": it "must be expr-value"
    Given the golden index metadata file "invalid/expr-field-type.json"
    When the engine validates it against the golden source schema
    Then the engine reports the violations expected for it

  @id:ICE-0026 @spec:iceberg-index-spec-draft.md#expression-fields @level:should @requires:iceberg_index.metadata
  Scenario: Data-type "datetime" is no Iceberg type
    Given the golden index metadata file "invalid/data-type-invalid.json"
    When the engine validates it against the golden source schema
    Then the engine reports the violations expected for it

  @id:ICE-0027 @spec:iceberg-index-spec-draft.md#expression-fields @level:should @requires:iceberg_index.metadata
  Scenario: Expr of type "call" is no value expression
    Given the golden index metadata file "invalid/expr-invalid.json"
    When the engine validates it against the golden source schema
    Then the engine reports the violations expected for it

  @id:ICE-0028 @spec:iceberg-index-spec-draft.md#expression-fields @level:should @requires:iceberg_index.metadata
  Scenario: Expr uses the named reference "event_ts": "Named references must not be used"
    Given the golden index metadata file "invalid/expr-named-reference.json"
    When the engine validates it against the golden source schema
    Then the engine reports the violations expected for it

  @id:ICE-0029 @spec:iceberg-index-spec-draft.md#expression-fields @level:should @requires:iceberg_index.metadata
  Scenario: Expr references _deleted (2147483644), which "must not be referenced"
    Given the golden index metadata file "invalid/expr-forbidden-column.json"
    When the engine validates it against the golden source schema
    Then the engine reports the violations expected for it

  @id:ICE-0030 @spec:iceberg-index-spec-draft.md#expression-fields @level:should @requires:iceberg_index.metadata
  Scenario: Expr references 99, neither a source table field nor a metadata column
    Given the golden index metadata file "invalid/expr-unknown-reference.json"
    When the engine validates it against the golden source schema
    Then the engine reports the violations expected for it

  @id:ICE-0031 @spec:iceberg-index-spec-draft.md#index-snapshot @level:should @requires:iceberg_index.metadata
  Scenario: Two snapshots with snapshot-id 2: "Each snapshot-id must be unique"
    Given the golden index metadata file "invalid/snapshot-id-duplicate.json"
    When the engine validates it against the golden source schema
    Then the engine reports the violations expected for it

  @id:ICE-0032 @spec:iceberg-index-spec-draft.md#encryption-keys @level:should @requires:iceberg_index.metadata
  Scenario: A snapshot's key-id names no entry of encryption-keys
    Given the golden index metadata file "invalid/snapshot-key-id-unknown.json"
    When the engine validates it against the golden source schema
    Then the engine reports the violations expected for it

  @id:ICE-0033 @spec:iceberg-index-spec-draft.md#paths-in-metadata @level:should @requires:iceberg_index.metadata
  Scenario: Location without a URI scheme: "which must be an absolute path"
    Given the golden index metadata file "invalid/location-not-absolute.json"
    When the engine validates it against the golden source schema
    Then the engine reports the violations expected for it

  @id:ICE-0034 @spec:iceberg-index-spec-draft.md#index-metadata-file @level:should @requires:iceberg_index.metadata
  Scenario: Five violations in one file: every one is reported, not only the first
    Given the golden index metadata file "invalid/many-violations.json"
    When the engine validates it against the golden source schema
    Then the engine reports the violations expected for it

  @id:ICE-0040 @spec:iceberg-index-spec-draft.md#expression-fields @level:should @requires:iceberg_index.metadata
  Scenario: Without the source schema, the metadata file alone still shows its own violations
    Rules that need the source table's schema are not checked without it (docs/decisions/0012); a
    forbidden metadata column is decided by the file alone.
    Given the golden index metadata file "invalid/expr-forbidden-column.json"
    When the engine validates it without a source schema
    Then the engine reports the violations expected for it

  @id:ICE-0041 @spec:iceberg-index-spec-draft.md#identity-fields @level:should @requires:iceberg_index.metadata @open
  Scenario: A cluster expression on a metadata column needs no identity field
    Open question: "Every source table field referenced by an expression field in the cluster spec must be
    an identity field", and identity fields must not be metadata columns. Does a metadata column such as
    _pos count as a "source table field" here? If it did, no cluster expression could use one. The kit
    reads it as not counting (docs/decisions/0012), so this file is valid; the engine's answer is recorded.
    Given the golden index metadata file "open/cluster-on-metadata-column.json"
    When the engine validates it against the golden source schema
    Then the engine reports no violation
