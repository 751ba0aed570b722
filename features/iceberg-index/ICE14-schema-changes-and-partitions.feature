Feature: ICE14 Source tables whose schema changed between snapshots, and partitioned source tables

  "Each listed field is stored in the range files under its own field ID and takes its type from the schema of
  the source table snapshot that an index snapshot references." Between two snapshots of the table, column id
  was promoted from int to long and column city renamed town: an index snapshot of the older table snapshot
  stores field 1 as int and field 2 (under whatever name) as the older snapshot's values; one of the newer
  stores field 1 as long. Partitioned tables keep their rows in a data file per partition; the live rows, as
  Iceberg reads them with every delete file applied, are the rows an index snapshot indexes.

  @id:ICE-1400 @spec:iceberg-index-spec-draft.md#identity-fields @level:must @requires:iceberg_index.build
  Scenario: Identity fields take their types from the schema of the snapshot each index snapshot references
    Given a shared Iceberg source table with parquet data files
    And the table's columns are
      | id | name  | type   | required |
      | 1  | id    | int    | true     |
      | 2  | city  | string | false    |
      | 3  | score | double | false    |
    And the table appends the rows
      | id | city | score |
      | 1  | b    | 1.0   |
      | 2  | a    | 2.0   |
      | 3  | null | 3.0   |
    And the table snapshot is called "first"
    And the table promotes column "id" to long
    And the table renames column "city" to "town"
    And the table appends the rows
      | id          | town | score |
      | 4           | a    | 4.0   |
      | 10000000000 | c    | 5.0   |
    And an index of type "SCALAR" clustered by "town, id"
    When the engine builds the index snapshot of table snapshot "first" with parquet range files of 2 rows
    Then the index data has no violation
    And the range files store field 1 as int
    When the engine builds the index snapshot of the current table snapshot with parquet range files of 2 rows
    Then the index data has no violation
    And the range files store field 1 as long

  @id:ICE-1401 @spec:iceberg-index-spec-draft.md#index-snapshot @level:must @requires:iceberg_index.build
  Scenario Outline: An index snapshot of a table partitioned by <partition> indexes exactly its live rows
    Given a shared Iceberg source table with <table> data files
    And the table is partitioned by "<partition>"
    And the table appends the rows
      | id | city | score |
      | 1  | a    | 1.0   |
      | 2  | ab   | NaN   |
      | 3  | b    | -0.0  |
      | 4  | null | 2.0   |
      | 5  | c    | null  |
    And the table appends the rows
      | id | city | score |
      | 6  | a    | 3.0   |
      | 7  | bc   | 0.5   |
    And the table deletes the rows with id "2, 6" by position
    And the table deletes the rows with id "5" by equality
    And an index of type "SCALAR" clustered by "city, score"
    When the engine builds the index snapshot of the current table snapshot with parquet range files of 2 rows
    Then the index data has no violation
    # live rows: 1, 3, 4, 7 (2 and 6 deleted by position, 5 by equality)
    And the tracking file lists range files holding 4 rows

    Examples:
      | partition        | table   |
      | bucket(4, id)    | parquet |
      | identity(city)   | avro    |
      | truncate(1, city)| orc     |

  @id:ICE-1402 @spec:iceberg-index-spec-draft.md#commits-and-concurrency @level:must @requires:iceberg_index.query
  Scenario Outline: A query through an index of a partitioned table, lagging or not, finds exactly the live rows
    Given an Iceberg source table with parquet data files
    And the table is partitioned by "identity(city)"
    And the table appends the rows
      | id | city | score |
      | 1  | a    | 1.0   |
      | 2  | b    | 2.0   |
      | 3  | a    | 3.0   |
      | 4  | c    | null  |
    And the table snapshot is called "first"
    And an index of type "SCALAR" clustered by "score"
    And the kit builds the index snapshot of table snapshot "first" with range files of 1 rows
    And the table appends the rows
      | id | city | score |
      | 5  | b    | 0.5   |
    And the table deletes the rows with id "3" by position
    When the engine answers '<filter>' at the current table snapshot
    Then the answer is the table's own answer of <rows> rows

    Examples:
      | filter                       | rows | why                     |
      | score lt 2.5                 | 3    | ids 1, 2, 5 (3 deleted) |
      | city eq "b" and score lt 9.0 | 2    | ids 2, 5                |

  @id:ICE-1403 @spec:iceberg-index-spec-draft.md#commits-and-concurrency @level:must @requires:iceberg_index.query
  Scenario: A lagging index of a table whose column was promoted since answers with the newer type's rows
    The index snapshot is of "first", when id was an int; the query reads the current snapshot, where id is a
    long and a row holds 10000000000.
    Given an Iceberg source table with parquet data files
    And the table's columns are
      | id | name | type   | required |
      | 1  | id   | int    | true     |
      | 2  | city | string | false    |
    And the table appends the rows
      | id | city |
      | 1  | a    |
      | 2  | b    |
    And the table snapshot is called "first"
    And an index of type "SCALAR" clustered by "id"
    And the kit builds the index snapshot of table snapshot "first" with range files of 1 rows
    And the table promotes column "id" to long
    And the table appends the rows
      | id          | city |
      | 10000000000 | c    |
    When the engine answers 'id gt 1' at the current table snapshot
    # ids 2 and 10000000000
    Then the answer is the table's own answer of 2 rows
