Feature: IV04 Index files are unique by UUID and immutable

  "Index files, unique by UUID"; "This file is immutable. Updates to indices add new files or remove
  existing ones." "Right now, we only have messages for index files": the legacy IndexMetadata segments,
  each a uuid with its files under _indices/<uuid>/. These scenarios judge those segments and the bytes
  of their files, which every engine writes, so they need no decision about where IndexV2 lives.

  Background:
    Given the engine creates a table with columns "id int64, name string" in fragments of 2 rows:
      """json
      [{"id": 1, "name": "a"}, {"id": 2, "name": "b"}, {"id": 3, "name": "c"}, {"id": 4, "name": "d"}]
      """
    And the engine creates a btree index "id_idx" on "id"
    And the index files are remembered as "created"

  @id:IV-0030 @spec:lance-index-v2-design.md#code @level:must @requires:table.lifecycle
  Scenario: Optimizing after an append adds an index file and leaves the existing one as it was
    When the engine appends in fragments of 2 rows:
      """json
      [{"id": 5, "name": "e"}, {"id": 6, "name": "f"}]
      """
    And the engine optimizes the indexes
    Then every index segment has its own uuid
    And the index files remembered as "created" that are still listed are unchanged
    And index "id_idx" covers every fragment of the table
    And counting the rows where "id >= 2" gives 5, with and without indexes

  @id:IV-0031 @spec:lance-index-v2-design.md#code @level:must @requires:table.lifecycle
  Scenario: Rewriting every covered row leaves the existing index file as it was
    When the engine merge-inserts on "id":
      """json
      [{"id": 1, "name": "A"}, {"id": 2, "name": "B"}, {"id": 3, "name": "C"}, {"id": 4, "name": "D"}]
      """
    Then every index segment has its own uuid
    And the index files remembered as "created" that are still listed are unchanged
    And counting the rows where "id >= 3" gives 2, with and without indexes

  @id:IV-0032 @spec:lance-index-v2-design.md#top-level-index-configuration @level:should @requires:table.lifecycle
  Scenario: The segments of one index cover different fragments
    "Each index name has multiple files. The files cover different parts of the dataset"; "There should not be
    any overlap between index files": after an append and an index optimization (a delta segment, or one
    merged segment), no fragment of the table is covered by two segments of the index. Should.
    When the engine appends in fragments of 2 rows:
      """json
      [{"id": 5, "name": "e"}, {"id": 6, "name": "f"}]
      """
    And the engine optimizes the indexes
    And the engine appends in fragments of 2 rows:
      """json
      [{"id": 7, "name": "g"}]
      """
    And the engine optimizes the indexes
    Then no fragment of the table is covered by two segments of index "id_idx"
