Feature: MR02 Fragment coverage of an index segment

  IndexMetadata.fragment_bitmap is a 32-bit Roaring bitmap of the fragment ids a segment covers. Empty
  bytes mean the coverage is unknown; an empty bitmap means the segment covers no fragment.

  @id:MR-0010 @spec:lance-table.proto#IndexMetadata.fragment_bitmap @level:must @requires:manifest.read
  Scenario: An index created on an empty table covers no fragments, which is not unknown coverage
    Given the golden dataset "lance-7.0.0/index-on-empty-table"
    When the engine reads the latest version
    Then the index "id_idx" covers no fragments

  @id:MR-0011 @spec:lance-table.proto#IndexMetadata.fragment_bitmap @spec:lance-index-v2-design.md#top-level-index-configuration @level:must @requires:manifest.read
  Scenario: Segments of one index share its name and cover disjoint fragments
    Given the golden dataset "lance-7.0.0/two-segments"
    When the engine reads the latest version
    Then the manifest has 2 index segments
    And the index segments named "id_idx" cover fragments "0; 1", in manifest order

  @id:MR-0012 @spec:lance-table.proto#IndexMetadata.fragment_bitmap @level:must @requires:manifest.read
  Scenario: Coverage keeps fragment ids that no longer exist after a merge-insert rewrote every row
    Given the golden dataset "lance-7.0.0/merge-insert-stale-fragments"
    When the engine reads the latest version
    Then the index segments named "id_idx" cover fragments "0, 1", in manifest order

  @id:MR-0013 @spec:lance-table.proto#IndexMetadata.fragment_bitmap @level:must @requires:manifest.read
  Scenario: A column rewrite of an indexed field prunes the rewritten fragment from that index only
    Given the golden dataset "lance-7.0.0/column-rewrite-update"
    When the engine reads the latest version
    Then the index segments named "id_idx" cover fragments "1", in manifest order
    And the index segments named "name_idx" cover fragments "0, 1", in manifest order

  @id:MR-0014 @spec:lance-table.proto#IndexMetadata.fragment_bitmap @level:must @requires:manifest.read
  Scenario: A segment whose fragment_bitmap has no bytes reads as unknown coverage, not as covering nothing
    The reference model wrote the table "unknown-coverage" (golden-files/reference-tables): version 2 has a
    BTree id_idx covering fragments 0 and 1, and version 3, which the kit committed as another writer could,
    gives its segment empty fragment_bitmap bytes. Empty bytes are no bitmap: the coverage is unknown, which a
    reader must not turn into "no fragment" (the 8 bytes of an empty Roaring bitmap) nor into "every fragment".
    Given the golden dataset "unknown-coverage" written by the reference model
    When the engine reads the latest version
    Then the index "id_idx" has unknown coverage
    When the engine reads version 2
    Then the index segments named "id_idx" cover fragments "0, 1", in manifest order
