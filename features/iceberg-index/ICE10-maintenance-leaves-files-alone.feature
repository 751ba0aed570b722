Feature: ICE10 Building and maintaining an index leaves the table and earlier index data as they were

  "Separation -- Index metadata will be committed separately from table metadata. Building and maintaining an
  index will not rewrite the table." "Index metadata files and index data files are immutable. Every update
  writes a new metadata file and a new tracking file, may reuse existing range files". A tracking file is "one
  per index snapshot".

  The engine builds index snapshots, the table changes in between (the kit commits to it with Iceberg), and the
  engine builds again. The kit takes the bytes of every file of the table and of every build right after it
  wrote them, and compares them afterwards: nothing the engine wrote may change the table's metadata files or
  snapshots (decision 0080: the goal's "will not" read as a requirement), and no build may change a file of
  an earlier build. Where the engine writes, and what it names its files, is its own choice; a range file it
  reuses is one the new tracking file lists again, with its bytes unchanged.

  Background:
    Given an Iceberg source table with parquet data files
    And the table appends the rows
      | id | city | score |
      | 1  | b    | 1.0   |
      | 2  | a    | NaN   |
      | 3  | null | 2.0   |
      | 4  | a    | 0.5   |
    And the table snapshot is called "first"

  @id:ICE-1000 @spec:iceberg-index-spec-draft.md#goals @level:must @requires:iceberg_index.build
  Scenario: Building, then maintaining an index does not rewrite the table
    Given an index of type "SCALAR" clustered by "city, score"
    When the engine builds the index snapshot of the current table snapshot with parquet range files of 2 rows
    And the table appends the rows
      | id | city | score |
      | 5  | c    | 3.0   |
    And the table deletes the rows with id "2" by position
    And the engine builds the index snapshot of the current table snapshot with parquet range files of 2 rows
    Then no build changed the table's metadata files or snapshots
    And no index snapshot's data has a violation

  @id:ICE-1001 @spec:iceberg-index-spec-draft.md#overview @level:must @requires:iceberg_index.build
  Scenario: A build after the table changed writes a new tracking file and leaves the first build's files as they were
    Given an index of type "SCALAR" clustered by "city, score"
    When the engine builds the index snapshot of table snapshot "first" with parquet range files of 2 rows
    And the table appends the rows
      | id | city | score |
      | 5  | a    | 3.0   |
      | 6  | d    | -1.0  |
    And the engine builds the index snapshot of the current table snapshot with parquet range files of 3 rows
    Then every build wrote a tracking file of its own
    And the files of every build keep the bytes they had when it finished
    And no index snapshot's data has a violation

  @id:ICE-1002 @spec:iceberg-index-spec-draft.md#overview @level:must @requires:iceberg_index.build
  Scenario: Two builds of one table snapshot write two tracking files
    An index snapshot "references a complete set of index files through the location of a single tracking file"
    and every update writes a new one: a second index snapshot of the same table snapshot does not point to the
    first one's tracking file, even when nothing changed. It may list the same range files again.
    Given an index of type "SCALAR" clustered by "city, score"
    When the engine builds the index snapshot of the current table snapshot with avro range files of 2 rows
    And the engine builds the index snapshot of the current table snapshot with avro range files of 2 rows
    Then every build wrote a tracking file of its own
    And the files of every build keep the bytes they had when it finished
    And no index snapshot's data has a violation

  @id:ICE-1003 @spec:iceberg-index-spec-draft.md#index-definition @level:must @requires:iceberg_index.build
  Scenario: A table with two SCALAR indexes: building the second leaves the first's files alone
    "A table may have multiple indexes of the same index type." Each index has its own location; their data
    must not share files, and each must check out against its own definition.
    Given an index called "by city" of type "SCALAR" clustered by "city"
    When the engine builds the index snapshot of the current table snapshot with parquet range files of 2 rows
    Given an index called "by score" of type "SCALAR" clustered by "score"
    When the engine builds the index snapshot of the current table snapshot with parquet range files of 2 rows
    Then the files of every build keep the bytes they had when it finished
    And no index snapshot's data has a violation
    And no build changed the table's metadata files or snapshots
