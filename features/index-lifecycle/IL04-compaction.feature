Feature: IL04 Compaction keeps answers through the indexes right, and fragment ids unique

  Compaction rewrites fragments into new ones. An index that covered all the rows of the old fragments may
  cover the new ones (coverage remapped, as Lance and the reference do) or not (they are then scanned): the
  documents require neither. Its answers must stay right, and no fragment id names two fragments.

  @id:IL-0030 @spec:lance-table.proto#IndexMetadata.fragment_bitmap @level:must @requires:table.lifecycle
  Scenario: Fragments compacted into one: answers through the index stay right, and the deleted row stays gone
    Three fragments of 2 rows (ids 1..6), id 3 deleted, compacted into fragments of up to 10 rows: one
    fragment of the 5 remaining rows. An index that covers the new fragment answers for all its rows.
    Given the engine creates a table with columns "id int64, name string" in fragments of 2 rows:
      """json
      [{"id": 1, "name": "a"}, {"id": 2, "name": "b"}, {"id": 3, "name": "c"},
       {"id": 4, "name": "d"}, {"id": 5, "name": "e"}, {"id": 6, "name": "f"}]
      """
    And the engine creates a btree index "id_idx" on "id"
    When the engine deletes the rows where "id = 3"
    And the engine compacts into fragments of 10 rows
    Then the table has 1 fragment
    And counting the rows where "id >= 1" gives 5, with and without indexes
    And counting the rows where "id = 3" gives 0, with and without indexes
    And counting the rows where "id = 4" gives 1, with and without indexes

  @id:IL-0031 @spec:lance-table.proto#DataFragment.id @level:must @requires:table.lifecycle
  Scenario: Appends, deletes and compaction never give a used fragment id to another fragment
    "The ID of a DataFragment is unique within a dataset"; max_fragment_id is "The highest fragment ID that
    has been used so far. This ID is not guaranteed to be present in the current version". Three fragments
    of 2 rows hold ids 1 to 6. Deleting ids 5 and 6 empties the third fragment; the rows appended next go
    to a fragment under an id never used before (whether or not the emptied fragment stays listed).
    Compaction rewrites fragments into new ones, and the last append again needs a new id. The kit reads
    every version the engine wrote; 2, 3, 4, 7, 8 and 9 remain.
    Given the engine creates a table with columns "id int64, name string" in fragments of 2 rows:
      """json
      [{"id": 1, "name": "a"}, {"id": 2, "name": "b"}, {"id": 3, "name": "c"},
       {"id": 4, "name": "d"}, {"id": 5, "name": "e"}, {"id": 6, "name": "f"}]
      """
    When the engine deletes the rows where "id >= 5"
    And the engine appends in fragments of 2 rows:
      """json
      [{"id": 7, "name": "g"}, {"id": 8, "name": "h"}]
      """
    And the engine deletes the rows where "id = 1"
    And the engine compacts into fragments of 10 rows
    And the engine appends in fragments of 2 rows:
      """json
      [{"id": 9, "name": "i"}]
      """
    Then no fragment id has named two fragments in any version of the table
    And max_fragment_id is the highest fragment id used so far
    And counting the rows where "id >= 1" gives 6, with and without indexes
