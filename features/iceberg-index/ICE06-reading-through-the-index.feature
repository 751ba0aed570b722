Feature: ICE06 Answers through an Iceberg index are the table's answers

  "Engines locate index data by matching source-table-snapshot-id. More than one index snapshot may reference
  the same source table snapshot, and an engine may use any of the matching index snapshots." "When an index
  is updated asynchronously, the index may lag behind the table and engines must reconcile the index snapshot
  against the source-table snapshot they intend to read." (An index of a type the reader does not implement is
  ICE-0800, in ICE08.)

  The kit writes a real Iceberg table and the index data (with its reference builder, checked by its checker);
  the engine answers a filter at the table's current snapshot, through the index where it can; the kit compares
  the rows (as data file and position) with the live rows Iceberg reads, filtered with the expressions spec's
  comparisons (false for null and NaN; -0.0 = 0.0). Expected row counts are worked by hand below.

  Background:
    Given an Iceberg source table with parquet data files
    And the table appends the rows
      | id | city | score |
      | 1  | a    | 1.0   |
      | 2  | b    | NaN   |
      | 3  | null | -0.0  |
      | 4  | a    | 2.5   |
      | 5  | c    | null  |
      | 6  | b    | 0.0   |
    And the table snapshot is called "first"

  @id:ICE-0600 @spec:iceberg-index-spec-draft.md#index-snapshot @level:must @requires:iceberg_index.query
  Scenario Outline: Through an index of the snapshot read, a filter finds exactly the matching live rows
    Given an index of type "SCALAR" clustered by "city, score"
    And the kit builds the index snapshot of table snapshot "first" with range files of 2 rows
    When the engine answers '<filter>' at the current table snapshot
    Then the answer is the table's own answer of <rows> rows

    Examples:
      | filter          | rows | why                          |
      | city eq "a"     | 2    | ids 1, 4                     |
      | city lt "b"     | 2    | ids 1, 4; null is not < 'b'  |
      | city gt-eq "b"  | 3    | ids 2, 5, 6                  |
      | city is-null    | 1    | id 3                         |
      | score eq 0.0    | 2    | ids 3 (-0.0) and 6 (0.0)     |
      | score lt 1.0    | 2    | ids 3, 6; NaN and null false |
      | score gt 1.0    | 1    | id 4; NaN is not > 1.0       |

  @id:ICE-0601 @spec:iceberg-index-spec-draft.md#commits-and-concurrency @level:must @requires:iceberg_index.query
  Scenario Outline: An index that lags behind the table is reconciled with the snapshot read
    The index has a snapshot of "first" only; since then a row was appended, one deleted by position and one
    by equality. Rows the index lacks must still be found, and deleted rows it holds must not be.
    Given an index of type "SCALAR" clustered by "city, score"
    And the kit builds the index snapshot of table snapshot "first" with range files of 2 rows
    And the table appends the rows
      | id | city | score |
      | 7  | a    | 0.5   |
    And the table deletes the rows with id "4" by position
    And the table deletes the rows with id "6" by equality
    When the engine answers '<filter>' at the current table snapshot
    Then the answer is the table's own answer of <rows> rows

    Examples:
      | filter        | rows | why                                   |
      | city eq "a"   | 2    | ids 1, 7 (4 deleted)                  |
      | score lt 1.0  | 2    | ids 3, 7 (6 deleted)                  |
      | city gt "a"   | 2    | ids 2, 5 (6 deleted)                  |

  @id:ICE-0603 @spec:iceberg-index-spec-draft.md#index-snapshot @level:should @requires:iceberg_index.query
  Scenario: Two index snapshots of the same table snapshot: whichever the reader uses, the answer is the same
    A "may" of the draft: the reader picks any matching index snapshot; both are correct index data.
    Given an index of type "SCALAR" clustered by "city, score"
    And the kit builds the index snapshot of table snapshot "first" with range files of 1 rows
    And the kit builds the index snapshot of table snapshot "first" with range files of 3 rows
    When the engine answers 'city gt "a"' at the current table snapshot
    Then the answer is the table's own answer of 3 rows
