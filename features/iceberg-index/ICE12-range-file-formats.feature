Feature: ICE12 Range files in Parquet, Avro and ORC, as the table spec's Appendix A stores them

  "Range files must be valid Iceberg data files stored in Parquet, Avro, or ORC, following the format-specific
  requirements of the table specification. Those requirements define how each type is encoded and where a
  column's field ID is recorded in the file." Appendix A records field ids as Avro's field-id property, the
  Parquet schema's field ids and ORC's iceberg.id type attribute; Avro's optional fields "must be wrapped in an
  Avro union with null", the only union allowed, with the Avro default null. Each identity field "takes its type
  from the schema of the source table snapshot". The kit reads each file's own schema and finds every column by
  its field id, so column names are the writer's.

  The table has a column of every primitive type the kit's clustering vectors cover; the index stores all of
  them as identity fields. The format is the kit's wish: an engine may write another of the three, and the kit
  judges the file the tracking file names (its file_format and its bytes).

  @id:ICE-1200 @spec:iceberg-index-spec-draft.md#range-files @level:must @requires:iceberg_index.build
  Scenario Outline: Range files in <range> store every primitive type under its field id
    Given a shared Iceberg source table with <table> data files
    And the table's columns are
      | id | name | type          | required |
      | 1  | l    | long          | true     |
      | 2  | b    | boolean       | false    |
      | 3  | i    | int           | false    |
      | 4  | f    | float         | false    |
      | 5  | d    | double        | false    |
      | 6  | dec  | decimal(9, 2) | false    |
      | 7  | dt   | date          | false    |
      | 8  | t    | time          | false    |
      | 9  | ts   | timestamp     | false    |
      | 10 | tstz | timestamptz   | false    |
      | 11 | s    | string        | false    |
      | 12 | u    | uuid          | false    |
      | 13 | fx   | fixed[4]      | false    |
      | 14 | bin  | binary        | false    |
    And the table appends the rows
      | l  | b     | i  | f    | d      | dec    | dt         | t        | ts                  | tstz                      | s    | u                                    | fx       | bin  |
      | 3  | true  | -7 | 1.5  | -0.0   | -10.25 | 1969-12-31 | 23:59:59 | 2024-02-29T12:00:00 | 2024-02-29T12:00:00+02:00 | 中   | 80000000-0000-0000-0000-000000000000 | 00ff7f80 | 00   |
      | 1  | false | 0  | NaN  | 2.5    | 0.01   | 2024-02-29 | 00:00:00 | 1970-01-01T00:00:00 | 1970-01-01T00:00:00Z      | a    | 00000000-0000-0000-0000-000000000001 | ffffffff | 01   |
      | 2  | null  | null | null | null | null   | null       | null     | null                | null                      | null | null                                 | null     | null |
      | 4  | true  | 7  | -1.0 | NaN    | 99.99  | 2000-01-01 | 12:30:00 | 1999-12-31T23:59:59 | 1999-12-31T23:59:59Z      | é    | 7fffffff-ffff-ffff-ffff-ffffffffffff | 80000000 | ff7f |
    And an index of type "SCALAR" clustered by "l" that stores every column
    When the engine builds the index snapshot of the current table snapshot with <range> range files of 2 rows
    Then the index data has no violation

    Examples:
      | table   | range   |
      | parquet | parquet |
      | avro    | avro    |
      | orc     | orc     |
      | parquet | orc     |
