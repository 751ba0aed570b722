Feature: AE06 Predicates over every key type family

  A key may be a bool, a signed or unsigned integer, a float, a date, a timestamp, a string or a binary
  value ("Logical types"), and any_element compares each field in its own type: integers by value
  (uint64 up to 2^64 - 1, never as a signed number), dates and timestamps by the instant they name,
  strings by their UTF-8 bytes and binary values by their bytes, unsigned, as the key encoding orders
  them. A field whose name is not an identifier is written as a quoted identifier ("box size"), and a
  string literal doubles a quote ('it''s').

  Rows: one element each.
  1: n -2147483648, big 18446744073709551615, flag true, day 2024-01-31 (19753),
     ts 2024-01-31 12:00:00 UTC (1706702400000000 µs), payload 0AFF, box size 10, label "z".
  2: n 2147483647, big 0, flag false, day 2024-02-01 (19754), ts 2024-01-31 12:00:00.000001,
     payload empty, box size 20, label "é" (C3 A9).
  3: n 0, big 9223372036854775808 (2^63), flag null, day 1969-12-31 (-1), ts 1969-12-31 23:59:59.999999
     (-1 µs), payload 0A, box size null, label U+FFFD (EF BF BD).
  4: every field null but label "😀" (F0 9F 98 80; in UTF-16 it sorts below U+FFFD, in UTF-8 above).
  5: every field null but label "it's".

  Background:
    Given the list table
      """json
      {"column": "things",
       "element": [{"name": "n", "type": "int32"}, {"name": "big", "type": "uint64"},
                   {"name": "flag", "type": "bool"}, {"name": "day", "type": "date32:day"},
                   {"name": "ts", "type": "timestamp:us:UTC"}, {"name": "payload", "type": "binary"},
                   {"name": "box size", "type": "int32"}, {"name": "label", "type": "string"}],
       "rows": [[{"n": -2147483648, "big": "18446744073709551615", "flag": true, "day": 19753,
                  "ts": 1706702400000000, "payload": "hex:0AFF", "box size": 10, "label": "z"}],
                [{"n": 2147483647, "big": 0, "flag": false, "day": 19754,
                  "ts": 1706702400000001, "payload": "hex:", "box size": 20, "label": "é"}],
                [{"n": 0, "big": "9223372036854775808", "flag": null, "day": -1,
                  "ts": -1, "payload": "hex:0A", "box size": null, "label": "\uFFFD"}],
                [{"n": null, "big": null, "flag": null, "day": null,
                  "ts": null, "payload": null, "box size": null, "label": "😀"}],
                [{"n": null, "big": null, "flag": null, "day": null,
                  "ts": null, "payload": null, "box size": null, "label": "it's"}]]}
      """

  @spec:lance-list-element-index.md#accelerated-queries @spec:lance-list-element-index.md#index-details @requires:any_element
  Scenario Outline: Each key type family compares in its own type
    When the engine evaluates any_element with the predicate "<predicate>"
    Then the rows are "<any>"
    When the engine evaluates NOT any_element with the predicate "<predicate>"
    Then the rows are "<not>"

    @id:AE-0050 @level:must
    Examples: Signed and unsigned integers, uint64 up to its maximum
      | predicate                           | any                             | not                             |
      | n = -2147483648                     | TRUE, FALSE, FALSE, NULL, NULL  | FALSE, TRUE, TRUE, NULL, NULL   |
      | n < 0                               | TRUE, FALSE, FALSE, NULL, NULL  | FALSE, TRUE, TRUE, NULL, NULL   |
      | n BETWEEN -1 AND 2147483647         | FALSE, TRUE, TRUE, NULL, NULL   | TRUE, FALSE, FALSE, NULL, NULL  |
      | big = 18446744073709551615          | TRUE, FALSE, FALSE, NULL, NULL  | FALSE, TRUE, TRUE, NULL, NULL   |
      | big > 9223372036854775807           | TRUE, FALSE, TRUE, NULL, NULL   | FALSE, TRUE, FALSE, NULL, NULL  |
      | big < 0                             | FALSE, FALSE, FALSE, NULL, NULL | TRUE, TRUE, TRUE, NULL, NULL    |
      | big = -1                            | FALSE, FALSE, FALSE, NULL, NULL | TRUE, TRUE, TRUE, NULL, NULL    |
      | big IN (0, 18446744073709551615)    | TRUE, TRUE, FALSE, NULL, NULL   | FALSE, FALSE, TRUE, NULL, NULL  |
      | n < big                             | TRUE, FALSE, TRUE, NULL, NULL   | FALSE, TRUE, FALSE, NULL, NULL  |

    @id:AE-0051 @level:must
    Examples: A bool field is a predicate by itself
      | predicate                           | any                             | not                             |
      | flag                                | TRUE, FALSE, NULL, NULL, NULL   | FALSE, TRUE, NULL, NULL, NULL   |
      | NOT flag                            | FALSE, TRUE, NULL, NULL, NULL   | TRUE, FALSE, NULL, NULL, NULL   |
      | flag IS NOT TRUE                    | FALSE, TRUE, TRUE, TRUE, TRUE   | TRUE, FALSE, FALSE, FALSE, FALSE |
      | flag = FALSE                        | FALSE, TRUE, NULL, NULL, NULL   | TRUE, FALSE, NULL, NULL, NULL   |
      | flag IS DISTINCT FROM TRUE          | FALSE, TRUE, TRUE, TRUE, TRUE   | TRUE, FALSE, FALSE, FALSE, FALSE |
      | flag AND n < 0                      | TRUE, FALSE, FALSE, NULL, NULL  | FALSE, TRUE, TRUE, NULL, NULL   |

    @id:AE-0052 @level:must
    Examples: date32 fields against DATE literals
      | predicate                                            | any                             | not                             |
      | day = DATE '2024-01-31'                              | TRUE, FALSE, FALSE, NULL, NULL  | FALSE, TRUE, TRUE, NULL, NULL   |
      | day > DATE '2024-01-31'                              | FALSE, TRUE, FALSE, NULL, NULL  | TRUE, FALSE, TRUE, NULL, NULL   |
      | day < DATE '1970-01-01'                              | FALSE, FALSE, TRUE, NULL, NULL  | TRUE, TRUE, FALSE, NULL, NULL   |
      | day BETWEEN DATE '1969-12-31' AND DATE '2024-01-31'  | TRUE, FALSE, TRUE, NULL, NULL   | FALSE, TRUE, FALSE, NULL, NULL  |
      | day IN (DATE '2024-02-01', DATE '1969-12-31')        | FALSE, TRUE, TRUE, NULL, NULL   | TRUE, FALSE, FALSE, NULL, NULL  |

    @id:AE-0053 @level:must
    Examples: timestamp:us:UTC fields against TIMESTAMP literals
      | predicate                                          | any                             | not                             |
      | ts = TIMESTAMP '2024-01-31 12:00:00'               | TRUE, FALSE, FALSE, NULL, NULL  | FALSE, TRUE, TRUE, NULL, NULL   |
      | ts = TIMESTAMP '2024-01-31 12:00:00.000001'        | FALSE, TRUE, FALSE, NULL, NULL  | TRUE, FALSE, TRUE, NULL, NULL   |
      | ts > TIMESTAMP '2024-01-31 12:00:00'               | FALSE, TRUE, FALSE, NULL, NULL  | TRUE, FALSE, TRUE, NULL, NULL   |
      | ts = TIMESTAMP '2024-01-31 13:00:00+01:00'         | TRUE, FALSE, FALSE, NULL, NULL  | FALSE, TRUE, TRUE, NULL, NULL   |
      | ts = TIMESTAMP '2024-01-31 12:00:00Z'              | TRUE, FALSE, FALSE, NULL, NULL  | FALSE, TRUE, TRUE, NULL, NULL   |
      | ts < TIMESTAMP '1970-01-01 00:00:00'               | FALSE, FALSE, TRUE, NULL, NULL  | TRUE, TRUE, FALSE, NULL, NULL   |
      | ts = TIMESTAMP '1969-12-31 23:59:59.999999'        | FALSE, FALSE, TRUE, NULL, NULL  | TRUE, TRUE, FALSE, NULL, NULL   |

    @id:AE-0054 @level:should
    Examples: A TIMESTAMP literal keeps its nanoseconds when compared with a microsecond field
      | predicate                                          | any                             | not                             |
      | ts = TIMESTAMP '2024-01-31 12:00:00.0000005'       | FALSE, FALSE, FALSE, NULL, NULL | TRUE, TRUE, TRUE, NULL, NULL    |
      | ts > TIMESTAMP '2024-01-31 12:00:00.0000005'       | FALSE, TRUE, FALSE, NULL, NULL  | TRUE, FALSE, TRUE, NULL, NULL   |

    @id:AE-0055 @level:must
    Examples: binary fields against X'..' literals, as unsigned bytes
      | predicate                           | any                             | not                             |
      | payload = X'0AFF'                   | TRUE, FALSE, FALSE, NULL, NULL  | FALSE, TRUE, TRUE, NULL, NULL   |
      | payload = X'0aff'                   | TRUE, FALSE, FALSE, NULL, NULL  | FALSE, TRUE, TRUE, NULL, NULL   |
      | payload = X''                       | FALSE, TRUE, FALSE, NULL, NULL  | TRUE, FALSE, TRUE, NULL, NULL   |
      | payload < X'0AFF'                   | FALSE, TRUE, TRUE, NULL, NULL   | TRUE, FALSE, FALSE, NULL, NULL  |
      | payload > X'0A'                     | TRUE, FALSE, FALSE, NULL, NULL  | FALSE, TRUE, TRUE, NULL, NULL   |
      | payload > X'0A7F'                   | TRUE, FALSE, FALSE, NULL, NULL  | FALSE, TRUE, TRUE, NULL, NULL   |

    @id:AE-0056 @level:must
    Examples: string fields, compared as UTF-8 bytes
      | predicate                           | any                               | not                               |
      | label = 'z'                         | TRUE, FALSE, FALSE, FALSE, FALSE  | FALSE, TRUE, TRUE, TRUE, TRUE     |
      | label < 'é'                         | TRUE, FALSE, FALSE, FALSE, TRUE   | FALSE, TRUE, TRUE, TRUE, FALSE    |
      | label > '�'                         | FALSE, FALSE, FALSE, TRUE, FALSE  | TRUE, TRUE, TRUE, FALSE, TRUE     |
      | label = 'it''s'                     | FALSE, FALSE, FALSE, FALSE, TRUE  | TRUE, TRUE, TRUE, TRUE, FALSE     |
      | label BETWEEN 'a' AND 'z'           | TRUE, FALSE, FALSE, FALSE, TRUE   | FALSE, TRUE, TRUE, TRUE, FALSE    |
      | label IN ('😀', 'é')                | FALSE, TRUE, FALSE, TRUE, FALSE   | TRUE, FALSE, TRUE, FALSE, TRUE    |

    @id:AE-0057 @level:should
    Examples: A quoted identifier names any field, keywords are case-insensitive (the kit's grammar, hence should)
      | predicate                                   | any                               | not                               |
      | \"box size\" > 15                           | FALSE, TRUE, NULL, NULL, NULL     | TRUE, FALSE, NULL, NULL, NULL     |
      | \"box size\" IS NULL                        | FALSE, FALSE, TRUE, TRUE, TRUE    | TRUE, TRUE, FALSE, FALSE, FALSE   |
      | \"box size\" = 10 AND \"label\" = 'z'       | TRUE, FALSE, FALSE, FALSE, FALSE  | FALSE, TRUE, TRUE, TRUE, TRUE     |
      | \"box size\" between 5 and 15 or flag is false | TRUE, TRUE, NULL, NULL, NULL   | FALSE, FALSE, NULL, NULL, NULL    |
