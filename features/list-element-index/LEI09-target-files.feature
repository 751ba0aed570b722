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
  and the rows. Engines that write no files do not declare list_element_index.files, and every scenario
  that judges the index's storage is UNSUPPORTED for them: the storage rules are judged on the files, never
  on the engine's reply. From an engine that declares it, every build of the LEI scenarios writes its
  files, and each step that shows page_data or page_lookup rows judges the files' rows (the reply's rows
  are a diagnostic). Where the kit does not decode a page encoding the engine chose, the rows cannot be
  judged: the scenario is ERROR, naming the encoding.

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
    When the engine builds the list element index on keys "label, confidence" with pages of 3 rows
    Then the index directory holds exactly the files "page_data.lance, page_lookup.lance"
    And "page_data.lance" in the index directory holds 8 rows
    And "page_lookup.lance" in the index directory holds 3 rows

  @id:LEI-0191 @spec:lance-list-element-index.md#storage-layout @level:must @requires:list_element_index @requires:list_element_index.files
  Scenario: page_data.lance and page_lookup.lance have the schemas of "Storage Layout", with Binary values
    Types are Lance's logical type names of the Arrow types in the spec's schemas (pa.binary() is binary,
    pa.uint64() uint64, pa.uint32() uint32); the columns are compared in order, with their nullability.
    When the engine builds the list element index on keys "label, confidence" with pages of 3 rows
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

  @id:LEI-0193 @spec:lance-list-element-index.md#index-details @spec:lance-list-element-index.md#storage-layout @level:must @requires:list_element_index @requires:list_element_index.files
  Scenario: A LargeList column: the same target as over a List column
    "IndexMetadata.fields holds the single list<struct> field the index is built on, which may be a List
    or a LargeList of a Struct." The table of the background as a LargeList column (field 3): its
    page_data.lance holds the rows of LEI-0010, byte for byte; the list type changes no key and no posting.
    The IndexMetadata the reply describes is a diagnostic; LEI-0213 judges the entry an engine commits.
    Given the list table
      """json
      {"column": "detections", "list_type": "LargeList",
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
    And the list column's field id is 3
    When the engine builds the list element index on keys "label, confidence"
    Then the page_data rows are
      | values                                           | row address |
      | null                                             | 0:4         |
      | 00 00 00 00 00 00                                | 0:3         |
      | 00 01 BF 00 00 00                                | 0:6         |
      | 02 62 75 73 00 00 00 00 00 03 01 BF 00 00 00     | 0:2         |
      | 02 62 75 73 00 00 00 00 00 03 01 BF 00 00 00     | 0:2         |
      | 02 63 61 72 00 00 00 00 00 03 01 BF 00 00 00     | 0:0         |
      | 02 63 61 72 00 00 00 00 00 03 01 BF 40 00 00     | 0:1         |
      | 02 64 6F 67 00 00 00 00 00 03 01 BE 80 00 00     | 0:1         |
    And the index metadata the engine reports is noted beside the spec's: the list column 3, index_version 0, the details packed

  @id:LEI-0194 @spec:lance-list-element-index.md#key-encoding @spec:lance-list-element-index.md#index-details @spec:lance-list-element-index.md#storage-layout @level:must @requires:list_element_index @requires:list_element_index.files
  Scenario: Utf8View and BinaryView keys: the bytes of Utf8 and Binary, and the logical types string and binary
    "string ... Utf8 (or Utf8View)", "binary ... Binary (or BinaryView)"; "a type and its large or view
    variant give the same bytes". label is held as Utf8View, p as BinaryView ("arrow" in the table). The
    tuples are those of the same values as Utf8 and Binary: car 02 63 61 72 00 00 00 00 00 03; p 0AFF is
    02 0A FF 00 00 00 00 00 00 02, empty 01, null 00; the ten bytes 01..0A fill one 8-byte block, FF (more
    follows), then 09 0A padded, 02; a null element is 00 00. Order: the null element, the null label,
    then bus < car < dog, and car's empty p (01) before its 0AFF (02).
    Given the list table
      """json
      {"column": "detections",
       "element": [{"name": "label", "type": "string", "arrow": "Utf8View", "id": 4},
                   {"name": "p", "type": "binary", "arrow": "BinaryView", "id": 5}],
       "rows": [[{"label": "car", "p": "hex:0AFF"}, {"label": "car", "p": "hex:"}],
                [{"label": "dog", "p": "hex:0102030405060708090A"}],
                [null, {"label": null, "p": null}],
                [{"label": "bus", "p": null}]]}
      """
    When the engine builds the list element index on keys "label, p"
    Then the page_data rows are
      | values                                                                      | row address |
      | 00 00                                                                       | 0:2         |
      | 00 00                                                                       | 0:2         |
      | 02 62 75 73 00 00 00 00 00 03 00                                            | 0:3         |
      | 02 63 61 72 00 00 00 00 00 03 01                                            | 0:0         |
      | 02 63 61 72 00 00 00 00 00 03 02 0A FF 00 00 00 00 00 00 02                 | 0:0         |
      | 02 64 6F 67 00 00 00 00 00 03 02 01 02 03 04 05 06 07 08 FF 09 0A 00 00 00 00 00 00 02 | 0:1 |
    And the details record key field ids "4, 5", keys "label, p" and key types "string, binary"
