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
    Given a shared Iceberg source table with parquet data files
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
    Given the table appends the rows
      | id | city | score |
      | 7  | a    | 0.5   |
    And the table deletes the rows with id "4" by position
    And the table deletes the rows with id "6" by equality
    And an index of type "SCALAR" clustered by "city, score"
    And the kit builds the index snapshot of table snapshot "first" with range files of 2 rows
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

  @id:ICE-0604 @spec:iceberg-index-spec-draft.md#group-max-value @level:must @requires:iceberg_index.query
  Scenario Outline: Filters of more than one comparison, sets and tests find exactly the matching live rows
    The filter is an Iceberg predicate (expressions spec, Appendix B JSON) in two-valued logic: `not-eq` and
    `not-in` are true for null and NaN, `not` negates, `-0.0 = 0.0`. With two rows per range file the ranges
    are (null, -0.0) (a, 1.0) | (a, 2.5) (b, 0.0) | (b, NaN) (c, null): 'a' is the group_max_value of the first
    range and lies in the second too, and the first field's group_max_value of a range is not a bound of the
    second field. "Readers use these keys as inclusive range file upper bounds."
    Given an index of type "SCALAR" clustered by "city, score"
    And the kit builds the index snapshot of table snapshot "first" with range files of 2 rows
    When the engine answers '<filter>' at the current table snapshot
    Then the answer is the table's own answer of <rows> rows

    Examples:
      | filter                                  | rows | why                                   |
      | city eq "a" and score lt 2.0            | 1    | id 1 (4 has 2.5)                      |
      | city eq "b" or score gt 2.0             | 3    | ids 2, 6 (b), 4 (2.5)                 |
      | city in ("a", "c")                      | 3    | ids 1, 4, 5                           |
      | city not-in ("a", "c")                  | 3    | ids 2, 6, and 3 (null is in no set)   |
      | city not-null and score is-nan          | 1    | id 2                                  |
      | not city eq "a"                         | 4    | ids 2, 3, 5, 6                        |
      | score not-eq 0.0                        | 4    | ids 1, 2 (NaN), 4, 5 (null)           |
      | score gt-eq -0.0 and score lt-eq 0.0    | 2    | ids 3, 6                              |
      | city starts-with "a"                    | 2    | ids 1, 4                              |
      | score gt 2.0                            | 1    | id 4, in the range whose last key is (b, 0.0) |
      | city is-null or city gt "b"             | 2    | ids 3, 5                              |

  @id:ICE-0605 @spec:iceberg-index-spec-draft.md#index-snapshot @level:must @requires:iceberg_index.query
  Scenario Outline: A query at an older table snapshot uses index data of that snapshot, with a newer one present
    "Engines locate index data by matching source-table-snapshot-id." Since "first", row 7 was appended and row
    1 deleted by position; the index has a snapshot of "first" and one of the current table snapshot. Read at
    "first", the rows are those of "first": index data of the current snapshot answers with other rows.
    Given the table appends the rows
      | id | city | score |
      | 7  | a    | 0.5   |
    And the table deletes the rows with id "1" by position
    And an index of type "SCALAR" clustered by "city, score"
    And the kit builds the index snapshot of table snapshot "first" with range files of 2 rows
    And the kit builds the index snapshot of the current table snapshot with range files of 2 rows
    When the engine answers '<filter>' at table snapshot "first"
    Then the answer is the table's own answer of <rows> rows

    Examples:
      | filter        | rows | why                                     |
      | city eq "a"   | 2    | ids 1, 4 (7 came later, 1 is live here) |
      | score lt 1.0  | 2    | ids 3, 6 (7 came later)                 |

  @id:ICE-0606 @spec:iceberg-index-spec-draft.md#index-snapshot @level:must @requires:iceberg_index.query
  Scenario: A table with two SCALAR indexes: each index's data answers at the snapshot read
    "A table may have multiple indexes of the same index type." Both indexes have a snapshot of "first" and of
    the current table snapshot (row 7 appended, row 6 deleted by equality); each query reads at "first".
    Given the table appends the rows
      | id | city | score |
      | 7  | b    | -1.0  |
    And the table deletes the rows with id "6" by equality
    And an index called "by city" of type "SCALAR" clustered by "city"
    And the kit builds the index snapshot of table snapshot "first" with range files of 1 rows
    And the kit builds the index snapshot of the current table snapshot with range files of 1 rows
    And an index called "by score" of type "SCALAR" clustered by "score"
    And the kit builds the index snapshot of the current table snapshot with range files of 1 rows
    And the kit builds the index snapshot of table snapshot "first" with range files of 1 rows
    When the engine answers 'city eq "b"' at table snapshot "first" through the index called "by city"
    # ids 2, 6 (7 came later, 6 was deleted later)
    Then the answer is the table's own answer of 2 rows
    When the engine answers 'score lt 0.5' at table snapshot "first" through the index called "by score"
    # ids 3 (-0.0), 6 (0.0); 7 (-1.0) came later
    Then the answer is the table's own answer of 2 rows
