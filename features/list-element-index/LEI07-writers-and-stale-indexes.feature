Feature: LEI07 What writers record, and what readers do with indexes they must not use

  "key_field_ids identifies the key fields, in key order, by their field IDs (file.Field.id) ... Each is
  a direct child of the element struct, there is at least one key, and no ID appears twice."
  "key_types holds the logical type of each key field when the index was trained." "target_details
  holds the BTreeIndexDetails of the target index ... IndexMetadata.index_version holds the version of
  the list element index itself, which is 0." "IndexMetadata.fields holds the single list<struct> field
  the index is built on." "If any key field fails these checks, because it was dropped, moved or changed
  type, the reader must not use the index and evaluates the filter on the data instead." "A reader must
  not use an index whose key_encoding it does not know."
  Readers are handed the index as the kit wrote it. Where the reader must not use it, the index is
  stale (written before the data were rewritten in place, as a data replacement does), so a reader
  that used it would return a row the data do not have.

  @id:LEI-0090 @spec:lance-list-element-index.md#index-details @level:must @requires:list_element_index
  Scenario Outline: Key lists the details cannot hold: the details a writer writes keep the rules
    Keys must be direct children of the element struct (the list column itself and a name that is not
    an element field are not), none twice, and at least one. These are rules on the details written, not a
    refusal the spec demands: a writer may refuse the list, or build on keys it derives from it (label,
    label de-duplicated to label, say); what it writes must keep the rules.
    Given the list table
      """json
      {"column": "detections",
       "element": [{"name": "label", "type": "string", "id": 4}, {"name": "confidence", "type": "float", "id": 5}],
       "rows": [[{"label": "car", "confidence": 0.5}], null]}
      """
    When the engine is asked to build the list element index on keys "<keys>"
    Then the engine refuses the key list or writes details that keep the rules on key fields

    Examples:
      | keys              |
      | label, label      |
      | confidence, label, confidence |
      |                   |
      | detections        |
      | label, labels     |

  @id:LEI-0099 @spec:lance-list-element-index.md#index-details @level:must @requires:list_element_index
  Scenario Outline: A key of a type outside the spec's table: no details record it
    "A key may have one of these logical types": bool, the integers, float and double, date32:day and
    date64:ms, timestamps, string and binary and their large variants. The element struct also holds
    <field>, an Arrow <arrow> ("other_fields": a direct child of the element of a type no key may have; it
    holds no values here). Asked to key on it, a writer refuses, or writes details without it; an encoder
    that takes any type the Arrow row format takes (arrow-row encodes decimals, structs and lists too)
    would record it.
    Given the list table
      """json
      {"column": "detections",
       "element": [{"name": "label", "type": "string", "id": 4}, {"name": "confidence", "type": "float", "id": 5}],
       "other_fields": [{"name": "price", "arrow": "Decimal128(10, 2)", "id": 6},
                        {"name": "box", "arrow": "Struct<x: Float32, y: Float32>", "id": 7},
                        {"name": "tags", "arrow": "List<Utf8>", "id": 8}],
       "rows": [[{"label": "car", "confidence": 0.5}], null]}
      """
    When the engine is asked to build the list element index on keys "label, <field>"
    Then the engine refuses the key list or writes details that keep the rules on key fields

    Examples:
      | field | arrow                          |
      | price | Decimal128(10, 2)              |
      | box   | Struct<x: Float32, y: Float32> |
      | tags  | List<Utf8>                     |

  @id:LEI-0091 @spec:lance-list-element-index.md#index-details @level:must @requires:list_element_index
  Scenario: The details name the key fields and the target BTree, of version 1 or greater
    The details a build writes: key_field_ids, keys and key_types in key order, ARROW_ROW_V1, target_details a
    BTreeIndexDetails and target_index_version 1 or more (the list element index's own IndexMetadata.index_version
    is 0). The IndexMetadata the reply describes (fields [3], index_version 0) is a diagnostic: the entry an
    engine writes is judged in the manifest it commits (LEI11).
    Given the list table
      """json
      {"column": "detections",
       "element": [{"name": "label", "type": "string", "id": 4}, {"name": "confidence", "type": "float", "id": 5}],
       "rows": [[{"label": "car", "confidence": 0.5}], null, []]}
      """
    And the list column's field id is 3
    When the engine builds the list element index on keys "confidence, label"
    Then the details record key field ids "5, 4", keys "confidence, label" and key types "float, string"
    And the index metadata the engine reports is noted beside the spec's: the list column 3, index_version 0, the details packed

  @id:LEI-0092 @spec:lance-list-element-index.md#index-details @level:must @requires:list_element_index
  Scenario: key_types spell every family of logical type as the spec's table does
    One key of each family, in the element's order; one row holding a null element.
    Given the list table
      """json
      {"column": "things",
       "element": [{"name": "b", "type": "bool", "id": 1}, {"name": "i8", "type": "int8", "id": 2},
                   {"name": "u16", "type": "uint16", "id": 3}, {"name": "f", "type": "float", "id": 4},
                   {"name": "d", "type": "double", "id": 5}, {"name": "day", "type": "date32:day", "id": 6},
                   {"name": "ms", "type": "date64:ms", "id": 7}, {"name": "ts", "type": "timestamp:ns:Asia/Tokyo", "id": 8},
                   {"name": "local", "type": "timestamp:s:-", "id": 9}, {"name": "s", "type": "string", "id": 10},
                   {"name": "ls", "type": "large_string", "id": 11}, {"name": "bin", "type": "binary", "id": 12},
                   {"name": "lbin", "type": "large_binary", "id": 13}, {"name": "u64", "type": "uint64", "id": 14}],
       "rows": [[null]]}
      """
    When the engine builds the list element index on keys "b, i8, u16, f, d, day, ms, ts, local, s, ls, bin, lbin, u64"
    Then the details record key field ids "1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14", keys "b, i8, u16, f, d, day, ms, ts, local, s, ls, bin, lbin, u64" and key types "bool, int8, uint16, float, double, date32:day, date64:ms, timestamp:ns:Asia/Tokyo, timestamp:s:-, string, large_string, binary, large_binary, uint64"

  @id:LEI-0093 @spec:lance-list-element-index.md#index-details @level:must @requires:list_element_index
  Scenario Outline: A key field whose type changed in any way is not used: unit, time zone, large variant, width
    The index on k was trained when k was <then>; k is now <now>. The bytes may not even differ (a
    timestamp's unit and zone do not change them; string and large_string encode alike): the recorded type
    still differs, so the index is not used. It is stale: it says row 1's k is null; the data say row 0's.
    Given the list table
      """json
      {"column": "c",
       "element": [{"name": "k", "type": "<now>", "id": 4}],
       "rows": [[{"k": null}], [{"k": <value>}]]}
      """
    And the index recorded on field ids "4" named "k" with key types "<then>"
    And the index was written when the table was
      """json
      {"column": "c",
       "element": [{"name": "k", "type": "<then>", "id": 4}],
       "rows": [[{"k": <value>}], [{"k": null}]]}
      """
    When the reader answers any_element with the predicate "k IS NULL"
    Then the row addresses are "0:0"

    Examples:
      | then             | now                       | value   |
      | timestamp:us:UTC | timestamp:ms:UTC          | 7       |
      | timestamp:us:UTC | timestamp:us:Europe/Paris | 7       |
      | timestamp:us:UTC | timestamp:us:-            | 7       |
      | string           | large_string              | "car"   |
      | large_string     | string                    | "car"   |
      | binary           | large_binary              | "hex:0A" |
      | int32            | int64                     | 7       |
      | date32:day       | date64:ms                 | 7       |

  @id:LEI-0094 @spec:lance-list-element-index.md#index-details @level:must @requires:list_element_index
  Scenario Outline: An index whose key encoding the reader does not know is not used, whatever the number
    The index is stale: it has row 0 at 0.25 and row 1 at 0.75; a reader that used it would return 0:1.
    Given the list table
      """json
      {"column": "detections",
       "element": [{"name": "label", "type": "string", "id": 4}, {"name": "confidence", "type": "float", "id": 5}],
       "rows": [[{"label": "car", "confidence": 0.75}], [{"label": "car", "confidence": 0.25}]]}
      """
    And the index recorded on field ids "4, 5" named "label, confidence" with key types "string, float"
    And the index's key encoding is <encoding>
    And the index was written when the table was
      """json
      {"column": "detections",
       "element": [{"name": "label", "type": "string", "id": 4}, {"name": "confidence", "type": "float", "id": 5}],
       "rows": [[{"label": "car", "confidence": 0.25}], [{"label": "car", "confidence": 0.75}]]}
      """
    When the reader answers any_element with the predicate "label = 'car' AND confidence > 0.5"
    Then the row addresses are "0:0"

    Examples:
      | encoding |
      | 2        |
      | 255      |

  @id:LEI-0095 @spec:lance-list-element-index.md#index-details @level:must @requires:list_element_index
  Scenario: Segments written on either side of a rename may record different keys, and still answer
    "Their keys may differ, if they were written on either side of a rename." Segment 1 covers fragment 0
    and was written when field 4 was named label; segment 2 covers fragment 1, written after the rename
    to name. Rows with name = 'car': 0:0 and 1:1.
    Given the list table
      """json
      {"column": "detections",
       "element": [{"name": "name", "type": "string", "id": 4}, {"name": "confidence", "type": "float", "id": 5}],
       "fragments": [{"id": 0, "rows": [[{"name": "car", "confidence": 0.5}], [{"name": "dog", "confidence": 0.5}]]},
                     {"id": 1, "rows": [null, [{"name": "car", "confidence": 0.75}]]}]}
      """
    And the index recorded on field ids "4, 5" named "label, confidence" with key types "string, float"
    And the index covers fragments "0"
    And the index has a second segment recorded on field ids "4, 5" named "name, confidence" with key types "string, float" covering fragments "1"
    When the reader answers any_element with the predicate "name = 'car'"
    Then the row addresses are "0:0, 1:1"
    When the reader answers NOT any_element with the predicate "name = 'car'"
    Then the row addresses are "0:1"

  @id:LEI-0096 @spec:lance-list-element-index.md#index-details @level:should @requires:list_element_index
  Scenario: Segments that disagree on their key fields: the index is not used (decision 0003)
    Kit decision (docs/decisions/0003), hence should: the spec says every segment has the same
    key_field_ids, key_types and key_encoding but not what a reader does when they do not; the kit's
    reader falls back to the data. Segment 2 was recorded on the keys in the other order. Both segments
    are stale: they say row 0:1 is a car and 1:0 is not.
    Given the list table
      """json
      {"column": "detections",
       "element": [{"name": "label", "type": "string", "id": 4}, {"name": "confidence", "type": "float", "id": 5}],
       "fragments": [{"id": 0, "rows": [[{"label": "car", "confidence": 0.5}], [{"label": "dog", "confidence": 0.5}]]},
                     {"id": 1, "rows": [[{"label": "car", "confidence": 0.5}]]}]}
      """
    And the index recorded on field ids "4, 5" named "label, confidence" with key types "string, float"
    And the index covers fragments "0"
    And the index has a second segment recorded on field ids "5, 4" named "confidence, label" with key types "float, string" covering fragments "1"
    And the index was written when the table was
      """json
      {"column": "detections",
       "element": [{"name": "label", "type": "string", "id": 4}, {"name": "confidence", "type": "float", "id": 5}],
       "fragments": [{"id": 0, "rows": [[{"label": "car", "confidence": 0.5}], [{"label": "car", "confidence": 0.5}]]},
                     {"id": 1, "rows": [[{"label": "dog", "confidence": 0.5}]]}]}
      """
    When the reader answers any_element with the predicate "label = 'car'"
    Then the row addresses are "0:0, 1:0"
    And the engine's plan is recorded beside the kit's: NOT_USED because SEGMENTS_DISAGREE

  @id:LEI-0097 @spec:lance-list-element-index.md#index-details @level:must @requires:list_element_index
  Scenario: A key field moved below the element struct is not a direct child: the index is not used
    Field 5 (confidence) still exists, with its type, but now inside a struct meta of the element
    ("elsewhere" lists the table's fields that are not direct children of the element struct). "The field
    must exist, must be a direct child of the element struct": a reader that found field 5 anywhere in
    the schema would use the stale index and return 0:1.
    Given the list table
      """json
      {"column": "detections",
       "element": [{"name": "label", "type": "string", "id": 4}, {"name": "area", "type": "float", "id": 6}],
       "elsewhere": [{"name": "confidence", "type": "float", "id": 5, "path": "detections.item.meta.confidence"}],
       "rows": [[{"label": "car", "area": 10}], [{"label": "dog", "area": 20}], null]}
      """
    And the index recorded on field ids "4, 5" named "label, confidence" with key types "string, float"
    And the index was written when the table was
      """json
      {"column": "detections",
       "element": [{"name": "label", "type": "string", "id": 4}, {"name": "confidence", "type": "float", "id": 5},
                   {"name": "area", "type": "float", "id": 6}],
       "rows": [[{"label": "car", "confidence": 0.5, "area": 10}], [{"label": "car", "confidence": 0.5, "area": 20}], null]}
      """
    When the reader answers any_element with the predicate "label = 'car'"
    Then the row addresses are "0:0"

  @id:LEI-0098 @spec:lance-list-element-index.md#index-details @level:should @requires:list_element_index
  Scenario Outline: Segments that disagree on key_types or key_encoding: the index is not used (decision 0003)
    Kit decision (docs/decisions/0003), hence should: the spec says every segment has the same
    key_field_ids, key_types and key_encoding but not what a reader does when they do not; the kit's
    reader falls back to the data for every fragment. Segment 2 records <what>; segment 1 alone would
    pass the reader's checks. Both segments are stale: they say row 0:1 is a car and 1:0 is not, so a
    reader that used segment 1 for fragment 0 and the data for fragment 1 would return 0:1 too.
    Given the list table
      """json
      {"column": "detections",
       "element": [{"name": "label", "type": "string", "id": 4}, {"name": "confidence", "type": "float", "id": 5}],
       "fragments": [{"id": 0, "rows": [[{"label": "car", "confidence": 0.5}], [{"label": "dog", "confidence": 0.5}]]},
                     {"id": 1, "rows": [[{"label": "car", "confidence": 0.5}]]}]}
      """
    And the index recorded on field ids "4, 5" named "label, confidence" with key types "string, float"
    And the index covers fragments "0"
    And the index has a second segment recorded on field ids "4, 5" named "label, confidence" with key types "<types>" and key encoding <encoding> covering fragments "1"
    And the index was written when the table was
      """json
      {"column": "detections",
       "element": [{"name": "label", "type": "string", "id": 4}, {"name": "confidence", "type": "float", "id": 5}],
       "fragments": [{"id": 0, "rows": [[{"label": "car", "confidence": 0.5}], [{"label": "car", "confidence": 0.5}]]},
                     {"id": 1, "rows": [[{"label": "dog", "confidence": 0.5}]]}]}
      """
    When the reader answers any_element with the predicate "label = 'car'"
    Then the row addresses are "0:0, 1:0"
    And the engine's plan is recorded beside the kit's: NOT_USED because SEGMENTS_DISAGREE

    Examples:
      | what                                  | types          | encoding                              |
      | the key types string and double       | string, double | LIST_ELEMENT_KEY_ENCODING_ARROW_ROW_V1 |
      | the key encoding 2                    | string, float  | 2                                     |
