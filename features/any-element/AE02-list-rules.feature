Feature: AE02 A row's value comes from all of its elements

  any_element is "TRUE for a row when the predicate is TRUE on at least one element of its list, NULL
  when the list is null or no element makes it TRUE but it is UNKNOWN on some element, and FALSE
  otherwise. A null element makes every field UNKNOWN." NOT any_element(...) must exclude the NULL rows
  as well as the TRUE ones: "the rows with an element on which the predicate is UNKNOWN, unless another
  element of the row makes it TRUE", so it is the three-valued NOT of the call.

  Every scenario uses the predicate label = 'car' AND confidence > 0.5 on elements {label, confidence},
  unless it says otherwise. On one element it is TRUE for {car, 0.9}, UNKNOWN for {car, null},
  {null, 0.9}, {null, null} and a null element, and FALSE for {person, 0.9}, {car, 0.3} and {null, 0.3}.

  @id:AE-0010 @spec:lance-list-element-index.md#accelerated-queries @level:must @requires:any_element
  Scenario: One TRUE element beside an UNKNOWN one makes the row TRUE
    Given the list table
      """json
      {"column": "detections",
       "element": [{"name": "label", "type": "string"}, {"name": "confidence", "type": "float"}],
       "rows": [[{"label": "car", "confidence": 0.9}, {"label": "car", "confidence": null}],
                [{"label": "car", "confidence": null}, {"label": "car", "confidence": 0.9}],
                [null, {"label": "car", "confidence": 0.9}],
                [{"label": "person", "confidence": 0.3}, {"label": null, "confidence": 0.9}, {"label": "car", "confidence": 0.9}]]}
      """
    When the engine evaluates any_element with the predicate "label = 'car' AND confidence > 0.5"
    Then the rows are "TRUE, TRUE, TRUE, TRUE"
    When the engine evaluates NOT any_element with the predicate "label = 'car' AND confidence > 0.5"
    Then the rows are "FALSE, FALSE, FALSE, FALSE"

  @id:AE-0011 @spec:lance-list-element-index.md#accelerated-queries @level:must @requires:any_element
  Scenario: Only UNKNOWN and FALSE elements make the row NULL, and its NOT NULL too
    Given the list table
      """json
      {"column": "detections",
       "element": [{"name": "label", "type": "string"}, {"name": "confidence", "type": "float"}],
       "rows": [[{"label": "car", "confidence": null}, {"label": "person", "confidence": 0.9}],
                [{"label": "person", "confidence": 0.9}, {"label": null, "confidence": 0.9}],
                [{"label": "car", "confidence": 0.3}, {"label": null, "confidence": null}],
                [{"label": "car", "confidence": null}],
                [{"label": null, "confidence": 0.9}]]}
      """
    When the engine evaluates any_element with the predicate "label = 'car' AND confidence > 0.5"
    Then the rows are "NULL, NULL, NULL, NULL, NULL"
    When the engine evaluates NOT any_element with the predicate "label = 'car' AND confidence > 0.5"
    Then the rows are "NULL, NULL, NULL, NULL, NULL"

  @id:AE-0012 @spec:lance-list-element-index.md#accelerated-queries @level:must @requires:any_element
  Scenario: Only FALSE elements make the row FALSE, also when different elements satisfy different conjuncts
    An element with a null field is FALSE when another conjunct is FALSE on it ({null, 0.3}). The first
    row has a car and a confident detection, but no confident car.

    Given the list table
      """json
      {"column": "detections",
       "element": [{"name": "label", "type": "string"}, {"name": "confidence", "type": "float"}],
       "rows": [[{"label": "person", "confidence": 0.9}, {"label": "car", "confidence": 0.3}],
                [{"label": null, "confidence": 0.3}],
                [{"label": "person", "confidence": null}, {"label": "bike", "confidence": 0.95}],
                [{"label": "Car", "confidence": 0.9}, {"label": "car ", "confidence": 0.9}]]}
      """
    When the engine evaluates any_element with the predicate "label = 'car' AND confidence > 0.5"
    Then the rows are "FALSE, FALSE, FALSE, FALSE"
    When the engine evaluates NOT any_element with the predicate "label = 'car' AND confidence > 0.5"
    Then the rows are "TRUE, TRUE, TRUE, TRUE"

  @id:AE-0013 @spec:lance-list-element-index.md#accelerated-queries @level:must @requires:any_element
  Scenario: A null element makes every field UNKNOWN
    A null element beside FALSE elements makes the row NULL; beside a TRUE element the row is TRUE. For
    IS NULL a null element's fields are null, so it is TRUE there; IS NOT NULL is FALSE there. A
    predicate that names no field, TRUE, is TRUE on a null element.

    Given the list table
      """json
      {"column": "detections",
       "element": [{"name": "label", "type": "string"}, {"name": "confidence", "type": "float"}],
       "rows": [[null, {"label": "person", "confidence": 0.9}, {"label": "car", "confidence": 0.3}],
                [null, {"label": "car", "confidence": 0.9}],
                [null],
                [null, null],
                [{"label": "person", "confidence": 0.3}]]}
      """
    When the engine evaluates any_element with the predicate "label = 'car' AND confidence > 0.5"
    Then the rows are "NULL, TRUE, NULL, NULL, FALSE"
    When the engine evaluates NOT any_element with the predicate "label = 'car' AND confidence > 0.5"
    Then the rows are "NULL, FALSE, NULL, NULL, TRUE"
    When the engine evaluates any_element with the predicate "label IS NULL"
    Then the rows are "TRUE, TRUE, TRUE, TRUE, FALSE"
    When the engine evaluates NOT any_element with the predicate "label IS NULL"
    Then the rows are "FALSE, FALSE, FALSE, FALSE, TRUE"
    When the engine evaluates any_element with the predicate "confidence IS NOT NULL AND label IS NOT NULL"
    Then the rows are "TRUE, TRUE, FALSE, FALSE, TRUE"
    When the engine evaluates NOT any_element with the predicate "confidence IS NOT NULL AND label IS NOT NULL"
    Then the rows are "FALSE, FALSE, TRUE, TRUE, FALSE"
    When the engine evaluates any_element with the predicate "TRUE"
    Then the rows are "TRUE, TRUE, TRUE, TRUE, TRUE"
    When the engine evaluates NOT any_element with the predicate "TRUE"
    Then the rows are "FALSE, FALSE, FALSE, FALSE, FALSE"

  @id:AE-0014 @spec:lance-list-element-index.md#accelerated-queries @level:must @requires:any_element
  Scenario: Duplicate elements count as one
    Given the list table
      """json
      {"column": "detections",
       "element": [{"name": "label", "type": "string"}, {"name": "confidence", "type": "float"}],
       "rows": [[{"label": "car", "confidence": 0.9}, {"label": "car", "confidence": 0.9}],
                [{"label": "car", "confidence": 0.3}, {"label": "car", "confidence": 0.3}],
                [{"label": "car", "confidence": null}, {"label": "car", "confidence": null}],
                [null, null, null],
                [{"label": "car", "confidence": 0.3}, {"label": "car", "confidence": 0.3}, {"label": "car", "confidence": 0.9}]]}
      """
    When the engine evaluates any_element with the predicate "label = 'car' AND confidence > 0.5"
    Then the rows are "TRUE, FALSE, NULL, NULL, TRUE"
    When the engine evaluates NOT any_element with the predicate "label = 'car' AND confidence > 0.5"
    Then the rows are "FALSE, TRUE, NULL, NULL, FALSE"

  @id:AE-0015 @spec:lance-list-element-index.md#accelerated-queries @level:must @requires:any_element
  Scenario Outline: A null list is NULL and an empty list FALSE, whatever the predicate
    "NULL when the list is null": even for a predicate that is never UNKNOWN on an element. An empty list
    has no element that makes the predicate TRUE or UNKNOWN, so it is FALSE, and its NOT is TRUE.

    Given the list table
      """json
      {"column": "detections",
       "element": [{"name": "label", "type": "string"}, {"name": "confidence", "type": "float"}],
       "rows": [null, [], [{"label": "car", "confidence": 0.9}]]}
      """
    When the engine evaluates any_element with the predicate "<predicate>"
    Then the rows are "<any>"
    When the engine evaluates NOT any_element with the predicate "<predicate>"
    Then the rows are "<not>"

    Examples:
      | predicate                          | any               | not               |
      | label = 'car' AND confidence > 0.5 | NULL, FALSE, TRUE | NULL, TRUE, FALSE |
      | label IS NULL                      | NULL, FALSE, FALSE | NULL, TRUE, TRUE |
      | label IS NOT NULL                  | NULL, FALSE, TRUE | NULL, TRUE, FALSE |
      | label IS DISTINCT FROM 'car'       | NULL, FALSE, FALSE | NULL, TRUE, TRUE |
      | confidence > 0.5 IS NOT UNKNOWN    | NULL, FALSE, TRUE | NULL, TRUE, FALSE |
      | TRUE                               | NULL, FALSE, TRUE | NULL, TRUE, FALSE |
      | FALSE                              | NULL, FALSE, FALSE | NULL, TRUE, TRUE |
      | NULL                               | NULL, FALSE, NULL | NULL, TRUE, NULL  |
