Feature: LEI02 Storage layout: page_data and page_lookup rows, and the details, for every list shape

  "Each element of the indexed column gives one row of the target's page_data.lance: values holds the
  element's key tuple, encoded as in Key Encoding. A null element encodes as a tuple whose keys are all
  null; its values is not null. ids holds the row address of the row that holds the element. A row with
  several elements has one row in page_data.lance for each element. A row whose list is null has one row
  in page_data.lance, whose values is null. A row whose list is empty has none." page_data is "sorted by
  `values`, nulls first"; page_lookup has "one row per page" (min, max, null_count, page_idx).
  A row address is fragment_id << 32 | offset, written <fragment>:<offset>.
  The rows are those of the page_data.lance and page_lookup.lance the engine wrote into the kit's index
  directory (list_element_index.files, LEI09), read by the kit's own Lance file reader: the files are the
  evidence. The rows the engine's reply lists are a diagnostic only (the report notes where they differ).

  Encodings used below (Key Encoding): a string of 1..8 bytes is 02, the bytes padded with 00 to 8, then
  the count: car = 02 63 61 72 00 00 00 00 00 03, bus = 02 62 75 73 00 00 00 00 00 03,
  cat = 02 63 61 74 00 00 00 00 00 03, dog = 02 64 6F 67 00 00 00 00 00 03; a null string is 00.
  A float is 01 then its bits with the sign bit inverted (all bits when it is set):
  0.25 = 3E800000 -> 01 BE 80 00 00, 0.5 = 3F000000 -> 01 BF 00 00 00, 0.75 = 3F400000 -> 01 BF 40 00 00;
  a null float is 00 00 00 00 00.
  No two page_data rows below with different row addresses have equal values, so the order of ties
  (the spec is silent on it) does not matter.

  Background:
    Given the list table
      """json
      {"column": "detections",
       "element": [{"name": "label", "type": "string", "id": 4},
                   {"name": "confidence", "type": "float", "id": 5},
                   {"name": "area", "type": "float", "id": 6}],
       "rows": [[{"label": "car", "confidence": 0.5, "area": 1}],
                [{"label": "dog", "confidence": 0.25, "area": 2}, {"label": "car", "confidence": 0.75, "area": 3}],
                [{"label": "bus", "confidence": 0.5, "area": 4}, {"label": "bus", "confidence": 0.5, "area": 4}],
                [null],
                null,
                [],
                [{"label": null, "confidence": 0.5, "area": 5}]]}
      """

  @id:LEI-0010 @spec:lance-list-element-index.md#storage-layout @spec:lance-list-element-index.md#key-encoding @level:must @requires:list_element_index @requires:list_element_index.files
  Scenario: One row per element, duplicates kept, the all-null tuple for a null element, null values for a null list, nothing for an empty list
    Row 0 has one element, row 1 two, row 2 the same element twice (two equal page_data rows with the
    same address), row 3 a null element (00 then 00 00 00 00 00: "its values is not null"), row 4 a null
    list (values null, first), row 5 an empty list (no row), row 6 an element with a null label only.
    Order: null; 00 00..; 00 01..; then bus < car < dog (62 < 63 < 64), car 0.5 < car 0.75 (BF 00 < BF 40).
    When the engine builds the list element index on keys "label, confidence"
    Then the page_data rows are
      | values                                           | row address |
      | null                                             | 0:4         |
      | 00 00 00 00 00 00                                | 0:3         |
      | 00 01 BF 00 00 00                                | 0:6         |
      | 02 62 75 73 00 00 00 00 00 03 01 BF 00 00 00     | 0:2         |
      | 02 62 75 73 00 00 00 00 00 03 01 BF 00 00 00     | 0:2         |
      | 02 63 61 72 00 00 00 00 00 03 01 BF 00 00 00     | 0:0         |
      | 02 63 61 72 00 00 00 00 00 03 01 BF 40 00 00     | 0:1         |
      | 02 64 6F 67 00 00 00 00 00 03 01 BE 80 00 00     | 0:1         |
    And the details record key field ids "4, 5", keys "label, confidence" and key types "string, float"

  @open @id:LEI-0011 @spec:lance-list-element-index.md#storage-layout @level:should @requires:list_element_index @requires:list_element_index.files
  Scenario: page_lookup holds each page's first and last values, its null count and its index
    The 8 page_data rows of LEI-0010 in pages of 3: rows 1-3, 4-6, 7-8. Only the first page holds the null.
    Open question (docs/decisions/0006): the spec names the columns min and max; the kit takes them as the
    page's first and last values in page_data order, nulls first, so a page holding a null has a null min.
    When the engine builds the list element index on keys "label, confidence" with pages of 3 rows
    Then the page_lookup rows are
      | min                                          | max                                          | null_count | page_idx |
      | null                                         | 00 01 BF 00 00 00                            | 1          | 0        |
      | 02 62 75 73 00 00 00 00 00 03 01 BF 00 00 00 | 02 63 61 72 00 00 00 00 00 03 01 BF 00 00 00 | 0          | 1        |
      | 02 63 61 72 00 00 00 00 00 03 01 BF 40 00 00 | 02 64 6F 67 00 00 00 00 00 03 01 BE 80 00 00 | 0          | 2        |

  @id:LEI-0012 @spec:lance-list-element-index.md#storage-layout @spec:lance-list-element-index.md#index-details @spec:lance-list-element-index.md#key-encoding @level:must @requires:list_element_index @requires:list_element_index.files
  Scenario: Keys in another order than the struct's fields: the tuple follows the key order
    Keys confidence, label on the table above: each value is the float's 5 bytes, then the string's.
    Row 6's element (null label, 0.5) is 01 BF 00 00 00 00; the null element is 00 00 00 00 00 00.
    Order by confidence first: the all-null tuple; BE 80 (0.25); BF 00 (0.5), where the null label (00)
    sorts before bus (02 62), and bus before car (02 63); BF 40 (0.75).
    When the engine builds the list element index on keys "confidence, label"
    Then the page_data rows are
      | values                                           | row address |
      | null                                             | 0:4         |
      | 00 00 00 00 00 00                                | 0:3         |
      | 01 BE 80 00 00 02 64 6F 67 00 00 00 00 00 03     | 0:1         |
      | 01 BF 00 00 00 00                                | 0:6         |
      | 01 BF 00 00 00 02 62 75 73 00 00 00 00 00 03     | 0:2         |
      | 01 BF 00 00 00 02 62 75 73 00 00 00 00 00 03     | 0:2         |
      | 01 BF 00 00 00 02 63 61 72 00 00 00 00 00 03     | 0:0         |
      | 01 BF 40 00 00 02 63 61 72 00 00 00 00 00 03     | 0:1         |
    And the details record key field ids "5, 4", keys "confidence, label" and key types "float, string"

  @id:LEI-0013 @spec:lance-list-element-index.md#storage-layout @spec:lance-list-element-index.md#index-details @level:must @requires:list_element_index @requires:list_element_index.files
  Scenario: A single key: the tuple is that key's encoding alone
    Key label only, on a table where no two elements of different rows have the same label: row 0 car,
    row 1 dog and the empty string (01), row 2 bus twice (two equal rows, one address), row 3 a null
    element (the null label 00), row 4 a null list, row 5 an empty list, row 6 cat.
    Given the list table
      """json
      {"column": "detections",
       "element": [{"name": "label", "type": "string", "id": 4},
                   {"name": "confidence", "type": "float", "id": 5},
                   {"name": "area", "type": "float", "id": 6}],
       "rows": [[{"label": "car", "confidence": 0.5, "area": 1}],
                [{"label": "dog", "confidence": 0.25, "area": 2}, {"label": "", "confidence": 0.75, "area": 3}],
                [{"label": "bus", "confidence": 0.5, "area": 4}, {"label": "bus", "confidence": -0.5, "area": 4}],
                [null],
                null,
                [],
                [{"label": "cat", "confidence": null, "area": 5}]]}
      """
    When the engine builds the list element index on keys "label"
    Then the page_data rows are
      | values                            | row address |
      | null                              | 0:4         |
      | 00                                | 0:3         |
      | 01                                | 0:1         |
      | 02 62 75 73 00 00 00 00 00 03     | 0:2         |
      | 02 62 75 73 00 00 00 00 00 03     | 0:2         |
      | 02 63 61 72 00 00 00 00 00 03     | 0:0         |
      | 02 63 61 74 00 00 00 00 00 03     | 0:6         |
      | 02 64 6F 67 00 00 00 00 00 03     | 0:1         |
    And the details record key field ids "4", keys "label" and key types "string"

  @id:LEI-0014 @spec:lance-list-element-index.md#storage-layout @level:must @requires:list_element_index @requires:list_element_index.files
  Scenario: Several fragments: the address is fragment << 32 | offset, and a deleted row is not indexed
    Fragment 0: offset 0 car 0.5, offset 1 dog 0.5 (deleted). Fragment 1: offset 0 cat 0.5, offset 1 a
    null list. Fragment 3: offset 0 an empty list, offset 1 car 0.25. Order: null; car 0.25 (BE) <
    car 0.5 (BF) < cat 0.5 (car 72 < cat 74).
    Given the list table
      """json
      {"column": "detections",
       "element": [{"name": "label", "type": "string", "id": 4},
                   {"name": "confidence", "type": "float", "id": 5}],
       "fragments": [{"id": 0, "rows": [[{"label": "car", "confidence": 0.5}], [{"label": "dog", "confidence": 0.5}]], "deleted": [1]},
                     {"id": 1, "rows": [[{"label": "cat", "confidence": 0.5}], null]},
                     {"id": 3, "rows": [[], [{"label": "car", "confidence": 0.25}]]}]}
      """
    When the engine builds the list element index on keys "label, confidence"
    Then the page_data rows are
      | values                                           | row address |
      | null                                             | 1:1         |
      | 02 63 61 72 00 00 00 00 00 03 01 BE 80 00 00     | 3:1         |
      | 02 63 61 72 00 00 00 00 00 03 01 BF 00 00 00     | 0:0         |
      | 02 63 61 74 00 00 00 00 00 03 01 BF 00 00 00     | 1:0         |

  @id:LEI-0015 @spec:lance-list-element-index.md#storage-layout @level:must @requires:list_element_index @requires:list_element_index.files
  Scenario: An index built over some fragments holds only their rows
    The table of LEI-0014, built over fragments 0 and 3: fragment 1's cat and null list are left out.
    Given the list table
      """json
      {"column": "detections",
       "element": [{"name": "label", "type": "string", "id": 4},
                   {"name": "confidence", "type": "float", "id": 5}],
       "fragments": [{"id": 0, "rows": [[{"label": "car", "confidence": 0.5}], [{"label": "dog", "confidence": 0.5}]], "deleted": [1]},
                     {"id": 1, "rows": [[{"label": "cat", "confidence": 0.5}], null]},
                     {"id": 3, "rows": [[], [{"label": "car", "confidence": 0.25}]]}]}
      """
    When the engine builds the list element index on keys "label, confidence" over fragments "0, 3"
    Then the page_data rows are
      | values                                           | row address |
      | 02 63 61 72 00 00 00 00 00 03 01 BE 80 00 00     | 3:1         |
      | 02 63 61 72 00 00 00 00 00 03 01 BF 00 00 00     | 0:0         |

  @open @id:LEI-0016 @spec:lance-list-element-index.md#storage-layout @level:should @requires:list_element_index @requires:list_element_index.files
  Scenario: A page of null lists only has null min and max and counts every row
    Rows 0, 1 and 3 are null lists, row 2 holds car. Pages of 2: the three nulls first, then car. The
    nulls' order among themselves does not show in page_lookup. Open question (docs/decisions/0006): is
    min the first value (null here, the kit's choice) or the smallest non-null value (car)?
    Given the list table
      """json
      {"column": "detections",
       "element": [{"name": "label", "type": "string", "id": 4}],
       "rows": [null, null, [{"label": "car"}], null]}
      """
    When the engine builds the list element index on keys "label" with pages of 2 rows
    Then the page_lookup rows are
      | min  | max                           | null_count | page_idx |
      | null | null                          | 2          | 0        |
      | null | 02 63 61 72 00 00 00 00 00 03 | 1          | 1        |

  @id:LEI-0017 @spec:lance-list-element-index.md#storage-layout @spec:lance-list-element-index.md#key-encoding @spec:lance-list-element-index.md#index-details @level:must @requires:list_element_index @requires:list_element_index.files
  Scenario: A signed integer key alone
    int16 is 01 then the big-endian two's complement with its top bit inverted: -300 = FED4 -> 01 7E D4,
    -1 = FFFF -> 01 7F FF, 0 -> 01 80 00, 1 -> 01 80 01.
    Given the list table
      """json
      {"column": "things",
       "element": [{"name": "u", "type": "uint32", "id": 1}, {"name": "i", "type": "int16", "id": 2},
                   {"name": "b", "type": "bool", "id": 3}, {"name": "p", "type": "binary", "id": 4}],
       "rows": [[{"u": 1, "i": -1, "b": true, "p": "hex:0AFF"}],
                [{"u": 256, "i": 1, "b": false, "p": "hex:"}],
                [{"u": null, "i": 0, "b": null, "p": null}],
                [{"u": 1, "i": -300, "b": false, "p": "hex:0102030405060708090A"}]]}
      """
    When the engine builds the list element index on keys "i"
    Then the page_data rows are
      | values   | row address |
      | 01 7E D4 | 0:3         |
      | 01 7F FF | 0:0         |
      | 01 80 00 | 0:2         |
      | 01 80 01 | 0:1         |
    And the details record key field ids "2", keys "i" and key types "int16"

  @id:LEI-0018 @spec:lance-list-element-index.md#storage-layout @spec:lance-list-element-index.md#key-encoding @spec:lance-list-element-index.md#index-details @level:must @requires:list_element_index @requires:list_element_index.files
  Scenario: uint32, bool and binary keys, a binary value over two blocks
    uint32: 01 then 4 big-endian bytes (1 -> 01 00 00 00 01, 256 -> 01 00 00 01 00, null -> 00 00 00 00 00).
    bool: 01 00 false, 01 01 true, 00 00 null. binary: 0AFF -> 02 0A FF 00 00 00 00 00 00 02, empty -> 01,
    null -> 00, 01..0A (10 bytes) -> 02, block 01..08, FF (more follows), block 09 0A padded, 02.
    Order: the null u first; then u = 1 with false before true; then u = 256.
    Given the list table
      """json
      {"column": "things",
       "element": [{"name": "u", "type": "uint32", "id": 1}, {"name": "i", "type": "int16", "id": 2},
                   {"name": "b", "type": "bool", "id": 3}, {"name": "p", "type": "binary", "id": 4}],
       "rows": [[{"u": 1, "i": -1, "b": true, "p": "hex:0AFF"}],
                [{"u": 256, "i": 1, "b": false, "p": "hex:"}],
                [{"u": null, "i": 0, "b": null, "p": null}],
                [{"u": 1, "i": -300, "b": false, "p": "hex:0102030405060708090A"}]]}
      """
    When the engine builds the list element index on keys "u, b, p"
    Then the page_data rows are
      | values                                                                            | row address |
      | 00 00 00 00 00 00 00 00                                                           | 0:2         |
      | 01 00 00 00 01 01 00 02 01 02 03 04 05 06 07 08 FF 09 0A 00 00 00 00 00 00 02     | 0:3         |
      | 01 00 00 00 01 01 01 02 0A FF 00 00 00 00 00 00 02                                | 0:0         |
      | 01 00 00 01 00 01 00 01                                                           | 0:1         |
    And the details record key field ids "1, 3, 4", keys "u, b, p" and key types "uint32, bool, binary"
