Feature: IL03 Deleted rows never come out of an index

  An index covers "all of it's (non-deleted) rows" of a fragment: a deletion need not make a fragment
  uncovered, and a reader applies the deletions to what the index returns. A deletion is a deletion file
  (DataFragment.deletion_file, "File that indicates which rows, if any, should be considered deleted"), or a
  rewrite of the fragment's rows into a new fragment without the deleted ones: the documents require neither,
  so the scenarios judge deletion files where the engine writes them.

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
    Then counting the rows where "id <= 3" gives 2, with and without indexes
    And counting the rows where "id = 2" gives 0, with and without indexes
    When the engine deletes the rows where "id >= 4"
    Then counting the rows where "id >= 1" gives 2, with and without indexes
    And counting the rows where "id = 5" gives 0, with and without indexes

  @id:IL-0021 @spec:lance-table.proto#DeletionFile @level:must @requires:table.lifecycle
  Scenario: A deletion file is named as the table format says and holds the deleted offsets
    "The path of the deletion file is constructed as: {root}/_deletions/{fragment_id}-{read_version}-{id}.{extension}";
    ARROW_ARRAY is "A single Int32Array of deleted row offsets, stored as an Arrow IPC file with one batch
    and one column" (.arrow; its integer type is IL-0022), BITMAP "A Roaring Bitmap of deleted row
    offsets" (.bin); num_deleted_rows is "The number of rows that are marked as deleted". Fragment 0 holds
    ids 1, 2, 3 at offsets 0, 1, 2, fragment 1 ids 4, 5, 6. An engine that rewrites a fragment without its
    deleted rows instead (a new fragment id) writes no deletion file for it, and the counts judge its rows.
    Given the engine creates a table with columns "id int64, name string" in fragments of 3 rows:
      """json
      [{"id": 1, "name": "a"}, {"id": 2, "name": "b"}, {"id": 3, "name": "c"},
       {"id": 4, "name": "d"}, {"id": 5, "name": "e"}, {"id": 6, "name": "f"}]
      """
    When the engine deletes the rows where "id = 2"
    Then fragment 0, unless the engine rewrote it, has the deleted offsets "1"
    And every deletion file is named and written as the table format says
    When the engine deletes the rows where "id = 1"
    And the engine deletes the rows where "id = 6"
    Then fragment 0, unless the engine rewrote it, has the deleted offsets "0, 1"
    And fragment 1, unless the engine rewrote it, has the deleted offsets "2"
    And every deletion file is named and written as the table format says
    And counting the rows where "true" gives 3, with and without indexes
    And counting the rows where "id = 3" gives 1, with and without indexes

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

  @id:IL-0023 @spec:lance-table.proto#Manifest.reader_feature_flags @level:must @requires:table.lifecycle
  Scenario: A version that lists deletion files sets reader flag 1
    reader_feature_flags: "1 << 0: deletion files are present". Every version the engine writes that lists
    a deletion file sets that reader flag, so a reader that does not know deletion files stays out instead
    of reading deleted rows. The writer word is not judged: "the values of reader_feature_flags and
    writer_feature_flags are not required to be identical".
    Given the engine creates a table with columns "id int64, name string" in fragments of 3 rows:
      """json
      [{"id": 1, "name": "a"}, {"id": 2, "name": "b"}, {"id": 3, "name": "c"},
       {"id": 4, "name": "d"}, {"id": 5, "name": "e"}, {"id": 6, "name": "f"}]
      """
    When the engine deletes the rows where "id = 2"
    And the engine deletes the rows where "id = 6"
    Then every version of the table that has a deletion file sets reader feature flag 1

  @id:IL-0024 @spec:lance-table.proto#DeletionFile.read_version @level:must @requires:table.lifecycle
  Scenario: A deletion file records the version its delete read
    DeletionFile.read_version is "The version of the dataset this deletion file was built from": a delete
    that reads version N builds its deletion files from version N and commits version N + 1, so a deletion
    file first listed by version N + 1 records N (the same reading as IndexMetadata.dataset_version, "The
    version of the dataset this index was built from", IL-0001). The second delete replaces fragment 0's
    deletion file by one built from a later version; the third gives fragment 1 its first one and leaves
    fragment 0's as it was.
    Given the engine creates a table with columns "id int64, name string" in fragments of 3 rows:
      """json
      [{"id": 1, "name": "a"}, {"id": 2, "name": "b"}, {"id": 3, "name": "c"},
       {"id": 4, "name": "d"}, {"id": 5, "name": "e"}, {"id": 6, "name": "f"}]
      """
    When the engine deletes the rows where "id = 2"
    And the engine deletes the rows where "id = 1"
    And the engine deletes the rows where "id = 6"
    Then every deletion file records as read_version the version its commit read
