Feature: IL05 Indexes follow the schema by field id

  IndexMetadata.fields "refer to file.Field.id". A rename keeps the field id, so the index follows it; a
  dropped field takes its indexes with it; an index never names a field id the schema does not have.
  Field ids of "id int64, name string" are 0 and 1.

  Background:
    Given the engine creates a table with columns "id int64, name string" in fragments of 2 rows:
      """json
      [{"id": 1, "name": "a"}, {"id": 2, "name": "b"}, {"id": 3, "name": "c"}, {"id": 4, "name": "d"}]
      """
    And the engine creates a btree index "id_idx" on "id"
    And the engine creates a btree index "name_idx" on "name"

  @id:IL-0040 @spec:lance-table.proto#IndexMetadata.fields @level:must @requires:table.lifecycle
  Scenario: A renamed column keeps its field id and its index
    When the engine renames column "name" to "label"
    Then column "label" has field id 1
    And the manifest has index "name_idx" on field ids "1"
    And counting the rows where "label = 'b'" gives 1, with and without indexes

  @id:IL-0041 @spec:lance-table.proto#IndexMetadata.fields @level:must @requires:table.lifecycle
  Scenario: Dropping a column drops the indexes on it and keeps the others
    When the engine drops column "name"
    Then the manifest has no index "name_idx"
    And the manifest has index "id_idx" on field ids "0"
    And every index is on fields of the schema
    And counting the rows where "id >= 2" gives 3, with and without indexes

  @id:IL-0042 @spec:lance-table.proto#IndexMetadata.fields @level:must @requires:table.lifecycle
  Scenario: After a column's type changes, no index names a field the schema does not have
    When the engine changes the type of column "id" to "int32"
    Then column "id" has type "int32"
    And every index is on fields of the schema
    And counting the rows where "id >= 2" gives 3, with and without indexes

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
