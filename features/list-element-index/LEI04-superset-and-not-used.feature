Feature: LEI04 Predicates the index answers only in part, or not at all

  "When some conjunct is not answered this way, for example a condition on a field that is not a key,
  the index returns a superset of the rows on which the call is TRUE, and the reader rechecks it by
  evaluating the call on them." A predicate that does not fix the first key with =, IN or IS NULL is
  not "such a call": the reader evaluates it on the data. Either way the rows are exactly those on
  which the call is TRUE. The index is on label, confidence.

  The spec says when a reader may answer from the index; a reader that uses it more cleverly (say, an
  OR of two fixed values as two ranges) is not wrong.
  Each scenario records the engine's plan beside the kit's construction of it (the mode, the ranges bound
  for bound, the reason codes): information for the spec's examples, shown in the report and compared by
  `tck compare`, never scored. The spec lets a reader answer from the index or not, with bounds of its own
  and a limit of its own; its rows are what is judged.

  Rows (label, confidence, area, kind): 0 [(car, 0.5, 120, suv), (person, 0.25, 80, adult)];
  1 [(car, 0.25, 40, van)]; 2 [(car, 0.75, 30, suv), (dog, 1.0, 200, pet)]; 3 a null list; 4 an empty
  list; 5 [a null element]; 6 [(car, null, 60, suv)]; 7 [(null, 0.5, 10, null)];
  8 [(dog, 0.5, 70, pet), (bus, 0.75, 90, van)]; 9 [(car, 1.0, null, van)].
  Encodings: car C = 02 63 61 72 00 00 00 00 00 03 (prefix successor ..00 04), dog D = 02 64 6F 67 00 00
  00 00 00 03, suv S = 02 73 75 76 00 00 00 00 00 03, a null string 00; 0.25 = 01 BE 80 00 00,
  0.5 = 01 BF 00 00 00, 0.75 = 01 BF 40 00 00, 1.0 (3F800000) = 01 BF 80 00 00, a null float 00 00 00 00 00.
  A range is [lower, upper). The successor of a prefix drops trailing FF bytes and adds one to the last byte.

  Background:
    Given the list table
      """json
      {"column": "detections",
       "element": [{"name": "label", "type": "string", "id": 4},
                   {"name": "confidence", "type": "float", "id": 5},
                   {"name": "area", "type": "float", "id": 6},
                   {"name": "kind", "type": "string", "id": 7}],
       "rows": [[{"label": "car", "confidence": 0.5, "area": 120, "kind": "suv"},
                 {"label": "person", "confidence": 0.25, "area": 80, "kind": "adult"}],
                [{"label": "car", "confidence": 0.25, "area": 40, "kind": "van"}],
                [{"label": "car", "confidence": 0.75, "area": 30, "kind": "suv"},
                 {"label": "dog", "confidence": 1.0, "area": 200, "kind": "pet"}],
                null,
                [],
                [null],
                [{"label": "car", "confidence": null, "area": 60, "kind": "suv"}],
                [{"label": null, "confidence": 0.5, "area": 10, "kind": null}],
                [{"label": "dog", "confidence": 0.5, "area": 70, "kind": "pet"},
                 {"label": "bus", "confidence": 0.75, "area": 90, "kind": "van"}],
                [{"label": "car", "confidence": 1.0, "area": null, "kind": "van"}]]}
      """
    And the index recorded on field ids "4, 5" named "label, confidence" with key types "string, float"

  @id:LEI-0040 @spec:lance-list-element-index.md#accelerated-queries @level:must @requires:list_element_index
  Scenario: A conjunct on a field that is not a key makes the answer a superset, rechecked on the data
    The range of car finds rows 0, 1, 2, 6, 9; the recheck keeps those with one element that is a car
    of area > 50: row 0 (120) and row 6 (60). Row 2's car has area 30 (its dog has 200), row 9's is null.
    When the reader answers any_element with the predicate "label = 'car' AND area > 50"
    Then the row addresses are "0:0, 0:6"
    And the engine's plan is recorded beside the kit's: SUPERSET, with the ranges
      | lower                         | upper                         |
      | 02 63 61 72 00 00 00 00 00 03 | 02 63 61 72 00 00 00 00 00 04 |

  @id:LEI-0041 @spec:lance-list-element-index.md#accelerated-queries @level:must @requires:list_element_index
  Scenario: A range on the first key alone does not use the index
    Only bus (row 8) sorts below car.
    When the reader answers any_element with the predicate "label < 'car'"
    Then the row addresses are "0:8"
    And the engine's plan is recorded beside the kit's: NOT_USED

  @id:LEI-0042 @spec:lance-list-element-index.md#accelerated-queries @level:must @requires:list_element_index
  Scenario: A condition on the second key alone does not use the index
    confidence = 0.5 in rows 0 (car), 7 (null label) and 8 (dog).
    When the reader answers any_element with the predicate "confidence = 0.5"
    Then the row addresses are "0:0, 0:7, 0:8"
    And the engine's plan is recorded beside the kit's: NOT_USED

  @id:LEI-0043 @spec:lance-list-element-index.md#accelerated-queries @level:must @requires:list_element_index
  Scenario: A second range on the range key makes the answer a superset
    "one range on the next key": two lower bounds are more than one range. Which bound the ranges use is
    the reader's choice, so only the rows are checked: car with 0.5 (row 0), 0.75 (row 2), 1.0 (row 9).
    When the reader answers any_element with the predicate "label = 'car' AND confidence > 0.25 AND confidence >= 0.5"
    Then the row addresses are "0:0, 0:2, 0:9"
    And the engine's plan is recorded beside the kit's: SUPERSET

  @id:LEI-0044 @spec:lance-list-element-index.md#accelerated-queries @level:must @requires:list_element_index
  Scenario: A condition on a key after the range key makes the answer a superset
    Keys label, confidence, kind: the range is car with confidence >= 0.5; kind follows the range, so it is
    rechecked. (car, >= 0.5, suv): rows 0 and 2; row 9's car is a van, row 6's confidence is null.
    Given the index recorded on field ids "4, 5, 7" named "label, confidence, kind" with key types "string, float, string"
    When the reader answers any_element with the predicate "label = 'car' AND confidence >= 0.5 AND kind = 'suv'"
    Then the row addresses are "0:0, 0:2"
    And the engine's plan is recorded beside the kit's: SUPERSET, with the ranges
      | lower                                        | upper                         |
      | 02 63 61 72 00 00 00 00 00 03 01 BF 00 00 00 | 02 63 61 72 00 00 00 00 00 04 |

  @id:LEI-0045 @spec:lance-list-element-index.md#accelerated-queries @level:must @requires:list_element_index
  Scenario: A condition on a key after a key left free makes the answer a superset
    Keys label, confidence, kind: confidence is not constrained, so kind cannot follow in the range; the
    range is car alone. (car, suv) in one element: rows 0, 2 and 6.
    Given the index recorded on field ids "4, 5, 7" named "label, confidence, kind" with key types "string, float, string"
    When the reader answers any_element with the predicate "label = 'car' AND kind = 'suv'"
    Then the row addresses are "0:0, 0:2, 0:6"
    And the engine's plan is recorded beside the kit's: SUPERSET, with the ranges
      | lower                         | upper                         |
      | 02 63 61 72 00 00 00 00 00 03 | 02 63 61 72 00 00 00 00 00 04 |

  @id:LEI-0046 @spec:lance-list-element-index.md#accelerated-queries @level:must @requires:list_element_index
  Scenario: <> on the second key is rechecked
    car with a non-null confidence other than 0.5: rows 1 (0.25), 2 (0.75), 9 (1.0).
    When the reader answers any_element with the predicate "label = 'car' AND confidence <> 0.5"
    Then the row addresses are "0:1, 0:2, 0:9"
    And the engine's plan is recorded beside the kit's: SUPERSET, with the ranges
      | lower                         | upper                         |
      | 02 63 61 72 00 00 00 00 00 03 | 02 63 61 72 00 00 00 00 00 04 |

  @id:LEI-0047 @spec:lance-list-element-index.md#accelerated-queries @level:must @requires:list_element_index
  Scenario: <> on the first key does not use the index
    A non-null label other than car: person (row 0), dog (rows 2, 8), bus (row 8).
    When the reader answers any_element with the predicate "label <> 'car'"
    Then the row addresses are "0:0, 0:2, 0:8"
    And the engine's plan is recorded beside the kit's: NOT_USED

  @id:LEI-0048 @spec:lance-list-element-index.md#accelerated-queries @level:must @requires:list_element_index
  Scenario: An OR of conditions is not a conjunction that fixes the first key
    When the reader answers any_element with the predicate "label = 'car' OR label = 'dog'"
    Then the row addresses are "0:0, 0:1, 0:2, 0:6, 0:8, 0:9"
    And the engine's plan is recorded beside the kit's: NOT_USED

  @id:LEI-0049 @spec:lance-list-element-index.md#accelerated-queries @level:must @requires:list_element_index
  Scenario: An OR beside a fixed first key is rechecked
    car with confidence 0.25 or area > 100: row 0 (area 120), row 1 (0.25). Row 6 (null confidence,
    area 60) and row 9 (1.0, null area) are UNKNOWN, not TRUE.
    When the reader answers any_element with the predicate "label = 'car' AND (confidence = 0.25 OR area > 100)"
    Then the row addresses are "0:0, 0:1"
    And the engine's plan is recorded beside the kit's: SUPERSET, with the ranges
      | lower                         | upper                         |
      | 02 63 61 72 00 00 00 00 00 03 | 02 63 61 72 00 00 00 00 00 04 |
