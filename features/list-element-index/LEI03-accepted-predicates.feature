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
  Each scenario records the engine's plan beside the kit's construction of it (the mode, the ranges bound
  for bound, the reason codes): information for the spec's examples, shown in the report and compared by
  `tck compare`, never scored. The spec lets a reader answer from the index or not, with bounds of its own
  and a limit of its own; its rows are what is judged.

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
    And the engine's plan is recorded beside the kit's: EXACT, with the ranges
      | lower                         | upper                         |
      | 02 63 61 72 00 00 00 00 00 03 | 02 63 61 72 00 00 00 00 00 04 |

  @id:LEI-0021 @spec:lance-list-element-index.md#accelerated-queries @level:must @requires:list_element_index
  Scenario: IN on the first key is one range per value
    car is in rows 0, 1, 2, 6, 9 and dog in rows 2 and 8.
    When the reader answers any_element with the predicate "label IN ('car', 'dog')"
    Then the row addresses are "0:0, 0:1, 0:2, 0:6, 0:8, 0:9"
    And the engine's plan is recorded beside the kit's: EXACT, with the ranges
      | lower                         | upper                         |
      | 02 63 61 72 00 00 00 00 00 03 | 02 63 61 72 00 00 00 00 00 04 |
      | 02 64 6F 67 00 00 00 00 00 03 | 02 64 6F 67 00 00 00 00 00 04 |

  @id:LEI-0022 @spec:lance-list-element-index.md#accelerated-queries @level:must @requires:list_element_index
  Scenario: IS NULL on the first key is the range of tuples starting with the null key
    A null string is 00, so the range is [00, 01). It holds the null element of row 5 (00 00 00 00 00 00;
    its label is null, so IS NULL is TRUE there) and row 7's element with a null label (00 01 BF 00 00 00).
    When the reader answers any_element with the predicate "label IS NULL"
    Then the row addresses are "0:5, 0:7"
    And the engine's plan is recorded beside the kit's: EXACT, with the ranges
      | lower | upper |
      | 00    | 01    |

  @id:LEI-0023 @spec:lance-list-element-index.md#accelerated-queries @level:must @requires:list_element_index
  Scenario: The first key fixed and > on the second
    Lower: succ(C 01 BF 40 00 00) = C 01 BF 40 00 01; upper: succ(C). Only row 9's car has 1.0 > 0.75.
    When the reader answers any_element with the predicate "label = 'car' AND confidence > 0.75"
    Then the row addresses are "0:9"
    And the engine's plan is recorded beside the kit's: EXACT, with the ranges
      | lower                                        | upper                         |
      | 02 63 61 72 00 00 00 00 00 03 01 BF 40 00 01 | 02 63 61 72 00 00 00 00 00 04 |

  @id:LEI-0024 @spec:lance-list-element-index.md#accelerated-queries @level:must @requires:list_element_index
  Scenario: The first key fixed and >= on the second
    Lower: C 01 BF 00 00 00 itself. car with 0.5 (row 0), 0.75 (row 2), 1.0 (row 9); row 6's null is not.
    When the reader answers any_element with the predicate "label = 'car' AND confidence >= 0.5"
    Then the row addresses are "0:0, 0:2, 0:9"
    And the engine's plan is recorded beside the kit's: EXACT, with the ranges
      | lower                                        | upper                         |
      | 02 63 61 72 00 00 00 00 00 03 01 BF 00 00 00 | 02 63 61 72 00 00 00 00 00 04 |

  @id:LEI-0025 @spec:lance-list-element-index.md#accelerated-queries @level:must @requires:list_element_index
  Scenario: The first key fixed and < on the second starts after the null key
    Lower: succ(C 00 00 00 00 00) = C 00 00 00 00 01, so row 6's (car, null) is left out; upper:
    C 01 BF 00 00 00 (exclusive). Only row 1's car has 0.25 < 0.5.
    When the reader answers any_element with the predicate "label = 'car' AND confidence < 0.5"
    Then the row addresses are "0:1"
    And the engine's plan is recorded beside the kit's: EXACT, with the ranges
      | lower                                        | upper                                        |
      | 02 63 61 72 00 00 00 00 00 03 00 00 00 00 01 | 02 63 61 72 00 00 00 00 00 03 01 BF 00 00 00 |

  @id:LEI-0026 @spec:lance-list-element-index.md#accelerated-queries @level:must @requires:list_element_index
  Scenario: The first key fixed and <= on the second
    Upper: succ(C 01 BF 00 00 00) = C 01 BF 00 00 01. car with 0.5 (row 0) and 0.25 (row 1).
    When the reader answers any_element with the predicate "label = 'car' AND confidence <= 0.5"
    Then the row addresses are "0:0, 0:1"
    And the engine's plan is recorded beside the kit's: EXACT, with the ranges
      | lower                                        | upper                                        |
      | 02 63 61 72 00 00 00 00 00 03 00 00 00 00 01 | 02 63 61 72 00 00 00 00 00 03 01 BF 00 00 01 |

  @id:LEI-0027 @spec:lance-list-element-index.md#accelerated-queries @level:must @requires:list_element_index
  Scenario: The first key fixed and BETWEEN on the second
    [C 01 BF 00 00 00, succ(C 01 BF 40 00 00) = C 01 BF 40 00 01): car with 0.5 (row 0) and 0.75 (row 2).
    When the reader answers any_element with the predicate "label = 'car' AND confidence BETWEEN 0.5 AND 0.75"
    Then the row addresses are "0:0, 0:2"
    And the engine's plan is recorded beside the kit's: EXACT, with the ranges
      | lower                                        | upper                                        |
      | 02 63 61 72 00 00 00 00 00 03 01 BF 00 00 00 | 02 63 61 72 00 00 00 00 00 03 01 BF 40 00 01 |

  @id:LEI-0028 @spec:lance-list-element-index.md#accelerated-queries @level:must @requires:list_element_index
  Scenario: A range written with the literal on the left
    0.5 <= confidence is confidence >= 0.5: [D 01 BF 00 00 00, succ(D)). dog with 1.0 (row 2) and 0.5 (row 8).
    When the reader answers any_element with the predicate "label = 'dog' AND 0.5 <= confidence"
    Then the row addresses are "0:2, 0:8"
    And the engine's plan is recorded beside the kit's: EXACT, with the ranges
      | lower                                        | upper                         |
      | 02 64 6F 67 00 00 00 00 00 03 01 BF 00 00 00 | 02 64 6F 67 00 00 00 00 00 04 |

  @id:LEI-0029 @spec:lance-list-element-index.md#accelerated-queries @level:must @requires:list_element_index
  Scenario: IN on the first key crossed with IN on the second: one range per combination
    (car, 0.5), (car, 1.0), (dog, 0.5), (dog, 1.0), each [P, succ(P)). Found: (car, 0.5) row 0,
    (car, 1.0) row 9, (dog, 0.5) row 8, (dog, 1.0) row 2.
    When the reader answers any_element with the predicate "label IN ('car', 'dog') AND confidence IN (0.5, 1.0)"
    Then the row addresses are "0:0, 0:2, 0:8, 0:9"
    And the engine's plan is recorded beside the kit's: EXACT, with the ranges
      | lower                                        | upper                                        |
      | 02 63 61 72 00 00 00 00 00 03 01 BF 00 00 00 | 02 63 61 72 00 00 00 00 00 03 01 BF 00 00 01 |
      | 02 63 61 72 00 00 00 00 00 03 01 BF 80 00 00 | 02 63 61 72 00 00 00 00 00 03 01 BF 80 00 01 |
      | 02 64 6F 67 00 00 00 00 00 03 01 BF 00 00 00 | 02 64 6F 67 00 00 00 00 00 03 01 BF 00 00 01 |
      | 02 64 6F 67 00 00 00 00 00 03 01 BF 80 00 00 | 02 64 6F 67 00 00 00 00 00 03 01 BF 80 00 01 |

  @id:LEI-0030 @spec:lance-list-element-index.md#accelerated-queries @level:must @requires:list_element_index
  Scenario: Three keys fixed
    Keys label, kind, confidence: P = C S 01 BF 00 00 00, [P, succ(P)). Only row 0 has (car, suv, 0.5).
    Given the index recorded on field ids "4, 7, 5" named "label, kind, confidence" with key types "string, string, float"
    When the reader answers any_element with the predicate "label = 'car' AND kind = 'suv' AND confidence = 0.5"
    Then the row addresses are "0:0"
    And the engine's plan is recorded beside the kit's: EXACT, with the ranges
      | lower                                                                         | upper                                                                         |
      | 02 63 61 72 00 00 00 00 00 03 02 73 75 76 00 00 00 00 00 03 01 BF 00 00 00    | 02 63 61 72 00 00 00 00 00 03 02 73 75 76 00 00 00 00 00 03 01 BF 00 00 01    |

  @id:LEI-0031 @spec:lance-list-element-index.md#accelerated-queries @level:must @requires:list_element_index
  Scenario: Two keys fixed and a range on the third, conjuncts in any order
    Keys label, kind, confidence: [C S 01 BF 00 00 00, succ(C S)). (car, suv) with 0.5 (row 0) and 0.75
    (row 2); row 6's (car, suv, null) is not.
    Given the index recorded on field ids "4, 7, 5" named "label, kind, confidence" with key types "string, string, float"
    When the reader answers any_element with the predicate "confidence >= 0.5 AND kind = 'suv' AND label = 'car'"
    Then the row addresses are "0:0, 0:2"
    And the engine's plan is recorded beside the kit's: EXACT, with the ranges
      | lower                                                                         | upper                                                       |
      | 02 63 61 72 00 00 00 00 00 03 02 73 75 76 00 00 00 00 00 03 01 BF 00 00 00    | 02 63 61 72 00 00 00 00 00 03 02 73 75 76 00 00 00 00 00 04 |

  @id:LEI-0032 @spec:lance-list-element-index.md#accelerated-queries @level:must @requires:list_element_index
  Scenario: IS NULL on the first key followed by a range on the second
    [succ(00 01 BE 80 00 00) = 00 01 BE 80 00 01, succ(00) = 01): row 7's (null, 0.5). The null element of
    row 5 (00 00 00 00 00 00) is below the range: its confidence is UNKNOWN, not > 0.25.
    When the reader answers any_element with the predicate "label IS NULL AND confidence > 0.25"
    Then the row addresses are "0:7"
    And the engine's plan is recorded beside the kit's: EXACT, with the ranges
      | lower             | upper |
      | 00 01 BE 80 00 01 | 01    |

  @id:LEI-0033 @spec:lance-list-element-index.md#accelerated-queries @spec:lance-list-element-index.md#key-encoding @level:must @requires:list_element_index
  Scenario Outline: A fixed prefix that ends in FF: the range's end carries
    Keys k, j (int32). -1 encodes 01 7F FF FF FF, -2 01 7F FF FF FE, 0 01 80 00 00 00, 5 01 80 00 00 05,
    7 01 80 00 00 07, a null 00 00 00 00 00. "The tuples whose encoding starts with the encoded fixed
    values": every tuple starting with k = -1 lies below 01 80, the successor of 01 7F FF FF FF (its FF
    bytes dropped, the last byte left incremented); incrementing the last FF alone, to 00, would end the
    range below its start. The same carry ends j <= -1 at P 01 80 and starts j > -1 there.
    k = -1: [01 7F FF FF FF, 01 80): rows 0, 1, 4. k = -1 AND j > 0: [P 01 80 00 00 01, 01 80): row 0.
    k = 0 AND j > -1 (P = 01 80 00 00 00): [P 01 80, succ(P)): rows 2, 6. k = 0 AND j <= -1:
    [P 00 00 00 00 01, P 01 80): row 5. k IN (-2, -1) AND j >= 5: rows 3 (-2, 7) and 0 (-1, 5).
    NOT k = -1: k is never null, so no row is NULL; FALSE on rows 2, 3, 5, 6.
    Given the list table
      """json
      {"column": "points",
       "element": [{"name": "k", "type": "int32", "id": 1}, {"name": "j", "type": "int32", "id": 2}],
       "rows": [[{"k": -1, "j": 5}], [{"k": -1, "j": 0}], [{"k": 0, "j": 5}], [{"k": -2, "j": 7}],
                [{"k": -1, "j": null}], [{"k": 0, "j": -1}], [{"k": 0, "j": 0}]]}
      """
    And the index recorded on field ids "1, 2" named "k, j" with key types "int32, int32"
    When the reader answers <call> with the predicate "<predicate>"
    Then the row addresses are "<rows>"

    Examples:
      | call            | predicate                      | rows                   |
      | any_element     | k = -1                         | 0:0, 0:1, 0:4          |
      | any_element     | k = -1 AND j > 0               | 0:0                    |
      | any_element     | k = 0 AND j > -1               | 0:2, 0:6               |
      | any_element     | k = 0 AND j <= -1              | 0:5                    |
      | any_element     | k IN (-2, -1) AND j >= 5       | 0:0, 0:3               |
      | NOT any_element | k = -1                         | 0:2, 0:3, 0:5, 0:6     |

  @id:LEI-0034 @spec:lance-list-element-index.md#accelerated-queries @spec:lance-list-element-index.md#key-encoding @level:must @requires:list_element_index
  Scenario Outline: uint8 255 as the fixed first key: the range's end carries into the marker byte
    Keys u (uint8), k (int32). 255 encodes 01 FF, 254 01 FE, 0 01 00, a null 00 00; the successor of 01 FF
    is 02. u = 255: [01 FF, 02): rows 0, 2. u = 255 AND k >= 0: [01 FF 01 80 00 00 00, 02): row 0.
    u = 255 AND k < 0: [01 FF 00 00 00 00 01, 01 FF 01 80 00 00 00): row 2. u IN (254, 255): rows 0, 1, 2.
    NOT u = 255: TRUE on rows 0 and 2, NULL on row 3 (u is null), FALSE on rows 1 and 4.
    (A string or binary key's encoding ends in the length of its last block, 01 to 20, never FF, so only a
    fixed-width key can end a prefix in FF.)
    Given the list table
      """json
      {"column": "points",
       "element": [{"name": "u", "type": "uint8", "id": 3}, {"name": "k", "type": "int32", "id": 1}],
       "rows": [[{"u": 255, "k": 0}], [{"u": 254, "k": 3}], [{"u": 255, "k": -1}], [{"u": null, "k": 0}],
                [{"u": 0, "k": 1}]]}
      """
    And the index recorded on field ids "3, 1" named "u, k" with key types "uint8, int32"
    When the reader answers <call> with the predicate "<predicate>"
    Then the row addresses are "<rows>"

    Examples:
      | call            | predicate                 | rows             |
      | any_element     | u = 255                   | 0:0, 0:2         |
      | any_element     | u = 255 AND k >= 0        | 0:0              |
      | any_element     | u = 255 AND k < 0         | 0:2              |
      | any_element     | u IN (254, 255)           | 0:0, 0:1, 0:2    |
      | NOT any_element | u = 255                   | 0:1, 0:4         |
