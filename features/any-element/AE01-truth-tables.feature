Feature: AE01 Every operator's truth table against null and non-null fields

  "The index accelerates the filter function any_element(list_column, 'predicate'), which is TRUE for a
  row when the predicate is TRUE on at least one element of its list, NULL when the list is null or no
  element makes it TRUE but it is UNKNOWN on some element, and FALSE otherwise. A null element makes
  every field UNKNOWN." The predicate is SQL with three-valued (Kleene) logic; "IS NULL is never
  UNKNOWN".

  Rows 1 to 9 each hold one element, so each row is one cell of the operator's truth table: the row is
  the predicate's value on that element, and NOT any_element its three-valued NOT. The int32 field n
  is 1, 2, 3 or null; the bool fields a and b run through every pair of TRUE, FALSE and null. Row 10 is
  a null list (NULL whatever the predicate, and so is its NOT), row 11 an empty list (FALSE whatever the
  predicate, so its NOT is TRUE), row 12 a list holding one null element (every field UNKNOWN).

  Rows (n, a, b): 1 (1, true, true), 2 (2, true, false), 3 (3, true, null), 4 (null, false, true),
  5 (1, false, false), 6 (2, false, null), 7 (3, null, true), 8 (null, null, false), 9 (2, null, null).

  Background:
    Given the list table
      """json
      {"column": "items",
       "element": [{"name": "n", "type": "int32"}, {"name": "a", "type": "bool"}, {"name": "b", "type": "bool"}],
       "rows": [[{"n": 1, "a": true, "b": true}],
                [{"n": 2, "a": true, "b": false}],
                [{"n": 3, "a": true, "b": null}],
                [{"n": null, "a": false, "b": true}],
                [{"n": 1, "a": false, "b": false}],
                [{"n": 2, "a": false, "b": null}],
                [{"n": 3, "a": null, "b": true}],
                [{"n": null, "a": null, "b": false}],
                [{"n": 2, "a": null, "b": null}],
                null,
                [],
                [null]]}
      """

  @id:AE-0001 @spec:lance-list-element-index.md#accelerated-queries @level:must @requires:any_element
  Scenario Outline: Comparisons are UNKNOWN exactly when an operand is null
    When the engine evaluates any_element with the predicate "<predicate>"
    Then the rows are "<any>"
    When the engine evaluates NOT any_element with the predicate "<predicate>"
    Then the rows are "<not>"

    Examples:
      | predicate | any                                                                      | not                                                                    |
      | n = 2     | FALSE, TRUE, FALSE, NULL, FALSE, TRUE, FALSE, NULL, TRUE, NULL, FALSE, NULL | TRUE, FALSE, TRUE, NULL, TRUE, FALSE, TRUE, NULL, FALSE, NULL, TRUE, NULL |
      | n <> 2    | TRUE, FALSE, TRUE, NULL, TRUE, FALSE, TRUE, NULL, FALSE, NULL, FALSE, NULL | FALSE, TRUE, FALSE, NULL, FALSE, TRUE, FALSE, NULL, TRUE, NULL, TRUE, NULL |
      | n != 2    | TRUE, FALSE, TRUE, NULL, TRUE, FALSE, TRUE, NULL, FALSE, NULL, FALSE, NULL | FALSE, TRUE, FALSE, NULL, FALSE, TRUE, FALSE, NULL, TRUE, NULL, TRUE, NULL |
      | n < 2     | TRUE, FALSE, FALSE, NULL, TRUE, FALSE, FALSE, NULL, FALSE, NULL, FALSE, NULL | FALSE, TRUE, TRUE, NULL, FALSE, TRUE, TRUE, NULL, TRUE, NULL, TRUE, NULL |
      | n <= 2    | TRUE, TRUE, FALSE, NULL, TRUE, TRUE, FALSE, NULL, TRUE, NULL, FALSE, NULL | FALSE, FALSE, TRUE, NULL, FALSE, FALSE, TRUE, NULL, FALSE, NULL, TRUE, NULL |
      | n > 2     | FALSE, FALSE, TRUE, NULL, FALSE, FALSE, TRUE, NULL, FALSE, NULL, FALSE, NULL | TRUE, TRUE, FALSE, NULL, TRUE, TRUE, FALSE, NULL, TRUE, NULL, TRUE, NULL |
      | n >= 2    | FALSE, TRUE, TRUE, NULL, FALSE, TRUE, TRUE, NULL, TRUE, NULL, FALSE, NULL | TRUE, FALSE, FALSE, NULL, TRUE, FALSE, FALSE, NULL, FALSE, NULL, TRUE, NULL |
      | 2 < n     | FALSE, FALSE, TRUE, NULL, FALSE, FALSE, TRUE, NULL, FALSE, NULL, FALSE, NULL | TRUE, TRUE, FALSE, NULL, TRUE, TRUE, FALSE, NULL, TRUE, NULL, TRUE, NULL |
      | n = 2.0   | FALSE, TRUE, FALSE, NULL, FALSE, TRUE, FALSE, NULL, TRUE, NULL, FALSE, NULL | TRUE, FALSE, TRUE, NULL, TRUE, FALSE, TRUE, NULL, FALSE, NULL, TRUE, NULL |
      | n = 2.5   | FALSE, FALSE, FALSE, NULL, FALSE, FALSE, FALSE, NULL, FALSE, NULL, FALSE, NULL | TRUE, TRUE, TRUE, NULL, TRUE, TRUE, TRUE, NULL, TRUE, NULL, TRUE, NULL |
      | n < 2.5   | TRUE, TRUE, FALSE, NULL, TRUE, TRUE, FALSE, NULL, TRUE, NULL, FALSE, NULL | FALSE, FALSE, TRUE, NULL, FALSE, FALSE, TRUE, NULL, FALSE, NULL, TRUE, NULL |
      | n = NULL  | NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, FALSE, NULL | NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, TRUE, NULL |
      | n <> NULL | NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, FALSE, NULL | NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, TRUE, NULL |
      | a = b     | TRUE, FALSE, NULL, FALSE, TRUE, NULL, NULL, NULL, NULL, NULL, FALSE, NULL | FALSE, TRUE, NULL, TRUE, FALSE, NULL, NULL, NULL, NULL, NULL, TRUE, NULL |
      | a < b     | FALSE, FALSE, NULL, TRUE, FALSE, NULL, NULL, NULL, NULL, NULL, FALSE, NULL | TRUE, TRUE, NULL, FALSE, TRUE, NULL, NULL, NULL, NULL, NULL, TRUE, NULL |

  @id:AE-0002 @spec:lance-list-element-index.md#accelerated-queries @level:must @requires:any_element
  Scenario Outline: IN is an OR of equalities and NOT IN its NOT
    When the engine evaluates any_element with the predicate "<predicate>"
    Then the rows are "<any>"
    When the engine evaluates NOT any_element with the predicate "<predicate>"
    Then the rows are "<not>"

    Examples:
      | predicate          | any                                                                      | not                                                                    |
      | n IN (1, 3)        | TRUE, FALSE, TRUE, NULL, TRUE, FALSE, TRUE, NULL, FALSE, NULL, FALSE, NULL | FALSE, TRUE, FALSE, NULL, FALSE, TRUE, FALSE, NULL, TRUE, NULL, TRUE, NULL |
      | n NOT IN (1, 3)    | FALSE, TRUE, FALSE, NULL, FALSE, TRUE, FALSE, NULL, TRUE, NULL, FALSE, NULL | TRUE, FALSE, TRUE, NULL, TRUE, FALSE, TRUE, NULL, FALSE, NULL, TRUE, NULL |
      | n IN (2)           | FALSE, TRUE, FALSE, NULL, FALSE, TRUE, FALSE, NULL, TRUE, NULL, FALSE, NULL | TRUE, FALSE, TRUE, NULL, TRUE, FALSE, TRUE, NULL, FALSE, NULL, TRUE, NULL |
      | n IN (1, 2, 3)     | TRUE, TRUE, TRUE, NULL, TRUE, TRUE, TRUE, NULL, TRUE, NULL, FALSE, NULL | FALSE, FALSE, FALSE, NULL, FALSE, FALSE, FALSE, NULL, FALSE, NULL, TRUE, NULL |
      | n NOT IN (1, 2, 3) | FALSE, FALSE, FALSE, NULL, FALSE, FALSE, FALSE, NULL, FALSE, NULL, FALSE, NULL | TRUE, TRUE, TRUE, NULL, TRUE, TRUE, TRUE, NULL, TRUE, NULL, TRUE, NULL |
      | n IN (1, NULL)     | TRUE, NULL, NULL, NULL, TRUE, NULL, NULL, NULL, NULL, NULL, FALSE, NULL | FALSE, NULL, NULL, NULL, FALSE, NULL, NULL, NULL, NULL, NULL, TRUE, NULL |
      | n NOT IN (1, NULL) | FALSE, NULL, NULL, NULL, FALSE, NULL, NULL, NULL, NULL, NULL, FALSE, NULL | TRUE, NULL, NULL, NULL, TRUE, NULL, NULL, NULL, NULL, NULL, TRUE, NULL |
      | a IN (b, FALSE)    | TRUE, FALSE, NULL, TRUE, TRUE, TRUE, NULL, NULL, NULL, NULL, FALSE, NULL | FALSE, TRUE, NULL, FALSE, FALSE, FALSE, NULL, NULL, NULL, NULL, TRUE, NULL |

  @id:AE-0003 @spec:lance-list-element-index.md#accelerated-queries @level:must @requires:any_element
  Scenario Outline: BETWEEN is a conjunction of two comparisons and NOT BETWEEN its NOT
    When the engine evaluates any_element with the predicate "<predicate>"
    Then the rows are "<any>"
    When the engine evaluates NOT any_element with the predicate "<predicate>"
    Then the rows are "<not>"

    Examples:
      | predicate                  | any                                                                      | not                                                                    |
      | n BETWEEN 1 AND 2          | TRUE, TRUE, FALSE, NULL, TRUE, TRUE, FALSE, NULL, TRUE, NULL, FALSE, NULL | FALSE, FALSE, TRUE, NULL, FALSE, FALSE, TRUE, NULL, FALSE, NULL, TRUE, NULL |
      | n NOT BETWEEN 1 AND 2      | FALSE, FALSE, TRUE, NULL, FALSE, FALSE, TRUE, NULL, FALSE, NULL, FALSE, NULL | TRUE, TRUE, FALSE, NULL, TRUE, TRUE, FALSE, NULL, TRUE, NULL, TRUE, NULL |
      | n BETWEEN 2 AND 2          | FALSE, TRUE, FALSE, NULL, FALSE, TRUE, FALSE, NULL, TRUE, NULL, FALSE, NULL | TRUE, FALSE, TRUE, NULL, TRUE, FALSE, TRUE, NULL, FALSE, NULL, TRUE, NULL |
      | n BETWEEN 2 AND 1          | FALSE, FALSE, FALSE, NULL, FALSE, FALSE, FALSE, NULL, FALSE, NULL, FALSE, NULL | TRUE, TRUE, TRUE, NULL, TRUE, TRUE, TRUE, NULL, TRUE, NULL, TRUE, NULL |
      | n BETWEEN NULL AND 2       | NULL, NULL, FALSE, NULL, NULL, NULL, FALSE, NULL, NULL, NULL, FALSE, NULL | NULL, NULL, TRUE, NULL, NULL, NULL, TRUE, NULL, NULL, NULL, TRUE, NULL |
      | n NOT BETWEEN NULL AND 2   | NULL, NULL, TRUE, NULL, NULL, NULL, TRUE, NULL, NULL, NULL, FALSE, NULL | NULL, NULL, FALSE, NULL, NULL, NULL, FALSE, NULL, NULL, NULL, TRUE, NULL |
      | n BETWEEN 2 AND NULL       | FALSE, NULL, NULL, NULL, FALSE, NULL, NULL, NULL, NULL, NULL, FALSE, NULL | TRUE, NULL, NULL, NULL, TRUE, NULL, NULL, NULL, NULL, NULL, TRUE, NULL |

  @id:AE-0004 @spec:lance-list-element-index.md#accelerated-queries @level:must @requires:any_element
  Scenario Outline: IS NULL and IS NOT NULL are never UNKNOWN, and a null element's fields are null
    When the engine evaluates any_element with the predicate "<predicate>"
    Then the rows are "<any>"
    When the engine evaluates NOT any_element with the predicate "<predicate>"
    Then the rows are "<not>"

    Examples:
      | predicate       | any                                                                      | not                                                                    |
      | n IS NULL       | FALSE, FALSE, FALSE, TRUE, FALSE, FALSE, FALSE, TRUE, FALSE, NULL, FALSE, TRUE | TRUE, TRUE, TRUE, FALSE, TRUE, TRUE, TRUE, FALSE, TRUE, NULL, TRUE, FALSE |
      | n IS NOT NULL   | TRUE, TRUE, TRUE, FALSE, TRUE, TRUE, TRUE, FALSE, TRUE, NULL, FALSE, FALSE | FALSE, FALSE, FALSE, TRUE, FALSE, FALSE, FALSE, TRUE, FALSE, NULL, TRUE, TRUE |
      | a IS NULL       | FALSE, FALSE, FALSE, FALSE, FALSE, FALSE, TRUE, TRUE, TRUE, NULL, FALSE, TRUE | TRUE, TRUE, TRUE, TRUE, TRUE, TRUE, FALSE, FALSE, FALSE, NULL, TRUE, FALSE |
      | b IS NOT NULL   | TRUE, TRUE, FALSE, TRUE, TRUE, FALSE, TRUE, TRUE, FALSE, NULL, FALSE, FALSE | FALSE, FALSE, TRUE, FALSE, FALSE, TRUE, FALSE, FALSE, TRUE, NULL, TRUE, TRUE |
      | NOT n IS NULL   | TRUE, TRUE, TRUE, FALSE, TRUE, TRUE, TRUE, FALSE, TRUE, NULL, FALSE, FALSE | FALSE, FALSE, FALSE, TRUE, FALSE, FALSE, FALSE, TRUE, FALSE, NULL, TRUE, TRUE |

  @id:AE-0005 @spec:lance-list-element-index.md#accelerated-queries @level:must @requires:any_element
  Scenario Outline: IS [NOT] TRUE, IS [NOT] FALSE and IS [NOT] UNKNOWN are never UNKNOWN
    When the engine evaluates any_element with the predicate "<predicate>"
    Then the rows are "<any>"
    When the engine evaluates NOT any_element with the predicate "<predicate>"
    Then the rows are "<not>"

    Examples:
      | predicate            | any                                                                      | not                                                                    |
      | a IS TRUE            | TRUE, TRUE, TRUE, FALSE, FALSE, FALSE, FALSE, FALSE, FALSE, NULL, FALSE, FALSE | FALSE, FALSE, FALSE, TRUE, TRUE, TRUE, TRUE, TRUE, TRUE, NULL, TRUE, TRUE |
      | a IS NOT TRUE        | FALSE, FALSE, FALSE, TRUE, TRUE, TRUE, TRUE, TRUE, TRUE, NULL, FALSE, TRUE | TRUE, TRUE, TRUE, FALSE, FALSE, FALSE, FALSE, FALSE, FALSE, NULL, TRUE, FALSE |
      | a IS FALSE           | FALSE, FALSE, FALSE, TRUE, TRUE, TRUE, FALSE, FALSE, FALSE, NULL, FALSE, FALSE | TRUE, TRUE, TRUE, FALSE, FALSE, FALSE, TRUE, TRUE, TRUE, NULL, TRUE, TRUE |
      | a IS NOT FALSE       | TRUE, TRUE, TRUE, FALSE, FALSE, FALSE, TRUE, TRUE, TRUE, NULL, FALSE, TRUE | FALSE, FALSE, FALSE, TRUE, TRUE, TRUE, FALSE, FALSE, FALSE, NULL, TRUE, FALSE |
      | a IS UNKNOWN         | FALSE, FALSE, FALSE, FALSE, FALSE, FALSE, TRUE, TRUE, TRUE, NULL, FALSE, TRUE | TRUE, TRUE, TRUE, TRUE, TRUE, TRUE, FALSE, FALSE, FALSE, NULL, TRUE, FALSE |
      | a IS NOT UNKNOWN     | TRUE, TRUE, TRUE, TRUE, TRUE, TRUE, FALSE, FALSE, FALSE, NULL, FALSE, FALSE | FALSE, FALSE, FALSE, FALSE, FALSE, FALSE, TRUE, TRUE, TRUE, NULL, TRUE, TRUE |
      | n > 1 IS UNKNOWN     | FALSE, FALSE, FALSE, TRUE, FALSE, FALSE, FALSE, TRUE, FALSE, NULL, FALSE, TRUE | TRUE, TRUE, TRUE, FALSE, TRUE, TRUE, TRUE, FALSE, TRUE, NULL, TRUE, FALSE |
      | n > 1 IS NOT TRUE    | TRUE, FALSE, FALSE, TRUE, TRUE, FALSE, FALSE, TRUE, FALSE, NULL, FALSE, TRUE | FALSE, TRUE, TRUE, FALSE, FALSE, TRUE, TRUE, FALSE, TRUE, NULL, TRUE, FALSE |
      | (a AND b) IS FALSE   | FALSE, TRUE, FALSE, TRUE, TRUE, TRUE, FALSE, TRUE, FALSE, NULL, FALSE, FALSE | TRUE, FALSE, TRUE, FALSE, FALSE, FALSE, TRUE, FALSE, TRUE, NULL, TRUE, TRUE |
      | NOT a IS TRUE        | FALSE, FALSE, FALSE, TRUE, TRUE, TRUE, TRUE, TRUE, TRUE, NULL, FALSE, TRUE | TRUE, TRUE, TRUE, FALSE, FALSE, FALSE, FALSE, FALSE, FALSE, NULL, TRUE, FALSE |

  @id:AE-0006 @spec:lance-list-element-index.md#accelerated-queries @level:must @requires:any_element
  Scenario Outline: IS [NOT] DISTINCT FROM treats two nulls as equal and is never UNKNOWN
    When the engine evaluates any_element with the predicate "<predicate>"
    Then the rows are "<any>"
    When the engine evaluates NOT any_element with the predicate "<predicate>"
    Then the rows are "<not>"

    Examples:
      | predicate                    | any                                                                      | not                                                                    |
      | n IS DISTINCT FROM 2         | TRUE, FALSE, TRUE, TRUE, TRUE, FALSE, TRUE, TRUE, FALSE, NULL, FALSE, TRUE | FALSE, TRUE, FALSE, FALSE, FALSE, TRUE, FALSE, FALSE, TRUE, NULL, TRUE, FALSE |
      | n IS NOT DISTINCT FROM 2     | FALSE, TRUE, FALSE, FALSE, FALSE, TRUE, FALSE, FALSE, TRUE, NULL, FALSE, FALSE | TRUE, FALSE, TRUE, TRUE, TRUE, FALSE, TRUE, TRUE, FALSE, NULL, TRUE, TRUE |
      | n IS DISTINCT FROM NULL      | TRUE, TRUE, TRUE, FALSE, TRUE, TRUE, TRUE, FALSE, TRUE, NULL, FALSE, FALSE | FALSE, FALSE, FALSE, TRUE, FALSE, FALSE, FALSE, TRUE, FALSE, NULL, TRUE, TRUE |
      | n IS NOT DISTINCT FROM NULL  | FALSE, FALSE, FALSE, TRUE, FALSE, FALSE, FALSE, TRUE, FALSE, NULL, FALSE, TRUE | TRUE, TRUE, TRUE, FALSE, TRUE, TRUE, TRUE, FALSE, TRUE, NULL, TRUE, FALSE |
      | a IS DISTINCT FROM b         | FALSE, TRUE, TRUE, TRUE, FALSE, TRUE, TRUE, TRUE, FALSE, NULL, FALSE, FALSE | TRUE, FALSE, FALSE, FALSE, TRUE, FALSE, FALSE, FALSE, TRUE, NULL, TRUE, TRUE |
      | a IS NOT DISTINCT FROM b     | TRUE, FALSE, FALSE, FALSE, TRUE, FALSE, FALSE, FALSE, TRUE, NULL, FALSE, TRUE | FALSE, TRUE, TRUE, TRUE, FALSE, TRUE, TRUE, TRUE, FALSE, NULL, TRUE, FALSE |

  @id:AE-0007 @spec:lance-list-element-index.md#accelerated-queries @level:must @requires:any_element
  Scenario Outline: AND, OR and NOT follow Kleene's three-valued logic
    When the engine evaluates any_element with the predicate "<predicate>"
    Then the rows are "<any>"
    When the engine evaluates NOT any_element with the predicate "<predicate>"
    Then the rows are "<not>"

    Examples:
      | predicate               | any                                                                      | not                                                                    |
      | a                       | TRUE, TRUE, TRUE, FALSE, FALSE, FALSE, NULL, NULL, NULL, NULL, FALSE, NULL | FALSE, FALSE, FALSE, TRUE, TRUE, TRUE, NULL, NULL, NULL, NULL, TRUE, NULL |
      | a = TRUE                | TRUE, TRUE, TRUE, FALSE, FALSE, FALSE, NULL, NULL, NULL, NULL, FALSE, NULL | FALSE, FALSE, FALSE, TRUE, TRUE, TRUE, NULL, NULL, NULL, NULL, TRUE, NULL |
      | a AND b                 | TRUE, FALSE, NULL, FALSE, FALSE, FALSE, NULL, FALSE, NULL, NULL, FALSE, NULL | FALSE, TRUE, NULL, TRUE, TRUE, TRUE, NULL, TRUE, NULL, NULL, TRUE, NULL |
      | a OR b                  | TRUE, TRUE, TRUE, TRUE, FALSE, NULL, TRUE, NULL, NULL, NULL, FALSE, NULL | FALSE, FALSE, FALSE, FALSE, TRUE, NULL, FALSE, NULL, NULL, NULL, TRUE, NULL |
      | NOT a                   | FALSE, FALSE, FALSE, TRUE, TRUE, TRUE, NULL, NULL, NULL, NULL, FALSE, NULL | TRUE, TRUE, TRUE, FALSE, FALSE, FALSE, NULL, NULL, NULL, NULL, TRUE, NULL |
      | NOT b                   | FALSE, TRUE, NULL, FALSE, TRUE, NULL, FALSE, TRUE, NULL, NULL, FALSE, NULL | TRUE, FALSE, NULL, TRUE, FALSE, NULL, TRUE, FALSE, NULL, NULL, TRUE, NULL |
      | NOT (a AND b)           | FALSE, TRUE, NULL, TRUE, TRUE, TRUE, NULL, TRUE, NULL, NULL, FALSE, NULL | TRUE, FALSE, NULL, FALSE, FALSE, FALSE, NULL, FALSE, NULL, NULL, TRUE, NULL |
      | NOT a OR b              | TRUE, FALSE, NULL, TRUE, TRUE, TRUE, TRUE, NULL, NULL, NULL, FALSE, NULL | FALSE, TRUE, NULL, FALSE, FALSE, FALSE, FALSE, NULL, NULL, NULL, TRUE, NULL |
      | a and not b             | FALSE, TRUE, NULL, FALSE, FALSE, FALSE, FALSE, NULL, NULL, NULL, FALSE, NULL | TRUE, FALSE, NULL, TRUE, TRUE, TRUE, TRUE, NULL, NULL, NULL, TRUE, NULL |
      | a OR b AND n = 2        | TRUE, TRUE, TRUE, NULL, FALSE, NULL, NULL, NULL, NULL, NULL, FALSE, NULL | FALSE, FALSE, FALSE, NULL, TRUE, NULL, NULL, NULL, NULL, NULL, TRUE, NULL |
      | (a OR b) AND n = 2      | FALSE, TRUE, FALSE, NULL, FALSE, NULL, FALSE, NULL, NULL, NULL, FALSE, NULL | TRUE, FALSE, TRUE, NULL, TRUE, NULL, TRUE, NULL, NULL, NULL, TRUE, NULL |
      | TRUE                    | TRUE, TRUE, TRUE, TRUE, TRUE, TRUE, TRUE, TRUE, TRUE, NULL, FALSE, TRUE | FALSE, FALSE, FALSE, FALSE, FALSE, FALSE, FALSE, FALSE, FALSE, NULL, TRUE, FALSE |
      | FALSE                   | FALSE, FALSE, FALSE, FALSE, FALSE, FALSE, FALSE, FALSE, FALSE, NULL, FALSE, FALSE | TRUE, TRUE, TRUE, TRUE, TRUE, TRUE, TRUE, TRUE, TRUE, NULL, TRUE, TRUE |
      | NULL                    | NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, FALSE, NULL | NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, TRUE, NULL |
      | a AND NULL              | NULL, NULL, NULL, FALSE, FALSE, FALSE, NULL, NULL, NULL, NULL, FALSE, NULL | NULL, NULL, NULL, TRUE, TRUE, TRUE, NULL, NULL, NULL, NULL, TRUE, NULL |
      | a OR NULL               | TRUE, TRUE, TRUE, NULL, NULL, NULL, NULL, NULL, NULL, NULL, FALSE, NULL | FALSE, FALSE, FALSE, NULL, NULL, NULL, NULL, NULL, NULL, NULL, TRUE, NULL |
