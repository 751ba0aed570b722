Feature: IV01 Writers write the top-level IndexV2 next to the legacy metadata

  "We should start writing out both forms of index metadata." Each IndexV2 is one index, unique by
  name, with its field ids, index_type_id, index_config and files; each file is "unique by UUID", covers
  whole fragments, and "There should not be any overlap between index files."

  The design gives the message but not where it lives: these scenarios read IndexV2 from IndexSection
  field 2, the kit's decision (docs/decisions/0001). Where IndexV2 lives, and that an engine writes it at
  all, is never a must: the scenarios that need an IndexV2 in the manifest are should. What the design says
  of an IndexV2's own fields is judged at its own level on the IndexV2 an engine that declares index_v2
  writes there, and where there is none there is nothing to judge (docs/decisions/0061): IV-0007, IV-0008 and
  IV-0009 are must. How the two forms map onto each other (one IndexV2File per legacy segment, the file id =
  the segment uuid, type ids such as "lance:btree") is the kit's decision 0004, checked only by the open
  scenario IV-0006.

  Background:
    Given the engine creates a table with columns "id int64, name string" in fragments of 2 rows:
      """json
      [{"id": 1, "name": "a"}, {"id": 2, "name": "b"}, {"id": 3, "name": "c"}, {"id": 4, "name": "d"}]
      """

  @id:IV-0001 @spec:lance-index-v2-design.md#faq @level:should @requires:table.lifecycle @requires:index_v2
  Scenario: A new index is written in both forms
    Rests on decision 0001 (IndexV2 in IndexSection field 2), hence should.
    When the engine creates a btree index "id_idx" on "id"
    Then the manifest has index "id_idx" on field ids "0"
    And the manifest has an IndexV2 "id_idx" on field ids "0"
    And the files of IndexV2 "id_idx" cover disjoint fragments
    And IndexV2 "id_idx" covers fragments "0, 1"

  @id:IV-0002 @spec:lance-index-v2-design.md#goals @level:should @requires:table.lifecycle @requires:index_v2
  Scenario: An IndexV2 exists on an empty table, with its configuration, covering nothing
    Rests on decision 0001 (IndexV2 in IndexSection field 2), hence should.
    Given the engine creates an empty table with columns "id int64, name string"
    When the engine creates a btree index "id_idx" on "id"
    Then the manifest has an IndexV2 "id_idx" on field ids "0"
    And IndexV2 "id_idx" covers fragments ""

  @id:IV-0003 @spec:lance-index-v2-design.md#top-level-index-configuration @level:should @requires:table.lifecycle @requires:index_v2
  Scenario: The IndexV2 stays when every row it covers is rewritten
    Rests on decision 0001 (IndexV2 in IndexSection field 2), hence should; IL-0010 checks the same
    footgun on the legacy segments at must.
    Given the engine creates a btree index "id_idx" on "id"
    When the engine merge-inserts on "id":
      """json
      [{"id": 1, "name": "A"}, {"id": 2, "name": "B"}, {"id": 3, "name": "C"}, {"id": 4, "name": "D"}]
      """
    Then the manifest has an IndexV2 "id_idx" on field ids "0"
    And IndexV2 "id_idx" covers fragments ""

  @id:IV-0004 @spec:lance-index-v2-design.md#code @level:should @requires:table.lifecycle @requires:index_v2
  Scenario: Optimizing adds files covering new fragments; existing files, the id and the configuration stay
    "This file is immutable. Updates to indices add new files or remove existing ones"; index_config
    "should not change after it is created"; the id changes only "If the index configuration changes".
    Rests on decision 0001 (IndexV2 in IndexSection field 2), hence should; IV-0030 checks the files on
    the legacy segments at must.
    Given the engine creates a btree index "id_idx" on "id"
    And the IndexV2 id of "id_idx" is remembered as "created"
    And the index_config of IndexV2 "id_idx" is remembered as "created"
    And the files of IndexV2 "id_idx" are remembered as "created"
    When the engine appends in fragments of 2 rows:
      """json
      [{"id": 5, "name": "e"}, {"id": 6, "name": "f"}]
      """
    And the engine optimizes the indexes
    Then the manifest has an IndexV2 "id_idx" on field ids "0"
    And the files of IndexV2 "id_idx" cover disjoint fragments
    And IndexV2 "id_idx" covers fragments "0, 1, 2"
    And the files of IndexV2 "id_idx" remembered as "created" that are still listed are unchanged
    And the IndexV2 id of "id_idx" is the one remembered as "created"
    And the index_config of IndexV2 "id_idx" is the one remembered as "created"

  @id:IV-0005 @spec:lance-index-v2-design.md#code @level:should @requires:table.lifecycle @requires:index_v2
  Scenario: A new configuration under the same name is a new IndexV2 id, and another type another type id
    "If the index configuration changes, this also changes"; index_type_id is "Used to differentiate the
    index_config message". Rests on decision 0001 (IndexV2 in IndexSection field 2), hence should.
    Given the engine creates a btree index "id_idx" on "id"
    And the IndexV2 id of "id_idx" is remembered as "btree"
    And the index_type_id of IndexV2 "id_idx" is remembered as "btree"
    When the engine replaces the bitmap index "id_idx" on "id"
    Then the manifest has an IndexV2 "id_idx" on field ids "0"
    And the IndexV2 id of "id_idx" is not the one remembered as "btree"
    And the index_type_id of IndexV2 "id_idx" is not the one remembered as "btree"

  @id:IV-0006 @spec:lance-index-v2-design.md#code @level:should @requires:table.lifecycle @requires:index_v2 @open
  Scenario: The two forms map one IndexV2 file to one legacy segment, with Lance's type names
    Open question: how do the legacy segments and IndexV2 map onto each other, and what are the
    index_type_id of Lance's own types? The kit's choice (docs/decisions/0004): one IndexV2File per legacy
    segment, its id the segment uuid, its bitmap the segment's, its size the segment's one file; type ids
    "lance:" + the details message name without "IndexDetails", lower-cased ("lance:btree", "lance:bitmap").
    When the engine creates a btree index "id_idx" on "id"
    And the engine creates a bitmap index "name_idx" on "name"
    Then the manifest has an IndexV2 "id_idx" on field ids "0" of type "lance:btree"
    And the manifest has an IndexV2 "name_idx" on field ids "1" of type "lance:bitmap"
    And the IndexV2 "id_idx" and its legacy segments describe the same files
    And the IndexV2 "name_idx" and its legacy segments describe the same files

  @id:IV-0007 @spec:lance-index-v2-design.md#code @level:must @requires:table.lifecycle @requires:index_v2
  Scenario: An index of a type from outside the Lance repo gets no type id with the prefix "lance:"
    "The prefix "lance:" is reserved for indices implemented in the Lance repo." The kit commits the index
    with details of a type that no Lance package defines (/example.FooIndexDetails); an IndexV2 that the
    engine writes for it in the next version does not claim the prefix (an engine that writes no IndexV2
    for an index type it does not know passes too: docs/decisions/0061).
    Given the engine creates a btree index "id_idx" on "id"
    And the kit commits a version where index "id_idx" has the details type URL "/example.FooIndexDetails"
    When the engine appends in fragments of 2 rows:
      """json
      [{"id": 5, "name": "e"}, {"id": 6, "name": "f"}]
      """
    Then an IndexV2 "id_idx" in the manifest, if any, has no index_type_id with the prefix "lance:"

  @id:IV-0008 @spec:lance-index-v2-design.md#code @level:must @requires:table.lifecycle @requires:index_v2
  Scenario: An IndexV2 keeps its id through every commit that keeps its configuration
    IndexV2.id "unique identifies the index across time. If the index configuration changes, this also
    changes": across appends, index optimization, deletes, compaction and a rename of another column the
    configuration stays, and so does the id (IL-0051 and IV-0005: a new configuration, a new id). Judged on the
    IndexV2 the engine writes, if any (docs/decisions/0061).
    Given the engine creates a btree index "id_idx" on "id"
    And the IndexV2 id of "id_idx", if the manifest has one, is remembered as "created"
    When the engine appends in fragments of 2 rows:
      """json
      [{"id": 5, "name": "e"}, {"id": 6, "name": "f"}]
      """
    And the engine optimizes the indexes
    And the engine deletes the rows where "id = 1"
    And the engine compacts into fragments of 10 rows
    And the engine renames column "name" to "label"
    Then the IndexV2 id of "id_idx", if the manifest has one, is the one remembered as "created"

  @id:IV-0009 @spec:lance-index-v2-design.md#code @level:must @requires:table.lifecycle @requires:index_v2
  Scenario: Each IndexV2 file names its folder, and records its size and the fragments it covers
    IndexV2: "A unique, human-readable name", "The fields that the index is on", "The files that make up the
    index"; IndexFile.id: "The filename is derived from this UUID"; file_size: "The size in bytes of the index
    file"; fragment_bitmap: "A serialized roaring bitmap. Contains the fragment ids that are covered by this
    index." The folder _indices/<id>/ holds the file, of file_size bytes (0: unknown, as for data files,
    docs/decisions/0004), and the bitmap names fragments of the table. Judged on the IndexV2 the engine writes,
    if any (docs/decisions/0061).
    When the engine creates a btree index "id_idx" on "id"
    And the engine creates a bitmap index "name_idx" on "name"
    And the engine appends in fragments of 2 rows:
      """json
      [{"id": 5, "name": "e"}, {"id": 6, "name": "f"}]
      """
    And the engine optimizes the indexes
    Then every IndexV2 in the manifest has a name no other has
    And the IndexV2 "id_idx", if any, is on field ids "0"
    And the IndexV2 "name_idx", if any, is on field ids "1"
    And every file of every IndexV2 in the manifest is in the folder named by its id, of its file_size
    And every file of every IndexV2 in the manifest has a Roaring fragment_bitmap of fragments of the table
