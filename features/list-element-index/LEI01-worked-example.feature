Feature: LEI01 The spec's worked example: detections indexed on label and confidence

  "Take a column detections of type list<struct<label: string, confidence: float, area: float>>,
  indexed with the keys label and confidence. A row whose list holds {car, 0.95, 120} and
  {person, 0.30, 80} has the entries (car, 0.95) and (person, 0.30), both posting the row's address."
  Here: that row, a null list, an empty list, and a list with a null element and {car, null, 10}.
  0.95 is the float 3F733333 (encoded 01 BF 73 33 33), 0.30 is 3E99999A (01 BE 99 99 9A).
  The page_data rows are those of the page_data.lance the engine wrote (LEI09); a reader's rows are judged,
  its plan is recorded beside the kit's construction of it and never scored (LEI03).

  Background:
    Given the list table
      """json
      {"column": "detections",
       "element": [{"name": "label", "type": "string", "id": 4},
                   {"name": "confidence", "type": "float", "id": 5},
                   {"name": "area", "type": "float", "id": 6}],
       "rows": [[{"label": "car", "confidence": 0.95, "area": 120}, {"label": "person", "confidence": 0.30, "area": 80}],
                null,
                [],
                [null, {"label": "car", "confidence": null, "area": 10}]]}
      """

  @id:LEI-0001 @spec:lance-list-element-index.md#storage-layout @spec:lance-list-element-index.md#list-element-index @level:must @requires:list_element_index @requires:list_element_index.files
  Scenario: One page_data row per element, one with null values per null list, none for an empty list
    The rows are read from the page_data.lance the engine wrote (LEI09), never from its reply.
    When the engine builds the list element index on keys "label, confidence" with pages of 2 rows
    Then the page_data rows are
      | values                                                           | row address |
      | null                                                             | 0:1         |
      | 00 00 00 00 00 00                                                | 0:3         |
      | 02 63 61 72 00 00 00 00 00 03 00 00 00 00 00                     | 0:3         |
      | 02 63 61 72 00 00 00 00 00 03 01 BF 73 33 33                     | 0:0         |
      | 02 70 65 72 73 6F 6E 00 00 06 01 BE 99 99 9A                     | 0:0         |
    And the details record key field ids "4, 5", keys "label, confidence" and key types "string, float"

  @id:LEI-0002 @spec:lance-list-element-index.md#accelerated-queries @level:must @requires:list_element_index
  Scenario: label = 'car' AND confidence > 0.5 is one range, answered exactly
    Given the index recorded on field ids "4, 5" named "label, confidence" with key types "string, float"
    When the reader answers any_element with the predicate "label = 'car' AND confidence > 0.5"
    Then the row addresses are "0:0"
    And the engine's plan is recorded beside the kit's: EXACT, with the ranges
      | lower                                        | upper                         |
      | 02 63 61 72 00 00 00 00 00 03 01 BF 00 00 01 | 02 63 61 72 00 00 00 00 00 04 |

  @id:LEI-0003 @spec:lance-list-element-index.md#accelerated-queries @level:must @requires:list_element_index
  Scenario: NOT any_element excludes the null list and the row whose elements are UNKNOWN
    Given the index recorded on field ids "4, 5" named "label, confidence" with key types "string, float"
    When the reader answers NOT any_element with the predicate "label = 'car' AND confidence > 0.5"
    Then the row addresses are "0:2"
    And the engine's plan is recorded beside the kit's: NOT any_element from the index

  @open @id:LEI-0101 @spec:lance-list-element-index.md#storage-layout @spec:lance-list-element-index.md#list-element-index @level:should @requires:list_element_index @requires:list_element_index.files
  Scenario: page_lookup of LEI-0001: each page's first and last values, its null count and its index
    The page_lookup.lance rows of LEI-0001. Open question (docs/decisions/0006): the spec names the columns min and
    max; the kit takes them as the page's first and last values in page_data order, nulls first, so a
    page holding a null has a null min. Recorded, not scored; the page_data rows of LEI-0001 are the must.
    When the engine builds the list element index on keys "label, confidence" with pages of 2 rows
    Then the page_lookup rows are
      | min                                          | max                                          | null_count | page_idx |
      | null                                         | 00 00 00 00 00 00                            | 1          | 0        |
      | 02 63 61 72 00 00 00 00 00 03 00 00 00 00 00 | 02 63 61 72 00 00 00 00 00 03 01 BF 73 33 33 | 0          | 1        |
      | 02 70 65 72 73 6F 6E 00 00 06 01 BE 99 99 9A | 02 70 65 72 73 6F 6E 00 00 06 01 BE 99 99 9A | 0          | 2        |
