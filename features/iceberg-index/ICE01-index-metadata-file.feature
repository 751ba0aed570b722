Feature: ICE01 Reading an Iceberg index metadata file

  An index metadata file (draft Iceberg index spec, "Index Metadata") holds the index definition and its
  snapshot history. For tools that read and validate index metadata (capability iceberg_index.metadata), the
  engine reads golden files written by hand from the draft's field tables
  (golden-files/iceberg-index/metadata/valid/) and returns its reading (docs/iceberg-index.md, "Reading");
  the expected readings were worked out by hand (valid/expected-readings.json). A reading is the engine's
  account of the file, in the kit's own format, so these scenarios are should (docs/decisions/0070): a reader
  is judged at must by the rows it answers (ICE08), a writer by the files it writes (ICE07, ICE09).

  @id:ICE-0001 @spec:iceberg-index-spec-draft.md#index-metadata-file @spec:iceberg-index-spec-draft.md#index-snapshot @spec:iceberg-index-spec-draft.md#metadata-log @spec:iceberg-index-spec-draft.md#encryption-keys @level:should @requires:iceberg_index.metadata
  Scenario Outline: Every field of a valid index metadata file reads as written
    Given the golden index metadata file "valid/<file>"
    When the engine reads it
    Then the reading is the one expected for it

    Examples:
      | file               |
      | full.json          |
      | not-built-yet.json |
      | vector-type.json   |

  @id:ICE-0002 @spec:iceberg-index-spec-draft.md#index-metadata-file @level:should @requires:iceberg_index.metadata
  Scenario: Missing optional lists read as empty lists
    The file has none of materialized-fields, non-materialized-fields, properties, snapshots, metadata-log
    and encryption-keys: "A missing optional list must be read as an empty list." (By rows: ICE-0802, ICE-0803.)
    Given the golden index metadata file "valid/not-built-yet.json"
    When the engine reads it
    Then the reading at "/snapshots" is:
      """json
      []
      """
    And the reading at "/metadata-log" is:
      """json
      []
      """
    And the reading at "/encryption-keys" is:
      """json
      []
      """
    And the reading at "/materialized-fields" is:
      """json
      []
      """
    And the reading at "/non-materialized-fields" is:
      """json
      []
      """

  @id:ICE-0003 @spec:iceberg-index-spec-draft.md#paths-in-metadata @level:should @requires:iceberg_index.metadata
  Scenario: A relative tracking file resolves against the index location; an absolute one is used as is
    "Relative paths are resolved against the index location": the location, "/", then the path. A path
    with a URI scheme (s3:) is absolute.
    Given the golden index metadata file "valid/full.json"
    When the engine reads it
    Then the reading at "/snapshots/0/tracking-file" is:
      """json
      "file:/warehouse/db/events/_indexes/by_user/data/tracking-1.avro"
      """
    And the reading at "/snapshots/2/tracking-file" is:
      """json
      "s3://other-bucket/by_user/tracking-3.avro"
      """
    And the reading at "/metadata-log/0/metadata-file" is:
      """json
      "file:/warehouse/db/events/_indexes/by_user/metadata/00001-3c1b7f0e-5a44-4f61-9d0c-0a1b2c3d4e5f.metadata.json"
      """

  @id:ICE-0004 @spec:iceberg-index-spec-draft.md#index-type @level:should @requires:iceberg_index.metadata
  Scenario: The index type is matched case-insensitively
    "Readers must match it case-insensitively." The file writes "scalar" (which its writer must not do:
    ICE-0702, ICE-0900), and a reader still recognises SCALAR. (By the files a maintainer writes: ICE-0804.)
    Given the golden index metadata file "invalid/type-lower-case.json"
    When the engine reads it
    Then the reading at "/index-type" is:
      """json
      "SCALAR"
      """

  @id:ICE-0005 @spec:iceberg-index-spec-draft.md#index-snapshot @level:should @requires:iceberg_index.metadata
  Scenario: Two index snapshots may reference the same source table snapshot
    "More than one index snapshot may reference the same source table snapshot": both are read, in order.
    A "may", so should.
    Given the golden index metadata file "valid/full.json"
    When the engine reads it
    Then the reading at "/snapshots/1/source-table-snapshot-id" is:
      """json
      5813450127654893002
      """
    And the reading at "/snapshots/2/source-table-snapshot-id" is:
      """json
      5813450127654893002
      """

  @id:ICE-0006 @spec:iceberg-index-spec-draft.md#encryption-keys @level:should @requires:iceberg_index.metadata
  Scenario: An encrypted snapshot's tracking file key metadata is the referenced key's encrypted-key-metadata
    "The encrypted-key-metadata of the referenced entry is the key metadata of the snapshot's tracking file."
    Given the golden index metadata file "valid/full.json"
    When the engine reads it
    Then the reading at "/snapshots/2/tracking-file-key-metadata" is:
      """json
      "dHJhY2tpbmctZmlsZS1rZXktbWV0YWRhdGE="
      """
    And the reading at "/snapshots/0/tracking-file-key-metadata" is:
      """json
      null
      """

  @id:ICE-0007 @spec:iceberg-index-spec-draft.md#index-metadata-file @level:should @requires:iceberg_index.metadata
  Scenario Outline: A valid index metadata file has no violation
    Given the golden index metadata file "valid/<file>"
    When the engine validates it against the golden source schema
    Then the engine reports no violation

    Examples:
      | file               |
      | full.json          |
      | not-built-yet.json |
      | vector-type.json   |
