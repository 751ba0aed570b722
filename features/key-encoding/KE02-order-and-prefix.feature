Feature: KE02 Encodings order as the tuples do, and a tuple's first keys are a prefix

  "Byte strings compare as unsigned bytes … Under this comparison, the encoded tuples sort as the tuples
  do: by the first key, then by the next key among equal first keys, and so on, with a null key before
  every value of that key." Range planning depends on it, and on the encoding of a tuple's first keys
  being a prefix of the whole.

  @id:KE-0002 @spec:lance-list-element-index.md#key-encoding @level:must @requires:key_encoding
  Scenario Outline: Two tuples' encodings order as the tuples
    The engine encodes both tuples; the kit compares the bytes as unsigned bytes.
    Given the key types "<types>"
    When the engine encodes <left> and <right>
    Then the first sorts <order> the second

    Examples:
      | types               | left                   | right                  | order  |
      | string,float        | ["car", 0.5]           | ["car", 0.75]          | before |
      | string,float        | ["car", 0.95]          | ["person", 0.3]        | before |
      | string,float        | [null, 0.5]            | ["", 0.5]              | before |
      | string,float        | ["car", null]          | ["car", "-Infinity"]   | before |
      | string,float        | ["car", 0.5]           | ["car", 0.5]           | with   |
      | string              | ["car"]                | ["cars"]               | before |
      | string              | ["aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"] | ["aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"] | before |
      | string              | ["aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaab"] | ["aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaab"] | after  |
      | string              | ["z"]                  | ["é"]                  | before |
      | binary              | ["hex:00"]             | ["hex:0000"]           | before |
      | binary              | ["hex:FF"]             | ["hex:00FF"]           | after  |
      | float               | ["-0.0"]               | [0.0]                  | before |
      | float               | ["Infinity"]           | ["NaN"]                | before |
      | float               | ["-NaN"]               | ["-Infinity"]          | before |
      | double              | ["bits:0x7FF8000000000001"] | ["NaN"]           | after  |
      | double              | [-1.5]                 | [-1.25]                | before |
      | int8                | [-1]                   | [0]                    | before |
      | int64               | ["-9223372036854775808"] | ["9223372036854775807"] | before |
      | uint64              | ["18446744073709551615"] | [0]                  | after  |
      | bool                | [false]                | [true]                 | before |
      | bool                | [null]                 | [false]                | before |
      | date32:day          | [-1]                   | [0]                    | before |
      | timestamp:us:UTC    | [1]                    | [-1]                   | after  |
      | int32,string,double | [1, null, 2.0]         | [1, "", 1.0]           | before |
      | int32,string,double | [1, "b", 1.0]          | [1, "a", 2.0]          | after  |

  @id:KE-0003 @spec:lance-list-element-index.md#key-encoding @level:must @requires:key_encoding
  Scenario Outline: The encoding of a tuple's first keys is a prefix of the tuple's encoding
    Given the key types "<types>"
    When the engine encodes the tuple <tuple>
    And the engine encodes the first <k> keys of it
    Then the shorter encoding is a prefix of the longer

    Examples:
      | types                  | tuple                          | k |
      | string,float           | ["car", 0.5]                   | 1 |
      | string,float,int32     | ["car", null, 7]               | 2 |
      | binary,string          | ["hex:FFFFFFFFFFFFFFFF", "x"]  | 1 |
      | int64,string,bool      | [null, null, null]             | 2 |

  @id:KE-0004 @spec:lance-list-element-index.md#key-encoding @level:must @requires:key_encoding
  Scenario: The spec's example encodes as the spec shows
    Given the key types "string,float"
    When the engine encodes the tuple ["car", 0.5]
    Then the encoding is "02 63 61 72 00 00 00 00 00 03 01 BF 00 00 00"
