Feature: IM05 Data overlays: which value a cell has

  Golden tables the kit's reference model wrote (golden-files/reference-tables, with provenance and a
  hand-derived expected.json whose current_rows are the values below), each a copy in the scenario's folder:
  the rows ids 1..4, names a..d, a BTree "id_idx" on id (field 0, built at version 1) and a BTree "name_idx"
  on name (field 1, built at version 2), then data overlays (DataOverlayFile) committed by the kit under reader
  and writer flag 64. Every count is asked with and without indexes: an index built before an overlay holds
  the old values and must not answer for the overlaid cells. A reader that does not understand overlays
  must refuse the dataset (reader flag 1 << 6), which is what "unless the engine refuses to read the
  dataset" allows; a reader that reads it must see these values.

  @id:IM-0050 @spec:lance-table.proto#DataFragment.overlays @level:must @requires:table.lifecycle
  Scenario: Two overlays of the same committed_version cover one cell: the later entry of the list wins
    Table "overlay-order", fragment 0 (rows 1 'a', 2 'b'): two overlays, both committed_version 4, set name at
    offset 0, the first to 'x', the later entry to 'y'. "When two overlays cover the same (offset, field) and
    share a committed_version, the later entry wins": row 1's name is 'y'.
    Given the golden table "overlay-order"
    Then counting the rows where "name = 'y'" gives 1, unless the engine refuses to read the dataset
    And counting the rows where "name = 'x'" gives 0, unless the engine refuses to read the dataset
    And counting the rows where "name = 'a'" gives 0, unless the engine refuses to read the dataset
    And counting the rows where "name = 'b'" gives 1, unless the engine refuses to read the dataset

  @id:IM-0051 @spec:lance-table.proto#DataOverlayFile.committed_version @level:must @requires:table.lifecycle
  Scenario: Two overlays of different committed_version cover one cell: the higher committed_version wins, in either list order
    Table "overlay-order", fragment 1 (rows 3 'c', 4 'd'), overlays in list order: name at offset 0 = 'p'
    (committed_version 5), name at offsets 0, 1 = 'q', 'r' (committed_version 4), name at offset 1 = 's'
    (committed_version 5). "When two overlays cover the same (offset, field), the one with the higher
    committed_version wins": offset 0 is 'p' (the earlier entry, higher version), offset 1 is 's' (the later
    entry, higher version).
    Given the golden table "overlay-order"
    Then counting the rows where "name = 'p'" gives 1, unless the engine refuses to read the dataset
    And counting the rows where "name = 'q'" gives 0, unless the engine refuses to read the dataset
    And counting the rows where "name = 's'" gives 1, unless the engine refuses to read the dataset
    And counting the rows where "name = 'r'" gives 0, unless the engine refuses to read the dataset
    And counting the rows where "name = 'c'" gives 0, unless the engine refuses to read the dataset

  @id:IM-0052 @spec:lance-table.proto#DataOverlayFile @level:must @requires:table.lifecycle
  Scenario: An overlay value for a deleted row is dead: the row stays deleted
    Table "overlay-on-deleted-row": row 2 (fragment 0 offset 1) was deleted at version 4; then an overlay
    (committed_version 5) set name at fragment 0 offsets 0, 1 to 'Y', 'Z'. "Deletions take precedence over
    overlays, an overlay value for an offset that is also marked deleted is dead and is ignored": three rows
    live, row 1 is 'Y', and no row is 'Z' or has id 2.
    Given the golden table "overlay-on-deleted-row"
    Then counting the rows where "true" gives 3, unless the engine refuses to read the dataset
    And counting the rows where "name = 'Z'" gives 0, unless the engine refuses to read the dataset
    And counting the rows where "id = 2" gives 0, unless the engine refuses to read the dataset
    And counting the rows where "name = 'Y'" gives 1, unless the engine refuses to read the dataset

  @id:IM-0053 @spec:lance-table.proto#DataOverlayFile @level:must @requires:table.lifecycle
  Scenario: A covered offset's value sits at its rank in the field's coverage bitmap, not at the offset
    Table "overlay-field-coverage": one fragment of the four rows (offsets 0..3). Its overlay has
    data_file.fields [1 (name), 0 (id)] and field_coverage offset_bitmaps [{1, 3}, {2}], in the same order,
    with value columns name ['B', NULL] and id [30]. Offset 1's name is at rank 0 ('B'), offset 3's at rank 1
    (NULL); offset 2's id is at rank 0 (30); every other cell falls through to the base data.
    Given the golden table "overlay-field-coverage"
    Then counting the rows where "name = 'B'" gives 1, unless the engine refuses to read the dataset
    And counting the rows where "name = 'b'" gives 0, unless the engine refuses to read the dataset
    And counting the rows where "id = 30" gives 1, unless the engine refuses to read the dataset
    And counting the rows where "id = 3" gives 0, unless the engine refuses to read the dataset
    And counting the rows where "name = 'c'" gives 1, unless the engine refuses to read the dataset
    And counting the rows where "id = 2" gives 1, unless the engine refuses to read the dataset

  @id:IM-0054 @spec:lance-table.proto#FieldCoverage.offset_bitmaps @level:must @requires:table.lifecycle
  Scenario: An offset in a field's coverage bitmap mapped to a NULL value overrides the cell to NULL
    Table "overlay-field-coverage" (see IM-0053): offset 3 (row 4, name 'd') is in name's bitmap and its value
    is NULL. "An offset present in a field's bitmap but mapped to a NULL value means the cell is overridden to
    NULL (distinct from an offset that is absent, which falls through to the base data file)".
    Given the golden table "overlay-field-coverage"
    Then counting the rows where "name IS NULL" gives 1, unless the engine refuses to read the dataset
    And counting the rows where "name = 'd'" gives 0, unless the engine refuses to read the dataset
    And counting the rows where "id = 4" gives 1, unless the engine refuses to read the dataset
    And counting the rows where "name = 'a'" gives 1, unless the engine refuses to read the dataset

  @id:IM-0055 @spec:lance-table.proto#DataOverlayFile.shared_offset_bitmap @level:must @requires:table.lifecycle
  Scenario: A shared_offset_bitmap applies to every field of the overlay's data file
    Table "overlay-shared-two-fields": fragment 1 (rows 3 'c', 4 'd') has one overlay with
    data_file.fields [0 (id), 1 (name)] and shared_offset_bitmap {0, 1}, value columns id [30, 40] and
    name ['C', 'D']: "applies to every field in data_file.fields … Every covered offset has a value for every
    field". Both cells of both rows change.
    Given the golden table "overlay-shared-two-fields"
    Then counting the rows where "id = 30" gives 1, unless the engine refuses to read the dataset
    And counting the rows where "id = 3" gives 0, unless the engine refuses to read the dataset
    And counting the rows where "name = 'C'" gives 1, unless the engine refuses to read the dataset
    And counting the rows where "name = 'c'" gives 0, unless the engine refuses to read the dataset
    And counting the rows where "name = 'D'" gives 1, unless the engine refuses to read the dataset
    And counting the rows where "id = 40" gives 1, unless the engine refuses to read the dataset

  @id:IM-0056 @spec:lance-table.proto#DataFragment.overlays @level:should @requires:table.lifecycle @open
  Scenario: A fragment with a data overlay in a manifest without flag 64: the reader does not return the value the overlay replaced
    Open question: DataFragment.overlays "MUST be empty if the data overlay files feature flag (64) is not set in
    the manifest" binds writers (IL-0013); the spec does not say what a reader does with a manifest that breaks
    it. The kit's choice (a decision, hence should and open; docs/decisions/0062 for the refusal): the reader
    refuses the dataset, for any reason, or
    applies the overlay; it never returns the base value the overlay replaced, the silent stale read that flag 64
    exists to prevent. Table "overlay-without-flag": as "overlay" (name at fragment 0 offset 1 set from 'b' to
    'B', committed_version 4), with neither reader nor writer flag 64.
    Given the golden table "overlay-without-flag"
    Then counting the rows where "name = 'b'" gives 0, unless the engine refuses the dataset for any reason
    And counting the rows where "name = 'B'" gives 1, unless the engine refuses the dataset for any reason
