Feature: ICE13 Encrypted index data: the keys chain from the snapshot to every range file, none in plain form

  "The key-id of an index snapshot must reference a key-id in the index metadata encryption-keys list. The
  encrypted-key-metadata of the referenced entry is the key metadata of the snapshot's tracking file, which in
  turn holds the key metadata of the range files." "Index metadata is not encrypted, so keys are never stored in
  plain form." An encryption-keys entry has a required key-id and a required encrypted-key-metadata (base64).

  The kit asks the engine to build an index snapshot encrypted with Iceberg's standard encryption (the scheme that
  encrypts a table's manifest list and manifests; decision 0081), the kit being the KMS: it gives the engine a
  master key to wrap its keys with. The engine answers the snapshot's key-id and the encryption-keys entries the
  index metadata needs; the kit records them (with no encryption-keys list at all when the engine gives none: the
  worked example of docs/iceberg-index.md) and opens every file by following the keys: the entry the key-id names,
  the key that encrypted it (encrypted-by-id), the KMS; the tracking file; each entry's key_metadata; each range
  file. Every key met on the way is looked for, raw or in base64 or hex, in the index metadata file. Then the files
  are checked as any index data is.

  @id:ICE-1300 @spec:iceberg-index-spec-draft.md#encryption-keys @level:must @requires:iceberg_index.encryption
  Scenario Outline: An encrypted index snapshot in <range> range files opens through its keys and checks out
    Given a shared Iceberg source table with parquet data files
    And the table appends the rows
      | id | city | score |
      | 1  | b    | 1.0   |
      | 2  | a    | NaN   |
      | 3  | null | 2.0   |
      | 4  | a    | 0.5   |
    And the table deletes the rows with id "3" by position
    And an index of type "SCALAR" clustered by "city, score"
    When the engine builds the encrypted index snapshot of the current table snapshot with <range> range files of 2 rows
    Then the index data has no violation

    Examples:
      | range   |
      | parquet |
      | avro    |
      | orc     |
