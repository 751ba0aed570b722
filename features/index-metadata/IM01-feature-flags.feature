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

  @id:IM-0008 @spec:lance-table.proto#Manifest.reader_feature_flags @level:must @requires:table.lifecycle
  Scenario: Flag 256: a reader decodes each data file by its own version, not by data_format.version
    Flag 1 << 8: "Readers and writers must use each DataFile's version instead of treating data_format.version
    as a snapshot-wide identity"; DataStorageFormat.version: "each DataFile's version is authoritative for
    decoding". As another writer, the kit adds fragment 2 whose one data file is a real Lance 2.0 file it wrote
    (DataFile version 2.0: ids 5, 6, 7, names e, NULL, g), keeps data_format.version as the engine wrote it
    (2.1 for Lance 7.0.0; where it was 2.0, the kit raises it to 2.1, decision 0032), and sets flag 256 in both
    words. A reader counts the rows of every fragment, fragment 2's decoded as Lance 2.0, with its indexes and
    without (id_idx covers fragments 0 and 1 only, so fragment 2 is scanned either way). A reader that does not
    know flag 256 refuses with READER_FEATURE_UNSUPPORTED, which is conformant; any other refusal fails.
    Observed: the counts, which need the values of the kit's file. Not observed: how the reader picks its
    decoder, beyond the answers.
    Given the kit commits a version that adds a fragment in a Lance 2.0 data file, with reader and writer feature flag 256 set:
      """json
      [{"id": 5, "name": "e"}, {"id": 6, "name": null}, {"id": 7, "name": "g"}]
      """
    Then counting the rows where "id >= 2" gives 6, unless the engine refuses to read the dataset
    And counting the rows where "name = 'g'" gives 1, unless the engine refuses to read the dataset
    And counting the rows where "name IS NULL" gives 1, unless the engine refuses to read the dataset
    And counting the rows where "id >= 5 AND id <= 6" gives 2, unless the engine refuses to read the dataset

  @id:IM-0009 @spec:lance-table.proto#Manifest.reader_feature_flags @level:must @requires:table.lifecycle
  Scenario: Flag 256: an append keeps the Lance 2.0 data file's own version, or is refused
    As IM-0008, the kit adds fragment 2 in a Lance 2.0 data file (ids 5, 6, names e, f) with flag 256; then the
    engine appends one row. A writer that writes must not relabel the kit's file with data_format.version:
    every fragment that still lists it records version 2.0 (rewriting its rows into a new file of the writer's
    own is allowed). The counts are of rows the append does not touch, so they are the same whether the engine
    wrote or refused to write: the kit's rows still read right. A writer that does not know flag 256 should not
    write (refusing to read is refusing too). Not observed: the version of the files the engine writes itself.
    Given the kit commits a version that adds a fragment in a Lance 2.0 data file, with reader and writer feature flag 256 set:
      """json
      [{"id": 5, "name": "e"}, {"id": 6, "name": "f"}]
      """
    When the engine tries to append in fragments of 2 rows:
      """json
      [{"id": 7, "name": "g"}]
      """
    Then unless the engine refused to write, every fragment that lists the kit's Lance 2.0 data file records it as version 2.0
    And counting the rows where "id <= 6" gives 6, unless the engine refuses to read the dataset
    And counting the rows where "name = 'f'" gives 1, unless the engine refuses to read the dataset

  @id:IM-0014 @spec:lance-table.proto#Manifest.reader_feature_flags @level:must @requires:table.lifecycle
  Scenario: Flag 256: a delete in the Lance 2.0 fragment keeps its data file's own version, or is refused
    As IM-0009, for a delete of a row of the kit's Lance 2.0 fragment (id 5): a writer that deletes gives the
    fragment a deletion file and must not relabel its data file with data_format.version. The counts are of
    rows the delete does not touch (id 6 shares the fragment), the same whether the engine deleted or refused.
    Not observed: whether id 5 is gone (deletion is checked elsewhere).
    Given the kit commits a version that adds a fragment in a Lance 2.0 data file, with reader and writer feature flag 256 set:
      """json
      [{"id": 5, "name": "e"}, {"id": 6, "name": "f"}]
      """
    When the engine tries to delete the rows where "id = 5"
    Then unless the engine refused to write, every fragment that lists the kit's Lance 2.0 data file records it as version 2.0
    And counting the rows where "id <= 4" gives 4, unless the engine refuses to read the dataset
    And counting the rows where "name = 'f'" gives 1, unless the engine refuses to read the dataset

  @id:IM-0016 @spec:lance-table.proto#DataFile.fields @level:should @requires:table.lifecycle
  Scenario: A reader finds a data file's columns by column_indices, not by the order of its fields
    DataFile.fields: "In Lance v2 … there is no way to calculate the column index from the field ID … To
    determine column indices the column_indices property should be used instead." As another writer, the kit
    adds fragment 1 in a real Lance 2.0 data file that stores rank before id: its DataFile lists fields [0, 1]
    (id, rank) with column_indices [1, 0], under flag 256 as in IM-0008. Both columns are int64, so a reader
    that takes column i for fields[i] reads ranks as ids, silently. A reader that does not know flag 256
    refuses with READER_FEATURE_UNSUPPORTED. "should be used": should.
    Given the engine creates a table with columns "id int64, rank int64" in fragments of 2 rows:
      """json
      [{"id": 1, "rank": 40}, {"id": 2, "rank": 30}]
      """
    And the kit commits a version that adds a fragment in a Lance 2.0 data file storing its columns in reverse order, with reader and writer feature flag 256 set:
      """json
      [{"id": 5, "rank": 100}, {"id": 6, "rank": 200}]
      """
    Then counting the rows where "id <= 6" gives 4, unless the engine refuses to read the dataset
    And counting the rows where "rank >= 100" gives 2, unless the engine refuses to read the dataset
    And counting the rows where "id = 100" gives 0, unless the engine refuses to read the dataset

  @id:IM-0015 @spec:lance-table.proto#Manifest.DataStorageFormat.version @level:must @requires:table.lifecycle
  Scenario: Without flag 256, every data file a writer lists has data_format's version
    DataStorageFormat.version: "Unless the mixed data-file-version capability is set, every referenced data
    file must use this version." The engine creates the table, appends and deletes; no version it wrote sets
    flag 256, so each lists only data files whose DataFile version is its data_format.version ("2.1" as 2.1;
    "2.0" as 2.0, or as 0.3, the footer's numbers, which Lance also reads as 2.0: decision 0032). Observed:
    the DataFile versions of every version of the table. Not observed: the files' own footers.
    When the engine appends in fragments of 2 rows:
      """json
      [{"id": 5, "name": "e"}]
      """
    And the engine deletes the rows where "id = 1"
    Then every version of the table without flag 256 lists only data files of its data_format.version
