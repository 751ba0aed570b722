Feature: ICE08 Readers of Iceberg index metadata, judged by the rows they answer

  What a reader makes of an index metadata file shows in the rows it answers, not in its account of the file
  (docs/decisions/0072). A valid index gives the table's rows whether a reader uses it or not, so where a rule
  tells a reader to ignore something, the kit makes the situation in which a wrong reader goes wrong: the
  ignored thing holds index data that gives other rows if used ("misleading": every row pointer is real, but each
  entry holds the city of the next row by id). The kit writes a real Iceberg table and the index data (with its
  reference builder); the engine answers a filter at the table's current snapshot; the kit compares the rows
  (data file and position) with the live rows Iceberg reads. Where only a reader's action shows it (building an
  index snapshot needs the type recognised), the kit judges the files the action writes.

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

  # city eq "a" is ids 1 and 4. The misleading index says a for ids 3 and 6 (the cities of ids 4 and 1).

  @id:ICE-0800 @spec:iceberg-index-spec-draft.md#index-type @level:must @requires:iceberg_index.query
  Scenario Outline: An index of a type the reader does not implement is ignored: its data, wrong if used, changes no row
    "A reader that does not implement an index type must ignore the index and read the source table directly;
    it must not fail." VECTOR is "Reserved for future specification", matched case-insensitively; BLOOM is a
    type the draft does not name. (Replaces ICE-0602, whose index held right data, so a reader that used it
    passed.)
    Given an index of type "<type>" clustered by "city, score"
    And the kit builds a misleading index snapshot of table snapshot "first": each entry holds the city of the next row by id
    When the engine answers 'city eq "a"' at the current table snapshot
    Then the answer is the table's own answer of 2 rows

    Examples:
      | type   |
      | BLOOM  |
      | VECTOR |
      | vector |
      | Vector |

  @id:ICE-0801 @spec:iceberg-index-spec-draft.md#paths-in-metadata @level:must @requires:iceberg_index.query
  Scenario: A relative tracking file path is resolved against the index location, not the metadata file's folder
    "Path strings stored in index metadata are classified and resolved as defined by paths in metadata in the
    table specification. Relative paths are resolved against the index location." The tracking file is
    data/kit-1-tracking.avro: below the index location it is the true index data; below the metadata file's
    folder (metadata/data/kit-1-tracking.avro) the kit puts misleading data.
    Given an index of type "SCALAR" clustered by "city, score"
    And the kit builds the index snapshot of table snapshot "first" with range files of 2 rows
    And the kit puts misleading index data where the tracking file's path, resolved against the metadata file's folder, leads
    When the engine answers 'city eq "a"' at the current table snapshot
    Then the answer is the table's own answer of 2 rows

  @id:ICE-0802 @spec:iceberg-index-spec-draft.md#index-metadata-file @level:must @requires:iceberg_index.query
  Scenario: An index not built yet, whose file has no optional list at all, is read as one without snapshots
    "A missing optional list must be read as an empty list." The file has no snapshots, metadata-log,
    encryption-keys or properties member: no index snapshot, so the reader reads the table, and must not fail.
    Given an index of type "SCALAR" clustered by "city, score"
    And the index metadata file leaves out its empty optional lists
    When the engine answers 'city gt-eq "b"' at the current table snapshot
    Then the answer is the table's own answer of 3 rows

  @id:ICE-0803 @spec:iceberg-index-spec-draft.md#index-metadata-file @level:must @requires:iceberg_index.query
  Scenario Outline: A built index whose file leaves out its empty optional lists answers as the table does
    "A missing optional list must be read as an empty list": here metadata-log, encryption-keys and properties,
    and without row pointers materialized-fields too.
    Given an index of type "SCALAR" clustered by <index>
    And the kit builds the index snapshot of table snapshot "first" with range files of 2 rows
    And the index metadata file leaves out its empty optional lists
    When the engine answers 'city eq "a"' at the current table snapshot
    Then the answer is the table's own answer of 2 rows

    Examples:
      | index                                |
      | "city, score"                        |
      | "city, score" without row pointers   |

  @id:ICE-0804 @spec:iceberg-index-spec-draft.md#index-type @level:must @requires:iceberg_index.build
  Scenario Outline: An index whose type another writer wrote in lower case is built as the SCALAR index it is
    "Readers must match it case-insensitively." Rows cannot show whether a reader used a valid index, but a
    maintainer that builds an index snapshot must first recognise the type: "scalar" is SCALAR, which the
    engine implements, so it builds it, and the kit checks the index data it writes.
    Given an index of type "<type>" clustered by "city, score"
    When the engine builds the index snapshot of the current table snapshot with parquet range files of 2 rows
    Then the index data has no violation
    And the tracking file lists range files holding 6 rows

    Examples:
      | type   |
      | scalar |
      | Scalar |

  @id:ICE-0805 @spec:iceberg-index-spec-draft.md#index-type @level:must @requires:iceberg_index.query
  Scenario Outline: An index whose type is written in lower case is read without failing
    "Readers must match it case-insensitively": a SCALAR index whichever the case; using it or not, the rows
    are the table's.
    Given an index of type "<type>" clustered by "city, score"
    And the kit builds the index snapshot of table snapshot "first" with range files of 2 rows
    When the engine answers 'city lt "b"' at the current table snapshot
    Then the answer is the table's own answer of 2 rows

    Examples:
      | type   |
      | scalar |
      | Scalar |
