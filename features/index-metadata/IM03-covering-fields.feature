Feature: IM03 Covering fields

  covering_fields "Must be a suffix of fields: the columns the index is keyed on come first, the
  columns it merely carries come last, and at least one keyed column always remains." Flag 1 << 7 = 128
  says "some index declares covering columns"; "Readers that do not understand it must refuse the
  dataset, since selecting an index by membership of fields would answer a query on a merely-carried
  column with an index keyed on a different column." Here the kit declares, on the engine's BTree keyed
  on id (field 0), that it carries name (field 1), which its files do not hold. Whatever the reader
  does with the declaration, it must not answer name = 'b' from an index keyed on id.

  Background:
    Given the engine creates a table with columns "id int64, name string" in fragments of 2 rows:
      """json
      [{"id": 1, "name": "a"}, {"id": 2, "name": "b"}, {"id": 3, "name": "c"}, {"id": 4, "name": "d"}]
      """
    And the engine creates a btree index "id_idx" on "id"

  @id:IM-0020 @spec:lance-table.proto#IndexMetadata.covering_fields @level:must @requires:table.lifecycle
  Scenario: A declared covering field, with the flag: refuse the table or answer right
    Given the kit commits a version with reader and writer feature flag 128 set
    And the kit commits a version where index "id_idx" is on field ids "0, 1" carrying "1"
    Then counting the rows where "name = 'b'" gives 1, unless the engine refuses to read the dataset
    And counting the rows where "id >= 2" gives 3, unless the engine refuses to read the dataset

  @id:IM-0021 @spec:lance-table.proto#IndexMetadata.covering_fields @level:must @requires:table.lifecycle
  Scenario: A covering field declared without the flag: the index does not answer for it
    Given the kit commits a version where index "id_idx" is on field ids "0, 1" carrying "1"
    Then counting the rows where "name = 'b'" gives 1, with and without indexes
    And counting the rows where "id >= 2" gives 3, with and without indexes

  @id:IM-0022 @spec:lance-table.proto#IndexMetadata.covering_fields @level:must @requires:table.lifecycle
  Scenario: A declaration that leaves no keyed field is invalid: answers stay right
    Given the kit commits a version with reader and writer feature flag 128 set
    And the kit commits a version where index "id_idx" is on field ids "0" carrying "0"
    Then counting the rows where "id >= 2" gives 3, unless the engine refuses to read the dataset
    And counting the rows where "id = 1" gives 1, unless the engine refuses to read the dataset

  @id:IM-0005 @spec:lance-table.proto#Manifest.reader_feature_flags @level:must @requires:table.lifecycle
  Scenario: A covering field declared under flag 128: a writer keeps the declaration or does not write
    Flag 1 << 7: "Writers must refuse it too: one that treats every entry of fields as keyed would maintain
    the index against the wrong dependency set." A writer that knows the flag may append, and then the
    index still declares the carried column; one that does not must not write (refusing to read the
    dataset is refusing too).
    Given the kit commits a version with reader and writer feature flag 128 set
    And the kit commits a version where index "id_idx" is on field ids "0, 1" carrying "1"
    When the engine tries to append in fragments of 2 rows:
      """json
      [{"id": 5, "name": "e"}]
      """
    Then unless the engine refused to write, index "id_idx" is on field ids "0, 1" carrying "1"
