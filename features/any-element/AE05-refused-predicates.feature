Feature: AE05 A predicate that cannot be evaluated is refused

  "The predicate refers to the element's fields by their current names." A predicate naming a field
  the element does not have, comparing values of different types, holding a malformed literal or not
  being a well-formed predicate has no value, and must be refused rather than evaluated as NULL or
  FALSE. Where the problem is reported (the kind and the 1-based column of the predicate text where it
  starts) is the kit's convention, not the spec's, hence level should: a type mismatch is reported at
  the second operand, a malformed literal at its first character (its type keyword or X), a syntax
  error at the first token that cannot continue the predicate (one past the end when it ends early).

  Background:
    Given the list table
      """json
      {"column": "detections",
       "element": [{"name": "label", "type": "string"}, {"name": "confidence", "type": "float"},
                   {"name": "flag", "type": "bool"}, {"name": "seen", "type": "date32:day"},
                   {"name": "payload", "type": "binary"}],
       "rows": [[{"label": "car", "confidence": 0.9, "flag": true, "seen": 19753, "payload": "hex:0AFF"}],
                null,
                [],
                [null]]}
      """

  @id:AE-0040 @spec:lance-list-element-index.md#accelerated-queries @level:must @requires:any_element
  Scenario Outline: A predicate naming a field the element does not have is refused, with or without NOT
    "The predicate refers to the element's fields by their current names": a name that is no field of the
    element under any spelling has no value, so the call has none either.
    When the engine evaluates any_element with the predicate "<predicate>"
    Then the predicate is refused
    When the engine evaluates NOT any_element with the predicate "<predicate>"
    Then the predicate is refused

    Examples:
      | predicate                              |
      | labels = 'car'                         |
      | label = 'car' AND confidance > 0.5     |

  @id:AE-0042 @spec:lance-list-element-index.md#accelerated-queries @level:should @requires:any_element
  Scenario Outline: What the kit's predicate grammar refuses is refused, with or without NOT
    The spec does not define the predicate language; these rows follow the kit's grammar
    (docs/any-element-grammar.md: case-sensitive names, single-quoted strings, typed literals, no implicit
    casts), hence level should. An engine with another SQL dialect may accept some of them.
    When the engine evaluates any_element with the predicate "<predicate>"
    Then the predicate is refused
    When the engine evaluates NOT any_element with the predicate "<predicate>"
    Then the predicate is refused

    Examples:
      | predicate                              |
      | Label = 'car'                          |
      | label = \"car\"                        |
      | confidence = 'high'                    |
      | label = 0.5                            |
      | label > confidence                     |
      | confidence                             |
      | flag = 1                               |
      | confidence IN (0.5, 'x')               |
      | confidence = DATE '2024-01-31'         |
      | label = X'0A'                          |
      | label AND flag                         |
      | seen = DATE 'x'                        |
      | seen < DATE '2024-02-30'               |
      | confidence = FLOAT 'nan'               |
      | payload = X'0AF'                       |
      | confidence = DOUBLE 'bits:0x7FC00000'  |
      | confidence = 1.2.3                     |
      | label =                                |
      | label == 'car'                         |
      | label = 'car                           |
      | (label = 'car'                         |
      | label = 'car' confidence > 0.5         |
      | label IN ()                            |
      | confidence BETWEEN 0.1 0.9             |
      | label IS 'car'                         |
      | label car                              |
      | label = 'car' AND                      |
      | label ! 'car'                          |
      | label = 'car';                         |
      | NOT                                    |
      |                                        |

  @id:AE-0041 @spec:lance-list-element-index.md#accelerated-queries @level:should @requires:any_element
  Scenario Outline: A refusal names the kind of problem and the column where it starts
    When the engine evaluates any_element with the predicate "<predicate>"
    Then the predicate is refused as <kind> at column <column>

    Examples:
      | predicate                               | kind          | column |
      | labels = 'car'                          | UNKNOWN_FIELD | 1      |
      | label = 'car' AND confidance > 0.5      | UNKNOWN_FIELD | 19     |
      | Label = 'car'                           | UNKNOWN_FIELD | 1      |
      | label = \"car\"                         | UNKNOWN_FIELD | 9      |
      | confidence = 'high'                     | TYPE_MISMATCH | 14     |
      | label = 0.5                             | TYPE_MISMATCH | 9      |
      | label > confidence                      | TYPE_MISMATCH | 9      |
      | confidence                              | TYPE_MISMATCH | 1      |
      | flag = 1                                | TYPE_MISMATCH | 8      |
      | confidence IN (0.5, 'x')                | TYPE_MISMATCH | 21     |
      | confidence = DATE '2024-01-31'          | TYPE_MISMATCH | 14     |
      | label = X'0A'                           | TYPE_MISMATCH | 9      |
      | seen = TIMESTAMP '2024-01-31 00:00:00'  | TYPE_MISMATCH | 8      |
      | label AND flag                          | TYPE_MISMATCH | 1      |
      | seen = DATE 'x'                         | BAD_LITERAL   | 8      |
      | seen < DATE '2024-02-30'                | BAD_LITERAL   | 8      |
      | confidence = FLOAT 'nan'                | BAD_LITERAL   | 14     |
      | payload = X'0AF'                        | BAD_LITERAL   | 11     |
      | confidence = DOUBLE 'bits:0x7FC00000'   | BAD_LITERAL   | 14     |
      | label =                                 | SYNTAX        | 8      |
      | label == 'car'                          | SYNTAX        | 8      |
      | label = 'car                            | SYNTAX        | 9      |
      | (label = 'car'                          | SYNTAX        | 15     |
      | label = 'car' confidence > 0.5          | SYNTAX        | 15     |
      | label IN ()                             | SYNTAX        | 11     |
      | confidence BETWEEN 0.1 0.9              | SYNTAX        | 24     |
      | label IS 'car'                          | SYNTAX        | 10     |
      | label car                               | SYNTAX        | 7      |
      | label = 'car' AND                       | SYNTAX        | 18     |
      | label ! 'car'                           | SYNTAX        | 7      |
      | label = 'car';                          | SYNTAX        | 14     |
      | NOT                                     | SYNTAX        | 4      |
