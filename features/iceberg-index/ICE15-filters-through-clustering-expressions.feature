Feature: ICE15 Filters on a field the index clusters by an expression of it

  `SCALAR` "Accelerates point lookups on clustered fields, and range filters when the clustering expressions are
  order preserving". An index clustered by bucket(4, id) may find a point (bucket(4, 4) is one value), but a
  range of ids says nothing about their buckets (bucket(4, id) for ids 1 to 8 is 0, 0, 3, 2, 3, 1, 3, 3, worked
  with Iceberg's bucket transform, the spec's Murmur3 hash). truncate(1, city) preserves order but merges
  neighbours: city > "a" holds for "ab", whose truncate is "a", so only truncate(city) >= "a" follows from it.
  The kit builds the index (one row per range file); the engine answers; the kit compares the rows with the
  table's own.

  Background:
    Given a shared Iceberg source table with parquet data files
    And the table appends the rows
      | id | city | score |
      | 1  | a    | 1.0   |
      | 2  | ab   | 2.0   |
      | 3  | b    | 3.0   |
      | 4  | ba   | 4.0   |
      | 5  | c    | 5.0   |
      | 6  | ca   | 6.0   |
      | 7  | d    | 7.0   |
      | 8  | da   | 8.0   |

  @id:ICE-1500 @spec:iceberg-index-spec-draft.md#index-type @level:must @requires:iceberg_index.query
  Scenario Outline: Through an index clustered by bucket(4, id): '<filter>'
    Given an index of type "SCALAR" clustered by "bucket(4, id), city"
    And the kit builds the index snapshot of the current table snapshot with range files of 1 rows
    When the engine answers '<filter>' at the current table snapshot
    Then the answer is the table's own answer of <rows> rows

    Examples:
      | filter                     | rows | why                                            |
      | id eq 4                    | 1    | a point: bucket 2                              |
      | id in (3, 6)               | 2    | buckets 3 and 1                                |
      | id lt 4                    | 3    | ids 1, 2, 3; id 3 is in bucket 3 > bucket(4) = 2 |
      | id gt-eq 4                 | 5    | ids 4 to 8; id 6 is in bucket 1 < bucket(4) = 2 |
      | id lt-eq 2 or id gt-eq 7   | 4    | ids 1, 2, 7, 8                                 |

  @id:ICE-1501 @spec:iceberg-index-spec-draft.md#index-type @level:must @requires:iceberg_index.query
  Scenario Outline: Through an index clustered by truncate(1, city): '<filter>'
    Given an index of type "SCALAR" clustered by "truncate(1, city), score"
    And the kit builds the index snapshot of the current table snapshot with range files of 1 rows
    When the engine answers '<filter>' at the current table snapshot
    Then the answer is the table's own answer of <rows> rows

    Examples:
      | filter                 | rows | why                                          |
      | city gt "a"            | 7    | all but "a"; "ab" truncates to "a"           |
      | city lt "b"            | 2    | "a", "ab"                                    |
      | city lt-eq "b"         | 3    | "a", "ab", "b"                               |
      | city gt-eq "ba"        | 5    | "ba", "c", "ca", "d", "da"                   |
      | city eq "ca"           | 1    | a point: truncate "c"                        |
      | city starts-with "c"   | 2    | "c", "ca"                                    |
