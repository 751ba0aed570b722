Feature: LEI05 NOT any_element: answered from the index only when the NULL rows are determined

  "NOT any_element(...) also needs the rows on which the call is NULL, since those must be excluded.
  They are the rows whose list is null, found as the null values of the target, and the rows with an
  element on which the predicate is UNKNOWN, unless another element of the row makes it TRUE."
  "The index determines these rows exactly only when every conjunct is answered from the keys as above
  and is UNKNOWN exactly when its key is null: =, IN with non-null values, or a range with non-null
  bounds. IS NULL is never UNKNOWN." "Otherwise the index does not determine the NULL rows. That is the
  case when a conjunct is not answered from the keys, when a conjunct holds a NULL literal, when it uses
  IS NOT NULL, IS [NOT] TRUE, IS [NOT] FALSE, IS [NOT] UNKNOWN or IS [NOT] DISTINCT FROM, or when the
  reader stopped enumerating. A reader must then not answer NOT any_element(...) from the index; it
  evaluates the call on the data instead." The rows of NOT any_element are those where the call is FALSE
  (not TRUE and not NULL); an empty list (row 4) is always FALSE, a null list (row 3) always NULL.
  The index is on label, confidence.
  Where the reader must not answer from the index (LEI-0061, LEI-0062), the index it is handed is stale:
  written when row 3 held an empty list and row 4 was a null list. Its null values then name row 4, not
  row 3, so a reader that took the NULL rows from it would leave out row 4 and return row 3.
  LEI-0063 hands a limit (the request's enumeration_limit) that a reader may take or not: the spec lets
  it choose its own. A reader that enumerates every combination answers from the index, rightly; one that
  stops at 3 and still answers from the index misses NULL rows. The rows are the same either way.

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

  @id:LEI-0060 @spec:lance-list-element-index.md#accelerated-queries @level:must @requires:list_element_index
  Scenario Outline: NOT any_element answered from the index: every row but the TRUE and the NULL ones
    label = 'car': TRUE 0, 1, 2, 6, 9; NULL 3, 5 (null element), 7 (null label); FALSE 4, 8.
    label IN ('car', 'dog'): TRUE 0, 1, 2, 6, 8, 9; NULL 3, 5, 7; FALSE 4.
    label IS NULL (never UNKNOWN): TRUE 5, 7; NULL 3; FALSE the rest.
    label = 'car' AND confidence > 0.5: TRUE 2, 9; NULL 3, 5, 6 (car, null); row 7 is FALSE (0.5 > 0.5 is
    FALSE, so the conjunction is FALSE although label is null); FALSE 0, 1, 4, 7, 8.
    label = 'car' AND confidence < 0.5: TRUE 1; NULL 3, 5, 6; FALSE 0, 2, 4, 7, 8, 9.
    label = 'dog' AND confidence BETWEEN 0.5 AND 1.0: TRUE 2, 8; NULL 3, 5, 7 (null, 0.5); FALSE 0, 1, 4, 6, 9.
    label IS NULL AND confidence > 0.25: TRUE 7; NULL 3, 5 (null element: IS NULL TRUE, > UNKNOWN); FALSE the rest.
    label IN ('car', 'dog') AND confidence IN (0.5, 1.0): TRUE 0, 2, 8, 9; NULL 3, 5, 6, 7; FALSE 1, 4.
    When the reader answers NOT any_element with the predicate "<predicate>"
    Then the row addresses are "<rows>"
    And the engine's plan is recorded beside the kit's: NOT any_element from the index

    Examples:
      | predicate                                               | rows                                   |
      | label = 'car'                                           | 0:4, 0:8                               |
      | label IN ('car', 'dog')                                 | 0:4                                    |
      | label IS NULL                                           | 0:0, 0:1, 0:2, 0:4, 0:6, 0:8, 0:9      |
      | label = 'car' AND confidence > 0.5                      | 0:0, 0:1, 0:4, 0:7, 0:8                |
      | label = 'car' AND confidence < 0.5                      | 0:0, 0:2, 0:4, 0:7, 0:8, 0:9           |
      | label = 'dog' AND confidence BETWEEN 0.5 AND 1.0        | 0:0, 0:1, 0:4, 0:6, 0:9                |
      | label IS NULL AND confidence > 0.25                     | 0:0, 0:1, 0:2, 0:4, 0:6, 0:8, 0:9      |
      | label IN ('car', 'dog') AND confidence IN (0.5, 1.0)    | 0:1, 0:4                               |

  @id:LEI-0061 @spec:lance-list-element-index.md#accelerated-queries @level:must @requires:list_element_index
  Scenario Outline: A conjunct not answered from the keys, IS NOT NULL, IS [NOT] TRUE|FALSE|UNKNOWN or IS [NOT] DISTINCT FROM: evaluated on the data
    Every predicate has label = 'car' (TRUE on rows 0, 1, 2, 6, 9's car elements, UNKNOWN on the null
    element of row 5 and the null label of row 7, FALSE elsewhere) and one conjunct the index cannot
    answer; c > 0.5 is FALSE for car 0.5 (row 0) and 0.25 (row 1), TRUE for 0.75 (row 2) and 1.0 (row 9),
    UNKNOWN for row 6's null; row 7 has 0.5. Row 3 is always NULL, row 4 always FALSE.
    area > 50: TRUE 0, 6; NULL 3, 9 (null area); FALSE 1, 2 (car area 30), 4, 7 (area 10), 8.
    confidence IS NOT NULL: TRUE 0, 1, 2, 9; FALSE 4, 5 (null element: IS NOT NULL FALSE), 6, 8; NULL 3, 7.
    (confidence > 0.5) IS TRUE: TRUE 2, 9; NULL 3; FALSE 0, 1, 4, 5, 6, 7, 8.
    (confidence > 0.5) IS NOT TRUE: TRUE 0, 1, 6; NULL 3, 5, 7; FALSE 2, 4, 8, 9.
    (confidence > 0.5) IS FALSE: TRUE 0, 1; NULL 3, 7; FALSE 2, 4, 5, 6, 8, 9.
    (confidence > 0.5) IS NOT FALSE: TRUE 2, 6, 9; NULL 3, 5; FALSE 0, 1, 4, 7, 8.
    (confidence > 0.5) IS UNKNOWN: TRUE 6; NULL 3, 5; FALSE 0, 1, 2, 4, 7, 8, 9.
    (confidence > 0.5) IS NOT UNKNOWN: TRUE 0, 1, 2, 9; NULL 3, 7; FALSE 4, 5, 6, 8.
    confidence IS DISTINCT FROM 0.5: TRUE 1, 2, 6, 9; NULL 3, 5; FALSE 0, 4, 7, 8.
    confidence IS NOT DISTINCT FROM 0.5: TRUE 0; NULL 3, 7; FALSE 1, 2, 4, 5, 6, 8, 9.
    Given the index was written when the table was
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
                [],
                null,
                [null],
                [{"label": "car", "confidence": null, "area": 60, "kind": "suv"}],
                [{"label": null, "confidence": 0.5, "area": 10, "kind": null}],
                [{"label": "dog", "confidence": 0.5, "area": 70, "kind": "pet"},
                 {"label": "bus", "confidence": 0.75, "area": 90, "kind": "van"}],
                [{"label": "car", "confidence": 1.0, "area": null, "kind": "van"}]]}
      """
    When the reader answers NOT any_element with the predicate "<predicate>"
    Then the row addresses are "<rows>"
    And the engine's plan is recorded beside the kit's: NOT any_element on the data because CONJUNCT_NOT_FROM_KEYS

    Examples:
      | predicate                                                | rows                                   |
      | label = 'car' AND area > 50                              | 0:1, 0:2, 0:4, 0:7, 0:8                |
      | label = 'car' AND confidence IS NOT NULL                 | 0:4, 0:5, 0:6, 0:8                     |
      | label = 'car' AND (confidence > 0.5) IS TRUE             | 0:0, 0:1, 0:4, 0:5, 0:6, 0:7, 0:8      |
      | label = 'car' AND (confidence > 0.5) IS NOT TRUE         | 0:2, 0:4, 0:8, 0:9                     |
      | label = 'car' AND (confidence > 0.5) IS FALSE            | 0:2, 0:4, 0:5, 0:6, 0:8, 0:9           |
      | label = 'car' AND (confidence > 0.5) IS NOT FALSE        | 0:0, 0:1, 0:4, 0:7, 0:8                |
      | label = 'car' AND (confidence > 0.5) IS UNKNOWN          | 0:0, 0:1, 0:2, 0:4, 0:7, 0:8, 0:9      |
      | label = 'car' AND (confidence > 0.5) IS NOT UNKNOWN      | 0:4, 0:5, 0:6, 0:8                     |
      | label = 'car' AND confidence IS DISTINCT FROM 0.5        | 0:0, 0:4, 0:7, 0:8                     |
      | label = 'car' AND confidence IS NOT DISTINCT FROM 0.5    | 0:1, 0:2, 0:4, 0:5, 0:6, 0:8, 0:9      |

  @id:LEI-0062 @spec:lance-list-element-index.md#accelerated-queries @level:must @requires:list_element_index
  Scenario: A conjunct with a NULL literal: evaluated on the data
    "label IN ('car', NULL) is UNKNOWN for dog, although label is not null": row 8 (dog, bus) is NULL,
    not FALSE, though neither label is null. TRUE 0, 1, 2, 6, 9; NULL 3, 5, 7, 8; FALSE 4.
    Given the index was written when the table was
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
                [],
                null,
                [null],
                [{"label": "car", "confidence": null, "area": 60, "kind": "suv"}],
                [{"label": null, "confidence": 0.5, "area": 10, "kind": null}],
                [{"label": "dog", "confidence": 0.5, "area": 70, "kind": "pet"},
                 {"label": "bus", "confidence": 0.75, "area": 90, "kind": "van"}],
                [{"label": "car", "confidence": 1.0, "area": null, "kind": "van"}]]}
      """
    When the reader answers NOT any_element with the predicate "label IN ('car', NULL)"
    Then the row addresses are "0:4"
    And the engine's plan is recorded beside the kit's: NOT any_element on the data because NULL_LITERAL

  @id:LEI-0063 @spec:lance-list-element-index.md#accelerated-queries @level:must @requires:list_element_index
  Scenario: The reader stops enumerating null sets past its limit: evaluated on the data
    With k = 2 constrained keys there are 2^2 - 1 = 3 null sets: {label} crossed with the 2 confidence
    values, {confidence} crossed with the 2 labels, and {label, confidence}: 5 combinations, more than 3.
    The rows are those of LEI-0060's last example: TRUE 0, 2, 8, 9; NULL 3, 5, 6, 7; FALSE 1, 4.
    Given the reader enumerates at most 3 null-set combinations
    When the reader answers NOT any_element with the predicate "label IN ('car', 'dog') AND confidence IN (0.5, 1.0)"
    Then the row addresses are "0:1, 0:4"
    And the engine's plan is recorded beside the kit's: NOT any_element on the data because ENUMERATION_LIMIT

  @id:LEI-0064 @spec:lance-list-element-index.md#accelerated-queries @level:must @requires:list_element_index
  Scenario: A limit that the combinations reach but do not pass still answers from the index
    The same 5 combinations, with a limit of 5.
    Given the reader enumerates at most 5 null-set combinations
    When the reader answers NOT any_element with the predicate "label IN ('car', 'dog') AND confidence IN (0.5, 1.0)"
    Then the row addresses are "0:1, 0:4"
    And the engine's plan is recorded beside the kit's: NOT any_element from the index
