Feature: LEI06 Reader checks: resolving key fields by id, the key encoding, uncovered fragments, deletions

  "Before using the index, a reader resolves each ID in key_field_ids against the current schema. The
  field must exist, must be a direct child of the element struct of the column in IndexMetadata.fields,
  and must have the logical type recorded in key_types. The reader then refers to each key field by its
  current name, so the index follows a rename, including one that gives a key's old name to another
  field. If any key field fails these checks, because it was dropped, moved or changed type, the reader
  must not use the index and evaluates the filter on the data instead." "A reader must not use an index
  whose key_encoding it does not know, including LIST_ELEMENT_KEY_ENCODING_UNSPECIFIED."
  The index below was recorded on field ids 4 and 5, named label and confidence, of types string and
  float. car = 02 63 61 72 00 00 00 00 00 03, dog = 02 64 6F 67 00 00 00 00 00 03, 0.5 = 01 BF 00 00 00.

  @id:LEI-0080 @spec:lance-list-element-index.md#index-details @level:must @requires:list_element_index
  Scenario: A dropped key field: the index is not used and the data answers
    Field 5 (confidence) was dropped. Rows: 0 [car], 1 [dog], 2 a null list.
    The index handed to the reader is stale (written before the data were rewritten in place, as a data
    replacement does): it still says row 1 is a car. A reader that used it would return 0:1 too.
    Given the list table
      """json
      {"column": "detections",
       "element": [{"name": "label", "type": "string", "id": 4}, {"name": "area", "type": "float", "id": 6}],
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
    And the engine's plan is recorded beside the kit's: NOT_USED because KEY_FIELD_MISSING

  @id:LEI-0081 @spec:lance-list-element-index.md#index-details @level:must @requires:list_element_index
  Scenario: A key field dropped and a new field added under its name: the name does not bring the index back
    confidence is now field 8, not field 5. Rows: 0 [(car, 0.75)], 1 [(car, 0.25)], 2 [(dog, 1.0)].
    The index handed to the reader is stale (written before the data were rewritten in place, as a data
    replacement does): it has row 0 at 0.25 and row 1 at 0.75. A reader that used it would return 0:1.
    Given the list table
      """json
      {"column": "detections",
       "element": [{"name": "label", "type": "string", "id": 4}, {"name": "confidence", "type": "float", "id": 8}],
       "rows": [[{"label": "car", "confidence": 0.75}], [{"label": "car", "confidence": 0.25}],
                [{"label": "dog", "confidence": 1.0}]]}
      """
    And the index recorded on field ids "4, 5" named "label, confidence" with key types "string, float"
    And the index was written when the table was
      """json
      {"column": "detections",
       "element": [{"name": "label", "type": "string", "id": 4}, {"name": "confidence", "type": "float", "id": 5}],
       "rows": [[{"label": "car", "confidence": 0.25}], [{"label": "car", "confidence": 0.75}],
                [{"label": "dog", "confidence": 1.0}]]}
      """
    When the reader answers any_element with the predicate "label = 'car' AND confidence > 0.5"
    Then the row addresses are "0:0"
    And the engine's plan is recorded beside the kit's: NOT_USED because KEY_FIELD_MISSING

  @id:LEI-0082 @spec:lance-list-element-index.md#index-details @level:must @requires:list_element_index
  Scenario: A key field whose type changed: the index is not used and the data answers
    Field 5 is now a double. Rows as in LEI-0081.
    The index handed to the reader is stale (written before the data were rewritten in place, as a data
    replacement does): it has row 0 at 0.25 and row 1 at 0.75. A reader that used it would return 0:1.
    Given the list table
      """json
      {"column": "detections",
       "element": [{"name": "label", "type": "string", "id": 4}, {"name": "confidence", "type": "double", "id": 5}],
       "rows": [[{"label": "car", "confidence": 0.75}], [{"label": "car", "confidence": 0.25}],
                [{"label": "dog", "confidence": 1.0}]]}
      """
    And the index recorded on field ids "4, 5" named "label, confidence" with key types "string, float"
    And the index was written when the table was
      """json
      {"column": "detections",
       "element": [{"name": "label", "type": "string", "id": 4}, {"name": "confidence", "type": "float", "id": 5}],
       "rows": [[{"label": "car", "confidence": 0.25}], [{"label": "car", "confidence": 0.75}],
                [{"label": "dog", "confidence": 1.0}]]}
      """
    When the reader answers any_element with the predicate "label = 'car' AND confidence > 0.5"
    Then the row addresses are "0:0"
    And the engine's plan is recorded beside the kit's: NOT_USED because KEY_TYPE_CHANGED

  @id:LEI-0083 @spec:lance-list-element-index.md#index-details @level:must @requires:list_element_index
  Scenario: Renamed key fields: the index follows the rename and the predicate uses the new names
    Field 4 is now name, field 5 score. The range is car with score > 0.5:
    [succ(car 01 BF 00 00 00) = car 01 BF 00 00 01, succ(car)). Rows as in LEI-0081.
    Given the list table
      """json
      {"column": "detections",
       "element": [{"name": "name", "type": "string", "id": 4}, {"name": "score", "type": "float", "id": 5}],
       "rows": [[{"name": "car", "score": 0.75}], [{"name": "car", "score": 0.25}],
                [{"name": "dog", "score": 1.0}]]}
      """
    And the index recorded on field ids "4, 5" named "label, confidence" with key types "string, float"
    When the reader answers any_element with the predicate "name = 'car' AND score > 0.5"
    Then the row addresses are "0:0"
    And the engine's plan is recorded beside the kit's: EXACT, with the ranges
      | lower                                        | upper                         |
      | 02 63 61 72 00 00 00 00 00 03 01 BF 00 00 01 | 02 63 61 72 00 00 00 00 00 04 |

  @id:LEI-0084 @spec:lance-list-element-index.md#index-details @level:must @requires:list_element_index
  Scenario: A key's old name given to another field names that field, not the key
    Field 4 (the first key) is now name; a new field 9 took the name label. label = 'car' is a condition on
    field 9, which is not a key: the first key is not fixed. Rows: 0 [(name car, label dog)],
    1 [(name dog, label car)], 2 [(name car, label car)]; label = 'car' in rows 1 and 2.
    Given the list table
      """json
      {"column": "detections",
       "element": [{"name": "name", "type": "string", "id": 4}, {"name": "confidence", "type": "float", "id": 5},
                   {"name": "label", "type": "string", "id": 9}],
       "rows": [[{"name": "car", "confidence": 0.5, "label": "dog"}],
                [{"name": "dog", "confidence": 0.5, "label": "car"}],
                [{"name": "car", "confidence": 0.5, "label": "car"}]]}
      """
    And the index recorded on field ids "4, 5" named "label, confidence" with key types "string, float"
    When the reader answers any_element with the predicate "label = 'car'"
    Then the row addresses are "0:1, 0:2"
    And the engine's plan is recorded beside the kit's: NOT_USED

  @id:LEI-0085 @spec:lance-list-element-index.md#index-details @level:must @requires:list_element_index
  Scenario: A key's old name given to another field is rechecked beside the renamed key
    The table of LEI-0084. name = 'dog' fixes the first key (range of dog); label = 'car' is on field 9,
    not a key, so it is rechecked. Only row 1 has (name dog, label car).
    Given the list table
      """json
      {"column": "detections",
       "element": [{"name": "name", "type": "string", "id": 4}, {"name": "confidence", "type": "float", "id": 5},
                   {"name": "label", "type": "string", "id": 9}],
       "rows": [[{"name": "car", "confidence": 0.5, "label": "dog"}],
                [{"name": "dog", "confidence": 0.5, "label": "car"}],
                [{"name": "car", "confidence": 0.5, "label": "car"}]]}
      """
    And the index recorded on field ids "4, 5" named "label, confidence" with key types "string, float"
    When the reader answers any_element with the predicate "name = 'dog' AND label = 'car'"
    Then the row addresses are "0:1"
    And the engine's plan is recorded beside the kit's: SUPERSET, with the ranges
      | lower                         | upper                         |
      | 02 64 6F 67 00 00 00 00 00 03 | 02 64 6F 67 00 00 00 00 00 04 |

  @id:LEI-0086 @spec:lance-list-element-index.md#index-details @level:must @requires:list_element_index
  Scenario: An index whose key encoding is UNSPECIFIED is not used
    Rows as in LEI-0081.
    The index handed to the reader is stale (written before the data were rewritten in place, as a data
    replacement does): it has row 0 at 0.25 and row 1 at 0.75. A reader that used it would return 0:1.
    Given the list table
      """json
      {"column": "detections",
       "element": [{"name": "label", "type": "string", "id": 4}, {"name": "confidence", "type": "float", "id": 5}],
       "rows": [[{"label": "car", "confidence": 0.75}], [{"label": "car", "confidence": 0.25}],
                [{"label": "dog", "confidence": 1.0}]]}
      """
    And the index recorded on field ids "4, 5" named "label, confidence" with key types "string, float"
    And the index was written when the table was
      """json
      {"column": "detections",
       "element": [{"name": "label", "type": "string", "id": 4}, {"name": "confidence", "type": "float", "id": 5}],
       "rows": [[{"label": "car", "confidence": 0.25}], [{"label": "car", "confidence": 0.75}],
                [{"label": "dog", "confidence": 1.0}]]}
      """
    And the index's key encoding is LIST_ELEMENT_KEY_ENCODING_UNSPECIFIED
    When the reader answers any_element with the predicate "label = 'car' AND confidence > 0.5"
    Then the row addresses are "0:0"
    And the engine's plan is recorded beside the kit's: NOT_USED because UNKNOWN_KEY_ENCODING

  @id:LEI-0087 @spec:lance-list-element-index.md#accelerated-queries @spec:lance-list-element-index.md#storage-layout @level:must @requires:list_element_index
  Scenario: Rows of a fragment the index does not cover are still found, from the data
    The index covers fragment 0 only. Fragment 0: [car], [dog]; fragment 1: [car], a null list, [bus].
    Given the list table
      """json
      {"column": "detections",
       "element": [{"name": "label", "type": "string", "id": 4}, {"name": "confidence", "type": "float", "id": 5}],
       "fragments": [{"id": 0, "rows": [[{"label": "car", "confidence": 0.5}], [{"label": "dog", "confidence": 0.5}]]},
                     {"id": 1, "rows": [[{"label": "car", "confidence": 0.75}], null, [{"label": "bus", "confidence": 0.5}]]}]}
      """
    And the index recorded on field ids "4, 5" named "label, confidence" with key types "string, float"
    And the index covers fragments "0"
    When the reader answers any_element with the predicate "label = 'car'"
    Then the row addresses are "0:0, 1:0"
    And the engine's plan is recorded beside the kit's: EXACT

  @id:LEI-0088 @spec:lance-list-element-index.md#accelerated-queries @spec:lance-list-element-index.md#storage-layout @level:must @requires:list_element_index
  Scenario: NOT any_element over a fragment the index does not cover
    The table of LEI-0087. Fragment 0 from the index: 0:1 (dog) is FALSE. Fragment 1 from the data: 1:0
    is TRUE, 1:1 (null list) NULL, 1:2 (bus) FALSE.
    Given the list table
      """json
      {"column": "detections",
       "element": [{"name": "label", "type": "string", "id": 4}, {"name": "confidence", "type": "float", "id": 5}],
       "fragments": [{"id": 0, "rows": [[{"label": "car", "confidence": 0.5}], [{"label": "dog", "confidence": 0.5}]]},
                     {"id": 1, "rows": [[{"label": "car", "confidence": 0.75}], null, [{"label": "bus", "confidence": 0.5}]]}]}
      """
    And the index recorded on field ids "4, 5" named "label, confidence" with key types "string, float"
    And the index covers fragments "0"
    When the reader answers NOT any_element with the predicate "label = 'car'"
    Then the row addresses are "0:1, 1:2"
    And the engine's plan is recorded beside the kit's: NOT any_element from the index

  @id:LEI-0089 @spec:lance-list-element-index.md#accelerated-queries @spec:lance-list-element-index.md#storage-layout @level:must @requires:list_element_index
  Scenario Outline: A deleted row is never returned, from the index or from the data
    Fragment 0: [car], [car] (deleted), [dog]; fragment 1: [car] (deleted), a null list. With the index
    over both fragments or over fragment 0 only (fragment 1 then answered from the data).
    Given the list table
      """json
      {"column": "detections",
       "element": [{"name": "label", "type": "string", "id": 4}, {"name": "confidence", "type": "float", "id": 5}],
       "fragments": [{"id": 0, "rows": [[{"label": "car", "confidence": 0.5}], [{"label": "car", "confidence": 0.75}],
                                        [{"label": "dog", "confidence": 0.5}]], "deleted": [1]},
                     {"id": 1, "rows": [[{"label": "car", "confidence": 0.25}], null], "deleted": [0]}]}
      """
    And the index recorded on field ids "4, 5" named "label, confidence" with key types "string, float"
    And the index covers fragments "<covered>"
    When the reader answers any_element with the predicate "label = 'car'"
    Then the row addresses are "0:0"
    When the reader answers NOT any_element with the predicate "label = 'car'"
    Then the row addresses are "0:2"

    Examples:
      | covered |
      | 0, 1    |
      | 0       |
