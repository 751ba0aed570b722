Feature: IL04 Compaction carries coverage over to the rewritten fragments

  Compaction rewrites fragments into new ones. An index that covered all the rows of the old fragments
  must cover the new ones (coverage remapped), and its answers must stay right.

  @id:IL-0030 @spec:lance-table.proto#IndexMetadata.fragment_bitmap @level:must @requires:table.lifecycle
  Scenario: Fragments compacted into one stay covered, and the deleted row stays gone
    Three fragments of 2 rows (ids 1..6), id 3 deleted, compacted into fragments of up to 10 rows: one
    fragment of the 5 remaining rows.
    Given the engine creates a table with columns "id int64, name string" in fragments of 2 rows:
      """json
      [{"id": 1, "name": "a"}, {"id": 2, "name": "b"}, {"id": 3, "name": "c"},
       {"id": 4, "name": "d"}, {"id": 5, "name": "e"}, {"id": 6, "name": "f"}]
      """
    And the engine creates a btree index "id_idx" on "id"
    When the engine deletes the rows where "id = 3"
    And the engine compacts into fragments of 10 rows
    Then the table has 1 fragment
    And index "id_idx" covers every fragment of the table
    And counting the rows where "id >= 1" gives 5, with and without indexes
    And counting the rows where "id = 3" gives 0, with and without indexes
    And counting the rows where "id = 4" gives 1, with and without indexes
