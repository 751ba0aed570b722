Feature: LEI10 Readers read the target exactly as a standalone BTree, under target_details and target_index_version

  "To read the index, decode ListElementIndexDetails, resolve and check the key fields and key_encoding as
  above, and then read the target exactly as a standalone BTree, using target_details as its details and
  target_index_version as its version." "target_details holds the BTreeIndexDetails of the target index,
  and target_index_version holds the target's own format version, the index_version it would have in
  IndexMetadata as a standalone BTree. It is 1 or greater, so the target stores row addresses."

  A reader that declares list_element_index.read_files is handed each segment as an index directory of
  real files (QueryListIndexRequest.segments[].index_directory): in every LEI scenario the files the
  kit's writer wrote (Lance v2.0 files), and here the BTree files real Lance 7.0.0 wrote over encoded keys
  (Lance v2.1 files, golden-files/lance-index-files/lance-7.0.0/btree-binary and, over two fragments,
  btree-binary-fragments: a BTree with pages of 3 rows, batch_size "3" in page_lookup.lance's schema
  metadata). Other readers are handed the rows.

  The table is the one real Lance indexed, one element per row: 0 [(car, 0.5)]; 1 a null list;
  2 [(bus, 0.25)]; 3 [a null element]; 4 [(car, 0.5)]; 5 [("", 1.0)]; 6 [(person, 0.75)]. Lance's
  page_data.lance holds, in pages of 3: null (row 1), 00 00 00 00 00 00 (row 3), 01 01 BF 80 00 00
  (row 5); bus (row 2), car (row 0), car (row 4); person (row 6).

  Background:
    Given the list table
      """json
      {"column": "detections",
       "element": [{"name": "label", "type": "string", "id": 4}, {"name": "confidence", "type": "float", "id": 5}],
       "rows": [[{"label": "car", "confidence": 0.5}], null, [{"label": "bus", "confidence": 0.25}], [null],
                [{"label": "car", "confidence": 0.5}], [{"label": "", "confidence": 1.0}],
                [{"label": "person", "confidence": 0.75}]]}
      """
    And the index recorded on field ids "4, 5" named "label, confidence" with key types "string, float"

  @id:LEI-0200 @spec:lance-list-element-index.md#storage-layout @spec:lance-list-element-index.md#accelerated-queries @level:must @requires:list_element_index @requires:list_element_index.read_files
  Scenario Outline: Real Lance 7.0.0's BTree files, read as a standalone BTree: the rows they hold are found
    target_details /lance.table.BTreeIndexDetails, target_index_version 1: the files hold row addresses
    (a table without stable row ids). The searched values lie on every page: car on page 1, the empty
    label and the null element on page 0, person on page 2; a reader that took the pages to hold 4096
    rows (Lance's default, when page_lookup gives no batch_size) would find no car. NOT label = 'car':
    NULL on row 1 (the target's null value) and row 3 (the null element), TRUE on rows 0 and 4.
    Given the index's files are those real Lance wrote in "lance-index-files/lance-7.0.0/btree-binary"
    When the reader answers <call> with the predicate "<predicate>"
    Then the row addresses are "<rows>"

    Examples:
      | call            | predicate                                  | rows                |
      | any_element     | label = 'car'                              | 0:0, 0:4            |
      | any_element     | label = ''                                 | 0:5                 |
      | any_element     | label IS NULL                              | 0:3                 |
      | any_element     | label = 'person' AND confidence > 0.5      | 0:6                 |
      | any_element     | label IN ('bus', 'person')                 | 0:2, 0:6            |
      | NOT any_element | label = 'car'                              | 0:2, 0:5, 0:6       |
      | NOT any_element | label = 'bus' AND confidence < 0.5         | 0:0, 0:4, 0:5, 0:6  |

  @id:LEI-0203 @spec:lance-list-element-index.md#storage-layout @spec:lance-list-element-index.md#accelerated-queries @level:must @requires:list_element_index @requires:list_element_index.read_files
  Scenario Outline: Real Lance 7.0.0's BTree files over two fragments: every id is a 64-bit row address
    The same table in fragments of 4 rows: rows 4, 5 and 6 are 1:0, 1:1 and 1:2, and real Lance's
    page_data.lance posts them as 4294967296, 4294967297 and 4294967298 (golden-files/lance-index-files/
    lance-7.0.0/btree-binary-fragments). A reader that read the ids' low 32 bits alone would answer 0:0 for
    the second car, or a row of fragment 0 for person.
    Given the list table
      """json
      {"column": "detections",
       "element": [{"name": "label", "type": "string", "id": 4}, {"name": "confidence", "type": "float", "id": 5}],
       "fragments": [{"id": 0, "rows": [[{"label": "car", "confidence": 0.5}], null, [{"label": "bus", "confidence": 0.25}], [null]]},
                     {"id": 1, "rows": [[{"label": "car", "confidence": 0.5}], [{"label": "", "confidence": 1.0}],
                                        [{"label": "person", "confidence": 0.75}]]}]}
      """
    And the index's files are those real Lance wrote in "lance-index-files/lance-7.0.0/btree-binary-fragments"
    When the reader answers <call> with the predicate "<predicate>"
    Then the row addresses are "<rows>"

    Examples:
      | call            | predicate                                  | rows                |
      | any_element     | label = 'car'                              | 0:0, 1:0            |
      | any_element     | label = ''                                 | 1:1                 |
      | any_element     | label = 'person' AND confidence > 0.5      | 1:2                 |
      | any_element     | label IN ('bus', 'person')                 | 0:2, 1:2            |
      | NOT any_element | label = 'car'                              | 0:2, 1:1, 1:2       |

  @id:LEI-0201 @spec:lance-list-element-index.md#storage-layout @level:should @requires:list_element_index
  Scenario: A target_index_version the reader does not read: the index is not used (decision 0050)
    Kit decision (docs/decisions/0050), hence should: read "as a standalone BTree ... using
    target_index_version as its version", a target of version 99 is a BTree of a version the reader does
    not know, and a standalone index of such a version is not used (Lance drops it and scans). The index
    is stale: written when rows 0 and 2 held each other's elements, so a reader that read it anyway would
    return 0:2 for car.
    Given the index's target_index_version is 99
    And the index was written when the table was
      """json
      {"column": "detections",
       "element": [{"name": "label", "type": "string", "id": 4}, {"name": "confidence", "type": "float", "id": 5}],
       "rows": [[{"label": "bus", "confidence": 0.25}], null, [{"label": "car", "confidence": 0.5}], [null],
                [{"label": "car", "confidence": 0.5}], [{"label": "", "confidence": 1.0}],
                [{"label": "person", "confidence": 0.75}]]}
      """
    When the reader answers any_element with the predicate "label = 'car'"
    Then the row addresses are "0:0, 0:4"
    And the engine's plan is recorded beside the kit's: NOT_USED because TARGET_VERSION_UNKNOWN
    When the reader answers NOT any_element with the predicate "label = 'car'"
    Then the row addresses are "0:2, 0:5, 0:6"

  @id:LEI-0202 @spec:lance-list-element-index.md#storage-layout @spec:lance-list-element-index.md#index-details @level:should @requires:list_element_index
  Scenario Outline: target_details that are not a BTree's: the index is not used (decision 0050)
    Kit decision (docs/decisions/0050), hence should: "using target_details as its details", a target whose
    details are <what> is not a BTree the reader can read, so the index is not used. The index is the stale
    one of LEI-0201. (Details of a type the kit does not register cannot cross the protocol's JSON, so the
    types here are Lance's own: docs/protocol.md, "Any values".)
    Given the index's target_details have the type URL "<type url>"
    And the index was written when the table was
      """json
      {"column": "detections",
       "element": [{"name": "label", "type": "string", "id": 4}, {"name": "confidence", "type": "float", "id": 5}],
       "rows": [[{"label": "bus", "confidence": 0.25}], null, [{"label": "car", "confidence": 0.5}], [null],
                [{"label": "car", "confidence": 0.5}], [{"label": "", "confidence": 1.0}],
                [{"label": "person", "confidence": 0.75}]]}
      """
    When the reader answers any_element with the predicate "label = 'car'"
    Then the row addresses are "0:0, 0:4"
    And the engine's plan is recorded beside the kit's: NOT_USED because TARGET_NOT_BTREE

    Examples:
      | what                                 | type url                         |
      | a bitmap index's                     | /lance.table.BitmapIndexDetails  |
      | a zone map index's                   | /lance.table.ZoneMapIndexDetails |
      | absent (no type URL)                 |                                  |
