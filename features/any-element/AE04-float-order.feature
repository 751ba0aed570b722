Feature: AE04 NaN, signed zeros and infinities

  The spec does not say how any_element compares floats. The kit proposes IEEE 754 totalOrder, the
  order in which the key encoding sorts float keys ("If the sign bit is 1, every bit is inverted.
  Otherwise only the sign bit is inverted."): -NaN < -Infinity < … < -0.0 < +0.0 < … < +Infinity < NaN,
  a NaN equal only to a NaN with the same bits, and -0.0 not equal to +0.0. An index answers a range
  from the encoded order, so its answer equals the scan's only if the scan compares in the same order.

  Rows: one element each, with the float field score and the double field d holding the same value:
  1 NaN, 2 -NaN, 3 +Infinity, 4 -Infinity, 5 +0.0, 6 -0.0, 7 1.5, 8 null. NaN is the quiet NaN
  (float bits 7FC00000, double bits 7FF8000000000000), -NaN the same with the sign bit set.

  Background:
    Given the list table
      """json
      {"column": "readings",
       "element": [{"name": "score", "type": "float"}, {"name": "d", "type": "double"}],
       "rows": [[{"score": "NaN", "d": "NaN"}],
                [{"score": "-NaN", "d": "-NaN"}],
                [{"score": "Infinity", "d": "Infinity"}],
                [{"score": "-Infinity", "d": "-Infinity"}],
                [{"score": 0.0, "d": 0.0}],
                [{"score": "-0.0", "d": "-0.0"}],
                [{"score": 1.5, "d": 1.5}],
                [{"score": null, "d": null}]]}
      """

  @spec:lance-list-element-index.md#accelerated-queries @spec:lance-list-element-index.md#key-encoding @level:should @requires:any_element @open
  Scenario Outline: Floats compare by IEEE 754 totalOrder
    Does any_element compare floats by IEEE 754 totalOrder, as the key encoding orders them, or by IEEE
    comparison where NaN equals nothing and -0.0 = +0.0? The index answer must equal the scan answer,
    which only holds if both use the same order; the kit proposes totalOrder.

    When the engine evaluates any_element with the predicate "<predicate>"
    Then the rows are "<any>"
    When the engine evaluates NOT any_element with the predicate "<predicate>"
    Then the rows are "<not>"

    @id:AE-0030
    Examples: NaN equals a NaN with the same bits and sorts above +Infinity, -NaN below -Infinity
      | predicate                        | any                                                  | not                                                |
      | score = FLOAT 'NaN'              | TRUE, FALSE, FALSE, FALSE, FALSE, FALSE, FALSE, NULL | FALSE, TRUE, TRUE, TRUE, TRUE, TRUE, TRUE, NULL    |
      | score <> FLOAT 'NaN'             | FALSE, TRUE, TRUE, TRUE, TRUE, TRUE, TRUE, NULL      | TRUE, FALSE, FALSE, FALSE, FALSE, FALSE, FALSE, NULL |
      | score = FLOAT '-NaN'             | FALSE, TRUE, FALSE, FALSE, FALSE, FALSE, FALSE, NULL | TRUE, FALSE, TRUE, TRUE, TRUE, TRUE, TRUE, NULL    |
      | score = FLOAT 'bits:0x7FC00001'  | FALSE, FALSE, FALSE, FALSE, FALSE, FALSE, FALSE, NULL | TRUE, TRUE, TRUE, TRUE, TRUE, TRUE, TRUE, NULL    |
      | score > FLOAT 'Infinity'         | TRUE, FALSE, FALSE, FALSE, FALSE, FALSE, FALSE, NULL | FALSE, TRUE, TRUE, TRUE, TRUE, TRUE, TRUE, NULL    |
      | score < FLOAT '-Infinity'        | FALSE, TRUE, FALSE, FALSE, FALSE, FALSE, FALSE, NULL | TRUE, FALSE, TRUE, TRUE, TRUE, TRUE, TRUE, NULL    |
      | score >= 1.5                     | TRUE, FALSE, TRUE, FALSE, FALSE, FALSE, TRUE, NULL   | FALSE, TRUE, FALSE, TRUE, TRUE, TRUE, FALSE, NULL  |
      | score IN (FLOAT 'NaN', 1.5)      | TRUE, FALSE, FALSE, FALSE, FALSE, FALSE, TRUE, NULL  | FALSE, TRUE, TRUE, TRUE, TRUE, TRUE, FALSE, NULL   |
      | score IS DISTINCT FROM FLOAT 'NaN' | FALSE, TRUE, TRUE, TRUE, TRUE, TRUE, TRUE, TRUE    | TRUE, FALSE, FALSE, FALSE, FALSE, FALSE, FALSE, FALSE |
      | d = DOUBLE 'NaN'                 | TRUE, FALSE, FALSE, FALSE, FALSE, FALSE, FALSE, NULL | FALSE, TRUE, TRUE, TRUE, TRUE, TRUE, TRUE, NULL    |
      | d = FLOAT 'NaN'                  | TRUE, FALSE, FALSE, FALSE, FALSE, FALSE, FALSE, NULL | FALSE, TRUE, TRUE, TRUE, TRUE, TRUE, TRUE, NULL    |
      | d > DOUBLE 'Infinity'            | TRUE, FALSE, FALSE, FALSE, FALSE, FALSE, FALSE, NULL | FALSE, TRUE, TRUE, TRUE, TRUE, TRUE, TRUE, NULL    |
      | score = d                        | TRUE, TRUE, TRUE, TRUE, TRUE, TRUE, TRUE, NULL       | FALSE, FALSE, FALSE, FALSE, FALSE, FALSE, FALSE, NULL |

    @id:AE-0031
    Examples: -0.0 sorts below +0.0 and is not equal to it
      | predicate                        | any                                                  | not                                                |
      | score = 0.0                      | FALSE, FALSE, FALSE, FALSE, TRUE, FALSE, FALSE, NULL | TRUE, TRUE, TRUE, TRUE, FALSE, TRUE, TRUE, NULL    |
      | score = -0.0                     | FALSE, FALSE, FALSE, FALSE, FALSE, TRUE, FALSE, NULL | TRUE, TRUE, TRUE, TRUE, TRUE, FALSE, TRUE, NULL    |
      | score = FLOAT '-0.0'             | FALSE, FALSE, FALSE, FALSE, FALSE, TRUE, FALSE, NULL | TRUE, TRUE, TRUE, TRUE, TRUE, FALSE, TRUE, NULL    |
      | score < 0.0                      | FALSE, TRUE, FALSE, TRUE, FALSE, TRUE, FALSE, NULL   | TRUE, FALSE, TRUE, FALSE, TRUE, FALSE, TRUE, NULL  |
      | score >= 0.0                     | TRUE, FALSE, TRUE, FALSE, TRUE, FALSE, TRUE, NULL    | FALSE, TRUE, FALSE, TRUE, FALSE, TRUE, FALSE, NULL |
      | score BETWEEN -0.0 AND 0.0       | FALSE, FALSE, FALSE, FALSE, TRUE, TRUE, FALSE, NULL  | TRUE, TRUE, TRUE, TRUE, FALSE, FALSE, TRUE, NULL   |
      | score IS NOT DISTINCT FROM 0.0   | FALSE, FALSE, FALSE, FALSE, TRUE, FALSE, FALSE, FALSE | TRUE, TRUE, TRUE, TRUE, FALSE, TRUE, TRUE, TRUE   |
      | d = DOUBLE '-0.0'                | FALSE, FALSE, FALSE, FALSE, FALSE, TRUE, FALSE, NULL | TRUE, TRUE, TRUE, TRUE, TRUE, FALSE, TRUE, NULL    |
      | d > -0.0                         | TRUE, FALSE, TRUE, FALSE, TRUE, FALSE, TRUE, NULL    | FALSE, TRUE, FALSE, TRUE, FALSE, TRUE, FALSE, NULL |

    @id:AE-0032
    Examples: The infinities are the largest and smallest numbers, inside the NaNs
      | predicate                        | any                                                  | not                                                |
      | score = FLOAT 'Infinity'         | FALSE, FALSE, TRUE, FALSE, FALSE, FALSE, FALSE, NULL | TRUE, TRUE, FALSE, TRUE, TRUE, TRUE, TRUE, NULL    |
      | score = FLOAT '-Infinity'        | FALSE, FALSE, FALSE, TRUE, FALSE, FALSE, FALSE, NULL | TRUE, TRUE, TRUE, FALSE, TRUE, TRUE, TRUE, NULL    |
      | score > 1e38                     | TRUE, FALSE, TRUE, FALSE, FALSE, FALSE, FALSE, NULL  | FALSE, TRUE, FALSE, TRUE, TRUE, TRUE, TRUE, NULL   |
      | score BETWEEN FLOAT '-Infinity' AND FLOAT 'Infinity' | FALSE, FALSE, TRUE, TRUE, TRUE, TRUE, TRUE, NULL | TRUE, TRUE, FALSE, FALSE, FALSE, FALSE, FALSE, NULL |
      | d < DOUBLE '-Infinity'           | FALSE, TRUE, FALSE, FALSE, FALSE, FALSE, FALSE, NULL | TRUE, FALSE, TRUE, TRUE, TRUE, TRUE, TRUE, NULL    |
      | d BETWEEN -1e308 AND 1e308       | FALSE, FALSE, FALSE, FALSE, TRUE, TRUE, TRUE, NULL   | TRUE, TRUE, TRUE, TRUE, FALSE, FALSE, FALSE, NULL  |

  @id:AE-0033 @spec:lance-list-element-index.md#accelerated-queries @level:should @requires:any_element @open
  Scenario Outline: A number literal compared with a float field is rounded to the field's type
    The spec does not say how a literal is typed. Is a number literal compared with a float field rounded
    to float, so that confidence = 0.95 finds the float 0.95 that was written as 0.95, or is the field
    widened and compared with the decimal or double 0.95, which no float equals? The kit proposes
    rounding the literal once to the field's type; a DOUBLE literal widens a float field exactly.

    Given the list table
      """json
      {"column": "detections",
       "element": [{"name": "confidence", "type": "float"}, {"name": "d", "type": "double"}],
       "rows": [[{"confidence": 0.95, "d": 0.95}],
                [{"confidence": 0.1, "d": 0.1}],
                [{"confidence": 0.5, "d": 0.5}]]}
      """
    When the engine evaluates any_element with the predicate "<predicate>"
    Then the rows are "<any>"

    Examples:
      | predicate                 | any                 |
      | confidence = 0.95         | TRUE, FALSE, FALSE  |
      | confidence = 0.1          | FALSE, TRUE, FALSE  |
      | confidence IN (0.95, 0.1) | TRUE, TRUE, FALSE   |
      | confidence >= 0.95        | TRUE, FALSE, FALSE  |
      | d = 0.95                  | TRUE, FALSE, FALSE  |
      | confidence = DOUBLE '0.95' | FALSE, FALSE, FALSE |
      | confidence = DOUBLE '0.5' | FALSE, FALSE, TRUE  |
      | confidence = d            | FALSE, FALSE, TRUE  |
      | confidence = FLOAT '0.1'  | FALSE, TRUE, FALSE  |
