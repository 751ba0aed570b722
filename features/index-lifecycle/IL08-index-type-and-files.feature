Feature: IL08 The manifest says an index's type and its files' sizes

  Goal 5, "Make it cheaper to retrieve the index type": the type is in the manifest (index_details'
  type URL; "If a user provides a simple string identifier like "btree" then it will be converted to
  "/lance.table.BTreeIndexDetails""). Goal 2, "Allow faster index loading by storing size in
  manifest": IndexMetadata.files "enables skipping HEAD calls when opening indices"; "If this is empty,
  the index files sizes are unknown."

  Background:
    Given the engine creates a table with columns "id int64, name string" in fragments of 2 rows:
      """json
      [{"id": 1, "name": "a"}, {"id": 2, "name": "b"}, {"id": 3, "name": "c"}, {"id": 4, "name": "d"}]
      """
    And the engine creates a btree index "id_idx" on "id"

  @id:IL-0070 @spec:lance-table.proto#IndexMetadata.index_details @level:should @requires:table.lifecycle
  Scenario: The type of each index is the type URL of its details
    When the engine creates a bitmap index "name_idx" on "name"
    Then index "id_idx" has the type URL "/lance.table.BTreeIndexDetails"
    And index "name_idx" has the type URL "/lance.table.BitmapIndexDetails"

  @id:IL-0071 @spec:lance-table.proto#IndexMetadata.files @level:should @requires:table.lifecycle
  Scenario: Every index file is recorded with its exact size
    Then every segment of index "id_idx" records each of its files with the file's size

  @id:IL-0072 @spec:lance-index-v2-design.md#goals @level:should @requires:table.lifecycle @requires:index.open_requests
  Scenario: With file sizes recorded, opening an index makes no size request
    The kit serves the table over S3 from its own store and counts the requests there (docs/object-store.md):
    the engine reads the index's files, and never asks the store for the size of an index file.
    When the engine opens index "id_idx"
    Then opening it made no size request

  @id:IL-0073 @spec:lance-table.proto#IndexMetadata.files @level:should @requires:table.lifecycle @requires:index.open_requests
  Scenario: Without file sizes, the index is still opened and its files read
    "If this is empty, the index files sizes are unknown": the reader finds the sizes itself (a HEAD
    request, as the design's footnote says, or any other way) and reads the files; how many size requests
    it made is reported, not judged.
    Given the kit commits a version where index "id_idx" records no file sizes
    When the engine opens index "id_idx"
    Then opening it read the index's files

  @id:IL-0074 @spec:lance-table.proto#IndexMetadata.files @level:must @requires:table.lifecycle
  Scenario: Without file sizes, the index's answers stay right
    IndexMetadata.files: "If this is empty, the index files sizes are unknown": unknown, not 0 bytes. A
    reader that uses the index finds the sizes itself (or scans); either way its answers are the table's
    rows: ids 1 to 4, three of them at least 2.
    Given the kit commits a version where index "id_idx" records no file sizes
    Then counting the rows where "id >= 2" gives 3, with and without indexes
    And counting the rows where "id = 1" gives 1, with and without indexes

  @id:IL-0091 @spec:lance-index-v2-design.md#goals @level:should @requires:table.lifecycle @requires:index.open_requests
  Scenario: Describing the indexes reads no index file
    Goal 5, "Make it cheaper to retrieve the index type": the manifest says each index's name, fields,
    type (the details' type URL) and covered fragments, so a reader that lists the indexes it would use
    needs none of their files. The kit serves the table over S3 and counts the requests there.
    When the engine creates a bitmap index "name_idx" on "name"
    And the engine describes the indexes of the table served over S3
    Then describing them read no index file, and named the indexes "id_idx, name_idx"

  @id:IL-0090 @spec:lance-table.proto#IndexMetadata.files @level:should @requires:table.lifecycle @requires:index.open_requests @open
  Scenario Outline: A recorded size that disagrees with the object is not trusted blindly
    Open question: what must a reader do when the manifest records a size that is not the index file's
    size? The spec only says that the sizes enable skipping HEAD calls. The kit's choice
    (docs/decisions/0030): the reader either refuses to open the index, or finds the object's real size
    itself (a HEAD, or a read that reaches the object's real end) before using the file; never reads a
    footer at a place the object does not end.
    Given the kit commits a version where index "id_idx" records each file's size <delta> bytes off
    When the engine tries to open index "id_idx"
    Then the engine refused to open it, or read every index file it used to its real end

    Examples:
      | delta |
      | 1     |
      | -1    |

  @id:IL-0075 @spec:lance-table.proto#IndexMetadata.created_at @level:must @requires:table.lifecycle
  Scenario: An index records when it was created, in milliseconds since the epoch
    created_at: "Timestamp when the index was created (UTC timestamp in milliseconds since epoch)". The kit
    notes its clock before and after the request; a created_at the engine writes lies between them (a second
    of slack either way), which a time in seconds or microseconds does not. "This field is optional for
    backward compatibility": an index without one passes.
    When the engine creates a bitmap index "name_idx" on "name"
    Then every segment of index "name_idx" that the last operation added records as created_at, if at all, a time during that operation in milliseconds

  @id:IL-0076 @spec:lance-table.proto#IndexMetadata.files @level:must @requires:table.lifecycle
  Scenario: The files an index segment records are in its own folder, of the sizes recorded
    IndexMetadata.files: "List of files and their sizes for this index segment"; IndexFile.path is "relative to
    the index directory", and an index file's "filename is derived from this UUID" (the design): the segment's
    folder is _indices/<uuid>/. Recording files is a should (IL-0071); what a segment records is judged here.
    covering_fields is "Empty for an index that carries no extra columns": the kit's indexes carry none.
    When the engine appends in fragments of 2 rows:
      """json
      [{"id": 5, "name": "e"}, {"id": 6, "name": "f"}]
      """
    And the engine optimizes the indexes
    Then every file that an index segment records is in the folder named by its uuid, of the size recorded
    And no index segment declares covering fields

  @id:IL-0077 @spec:lance-table.proto#IndexMetadata.index_details @level:should @requires:table.lifecycle
  Scenario: An index's details do not grow with the table
    index_details: "Indices should avoid putting large amounts of information in this field, as it will bloat
    the manifest." The same indexes on a table of 4 rows and one of 64: the details, which live in every
    manifest, are of the index's type and configuration, not of its data. The kit's reading of "large", as a
    should: 60 more rows add at most 16 bytes to an index's details (a per-row payload adds at least one byte
    a row).
    Given the engine creates a bitmap index "name_idx" on "name"
    And the sizes of the index details are remembered as "4 rows"
    When the engine creates a table of 64 rows with columns "id int64, name string", in fragments of 16 rows
    And the engine creates a btree index "id_idx" on "id"
    And the engine creates a bitmap index "name_idx" on "name"
    Then the index details are at most 16 bytes larger than those remembered as "4 rows"
