Feature: IM02 Index entries a reader cannot use are ignored, and answers stay right

  A reader meets index entries it cannot use: an index_version newer than it knows, a details type it
  does not know ("Indexes are plugins"), a bitmap with no bytes (coverage unknown). It must still answer
  every query right, from the data where the index cannot help. Four rows, ids 1..4 in two fragments;
  then ids 5 and 6 appended as fragment 2, which the index was not built on. The kit's version then
  says the index covers fragment 2 as well (or nothing is known of its coverage): a reader that used
  the index anyway would miss ids 5 and 6 (IM-0011 makes the index's own data stale as well, so that no way
  of using it answers right). IM-0013 is the contrast: a details type URL written in
  another case is a type the reader knows, since "Type URLs comparisons are case-insensitive".

  Background:
    Given the engine creates a table with columns "id int64, name string" in fragments of 2 rows:
      """json
      [{"id": 1, "name": "a"}, {"id": 2, "name": "b"}, {"id": 3, "name": "c"}, {"id": 4, "name": "d"}]
      """
    And the engine creates a btree index "id_idx" on "id"
    And the engine appends in fragments of 2 rows:
      """json
      [{"id": 5, "name": "e"}, {"id": 6, "name": "f"}]
      """

  @id:IM-0010 @spec:lance-table.proto#IndexMetadata.index_version @level:should @requires:table.lifecycle
  Scenario: An index_version newer than the reader knows: the index is ignored
    Given the kit commits a version where only the legacy segments of "id_idx" cover fragments "0, 1, 2"
    And the kit commits a version where index "id_idx" has index_version 99
    When the engine describes the indexes
    Then the engine uses no index
    And counting the rows where "id >= 2" gives 5, with and without indexes
    And counting the rows where "id = 6" gives 1, with and without indexes

  @id:IM-0011 @spec:lance-table.proto#IndexMetadata.index_details @level:must @requires:table.lifecycle
  Scenario: An index of a type the reader does not know: the query still answers
    The index must hold data that answers wrong if used, however a reader would use it: name_idx is built over
    all three fragments, then the engine rewrites row 2's name in place ('b' becomes 'B'), which leaves the
    index's old 'b' for that row in its files; the kit's version then claims the index covers fragments 0, 1
    and 2 again and gives it a details type no reader knows. An index used for fragment 0, whether by its bitmap
    or by the row addresses its files hold, answers 'b' for row 2: a reader that ignores the type, as
    "Indexes are plugins" leaves it to do, scans and answers right.
    Given the engine creates a btree index "name_idx" on "name"
    And the engine rewrites column "name" in place, matching on "id":
      """json
      [{"id": 2, "name": "B"}]
      """
    And the kit commits a version where only the legacy segments of "name_idx" cover fragments "0, 1, 2"
    And the kit commits a version where index "name_idx" has the details type URL "/example.FooIndexDetails"
    Then counting the rows where "name = 'b'" gives 0, with and without indexes
    And counting the rows where "name = 'B'" gives 1, with and without indexes
    And counting the rows where "name = 'f'" gives 1, with and without indexes
    And counting the rows where "name >= 'b' AND id <= 2" gives 0, with and without indexes

  @id:IM-0012 @spec:lance-table.proto#IndexMetadata.fragment_bitmap @level:must @requires:table.lifecycle
  Scenario: An index whose coverage is unknown: the query still answers
    Empty bytes are "coverage unknown", never "covers everything": the index was built on fragments 0
    and 1 only.
    Given the kit commits a version where index "id_idx" has empty fragment_bitmap bytes
    Then counting the rows where "id >= 2" gives 5, with and without indexes
    And counting the rows where "id = 6" gives 1, with and without indexes
    And counting the rows where "id = 4" gives 1, with and without indexes

  @id:IM-0013 @spec:lance-table.proto#IndexMetadata.index_details @level:should @requires:table.lifecycle
  Scenario: A details type URL in another case names the same type: the reader uses the index
    index_details: "Type URLs comparisons are case-insensitive" (a should: the comment's "Therefore an
    index must have a unique type URL ignoring case" binds whoever names a type). The kit writes the
    BTree's type URL in upper case; a reader that compares it case-sensitively sees an unknown type and
    does not use the index. Answers must be right either way.
    Given the kit commits a version where index "id_idx" has the details type URL "/LANCE.TABLE.BTREEINDEXDETAILS"
    When the engine describes the indexes
    Then the engine uses the indexes "id_idx"
    And counting the rows where "id >= 2" gives 5, with and without indexes
