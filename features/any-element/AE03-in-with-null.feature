Feature: AE03 IN and NOT IN with a NULL literal

  A NULL in an IN list makes the IN UNKNOWN on every element that matches no other value of the list:
  "label IN ('car', NULL) is UNKNOWN for dog, although label is not null". x IN (a, b) is x = a OR x = b,
  and x NOT IN (a, b) is its NOT, so NOT IN with a NULL in its list is never TRUE.

  Rows: 1 [car], 2 [dog], 3 [an element with a null label], 4 [car, dog], 5 [dog, bird], 6 a null
  list, 7 an empty list, 8 [a null element].

  Background:
    Given the list table
      """json
      {"column": "detections",
       "element": [{"name": "label", "type": "string"}],
       "rows": [[{"label": "car"}],
                [{"label": "dog"}],
                [{"label": null}],
                [{"label": "car"}, {"label": "dog"}],
                [{"label": "dog"}, {"label": "bird"}],
                null,
                [],
                [null]]}
      """

  @id:AE-0020 @spec:lance-list-element-index.md#accelerated-queries @level:must @requires:any_element
  Scenario Outline: IN with a NULL literal is TRUE on a match and UNKNOWN otherwise
    When the engine evaluates any_element with the predicate "<predicate>"
    Then the rows are "<any>"
    When the engine evaluates NOT any_element with the predicate "<predicate>"
    Then the rows are "<not>"

    Examples:
      | predicate                          | any                                             | not                                            |
      | label IN ('car', NULL)             | TRUE, NULL, NULL, TRUE, NULL, NULL, FALSE, NULL | FALSE, NULL, NULL, FALSE, NULL, NULL, TRUE, NULL |
      | label IN (NULL, 'car')             | TRUE, NULL, NULL, TRUE, NULL, NULL, FALSE, NULL | FALSE, NULL, NULL, FALSE, NULL, NULL, TRUE, NULL |
      | label IN (NULL)                    | NULL, NULL, NULL, NULL, NULL, NULL, FALSE, NULL | NULL, NULL, NULL, NULL, NULL, NULL, TRUE, NULL |
      | label IN ('car', 'dog')            | TRUE, TRUE, NULL, TRUE, TRUE, NULL, FALSE, NULL | FALSE, FALSE, NULL, FALSE, FALSE, NULL, TRUE, NULL |
      | label IN ('car', NULL) IS UNKNOWN  | FALSE, TRUE, TRUE, TRUE, TRUE, NULL, FALSE, TRUE | TRUE, FALSE, FALSE, FALSE, FALSE, NULL, TRUE, FALSE |
      | label IN ('car', NULL) IS NOT TRUE | FALSE, TRUE, TRUE, TRUE, TRUE, NULL, FALSE, TRUE | TRUE, FALSE, FALSE, FALSE, FALSE, NULL, TRUE, FALSE |

  @id:AE-0021 @spec:lance-list-element-index.md#accelerated-queries @level:must @requires:any_element
  Scenario Outline: NOT IN with a NULL literal is FALSE on a match and UNKNOWN otherwise
    When the engine evaluates any_element with the predicate "<predicate>"
    Then the rows are "<any>"
    When the engine evaluates NOT any_element with the predicate "<predicate>"
    Then the rows are "<not>"

    Examples:
      | predicate                       | any                                              | not                                             |
      | label NOT IN ('car', NULL)      | FALSE, NULL, NULL, NULL, NULL, NULL, FALSE, NULL | TRUE, NULL, NULL, NULL, NULL, NULL, TRUE, NULL  |
      | label NOT IN (NULL)             | NULL, NULL, NULL, NULL, NULL, NULL, FALSE, NULL  | NULL, NULL, NULL, NULL, NULL, NULL, TRUE, NULL  |
      | label NOT IN ('car', 'bird')    | FALSE, TRUE, NULL, TRUE, TRUE, NULL, FALSE, NULL | TRUE, FALSE, NULL, FALSE, FALSE, NULL, TRUE, NULL |
      | NOT label IN ('car', NULL)      | FALSE, NULL, NULL, NULL, NULL, NULL, FALSE, NULL | TRUE, NULL, NULL, NULL, NULL, NULL, TRUE, NULL  |
      | label NOT IN ('car', NULL) OR label = 'dog' | FALSE, TRUE, NULL, TRUE, TRUE, NULL, FALSE, NULL | TRUE, FALSE, NULL, FALSE, FALSE, NULL, TRUE, NULL |
