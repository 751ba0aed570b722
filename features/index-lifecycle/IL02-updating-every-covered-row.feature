Feature: IL02 Updating every row an index covers does not delete the index

  "2. If a user creates an index, then updates all the rows covered in that index, the index is
  deleted." The index must stay, covering less or nothing, and answers must stay right. An IndexV2 file
  covers a fragment only if "all of it's (non-deleted) rows are covered by the index", so rows whose
  values changed are no longer covered.

  Background:
    Four rows in fragments of 2 rows: fragment 0 holds ids 1 and 2, fragment 1 ids 3 and 4.
    Given the engine creates a table with columns "id int64, name string" in fragments of 2 rows:
      """json
      [{"id": 1, "name": "a"}, {"id": 2, "name": "b"}, {"id": 3, "name": "c"}, {"id": 4, "name": "d"}]
      """
    And the engine creates a btree index "id_idx" on "id"
    And the engine creates a btree index "name_idx" on "name"

  @id:IL-0010 @spec:lance-index-v2-design.md#top-level-index-configuration @level:must @requires:table.lifecycle
  Scenario: Rewriting every row into new fragments keeps both indexes, covering nothing
    When the engine merge-inserts on "id":
      """json
      [{"id": 1, "name": "A"}, {"id": 2, "name": "B"}, {"id": 3, "name": "C"}, {"id": 4, "name": "D"}]
      """
    Then the table no longer has fragments "0, 1"
    And the manifest has index "id_idx" on field ids "0"
    And the manifest has index "name_idx" on field ids "1"
    And index "id_idx" covers no fragments
    And index "name_idx" covers no fragments
    And counting the rows where "name = 'C'" gives 1, with and without indexes
    And counting the rows where "name = 'c'" gives 0, with and without indexes
    And counting the rows where "id >= 3" gives 2, with and without indexes

  @id:IL-0011 @spec:lance-index-v2-design.md#code @level:must @requires:table.lifecycle
  Scenario: Rewriting an indexed column in place keeps that index, covering nothing, and leaves the other
    The rows keep their fragments; only the name values change.
    When the engine rewrites column "name" in place, matching on "id":
      """json
      [{"id": 1, "name": "A"}, {"id": 2, "name": "B"}, {"id": 3, "name": "C"}, {"id": 4, "name": "D"}]
      """
    Then the table has fragments "0, 1"
    And the manifest has index "name_idx" on field ids "1"
    And index "name_idx" covers no fragments
    And index "id_idx" covers fragments "0, 1"
    And counting the rows where "name = 'C'" gives 1, with and without indexes
    And counting the rows where "name = 'c'" gives 0, with and without indexes

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
