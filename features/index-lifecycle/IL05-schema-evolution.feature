Feature: IL05 Indexes follow the schema by field id

  IndexMetadata.fields "refer to file.Field.id": an index never names a field id the schema does not have,
  so a dropped field takes its indexes with it, and an index answers only for the values of the field it
  was built on. That a rename keeps the field id, so the index follows it, is what the design's FAQ relies on
  ("We already use field ids in IndexMetadata message"), an aim judged at should (IL-0045). Field ids of
  "id int64, name string" are 0 and 1.

  Background:
    Given the engine creates a table with columns "id int64, name string" in fragments of 2 rows:
      """json
      [{"id": 1, "name": "a"}, {"id": 2, "name": "b"}, {"id": 3, "name": "c"}, {"id": 4, "name": "d"}]
      """
    And the engine creates a btree index "id_idx" on "id"
    And the engine creates a btree index "name_idx" on "name"

  @id:IL-0040 @spec:lance-table.proto#IndexMetadata.fields @level:must @requires:table.lifecycle
  Scenario: After a rename, the indexes are on fields of the schema and answer for the renamed column right
    When the engine renames column "name" to "label"
    Then every index is on fields of the schema
    And counting the rows where "label = 'b'" gives 1, with and without indexes
    And counting the rows where "label >= 'b' AND id <= 3" gives 2, with and without indexes

  @id:IL-0045 @spec:lance-index-v2-design.md#faq @level:should @requires:table.lifecycle
  Scenario: A renamed column keeps its field id and its index
    "Is there a reason to use column names over field ids? We already use field ids in IndexMetadata
    message": an index on field ids survives a rename when the rename keeps the id. A FAQ answer, an aim
    (decision 0060), hence should.
    When the engine renames column "name" to "label"
    Then column "label" has field id 1
    And the manifest has index "name_idx" on field ids "1"

  @id:IL-0041 @spec:lance-table.proto#IndexMetadata.fields @level:must @requires:table.lifecycle
  Scenario: Dropping a column drops the indexes on it
    When the engine drops column "name"
    Then the manifest has no index "name_idx"
    And every index is on fields of the schema
    And counting the rows where "id >= 2" gives 3, with and without indexes

  @id:IL-0042 @spec:lance-table.proto#IndexMetadata.fields @level:must @requires:table.lifecycle
  Scenario: After a column's type changes, no index names a field the schema does not have
    When the engine changes the type of column "id" to "int32"
    Then column "id" has type "int32"
    And every index is on fields of the schema
    And counting the rows where "id >= 2" gives 3, with and without indexes

  @id:IL-0044 @spec:lance-table.proto#IndexMetadata.fields @level:must @requires:table.lifecycle
  Scenario: After a type change that changes values, no index answers with the old values
    A cast from double to float rounds to 32 bits: 16777217 (2^24 + 1) has no float and becomes 16777216, so
    after the cast two rows hold 16777216 and none 16777217. An index built on the double values still holds
    16777217: an index that followed the column by its name, or kept its field id over new values, answers
    "x = 16777217" with 1 row. IndexMetadata.fields "refer to file.Field.id", the field the index was built on,
    and the index covers a fragment only if "all of it's (non-deleted) rows are covered by the index": after the
    cast it answers for none of them (or the engine rebuilt it on the new values).
    Given the engine creates a table with columns "id int64, x double" in fragments of 2 rows:
      """json
      [{"id": 1, "x": 16777217}, {"id": 2, "x": 16777216}, {"id": 3, "x": 3}, {"id": 4, "x": 4}]
      """
    And the engine creates a btree index "x_idx" on "x"
    When the engine changes the type of column "x" to "float"
    Then column "x" has type "float"
    And every index is on fields of the schema
    And counting the rows where "x = 16777217" gives 0, with and without indexes
    And counting the rows where "x = 16777216" gives 2, with and without indexes
    And counting the rows where "x >= 16777217" gives 0, with and without indexes
    And counting the rows where "x <= 4 AND id >= 3" gives 2, with and without indexes

  @id:IL-0043 @spec:lance-table.proto#DataFragment @level:must @requires:table.lifecycle
  Scenario: A column that no data file of a fragment holds reads as nulls
    DataFragment: "If column exists in the schema of a dataset, but the file for that column does not exist
    within a DataFragment of that dataset, that column consists entirely of nulls." The kit adds a nullable
    column "score" (an int64 like "id", under a field id never used) to the schema of the engine's table,
    and writes no data file for it: each of the 4 rows has score NULL, so no comparison on it is true.
    Given the kit commits a version whose schema has a new column "score" like "id", in no data file
    Then counting the rows where "score IS NULL" gives 4, with and without indexes
    And counting the rows where "score = 0" gives 0, with and without indexes
    And counting the rows where "score IS NULL AND id >= 2" gives 3, with and without indexes
