Feature: IL01 An index on an empty table

  "This causes some footguns with indices: 1. Users can't create indices on empty tables", hence goal 3,
  "Allow configuring an index on an empty table." A goal is the design's aim, not a requirement (decision
  0060): IL-0003 judges it at should. IL-0001 and IL-0002 judge, at must, what an engine that makes such an
  index writes: it records that it covers nothing (an empty fragment_bitmap, the 8 bytes 3a300000 00000000,
  says "no fragment"; empty bytes would say "coverage unknown"), and rows appended later are found right until
  the index is brought up to date. An engine that refuses an index on a table without rows declines the
  situation those two judge: they pass with that observation.

  @id:IL-0001 @spec:lance-table.proto#IndexMetadata.fragment_bitmap @level:must @requires:table.lifecycle
  Scenario: An index created on an empty table records that it covers no fragment
    Given the engine creates an empty table with columns "id int64, name string"
    When the engine creates a btree index "id_idx" on "id", unless it declines an index on a table without rows
    Then the table has no fragments
    And the manifest has index "id_idx" on field ids "0"
    And index "id_idx" records its coverage, even of no fragments
    And index "id_idx" covers no fragments
    And index "id_idx" was built from a version its operation read
    And max_fragment_id is the highest fragment id used so far

  @id:IL-0002 @spec:lance-table.proto#IndexMetadata.fragment_bitmap @level:must @requires:table.lifecycle
  Scenario: Rows appended after the index are found right, and optimizing covers them
    Three rows in fragments of 2 rows make two fragments: [1, 2] and [3]. Two of them have id >= 2. The index
    was built on no row, so whatever it says it covers, an answer from it alone would find none.
    Given the engine creates an empty table with columns "id int64, name string"
    And the engine creates a btree index "id_idx" on "id", unless it declines an index on a table without rows
    When the engine appends in fragments of 2 rows:
      """json
      [{"id": 1, "name": "a"}, {"id": 2, "name": "b"}, {"id": 3, "name": "c"}]
      """
    Then the table has 2 fragments
    And counting the rows where "id >= 2" gives 2, with and without indexes
    And counting the rows where "id = 1" gives 1, with and without indexes
    When the engine optimizes the indexes
    Then index "id_idx" covers every fragment of the table
    And every index segment has its own uuid
    And max_fragment_id is the highest fragment id used so far
    And counting the rows where "id >= 2" gives 2, with and without indexes

  @id:IL-0003 @spec:lance-index-v2-design.md#goals @level:should @requires:table.lifecycle
  Scenario: An index can be created on a table without rows
    Goal 3, "Allow configuring an index on an empty table", an aim of the design (non-normative, decision
    0060), hence should: the engine creates the index, and the manifest lists it, covering nothing.
    Given the engine creates an empty table with columns "id int64, name string"
    When the engine creates a btree index "id_idx" on "id"
    Then the manifest has index "id_idx" on field ids "0"
    And index "id_idx" covers no fragments
