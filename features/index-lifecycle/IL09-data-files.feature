Feature: IL09 The data files and versions a writer lists

  What the manifests say of the table's data, judged on every version the engine wrote with the kit's own
  reader: DataFile.fields ("An object with a value in fields of -1 must not be stored to disk"; "-2 is used
  for tombstoned, meaning a field that is no longer in use"), column_indices ("there must be one entry for
  each field in fields … The column indices table may not have duplicates (other than -1)"), the data file's
  path and size, the schema's nested fields and the version numbers. The operations take each writer path
  the kit has: create, append, a delete, a merge-insert, a compaction and, last, a column rewrite in place
  (Lance writes the column into a second data file and tombstones it in the first).

  Background:
    Given the engine creates a table with columns "id int64, name string" in fragments of 2 rows:
      """json
      [{"id": 1, "name": "a"}, {"id": 2, "name": "b"}, {"id": 3, "name": "c"}, {"id": 4, "name": "d"}]
      """
    And the engine creates a btree index "id_idx" on "id"
    And the engine appends in fragments of 2 rows:
      """json
      [{"id": 5, "name": "e"}, {"id": 6, "name": "f"}]
      """
    And the engine deletes the rows where "id = 3"
    And the engine merge-inserts on "id":
      """json
      [{"id": 6, "name": "F"}, {"id": 7, "name": "g"}]
      """
    And the engine compacts into fragments of 10 rows
    And the engine rewrites column "name" in place, matching on "id":
      """json
      [{"id": 2, "name": "B"}, {"id": 5, "name": "E"}]
      """

  @id:IL-0080 @spec:lance-table.proto#DataFile.fields @level:must @requires:table.lifecycle
  Scenario: Every data file lists real field ids, one column index each, and no field twice in a fragment
    A field is listed by at most one data file of a fragment (a field that moved to another data file is
    tombstoned, -2, where it was). A DataFile of a V2 version has as many column_indices as fields, and no
    column index twice but -1. Version 1 files (0.1, 0.2) are not the kit's (out of scope).
    Then no data file of any version of the table lists the field id -1
    And every data file of a V2 version in any version of the table has one column index per field, none twice but -1
    And no fragment of any version of the table lists a field id in two of its data files
    And counting the rows where "true" gives 6, with and without indexes

  @id:IL-0081 @spec:lance-table.proto#DataFile.file_size_bytes @level:must @requires:table.lifecycle
  Scenario: Every data file is at data/ under its path, of the size recorded
    DataFile.path is relative to the dataset ("base_paths[id = 0] + /data/ + file.path" for a file of the
    dataset's own base); file_size_bytes is "The known size of the file on disk in bytes", unless it is 0
    ("unknown").
    Then every data file that any version of the table lists is at data/ under its path, of the size it records

  @id:IL-0084 @spec:lance-table.proto#Manifest.version @level:must @requires:table.lifecycle
  Scenario: Every manifest records the version its file is named for
    Manifest.version: "Snapshot version number". Each manifest under _versions/ holds the version its file
    name gives (V1 or V2 naming), so a reader that asks for version N reads version N.
    Then every manifest of the table records the version its file is named for

  @id:IL-0082 @spec:lance-table.proto#DataFile.file_size_bytes @level:should @requires:table.lifecycle
  Scenario: A data file whose size is recorded as 0 is read as of unknown size
    file_size_bytes: "When this is zero, it should be interpreted as "unknown"." The kit commits a version in
    which every data file records the size 0; the reader finds the sizes itself and counts every row.
    Given the kit commits a version where every data file records the size 0
    Then counting the rows where "true" gives 6, with and without indexes
    And counting the rows where "id >= 5" gives 3, with and without indexes
    And counting the rows where "name = 'E'" gives 1, with and without indexes

  @id:IL-0083 @spec:lance-table.proto#Manifest.fields @level:must @requires:table.lifecycle
  Scenario: The schema lists the nested fields: a list column's item
    Manifest.fields: "All fields of the dataset, including the nested fields." A list<string> column is a list
    field with a child field for its items, in every version the engine writes.
    Given the engine creates a table with columns "id int64, tags list<string>" in fragments of 2 rows:
      """json
      [{"id": 1, "tags": ["a", "b"]}, {"id": 2, "tags": []}, {"id": 3, "tags": null}]
      """
    When the engine appends in fragments of 2 rows:
      """json
      [{"id": 4, "tags": ["c"]}]
      """
    Then every version of the table lists column "tags" with a child field for its items
