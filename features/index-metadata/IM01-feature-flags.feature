Feature: IM01 Feature flags a reader or writer does not know

  reader_feature_flags: "If a reader does not recognize a flag that is set, it should not attempt to read
  the dataset." writer_feature_flags: "If a writer does not recognize a flag that is set, it should not
  attempt to write to the dataset." Bit 1 << 20 is known to no one. Refusals say
  READER_FEATURE_UNSUPPORTED or WRITER_FEATURE_UNSUPPORTED.

  Background:
    Given the engine creates a table with columns "id int64, name string" in fragments of 2 rows:
      """json
      [{"id": 1, "name": "a"}, {"id": 2, "name": "b"}, {"id": 3, "name": "c"}, {"id": 4, "name": "d"}]
      """
    And the engine creates a btree index "id_idx" on "id"

  @id:IM-0001 @spec:lance-table.proto#Manifest.reader_feature_flags @level:should @requires:table.lifecycle
  Scenario: An unknown reader flag: the engine does not read the table
    Given the kit commits a version with reader feature flag 1048576 set
    When the engine tries to describe the indexes
    Then the engine refuses with READER_FEATURE_UNSUPPORTED
    When the engine tries to count the rows where "id >= 2"
    Then the engine refuses with READER_FEATURE_UNSUPPORTED

  @id:IM-0002 @spec:lance-table.proto#Manifest.writer_feature_flags @level:should @requires:table.lifecycle
  Scenario: An unknown writer flag: the engine does not append
    Given the kit commits a version with writer feature flag 1048576 set
    When the engine tries to append in fragments of 2 rows:
      """json
      [{"id": 5, "name": "e"}]
      """
    Then the engine refuses with WRITER_FEATURE_UNSUPPORTED

  @id:IM-0004 @spec:lance-table.proto#Manifest.writer_feature_flags @level:should @requires:table.lifecycle
  Scenario: An unknown writer flag alone: the engine still reads the table
    "The flag identities are the same as for reader_feature_flags, but the values of reader_feature_flags
    and writer_feature_flags are not required to be identical": a flag set for writers only keeps writers
    out, not readers. No must: scored at should.
    Given the kit commits a version with writer feature flag 1048576 set
    When the engine describes the indexes
    Then the engine uses the indexes "id_idx"
    And counting the rows where "id >= 2" gives 3, with and without indexes

  @id:IM-0003 @spec:lance-table.proto#Manifest.writer_feature_flags @level:should @requires:table.lifecycle
  Scenario: An unknown writer flag: the engine does not delete either
    Given the kit commits a version with writer feature flag 1048576 set
    When the engine tries to delete the rows where "id = 1"
    Then the engine refuses with WRITER_FEATURE_UNSUPPORTED
