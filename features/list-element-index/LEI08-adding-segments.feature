Feature: LEI08 A segment added to an existing index agrees with it

  "Every segment of one logical index has the same key_field_ids, key_types and key_encoding. Their keys
  may differ, if they were written on either side of a rename." "keys holds the names those fields had
  when the segment was written. The names are for display only: a rename does not update them."
  The engine is handed the details of an index's segment as its manifest holds them, written before the
  table changed, and asked to add a segment over new fragments (BuildListIndexRequest.existing_segments).
  It answers with the new segment and with the details of every segment of the index after the write.
  The spec does not require a writer to add segments (it may rebuild the index), so these scenarios need
  the capability list_element_index.segments on top of list_element_index; the added segment's rows are
  judged in the files it wrote (LEI-0114, LEI-0115: list_element_index.files too).
  car = 02 63 61 72 00 00 00 00 00 03; 0.75 (3F400000) = 01 BF 40 00 00.

  @id:LEI-0110 @spec:lance-list-element-index.md#index-details @level:must @requires:list_element_index @requires:list_element_index.segments
  Scenario: A segment added over new fragments records the index's key fields, in the index's key order
    The index, on field ids 4 and 5 (label, confidence), covers fragment 0; fragment 1 is new: a null list
    (1:0) and [(car, 0.75)] (1:1). The new segment covers fragment 1 only.
    Given the list table
      """json
      {"column": "detections",
       "element": [{"name": "label", "type": "string", "id": 4}, {"name": "confidence", "type": "float", "id": 5}],
       "fragments": [{"id": 0, "rows": [[{"label": "dog", "confidence": 0.5}]]},
                     {"id": 1, "rows": [null, [{"label": "car", "confidence": 0.75}]]}]}
      """
    And the index recorded on field ids "4, 5" named "label, confidence" with key types "string, float"
    When the engine adds a segment to the index over fragments "1"
    Then the new segment agrees with the index: the same key field ids, key types and key encoding
    And the details record key field ids "4, 5", keys "label, confidence" and key types "string, float"
    And the index keeps its first segment as it was written, with keys "label, confidence"

  @id:LEI-0111 @spec:lance-list-element-index.md#index-details @level:must @requires:list_element_index @requires:list_element_index.segments
  Scenario: A segment added after a rename records the new names; the existing segment keeps its own
    The index was written on field ids 5 and 4, in that key order, when they were named confidence and
    label; they are now score and name. The new segment records the names the fields have when it is
    written ("keys holds the names those fields had when the segment was written"), and the existing
    segment's keys are not updated ("a rename does not update them").
    Given the list table
      """json
      {"column": "detections",
       "element": [{"name": "name", "type": "string", "id": 4}, {"name": "score", "type": "float", "id": 5}],
       "fragments": [{"id": 0, "rows": [[{"name": "dog", "score": 0.5}]]},
                     {"id": 1, "rows": [null, [{"name": "car", "score": 0.75}]]}]}
      """
    And the index recorded on field ids "5, 4" named "confidence, label" with key types "float, string"
    When the engine adds a segment to the index over fragments "1"
    Then the new segment agrees with the index: the same key field ids, key types and key encoding
    And the details record key field ids "5, 4", keys "score, name" and key types "float, string"
    And the index keeps its first segment as it was written, with keys "confidence, label"

  @id:LEI-0114 @spec:lance-list-element-index.md#storage-layout @spec:lance-list-element-index.md#index-details @level:must @requires:list_element_index @requires:list_element_index.segments @requires:list_element_index.files
  Scenario: The added segment's page_data.lance holds the new fragments' rows only, keyed in the index's key order
    The index of LEI-0110, on field ids 4 and 5 (label, confidence), covers fragment 0; fragment 1 is new: a
    null list (1:0) and [(car, 0.75)] (1:1). The new segment's files hold fragment 1's rows only.
    Given the list table
      """json
      {"column": "detections",
       "element": [{"name": "label", "type": "string", "id": 4}, {"name": "confidence", "type": "float", "id": 5}],
       "fragments": [{"id": 0, "rows": [[{"label": "dog", "confidence": 0.5}]]},
                     {"id": 1, "rows": [null, [{"label": "car", "confidence": 0.75}]]}]}
      """
    And the index recorded on field ids "4, 5" named "label, confidence" with key types "string, float"
    When the engine adds a segment to the index over fragments "1"
    Then the page_data rows are
      | values                                         | row address |
      | null                                           | 1:0         |
      | 02 63 61 72 00 00 00 00 00 03 01 BF 40 00 00   | 1:1         |

  @id:LEI-0115 @spec:lance-list-element-index.md#storage-layout @spec:lance-list-element-index.md#index-details @level:must @requires:list_element_index @requires:list_element_index.segments @requires:list_element_index.files
  Scenario: After a rename, the added segment's page_data.lance keys the elements in the index's key order
    The index of LEI-0111, written on field ids 5 and 4 in that key order; the fields are now score and
    name. The new segment's tuples are the score's 5 bytes, then the name's: the index's key order, whatever
    the fields are called now. Its files hold fragment 1's rows only.
    Given the list table
      """json
      {"column": "detections",
       "element": [{"name": "name", "type": "string", "id": 4}, {"name": "score", "type": "float", "id": 5}],
       "fragments": [{"id": 0, "rows": [[{"name": "dog", "score": 0.5}]]},
                     {"id": 1, "rows": [null, [{"name": "car", "score": 0.75}]]}]}
      """
    And the index recorded on field ids "5, 4" named "confidence, label" with key types "float, string"
    When the engine adds a segment to the index over fragments "1"
    Then the page_data rows are
      | values                                         | row address |
      | null                                           | 1:0         |
      | 01 BF 40 00 00 02 63 61 72 00 00 00 00 00 03   | 1:1         |

  @id:LEI-0112 @spec:lance-list-element-index.md#index-details @level:must @requires:list_element_index @requires:list_element_index.segments
  Scenario: After a key field's type changed, no segment that records the new type joins the index
    confidence (field 5) was a float when the index was trained and is a double now. A segment recording
    key type double would disagree with the index. The writer may refuse (the kit's does: it leaves
    re-typing to a rebuild) or record what agrees; either way no disagreeing segment is written.
    Given the list table
      """json
      {"column": "detections",
       "element": [{"name": "label", "type": "string", "id": 4}, {"name": "confidence", "type": "double", "id": 5}],
       "fragments": [{"id": 0, "rows": [[{"label": "dog", "confidence": 0.5}]]},
                     {"id": 1, "rows": [[{"label": "car", "confidence": 0.75}]]}]}
      """
    And the index recorded on field ids "4, 5" named "label, confidence" with key types "string, float"
    When the engine is asked to add a segment to the index over fragments "1"
    Then the engine adds no segment that disagrees with the index

  @id:LEI-0113 @spec:lance-list-element-index.md#index-details @level:must @requires:list_element_index @requires:list_element_index.segments
  Scenario: To an index whose key encoding the writer does not know, no segment of another encoding is added
    The index's key_encoding is 2, which the spec does not define. A segment in ARROW_ROW_V1 would disagree
    with the index. The writer may refuse (the kit's does) or write encoding 2; it must not add a segment
    of another encoding.
    Given the list table
      """json
      {"column": "detections",
       "element": [{"name": "label", "type": "string", "id": 4}, {"name": "confidence", "type": "float", "id": 5}],
       "fragments": [{"id": 0, "rows": [[{"label": "dog", "confidence": 0.5}]]},
                     {"id": 1, "rows": [[{"label": "car", "confidence": 0.75}]]}]}
      """
    And the index recorded on field ids "4, 5" named "label, confidence" with key types "string, float"
    And the index's key encoding is 2
    When the engine is asked to add a segment to the index over fragments "1"
    Then the engine adds no segment that disagrees with the index
