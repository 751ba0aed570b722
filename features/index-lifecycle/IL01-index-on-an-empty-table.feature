Feature: IL01 An index on an empty table

  "This causes some footguns with indices: 1. Users can't create indices on empty tables", hence goal 3,
  "Allow configuring an index on an empty table." An index made before any row exists is a real index:
  it is in the manifest on its field, and it records that it covers nothing. An empty fragment_bitmap
  (the 8 bytes 3a300000 00000000) says "no fragment"; empty bytes would say "coverage unknown".
  Rows appended later are found by scanning until the index is brought up to date.

  @id:IL-0001 @spec:lance-index-v2-design.md#goals @level:must @requires:table.lifecycle
  Scenario: An index created on an empty table is in the manifest and covers nothing
    Given the engine creates an empty table with columns "id int64, name string"
    When the engine creates a btree index "id_idx" on "id"
    Then the table has no fragments
    And the manifest has index "id_idx" on field ids "0"
    And index "id_idx" records its coverage, even of no fragments
    And index "id_idx" covers no fragments
    And index "id_idx" was built from the version before it was created
    And max_fragment_id is the highest fragment id used so far

  @id:IL-0002 @spec:lance-index-v2-design.md#goals @level:must @requires:table.lifecycle
  Scenario: Rows appended after the index are found by scanning, and optimizing covers them
    Three rows in fragments of 2 rows make two fragments: [1, 2] and [3]. Two of them have id >= 2.
    Given the engine creates an empty table with columns "id int64, name string"
    And the engine creates a btree index "id_idx" on "id"
    When the engine appends in fragments of 2 rows:
      """json
      [{"id": 1, "name": "a"}, {"id": 2, "name": "b"}, {"id": 3, "name": "c"}]
      """
    Then the table has 2 fragments
    And index "id_idx" covers no fragments
    And counting the rows where "id >= 2" gives 2, with and without indexes
    When the engine optimizes the indexes
    Then index "id_idx" covers every fragment of the table
    And every index segment has its own uuid
    And max_fragment_id is the highest fragment id used so far
    And counting the rows where "id >= 2" gives 2, with and without indexes
