Feature: IV01 Writers write the top-level IndexV2 next to the legacy metadata

  "We should start writing out both forms of index metadata." Each IndexV2 is one index, unique by
  name, with its field ids, index_type_id, index_config and files; each file covers whole fragments, and
  "There should not be any overlap between index files." The kit's mapping between the two forms
  (docs/decisions/0004): one IndexV2File per legacy segment, with the segment's uuid as the file id, its
  fragment_bitmap, and the size of its one file.

  Background:
    Given the engine creates a table with columns "id int64, name string" in fragments of 2 rows:
      """json
      [{"id": 1, "name": "a"}, {"id": 2, "name": "b"}, {"id": 3, "name": "c"}, {"id": 4, "name": "d"}]
      """

  @id:IV-0001 @spec:lance-index-v2-design.md#faq @level:must @requires:table.lifecycle @requires:index_v2
  Scenario: A new index is written in both forms, and they agree
    When the engine creates a btree index "id_idx" on "id"
    Then the manifest has an IndexV2 "id_idx" on field ids "0" of type "lance:btree"
    And the IndexV2 "id_idx" and its legacy segments describe the same files
    And IndexV2 "id_idx" covers fragments "0, 1"

  @id:IV-0002 @spec:lance-index-v2-design.md#goals @level:must @requires:table.lifecycle @requires:index_v2
  Scenario: An IndexV2 exists on an empty table, with its configuration, covering nothing
    Given the engine creates an empty table with columns "id int64, name string"
    When the engine creates a btree index "id_idx" on "id"
    Then the manifest has an IndexV2 "id_idx" on field ids "0" of type "lance:btree"
    And IndexV2 "id_idx" covers fragments ""

  @id:IV-0003 @spec:lance-index-v2-design.md#top-level-index-configuration @level:must @requires:table.lifecycle @requires:index_v2
  Scenario: The IndexV2 stays when every row it covers is rewritten
    Given the engine creates a btree index "id_idx" on "id"
    When the engine merge-inserts on "id":
      """json
      [{"id": 1, "name": "A"}, {"id": 2, "name": "B"}, {"id": 3, "name": "C"}, {"id": 4, "name": "D"}]
      """
    Then the manifest has an IndexV2 "id_idx" on field ids "0" of type "lance:btree"
    And IndexV2 "id_idx" covers fragments ""
    And the IndexV2 "id_idx" and its legacy segments describe the same files

  @id:IV-0004 @spec:lance-index-v2-design.md#code @level:must @requires:table.lifecycle @requires:index_v2
  Scenario: Files added by optimizing cover fragments no other file covers, and the id stays
    Given the engine creates a btree index "id_idx" on "id"
    And the IndexV2 id of "id_idx" is remembered as "created"
    When the engine appends in fragments of 2 rows:
      """json
      [{"id": 5, "name": "e"}, {"id": 6, "name": "f"}]
      """
    And the engine optimizes the indexes
    Then the files of IndexV2 "id_idx" cover disjoint fragments
    And IndexV2 "id_idx" covers fragments "0, 1, 2"
    And the IndexV2 "id_idx" and its legacy segments describe the same files
    And the IndexV2 id of "id_idx" is the one remembered as "created"

  @id:IV-0005 @spec:lance-index-v2-design.md#code @level:must @requires:table.lifecycle @requires:index_v2
  Scenario: A new configuration under the same name is a new IndexV2 id
    Given the engine creates a btree index "id_idx" on "id"
    And the IndexV2 id of "id_idx" is remembered as "btree"
    When the engine replaces the bitmap index "id_idx" on "id"
    Then the manifest has an IndexV2 "id_idx" on field ids "0" of type "lance:bitmap"
    And the IndexV2 id of "id_idx" is not the one remembered as "btree"
