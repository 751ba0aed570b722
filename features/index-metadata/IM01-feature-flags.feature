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

  @id:IM-0006 @spec:lance-table.proto#Manifest.reader_feature_flags @level:must @requires:table.lifecycle
  Scenario: Flag 256 is one-way: an append keeps it for readers and writers, or is refused
    Flag 1 << 8: "the dataset may reference recognized V2 data files with different exact versions. ...
    This bit is paired in the reader and writer feature words and is one-way." The kit sets it in both
    words. A writer that does not know it should not write (refusing to read is refusing too); one that
    writes leaves it set in both words. Whether readers and writers "use each DataFile's version" is not
    observed here: the engine's table has data files of one version.
    Given the kit commits a version with reader and writer feature flag 256 set
    When the engine tries to append in fragments of 2 rows:
      """json
      [{"id": 5, "name": "e"}]
      """
    Then unless the engine refused to write, the table still sets feature flag 256 for readers and writers

  @id:IM-0007 @spec:lance-table.proto#Manifest.reader_feature_flags @level:must @requires:table.lifecycle
  Scenario: Flag 256 is one-way: a delete keeps it for readers and writers, or is refused
    As IM-0006, for a delete: a writer that deletes rows leaves flag 256 set in both words.
    Given the kit commits a version with reader and writer feature flag 256 set
    When the engine tries to delete the rows where "id = 1"
    Then unless the engine refused to write, the table still sets feature flag 256 for readers and writers
