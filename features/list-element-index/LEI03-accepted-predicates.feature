Feature: LEI03 Predicates answered from the index: the ranges of encoded tuples and the rows found

  "A reader may answer such a call from the index when its predicate is a conjunction that fixes the
  first key with =, IN or IS NULL. Further conjuncts may fix the following keys in order, and the last
  fixed key may be followed by one range on the next key. Each combination of fixed values and the range
  becomes one range of encoded tuples, searched in the target as a range of Binary values: the tuples
  whose encoding starts with the encoded fixed values and whose next key lies in the range. The answer is
  the union of the row addresses found."

  Rows (label, confidence, area, kind): 0 [(car, 0.5, 120, suv), (person, 0.25, 80, adult)];
  1 [(car, 0.25, 40, van)]; 2 [(car, 0.75, 30, suv), (dog, 1.0, 200, pet)]; 3 a null list; 4 an empty
  list; 5 [a null element]; 6 [(car, null, 60, suv)]; 7 [(null, 0.5, 10, null)];
  8 [(dog, 0.5, 70, pet), (bus, 0.75, 90, van)]; 9 [(car, 1.0, null, van)].
  Encodings: car C = 02 63 61 72 00 00 00 00 00 03 (prefix successor ..00 04), dog D = 02 64 6F 67 00 00
  00 00 00 03, suv S = 02 73 75 76 00 00 00 00 00 03, a null string 00; 0.25 = 01 BE 80 00 00,
  0.5 = 01 BF 00 00 00, 0.75 = 01 BF 40 00 00, 1.0 (3F800000) = 01 BF 80 00 00, a null float 00 00 00 00 00.
  A range is [lower, upper). The successor of a prefix drops trailing FF bytes and adds one to the last byte.
  Bounds, half-open: a fixed prefix P alone is [P, succ(P)); k > v starts at succ(P + enc(v)), k >= v at
  P + enc(v); k < v ends at P + enc(v) and starts after the null key, at succ(P + enc(null)), since a null
  never satisfies a range; k <= v ends at succ(P + enc(v)). IN lists are crossed in key order.
  The index has pages of 2 rows, so searches cross page boundaries.

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
    And the index has pages of 2 rows

  @id:LEI-0020 @spec:lance-list-element-index.md#accelerated-queries @level:must @requires:list_element_index
  Scenario: = on the first key is the range of tuples starting with its encoding
    When the reader answers any_element with the predicate "label = 'car'"
    Then the row addresses are "0:0, 0:1, 0:2, 0:6, 0:9"

  @id:LEI-0021 @spec:lance-list-element-index.md#accelerated-queries @level:must @requires:list_element_index
  Scenario: IN on the first key is one range per value
    car is in rows 0, 1, 2, 6, 9 and dog in rows 2 and 8.
    When the reader answers any_element with the predicate "label IN ('car', 'dog')"
    Then the row addresses are "0:0, 0:1, 0:2, 0:6, 0:8, 0:9"

  @id:LEI-0022 @spec:lance-list-element-index.md#accelerated-queries @level:must @requires:list_element_index
  Scenario: IS NULL on the first key is the range of tuples starting with the null key
    A null string is 00, so the range is [00, 01). It holds the null element of row 5 (00 00 00 00 00 00;
    its label is null, so IS NULL is TRUE there) and row 7's element with a null label (00 01 BF 00 00 00).
    When the reader answers any_element with the predicate "label IS NULL"
    Then the row addresses are "0:5, 0:7"

  @id:LEI-0023 @spec:lance-list-element-index.md#accelerated-queries @level:must @requires:list_element_index
  Scenario: The first key fixed and > on the second
    Lower: succ(C 01 BF 40 00 00) = C 01 BF 40 00 01; upper: succ(C). Only row 9's car has 1.0 > 0.75.
    When the reader answers any_element with the predicate "label = 'car' AND confidence > 0.75"
    Then the row addresses are "0:9"

  @id:LEI-0024 @spec:lance-list-element-index.md#accelerated-queries @level:must @requires:list_element_index
  Scenario: The first key fixed and >= on the second
    Lower: C 01 BF 00 00 00 itself. car with 0.5 (row 0), 0.75 (row 2), 1.0 (row 9); row 6's null is not.
    When the reader answers any_element with the predicate "label = 'car' AND confidence >= 0.5"
    Then the row addresses are "0:0, 0:2, 0:9"

  @id:LEI-0025 @spec:lance-list-element-index.md#accelerated-queries @level:must @requires:list_element_index
  Scenario: The first key fixed and < on the second starts after the null key
    Lower: succ(C 00 00 00 00 00) = C 00 00 00 00 01, so row 6's (car, null) is left out; upper:
    C 01 BF 00 00 00 (exclusive). Only row 1's car has 0.25 < 0.5.
    When the reader answers any_element with the predicate "label = 'car' AND confidence < 0.5"
    Then the row addresses are "0:1"

  @id:LEI-0026 @spec:lance-list-element-index.md#accelerated-queries @level:must @requires:list_element_index
  Scenario: The first key fixed and <= on the second
    Upper: succ(C 01 BF 00 00 00) = C 01 BF 00 00 01. car with 0.5 (row 0) and 0.25 (row 1).
    When the reader answers any_element with the predicate "label = 'car' AND confidence <= 0.5"
    Then the row addresses are "0:0, 0:1"

  @id:LEI-0027 @spec:lance-list-element-index.md#accelerated-queries @level:must @requires:list_element_index
  Scenario: The first key fixed and BETWEEN on the second
    [C 01 BF 00 00 00, succ(C 01 BF 40 00 00) = C 01 BF 40 00 01): car with 0.5 (row 0) and 0.75 (row 2).
    When the reader answers any_element with the predicate "label = 'car' AND confidence BETWEEN 0.5 AND 0.75"
    Then the row addresses are "0:0, 0:2"

  @id:LEI-0028 @spec:lance-list-element-index.md#accelerated-queries @level:must @requires:list_element_index
  Scenario: A range written with the literal on the left
    0.5 <= confidence is confidence >= 0.5: [D 01 BF 00 00 00, succ(D)). dog with 1.0 (row 2) and 0.5 (row 8).
    When the reader answers any_element with the predicate "label = 'dog' AND 0.5 <= confidence"
    Then the row addresses are "0:2, 0:8"

  @id:LEI-0029 @spec:lance-list-element-index.md#accelerated-queries @level:must @requires:list_element_index
  Scenario: IN on the first key crossed with IN on the second: one range per combination
    (car, 0.5), (car, 1.0), (dog, 0.5), (dog, 1.0), each [P, succ(P)). Found: (car, 0.5) row 0,
    (car, 1.0) row 9, (dog, 0.5) row 8, (dog, 1.0) row 2.
    When the reader answers any_element with the predicate "label IN ('car', 'dog') AND confidence IN (0.5, 1.0)"
    Then the row addresses are "0:0, 0:2, 0:8, 0:9"

  @id:LEI-0030 @spec:lance-list-element-index.md#accelerated-queries @level:must @requires:list_element_index
  Scenario: Three keys fixed
    Keys label, kind, confidence: P = C S 01 BF 00 00 00, [P, succ(P)). Only row 0 has (car, suv, 0.5).
    Given the index recorded on field ids "4, 7, 5" named "label, kind, confidence" with key types "string, string, float"
    When the reader answers any_element with the predicate "label = 'car' AND kind = 'suv' AND confidence = 0.5"
    Then the row addresses are "0:0"

  @id:LEI-0031 @spec:lance-list-element-index.md#accelerated-queries @level:must @requires:list_element_index
  Scenario: Two keys fixed and a range on the third, conjuncts in any order
    Keys label, kind, confidence: [C S 01 BF 00 00 00, succ(C S)). (car, suv) with 0.5 (row 0) and 0.75
    (row 2); row 6's (car, suv, null) is not.
    Given the index recorded on field ids "4, 7, 5" named "label, kind, confidence" with key types "string, string, float"
    When the reader answers any_element with the predicate "confidence >= 0.5 AND kind = 'suv' AND label = 'car'"
    Then the row addresses are "0:0, 0:2"

  @id:LEI-0032 @spec:lance-list-element-index.md#accelerated-queries @level:must @requires:list_element_index
  Scenario: IS NULL on the first key followed by a range on the second
    [succ(00 01 BE 80 00 00) = 00 01 BE 80 00 01, succ(00) = 01): row 7's (null, 0.5). The null element of
    row 5 (00 00 00 00 00 00) is below the range: its confidence is UNKNOWN, not > 0.25.
    When the reader answers any_element with the predicate "label IS NULL AND confidence > 0.25"
    Then the row addresses are "0:7"

  @id:LEI-0120 @spec:lance-list-element-index.md#accelerated-queries @level:should @requires:list_element_index
  Scenario: Plan of LEI-0020: = on the first key is the range of tuples starting with its encoding
    The plan for LEI-0020, which checks the rows at must. The spec says a reader "may" answer from the index,
    so how it plans (EXACT, SUPERSET, NOT_USED), the ranges it searches (the kit's construction of the
    spec's ranges, bound for bound) and the reason codes it gives are informational: level should.
    When the reader answers any_element with the predicate "label = 'car'"
    Then the plan is EXACT
    And the ranges are
      | lower                         | upper                         |
      | 02 63 61 72 00 00 00 00 00 03 | 02 63 61 72 00 00 00 00 00 04 |

  @id:LEI-0121 @spec:lance-list-element-index.md#accelerated-queries @level:should @requires:list_element_index
  Scenario: Plan of LEI-0021: IN on the first key is one range per value
    The plan for LEI-0021, which checks the rows at must. The spec says a reader "may" answer from the index,
    so how it plans (EXACT, SUPERSET, NOT_USED), the ranges it searches (the kit's construction of the
    spec's ranges, bound for bound) and the reason codes it gives are informational: level should.
    When the reader answers any_element with the predicate "label IN ('car', 'dog')"
    Then the plan is EXACT
    And the ranges are
      | lower                         | upper                         |
      | 02 63 61 72 00 00 00 00 00 03 | 02 63 61 72 00 00 00 00 00 04 |
      | 02 64 6F 67 00 00 00 00 00 03 | 02 64 6F 67 00 00 00 00 00 04 |

  @id:LEI-0122 @spec:lance-list-element-index.md#accelerated-queries @level:should @requires:list_element_index
  Scenario: Plan of LEI-0022: IS NULL on the first key is the range of tuples starting with the null key
    The plan for LEI-0022, which checks the rows at must. The spec says a reader "may" answer from the index,
    so how it plans (EXACT, SUPERSET, NOT_USED), the ranges it searches (the kit's construction of the
    spec's ranges, bound for bound) and the reason codes it gives are informational: level should.
    When the reader answers any_element with the predicate "label IS NULL"
    Then the plan is EXACT
    And the ranges are
      | lower | upper |
      | 00    | 01    |

  @id:LEI-0123 @spec:lance-list-element-index.md#accelerated-queries @level:should @requires:list_element_index
  Scenario: Plan of LEI-0023: The first key fixed and > on the second
    The plan for LEI-0023, which checks the rows at must. The spec says a reader "may" answer from the index,
    so how it plans (EXACT, SUPERSET, NOT_USED), the ranges it searches (the kit's construction of the
    spec's ranges, bound for bound) and the reason codes it gives are informational: level should.
    When the reader answers any_element with the predicate "label = 'car' AND confidence > 0.75"
    Then the plan is EXACT
    And the ranges are
      | lower                                        | upper                         |
      | 02 63 61 72 00 00 00 00 00 03 01 BF 40 00 01 | 02 63 61 72 00 00 00 00 00 04 |

  @id:LEI-0124 @spec:lance-list-element-index.md#accelerated-queries @level:should @requires:list_element_index
  Scenario: Plan of LEI-0024: The first key fixed and >= on the second
    The plan for LEI-0024, which checks the rows at must. The spec says a reader "may" answer from the index,
    so how it plans (EXACT, SUPERSET, NOT_USED), the ranges it searches (the kit's construction of the
    spec's ranges, bound for bound) and the reason codes it gives are informational: level should.
    When the reader answers any_element with the predicate "label = 'car' AND confidence >= 0.5"
    Then the plan is EXACT
    And the ranges are
      | lower                                        | upper                         |
      | 02 63 61 72 00 00 00 00 00 03 01 BF 00 00 00 | 02 63 61 72 00 00 00 00 00 04 |

  @id:LEI-0125 @spec:lance-list-element-index.md#accelerated-queries @level:should @requires:list_element_index
  Scenario: Plan of LEI-0025: The first key fixed and < on the second starts after the null key
    The plan for LEI-0025, which checks the rows at must. The spec says a reader "may" answer from the index,
    so how it plans (EXACT, SUPERSET, NOT_USED), the ranges it searches (the kit's construction of the
    spec's ranges, bound for bound) and the reason codes it gives are informational: level should.
    When the reader answers any_element with the predicate "label = 'car' AND confidence < 0.5"
    Then the plan is EXACT
    And the ranges are
      | lower                                        | upper                                        |
      | 02 63 61 72 00 00 00 00 00 03 00 00 00 00 01 | 02 63 61 72 00 00 00 00 00 03 01 BF 00 00 00 |

  @id:LEI-0126 @spec:lance-list-element-index.md#accelerated-queries @level:should @requires:list_element_index
  Scenario: Plan of LEI-0026: The first key fixed and <= on the second
    The plan for LEI-0026, which checks the rows at must. The spec says a reader "may" answer from the index,
    so how it plans (EXACT, SUPERSET, NOT_USED), the ranges it searches (the kit's construction of the
    spec's ranges, bound for bound) and the reason codes it gives are informational: level should.
    When the reader answers any_element with the predicate "label = 'car' AND confidence <= 0.5"
    Then the plan is EXACT
    And the ranges are
      | lower                                        | upper                                        |
      | 02 63 61 72 00 00 00 00 00 03 00 00 00 00 01 | 02 63 61 72 00 00 00 00 00 03 01 BF 00 00 01 |

  @id:LEI-0127 @spec:lance-list-element-index.md#accelerated-queries @level:should @requires:list_element_index
  Scenario: Plan of LEI-0027: The first key fixed and BETWEEN on the second
    The plan for LEI-0027, which checks the rows at must. The spec says a reader "may" answer from the index,
    so how it plans (EXACT, SUPERSET, NOT_USED), the ranges it searches (the kit's construction of the
    spec's ranges, bound for bound) and the reason codes it gives are informational: level should.
    When the reader answers any_element with the predicate "label = 'car' AND confidence BETWEEN 0.5 AND 0.75"
    Then the plan is EXACT
    And the ranges are
      | lower                                        | upper                                        |
      | 02 63 61 72 00 00 00 00 00 03 01 BF 00 00 00 | 02 63 61 72 00 00 00 00 00 03 01 BF 40 00 01 |

  @id:LEI-0128 @spec:lance-list-element-index.md#accelerated-queries @level:should @requires:list_element_index
  Scenario: Plan of LEI-0028: A range written with the literal on the left
    The plan for LEI-0028, which checks the rows at must. The spec says a reader "may" answer from the index,
    so how it plans (EXACT, SUPERSET, NOT_USED), the ranges it searches (the kit's construction of the
    spec's ranges, bound for bound) and the reason codes it gives are informational: level should.
    When the reader answers any_element with the predicate "label = 'dog' AND 0.5 <= confidence"
    Then the plan is EXACT
    And the ranges are
      | lower                                        | upper                         |
      | 02 64 6F 67 00 00 00 00 00 03 01 BF 00 00 00 | 02 64 6F 67 00 00 00 00 00 04 |

  @id:LEI-0129 @spec:lance-list-element-index.md#accelerated-queries @level:should @requires:list_element_index
  Scenario: Plan of LEI-0029: IN on the first key crossed with IN on the second: one range per combination
    The plan for LEI-0029, which checks the rows at must. The spec says a reader "may" answer from the index,
    so how it plans (EXACT, SUPERSET, NOT_USED), the ranges it searches (the kit's construction of the
    spec's ranges, bound for bound) and the reason codes it gives are informational: level should.
    When the reader answers any_element with the predicate "label IN ('car', 'dog') AND confidence IN (0.5, 1.0)"
    Then the plan is EXACT
    And the ranges are
      | lower                                        | upper                                        |
      | 02 63 61 72 00 00 00 00 00 03 01 BF 00 00 00 | 02 63 61 72 00 00 00 00 00 03 01 BF 00 00 01 |
      | 02 63 61 72 00 00 00 00 00 03 01 BF 80 00 00 | 02 63 61 72 00 00 00 00 00 03 01 BF 80 00 01 |
      | 02 64 6F 67 00 00 00 00 00 03 01 BF 00 00 00 | 02 64 6F 67 00 00 00 00 00 03 01 BF 00 00 01 |
      | 02 64 6F 67 00 00 00 00 00 03 01 BF 80 00 00 | 02 64 6F 67 00 00 00 00 00 03 01 BF 80 00 01 |

  @id:LEI-0130 @spec:lance-list-element-index.md#accelerated-queries @level:should @requires:list_element_index
  Scenario: Plan of LEI-0030: Three keys fixed
    The plan for LEI-0030, which checks the rows at must. The spec says a reader "may" answer from the index,
    so how it plans (EXACT, SUPERSET, NOT_USED), the ranges it searches (the kit's construction of the
    spec's ranges, bound for bound) and the reason codes it gives are informational: level should.
    Given the index recorded on field ids "4, 7, 5" named "label, kind, confidence" with key types "string, string, float"
    When the reader answers any_element with the predicate "label = 'car' AND kind = 'suv' AND confidence = 0.5"
    Then the plan is EXACT
    And the ranges are
      | lower                                                                         | upper                                                                         |
      | 02 63 61 72 00 00 00 00 00 03 02 73 75 76 00 00 00 00 00 03 01 BF 00 00 00    | 02 63 61 72 00 00 00 00 00 03 02 73 75 76 00 00 00 00 00 03 01 BF 00 00 01    |

  @id:LEI-0131 @spec:lance-list-element-index.md#accelerated-queries @level:should @requires:list_element_index
  Scenario: Plan of LEI-0031: Two keys fixed and a range on the third, conjuncts in any order
    The plan for LEI-0031, which checks the rows at must. The spec says a reader "may" answer from the index,
    so how it plans (EXACT, SUPERSET, NOT_USED), the ranges it searches (the kit's construction of the
    spec's ranges, bound for bound) and the reason codes it gives are informational: level should.
    Given the index recorded on field ids "4, 7, 5" named "label, kind, confidence" with key types "string, string, float"
    When the reader answers any_element with the predicate "confidence >= 0.5 AND kind = 'suv' AND label = 'car'"
    Then the plan is EXACT
    And the ranges are
      | lower                                                                         | upper                                                       |
      | 02 63 61 72 00 00 00 00 00 03 02 73 75 76 00 00 00 00 00 03 01 BF 00 00 00    | 02 63 61 72 00 00 00 00 00 03 02 73 75 76 00 00 00 00 00 04 |

  @id:LEI-0132 @spec:lance-list-element-index.md#accelerated-queries @level:should @requires:list_element_index
  Scenario: Plan of LEI-0032: IS NULL on the first key followed by a range on the second
    The plan for LEI-0032, which checks the rows at must. The spec says a reader "may" answer from the index,
    so how it plans (EXACT, SUPERSET, NOT_USED), the ranges it searches (the kit's construction of the
    spec's ranges, bound for bound) and the reason codes it gives are informational: level should.
    When the reader answers any_element with the predicate "label IS NULL AND confidence > 0.25"
    Then the plan is EXACT
    And the ranges are
      | lower             | upper |
      | 00 01 BE 80 00 01 | 01    |
