Feature: IM03 Covering fields

  covering_fields "Must be a suffix of fields: the columns the index is keyed on come first, the
  columns it merely carries come last, and at least one keyed column always remains." Flag 1 << 7 = 128
  says "some index declares covering columns"; "Readers that do not understand it must refuse the
  dataset, since selecting an index by membership of fields would answer a query on a merely-carried
  column with an index keyed on a different column." Here the kit declares, on the engine's BTree keyed
  on id (field 0), that it carries rank (field 1), which its files do not hold: "A declaration naming
  columns the storage does not hold is a legal state, not corruption", and "a reader must confirm the
  storage carries a column before answering a query from it, and fall back to a take against the base
  table otherwise". Whatever the reader does with the declaration, it must not answer a comparison on
  rank from an index keyed on id, nor take rank from a storage that does not hold it. Both columns are
  int64, so such an answer is a wrong count, not a type error; ranks run opposite to ids.

  Background:
    Given the engine creates a table with columns "id int64, rank int64" in fragments of 2 rows:
      """json
      [{"id": 1, "rank": 40}, {"id": 2, "rank": 30}, {"id": 3, "rank": 20}, {"id": 4, "rank": 10}]
      """
    And the engine creates a btree index "id_idx" on "id"

  @id:IM-0020 @spec:lance-table.proto#IndexMetadata.covering_fields @level:must @requires:table.lifecycle
  Scenario: A declared covering field, with the flag: refuse the table or answer right
    A reader that does not know flag 128 must refuse the dataset (READER_FEATURE_UNSUPPORTED); one that
    knows it reads a legal state and answers right: rank from the base table, id from the index or the
    data. Any other refusal treats the declaration as corruption.
    Given the kit commits a version with reader and writer feature flag 128 set
    And the kit commits a version where index "id_idx" is on field ids "0, 1" carrying "1"
    Then counting the rows where "rank >= 30" gives 2, unless the engine refuses to read the dataset
    And counting the rows where "rank = 20" gives 1, unless the engine refuses to read the dataset
    And counting the rows where "id >= 2" gives 3, unless the engine refuses to read the dataset
    And counting the rows where "id >= 2 AND rank >= 20" gives 2, unless the engine refuses to read the dataset

  @id:IM-0021 @spec:lance-table.proto#IndexMetadata.covering_fields @level:must @requires:table.lifecycle
  Scenario: A covering field declared without the flag: the reader refuses the table or answers right
    Flag 1 << 7 says "some index declares covering columns": a manifest with a declaration and without the flag
    breaks the format, as the invalid declarations of IM-0022 do. The reader may refuse it (for any reason it
    names) or read it, and then every count is right: an index keyed on id never answers for rank
    (docs/decisions/0062).
    Given the kit commits a version where index "id_idx" is on field ids "0, 1" carrying "1"
    Then counting the rows where "rank >= 30" gives 2, unless the engine refuses the dataset for any reason
    And counting the rows where "rank = 10" gives 1, unless the engine refuses the dataset for any reason
    And counting the rows where "id >= 2" gives 3, unless the engine refuses the dataset for any reason

  @id:IM-0022 @spec:lance-table.proto#IndexMetadata.covering_fields @level:must @requires:table.lifecycle
  Scenario Outline: A declaration that is not keyed columns followed by carried ones is invalid: answers stay right
    The declaration breaks "Must be a suffix of fields … at least one keyed column always remains": the
    reader cannot tell which column the index is keyed on. It may refuse the dataset (for any reason it
    names: the manifest breaks a must of the format, docs/decisions/0062) or leave the index unused; whatever
    it does, every count must be right, which an index keyed on id answering for rank (fields[0] in the
    second and third rows) is not.
    Given the kit commits a version with reader and writer feature flag 128 set
    And the kit commits a version where index "id_idx" is on field ids "<fields>" carrying "<carried>"
    Then counting the rows where "id >= 2" gives 3, unless the engine refuses the dataset for any reason
    And counting the rows where "id = 1" gives 1, unless the engine refuses the dataset for any reason
    And counting the rows where "rank >= 30" gives 2, unless the engine refuses the dataset for any reason

    Examples:
      | fields | carried | what is wrong                               |
      | 0      | 0       | every field carried, none keyed             |
      | 1, 0   | 1, 0    | every field carried, none keyed             |
      | 1, 0   | 1       | the carried field comes first: not a suffix |

  @id:IM-0005 @spec:lance-table.proto#Manifest.reader_feature_flags @level:must @requires:table.lifecycle
  Scenario: A covering field declared under flag 128: a writer keeps the declaration or does not write
    Flag 1 << 7: "Writers must refuse it too: one that treats every entry of fields as keyed would maintain
    the index against the wrong dependency set." A writer that knows the flag may append, and then the
    index still declares the carried column, listed in fields as well ("Carried columns are listed in
    fields as well"); one that does not must not write (refusing to read the dataset is refusing too).
    Given the kit commits a version with reader and writer feature flag 128 set
    And the kit commits a version where index "id_idx" is on field ids "0, 1" carrying "1"
    When the engine tries to append in fragments of 2 rows:
      """json
      [{"id": 5, "rank": 0}]
      """
    Then unless the engine refused to write, index "id_idx" is on field ids "0, 1" carrying "1"
