Feature: IL02 Updating every row an index covers does not delete the index, and answers stay right

  "2. If a user creates an index, then updates all the rows covered in that index, the index is
  deleted." A footgun the design removes: its fix is an aim (non-normative, decision 0060), judged at should
  (IL-0015, IL-0016). What is required is judged at must: an IndexV2 file covers a fragment only if "all of
  it's (non-deleted) rows are covered by the index", so an index whose rows changed under it must not answer
  for them, however the engine keeps it (pruned, rebuilt, or dropped). The data make an answer from the old
  index wrong: the names change case.

  Background:
    Four rows in fragments of 2 rows: fragment 0 holds ids 1 and 2, fragment 1 ids 3 and 4.
    Given the engine creates a table with columns "id int64, name string" in fragments of 2 rows:
      """json
      [{"id": 1, "name": "a"}, {"id": 2, "name": "b"}, {"id": 3, "name": "c"}, {"id": 4, "name": "d"}]
      """
    And the engine creates a btree index "id_idx" on "id"
    And the engine creates a btree index "name_idx" on "name"

  @id:IL-0010 @spec:lance-index-v2-design.md#code @level:must @requires:table.lifecycle
  Scenario: Rewriting every row into new fragments: answers through the indexes stay right
    When the engine merge-inserts on "id":
      """json
      [{"id": 1, "name": "A"}, {"id": 2, "name": "B"}, {"id": 3, "name": "C"}, {"id": 4, "name": "D"}]
      """
    Then the table no longer has fragments "0, 1"
    And counting the rows where "name = 'C'" gives 1, with and without indexes
    And counting the rows where "name = 'c'" gives 0, with and without indexes
    And counting the rows where "id >= 3" gives 2, with and without indexes

  @id:IL-0011 @spec:lance-index-v2-design.md#code @level:must @requires:table.lifecycle
  Scenario: Rewriting an indexed column in place: answers through the indexes stay right
    The rows keep their fragments; only the name values change.
    When the engine rewrites column "name" in place, matching on "id":
      """json
      [{"id": 1, "name": "A"}, {"id": 2, "name": "B"}, {"id": 3, "name": "C"}, {"id": 4, "name": "D"}]
      """
    Then the table has fragments "0, 1"
    And counting the rows where "name = 'C'" gives 1, with and without indexes
    And counting the rows where "name = 'c'" gives 0, with and without indexes
    And counting the rows where "name = 'A' AND id >= 1" gives 1, with and without indexes

  @id:IL-0014 @spec:lance-table.proto#IndexMetadata.fragment_bitmap @level:must @requires:table.lifecycle
  Scenario: A bitmap that still names fragments that are gone: the reader's coverage is of fragments of the table
    After the merge-insert fragments 0 and 1 are gone; the kit commits the version Lance 7.0.0 writes here (its
    bitmaps keep the ids of the fragments the index was built on, MR-0012): the segments of id_idx name
    fragments 0 and 1 again. fragment_bitmap is "A bitmap of the included fragment ids", and a fragment that
    is no longer in the table is no fragment the index covers: the reader's coverage is the bitmap intersected
    with the table's fragments, here none (the rows are now in fragments the index was not built on).
    When the engine merge-inserts on "id":
      """json
      [{"id": 1, "name": "A"}, {"id": 2, "name": "B"}, {"id": 3, "name": "C"}, {"id": 4, "name": "D"}]
      """
    And the kit commits a version where the segments of "id_idx" cover fragments "0, 1"
    And the engine describes the indexes
    Then the engine's index "id_idx", if it uses one, covers fragments ""
    And counting the rows where "id >= 3" gives 2, with and without indexes
    And counting the rows where "id = 1" gives 1, with and without indexes

  @id:IL-0015 @spec:lance-index-v2-design.md#top-level-index-configuration @level:should @requires:table.lifecycle
  Scenario: Rewriting every row into new fragments keeps both indexes
    The footgun's fix, an aim of the design (decision 0060), hence should: both indexes are still in the
    manifest, on their fields, whatever they now cover.
    When the engine merge-inserts on "id":
      """json
      [{"id": 1, "name": "A"}, {"id": 2, "name": "B"}, {"id": 3, "name": "C"}, {"id": 4, "name": "D"}]
      """
    Then the manifest has index "id_idx" on field ids "0"
    And the manifest has index "name_idx" on field ids "1"

  @id:IL-0016 @spec:lance-index-v2-design.md#top-level-index-configuration @level:should @requires:table.lifecycle
  Scenario: Rewriting every value of an indexed column in place keeps its index
    As IL-0015, for a column rewrite in place: the index on the rewritten column stays, on its field.
    When the engine rewrites column "name" in place, matching on "id":
      """json
      [{"id": 1, "name": "A"}, {"id": 2, "name": "B"}, {"id": 3, "name": "C"}, {"id": 4, "name": "D"}]
      """
    Then the manifest has index "name_idx" on field ids "1"
    And the manifest has index "id_idx" on field ids "0"

  @id:IL-0012 @spec:lance-table.proto#IndexMetadata.fragment_bitmap @level:should @requires:table.lifecycle
  Scenario: After every covered row moved, the bitmap names only fragments of the table then or now
    The proto answers part of the old question "may fragment_bitmap keep the ids of fragments that no
    longer exist?": the coverage "can be retrieved from the dataset by looking at the dataset at
    dataset_version", so a bitmap may name fragments of that version that have since gone (Lance 7.0.0
    keeps them; the reference prunes them; readers intersect with the table's fragments, IL-0010). It
    must not name a fragment that was in neither. Scored at should: the proto says the bitmap "may be
    used" for coverage and gives no must.
    When the engine merge-inserts on "id":
      """json
      [{"id": 1, "name": "A"}, {"id": 2, "name": "B"}, {"id": 3, "name": "C"}, {"id": 4, "name": "D"}]
      """
    Then the fragment bitmaps of index "id_idx" name only fragments of the table at its dataset_version or now

  @id:IL-0013 @spec:lance-table.proto#DataFragment.overlays @level:must @requires:table.lifecycle
  Scenario: Rewriting a column in place writes no data overlay unless the overlay flag is set
    DataFragment.overlays "MUST be empty if the data overlay files feature flag (64) is not set in the
    manifest". An engine may rewrite the column or write overlays; with overlays it must set flag 64.
    When the engine rewrites column "name" in place, matching on "id":
      """json
      [{"id": 2, "name": "B"}]
      """
    Then no fragment has overlays unless flag 64 is set
    And counting the rows where "name = 'B'" gives 1, with and without indexes
    And counting the rows where "name = 'b'" gives 0, with and without indexes
