Feature: IL06 Index names are unique; a new configuration is a new index

  "Top-level indexes, unique by name"; IndexMetadata.name "Must be unique within one dataset version"
  (segments of one index share it). IndexV2.id "uniquely identifies the index across time. If the index
  configuration changes, this also changes."

  Background:
    Given the engine creates a table with columns "id int64, name string" in fragments of 2 rows:
      """json
      [{"id": 1, "name": "a"}, {"id": 2, "name": "b"}, {"id": 3, "name": "c"}, {"id": 4, "name": "d"}]
      """
    And the engine creates a btree index "id_idx" on "id"

  @id:IL-0050 @spec:lance-table.proto#IndexMetadata.name @level:must @requires:table.lifecycle
  Scenario: A second index under a name in use is refused
    The name stays unique. The refusal is judged by its protocol code (EngineError.refusal_reason
    REFUSED_INDEX_NAME_EXISTS); the engine's own words are free.
    Given the index details of "id_idx" are remembered as "first"
    When the engine tries to create a bitmap index "id_idx" on "name"
    Then the engine refuses with INDEX_NAME_EXISTS
    And the manifest has index "id_idx" on field ids "0"
    And the index details of "id_idx" are those remembered as "first"

  @id:IL-0051 @spec:lance-index-v2-design.md#code @level:must @requires:table.lifecycle
  Scenario: Replacing an index with a new configuration gives it new ids
    Given the segment ids of index "id_idx" are remembered as "btree"
    When the engine replaces the bitmap index "id_idx" on "id"
    Then the segment ids of index "id_idx" are not those remembered as "btree"
    And counting the rows where "id = 3" gives 1, with and without indexes

  @id:IL-0052 @spec:lance-index-v2-design.md#top-level-index-configuration @level:should @requires:table.lifecycle
  Scenario: A dropped index is gone and answers still come from the data
    Should: no sentence of the design requires what a drop leaves behind; the kit expects the name gone and the
    answers unchanged.
    When the engine drops index "id_idx"
    Then the manifest has no index "id_idx"
    And counting the rows where "id = 3" gives 1, with and without indexes
