Feature: LEI09 The files a list element index writes: exactly its target BTree's, with the BTree's schemas

  "The list element index writes no files of its own. Its files are exactly the files of its target
  BTree, written with the BTree's names and schemas into the same index directory, with Binary as the
  BTree's {DataType}." The target's files therefore have these schemas: page_data.lance, "one row per
  element, sorted by `values`, nulls first": values binary nullable, ids uint64 not nullable;
  page_lookup.lance, "one row per page": min and max binary nullable, null_count and page_idx uint32 not
  nullable. The BTree's files are page_data.lance and page_lookup.lance (Lance's BTree index).

  The engine is asked to write the segment's files into an empty directory of the kit's
  (BuildListIndexRequest.index_directory), and the kit reads what the directory then holds with its own
  Lance file reader (docs/lance-files.md): the footer, the schema and row count of the file's descriptor,
  and the rows where the kit decodes the file's page encodings (where it does not, the report says so and
  only the row counts are judged). Engines that write no files do not declare list_element_index.files.
  From an engine that declares it, every build of the LEI scenarios writes its files, and each step that
  shows page_data or page_lookup rows judges the files' rows as well as the reply's.

  Encodings (Key Encoding, as in LEI02): car = 02 63 61 72 00 00 00 00 00 03, bus = 02 62 75 73 00 00 00
  00 00 03, dog = 02 64 6F 67 00 00 00 00 00 03, a null string 00; 0.25 -> 01 BE 80 00 00,
  0.5 -> 01 BF 00 00 00, 0.75 -> 01 BF 40 00 00, a null float 00 00 00 00 00.

  Background:
    Given the list table
      """json
      {"column": "detections",
       "element": [{"name": "label", "type": "string", "id": 4},
                   {"name": "confidence", "type": "float", "id": 5},
                   {"name": "area", "type": "float", "id": 6}],
       "rows": [[{"label": "car", "confidence": 0.5, "area": 1}],
                [{"label": "dog", "confidence": 0.25, "area": 2}, {"label": "car", "confidence": 0.75, "area": 3}],
                [{"label": "bus", "confidence": 0.5, "area": 4}, {"label": "bus", "confidence": 0.5, "area": 4}],
                [null],
                null,
                [],
                [{"label": null, "confidence": 0.5, "area": 5}]]}
      """

  @id:LEI-0190 @spec:lance-list-element-index.md#storage-layout @level:must @requires:list_element_index @requires:list_element_index.files
  Scenario: The segment's files are exactly the target BTree's page_data.lance and page_lookup.lance
    No file of the index's own (no details file, no other name, no part file left behind): the directory
    holds the two files of a BTree, each a Lance file. The table gives 8 page_data rows (LEI-0010), so
    pages of 3 rows make 3 pages: page_lookup.lance has one row per page.
    When the engine builds the list element index on keys "label, confidence" with pages of 3 rows, writing its files
    Then the index directory holds exactly the files "page_data.lance, page_lookup.lance"
    And "page_data.lance" in the index directory holds 8 rows
    And "page_lookup.lance" in the index directory holds 3 rows

  @id:LEI-0191 @spec:lance-list-element-index.md#storage-layout @level:must @requires:list_element_index @requires:list_element_index.files
  Scenario: page_data.lance and page_lookup.lance have the schemas of "Storage Layout", with Binary values
    Types are Lance's logical type names of the Arrow types in the spec's schemas (pa.binary() is binary,
    pa.uint64() uint64, pa.uint32() uint32); the columns are compared in order, with their nullability.
    When the engine builds the list element index on keys "label, confidence" with pages of 3 rows, writing its files
    Then "page_data.lance" in the index directory has the schema
      | name   | type   | nullable |
      | values | binary | true     |
      | ids    | uint64 | false    |
    And "page_lookup.lance" in the index directory has the schema
      | name       | type   | nullable |
      | min        | binary | true     |
      | max        | binary | true     |
      | null_count | uint32 | false    |
      | page_idx   | uint32 | false    |

  @id:LEI-0192 @spec:lance-list-element-index.md#storage-layout @spec:lance-list-element-index.md#key-encoding @level:must @requires:list_element_index @requires:list_element_index.files
  Scenario: page_data.lance holds one row per element, the null list's null values first, in the order of values
    The rows of LEI-0010, read from the file the engine wrote rather than from its reply: values is the
    encoded tuple (null only for the null list, row 4), ids the row address; row 2's element twice, row 5
    (an empty list) not at all. A single page (the default page size).
    When the engine builds the list element index on keys "label, confidence", writing its files
    Then the rows of page_data.lance in the index directory are
      | values                                           | row address |
      | null                                             | 0:4         |
      | 00 00 00 00 00 00                                | 0:3         |
      | 00 01 BF 00 00 00                                | 0:6         |
      | 02 62 75 73 00 00 00 00 00 03 01 BF 00 00 00     | 0:2         |
      | 02 62 75 73 00 00 00 00 00 03 01 BF 00 00 00     | 0:2         |
      | 02 63 61 72 00 00 00 00 00 03 01 BF 00 00 00     | 0:0         |
      | 02 63 61 72 00 00 00 00 00 03 01 BF 40 00 00     | 0:1         |
      | 02 64 6F 67 00 00 00 00 00 03 01 BE 80 00 00     | 0:1         |
    And "page_lookup.lance" in the index directory holds 1 row
