Feature: IM04 Golden tables: which indexes a reader uses

  Tables the kit's reference model wrote (golden-files/reference-tables, with provenance and a hand-derived
  expected.json), each a copy in the scenario's folder: four rows, ids 1..4 and names a..d, in fragments 0
  and 1, a BTree "id_idx" on id (field 0) written in both forms (legacy IndexMetadata and IndexV2), and in
  most cases a last version the kit committed as another writer could. The data files are the reference's
  JSON stand-ins, so these scenarios ask which indexes the engine would use, not for rows, except IM-0038:
  counting there needs the stand-ins read, and an engine that does not know overlays refuses the dataset
  (reader flag 64) before reading any row.

  @id:IM-0030 @spec:lance-table.proto#IndexMetadata.fragment_bitmap @level:must @requires:table.lifecycle
  Scenario: A table with its index written in both forms: the index covers both fragments
    Given the golden table "dual-written"
    When the engine describes the indexes
    Then the engine uses the indexes "id_idx"
    And the engine's index "id_idx" covers fragments "0, 1"

  @id:IM-0031 @spec:lance-table.proto#IndexMetadata.fragment_bitmap @level:must @requires:table.lifecycle
  Scenario: An index on an empty table covers no fragment and is still an index
    Given the golden table "index-on-empty-table"
    When the engine describes the indexes
    Then the engine uses the indexes "id_idx"
    And the engine's index "id_idx" covers fragments ""

  @id:IM-0032 @spec:lance-index-v2-design.md#faq @level:should @requires:table.lifecycle @requires:index_v2 @open
  Scenario: A table whose last version has IndexV2 only, under writer flag 4096: the reader uses the IndexV2
    Open question: which feature flag allows dropping the legacy metadata? The kit's choice is writer flag
    1 << 12 = 4096 (docs/decisions/0004); a reader that knows IndexV2 reads it alone.
    Given the golden table "v2-only-with-flag"
    When the engine describes the indexes
    Then the engine uses the indexes "id_idx"
    And the engine's index "id_idx" covers fragments "0, 1"

  @id:IM-0033 @spec:lance-index-v2-design.md#faq @level:should @requires:table.lifecycle @requires:index_v2 @open
  Scenario: A table whose legacy entry changed while its IndexV2 did not: the reader follows the legacy entry
    Open question: what does a reader do when IndexV2 and the legacy entries disagree? An old writer that
    keeps unknown fields carries IndexV2 over unchanged; the kit's choice is to use the legacy entries then.
    Here the legacy bitmap names fragment 0 only, IndexV2 still fragments 0 and 1.
    Given the golden table "stale-index-v2"
    When the engine describes the indexes
    Then the engine uses the indexes "id_idx"
    And the engine's index "id_idx" covers fragments "0"

  @id:IM-0034 @spec:lance-table.proto#IndexMetadata.covering_fields @level:must @requires:table.lifecycle
  Scenario: An index carrying a covering field under flag 128: a reader uses it or refuses the table
    The index is on fields [0, 1] carrying [1], with reader and writer flag 128. A reader that knows the
    flag uses the index (keyed on field 0); one that does not must refuse the dataset.
    Given the golden table "covering-fields"
    When the engine tries to describe the indexes
    Then the engine uses the indexes "id_idx", unless it refused to read the dataset

  @id:IM-0035 @spec:lance-table.proto#IndexMetadata.index_version @level:should @requires:table.lifecycle
  Scenario: An index with index_version 99: the reader does not use it
    Only which indexes the engine says it uses, and no rows: the golden table's data files are the
    reference's JSON stand-ins, which only reference-format engines read, and its index file holds exactly
    the rows of the fragments it covers, so an answer from the index would be right anyway. IM-0010 has the
    evidence from rows, on the engine's own table, where the index claims a fragment its file lacks.
    Given the golden table "newer-index-version"
    When the engine describes the indexes
    Then the engine uses no index

  @id:IM-0036 @spec:lance-table.proto#Manifest.reader_feature_flags @level:should @requires:table.lifecycle
  Scenario: A table with reader flag 1 << 20: the engine does not read it
    Given the golden table "unknown-reader-flag"
    When the engine tries to describe the indexes
    Then the engine refuses with READER_FEATURE_UNSUPPORTED

  @id:IM-0037 @spec:lance-table.proto#DataOverlayFile.committed_version @level:must @requires:table.lifecycle
  Scenario: A table with a data overlay newer than its indexes: a reader keeps both indexes or refuses the table
    Fragment 0 has an overlay for name (field 1) at offset 1, committed at version 4, after both indexes
    were built; reader and writer flag 64. The overlay leaves the indexes in place (the index on name must
    not answer for row 0:1, which expected.json records as an excluded cell); a reader that does not know
    overlays must refuse the dataset.
    Given the golden table "overlay"
    When the engine tries to describe the indexes
    Then the engine uses the indexes "id_idx, name_idx", unless it refused to read the dataset

  @id:IM-0038 @spec:lance-table.proto#DataOverlayFile.committed_version @level:must @requires:table.lifecycle
  Scenario: A table with a data overlay newer than its indexes: counting sees the overlay's value, with and without indexes
    The overlay sets name at fragment 0 offset 1 from 'b' to 'B' at version 4; name_idx was built at version 2
    and still holds 'b' for that row. It must not answer for the row, which is re-evaluated on its current
    value 'B'. A reader that does not know overlays must refuse the dataset.
    Given the golden table "overlay"
    Then counting the rows where "name = 'b'" gives 0, unless the engine refuses to read the dataset
    And counting the rows where "name = 'B'" gives 1, unless the engine refuses to read the dataset

  @id:IM-0039 @spec:lance-table.proto#IndexMetadata.fragment_bitmap @level:must @requires:table.lifecycle
  Scenario: An index Lance created on an empty table covers no fragment, also once the table lists one
    MR-0010 reads the same manifest, and there the kit decodes the bitmap; here the engine's reader says
    what the index covers. Lance 7.0.0 wrote an empty Roaring bitmap (a bitmap that lists no fragment, not
    empty bytes): the index covers no fragment, neither "unknown" nor "every fragment". The kit then lists a
    fragment 0 the index was not built on. The golden dataset holds Lance's manifests only (no data or
    index files), so the engine is asked which fragments it takes the index to cover, not for rows.
    Given the table Lance wrote in the golden dataset "lance-7.0.0/index-on-empty-table"
    And the kit commits a version that lists a new fragment of 2 rows, without its data
    When the engine describes the indexes
    Then the engine uses the indexes "id_idx"
    And the engine's index "id_idx" covers fragments ""
