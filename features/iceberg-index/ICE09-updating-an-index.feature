Feature: ICE09 Updating an Iceberg index: what each writer writes

  Every update writes a new metadata file (ICE03); each such file is written by a writer, so the draft's writer
  rules bind it as they bind the first one (ICE07): the type in upper case, snapshot ids unique, an encrypted
  snapshot's key-id naming an entry of encryption-keys. And a writer reads the file it starts from, so "a
  missing optional list must be read as an empty list" binds it too. The kit creates the index in its file
  catalog (docs/decisions/0011), sometimes as another writer would have written it; the engine commits through
  the same catalog; the kit judges the files.

  @id:ICE-0900 @spec:iceberg-index-spec-draft.md#index-type @level:must @requires:iceberg_index.commit
  Scenario: A writer that updates an index written "scalar" by another writer writes SCALAR
    "Writers must write type in upper case." The file it starts from breaks that rule; the new file must not.
    Readers match the type case-insensitively, so SCALAR is the same type and the definition does not change.
    Given the kit creates an index in its file catalog whose type is written "scalar"
    When the engine commits the property "owner" = "search-team"
    Then the current metadata file is a new file with a name no earlier file had
    And the current metadata's type is written "SCALAR"
    And the current metadata has the index definition, uuids and location the index was created with
    And the current metadata file is valid

  @id:ICE-0901 @spec:iceberg-index-spec-draft.md#index-metadata-file @level:must @requires:iceberg_index.commit
  Scenario: A writer reads a metadata file without its optional lists as empty lists
    "A missing optional list must be read as an empty list." The kit's file has no snapshots,
    non-materialized-fields, properties, metadata-log or encryption-keys member at all; the engine adds an index
    snapshot to it.
    Given the kit creates an index in its file catalog, not built yet, whose metadata file leaves out every empty optional list
    When the engine commits the index snapshot 1 for source table snapshot 100 with tracking file "data/tracking-1.avro"
    Then the current metadata file is a new file with a name no earlier file had
    And the current metadata has the index snapshots "1"
    And the current metadata file is valid

  @id:ICE-0902 @spec:iceberg-index-spec-draft.md#index-snapshot @level:must @requires:iceberg_index.commit
  Scenario: A snapshot id the writer chooses is one no snapshot of the index has
    "Each snapshot-id must be unique within the snapshots list." The index had snapshots 1 and 2; 1 was dropped.
    A writer that numbers a new snapshot by counting the snapshots would choose 2 again.
    Given the kit creates an index in its file catalog with properties:
      """json
      {}
      """
    And the kit commits the index snapshot 2 for source table snapshot 200 with tracking file "data/tracking-2.avro" as another writer
    When the engine drops the index snapshot 1
    And the engine adds an index snapshot for source table snapshot 300 with tracking file "data/tracking-3.avro", choosing its snapshot id
    Then the current metadata has 2 index snapshots
    And the current metadata file is valid

  @id:ICE-0903 @spec:iceberg-index-spec-draft.md#encryption-keys @level:must @requires:iceberg_index.commit
  Scenario: An encrypted snapshot's key-id names the key that holds its tracking file's key metadata
    "The key-id of an index snapshot must reference a key-id in the index metadata encryption-keys list. The
    encrypted-key-metadata of the referenced entry is the key metadata of the snapshot's tracking file." The
    kit gives the tracking file's key metadata (already encrypted by the encryption scheme) and the key-id to
    keep it under; the file must hold both, base64 encoded.
    Given the kit creates an index in its file catalog with properties:
      """json
      {}
      """
    When the engine commits the index snapshot 2 for source table snapshot 200 with tracking file "data/tracking-2.avro", encrypted with the key "snapshot-2-key" whose key metadata is "d3JhcHBlZC10cmFja2luZy1maWxlLWtleQ=="
    Then the current metadata file is valid
    And the current metadata's snapshot 2 names the key "snapshot-2-key", whose encrypted-key-metadata is "d3JhcHBlZC10cmFja2luZy1maWxlLWtleQ=="
