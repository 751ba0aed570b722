Feature: IL03 Deleted rows never come out of an index

  An index covers "all of it's (non-deleted) rows" of a fragment: a deletion does not make a fragment
  uncovered, and a reader applies the deletions to what the index returns.

  @id:IL-0020 @spec:lance-index-v2-design.md#code @level:must @requires:table.lifecycle
  Scenario: Rows deleted after the index was built are not counted through it
    Fragment 0 holds ids 1, 2, 3 and fragment 1 ids 4, 5, 6. Deleting id 2 leaves 1 and 3 at or below
    3; deleting ids 4 to 6 as well leaves 1 and 3 in all.
    Given the engine creates a table with columns "id int64, name string" in fragments of 3 rows:
      """json
      [{"id": 1, "name": "a"}, {"id": 2, "name": "b"}, {"id": 3, "name": "c"},
       {"id": 4, "name": "d"}, {"id": 5, "name": "e"}, {"id": 6, "name": "f"}]
      """
    And the engine creates a btree index "id_idx" on "id"
    When the engine deletes the rows where "id = 2"
    Then index "id_idx" covers fragments "0, 1"
    And counting the rows where "id <= 3" gives 2, with and without indexes
    When the engine deletes the rows where "id >= 4"
    Then the manifest has index "id_idx" on field ids "0"
    And counting the rows where "id >= 1" gives 2, with and without indexes
    And counting the rows where "id = 5" gives 0, with and without indexes

  @id:IL-0021 @spec:lance-table.proto#DeletionFile @level:must @requires:table.lifecycle
  Scenario: A deletion is a deletion file named as the table format says, holding the deleted offsets
    "The path of the deletion file is constructed as: {root}/_deletions/{fragment_id}-{read_version}-{id}.{extension}";
    ARROW_ARRAY is "A single Int32Array of deleted row offsets, stored as an Arrow IPC file with one batch
    and one column" (.arrow; its integer type is IL-0022), BITMAP "A Roaring Bitmap of deleted row
    offsets" (.bin); num_deleted_rows is "The number of rows that are marked as deleted". Fragment 0 holds
    ids 1, 2, 3 at offsets 0, 1, 2, fragment 1 ids 4, 5, 6.
    Given the engine creates a table with columns "id int64, name string" in fragments of 3 rows:
      """json
      [{"id": 1, "name": "a"}, {"id": 2, "name": "b"}, {"id": 3, "name": "c"},
       {"id": 4, "name": "d"}, {"id": 5, "name": "e"}, {"id": 6, "name": "f"}]
      """
    When the engine deletes the rows where "id = 2"
    Then fragment 0 has the deleted offsets "1"
    And every deletion file is named and written as the table format says
    When the engine deletes the rows where "id = 1"
    And the engine deletes the rows where "id = 6"
    Then fragment 0 has the deleted offsets "0, 1"
    And fragment 1 has the deleted offsets "2"
    And every deletion file is named and written as the table format says

  @id:IL-0022 @spec:lance-table.proto#DeletionFile.DeletionFileType.ARROW_ARRAY @level:must @requires:table.lifecycle
  Scenario: An Arrow deletion file holds its offsets as an Int32 array
    ARROW_ARRAY: "A single Int32Array of deleted row offsets". An engine that writes BITMAP files only
    passes.
    Given the engine creates a table with columns "id int64, name string" in fragments of 3 rows:
      """json
      [{"id": 1, "name": "a"}, {"id": 2, "name": "b"}, {"id": 3, "name": "c"}]
      """
    When the engine deletes the rows where "id = 2"
    Then every Arrow deletion file holds its offsets as an Int32 array
