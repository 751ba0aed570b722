Feature: LEI11 A list element index committed to a table: the manifest entry and the folder the engine wrote

  "IndexMetadata.fields holds the single list<struct> field the index is built on, which may be a List or a
  LargeList of a Struct." "target_details holds the BTreeIndexDetails of the target index, and
  target_index_version holds the target's own format version, the index_version it would have in
  IndexMetadata as a standalone BTree. It is 1 or greater, so the target stores row addresses.
  IndexMetadata.index_version holds the version of the list element index itself, which is 0." "The list
  element index writes no files of its own. Its files are exactly the files of its target BTree, written with
  the BTree's names and schemas into the same index directory."

  The engine creates the table and commits the index itself (create_index with index_type list_element and
  the key fields in params.keys, capability table.list_element_index); the kit reads the manifest the engine
  wrote with its own reader and the files in the segment's folder `_indices/<uuid>/` with its own Lance file
  reader, never the engine's account of them. Field ids are the ones the engine's manifest gives: the steps
  find the column and the element's fields by name in the manifest's schema.

  Encodings (Key Encoding, as in LEI02 and LEI09): car = 02 63 61 72 00 00 00 00 00 03, bus = 02 62 75 73 00
  00 00 00 00 03, dog = 02 64 6F 67 00 00 00 00 00 03, a null string 00; 0.25 -> 01 BE 80 00 00, 0.5 -> 01 BF
  00 00 00, 0.75 -> 01 BF 40 00 00, a null float 00 00 00 00 00. The rows are LEI09's, in one fragment.

  @id:LEI-0210 @spec:lance-list-element-index.md#index-details @level:must @requires:table.lifecycle @requires:table.list_element_index
  Scenario: The committed entry is on the list column alone and has index_version 0
    The manifest's entry, not a reply: fields is the one list<struct> column, and index_version is the list
    element index's own version, 0, whatever the target BTree's version is.
    Given the engine creates a table with columns "id int64, detections list<struct<label: string, confidence: float, area: float>>" in fragments of 8 rows:
      """json
      [{"id": 1, "detections": [{"label": "car", "confidence": 0.5, "area": 1}]},
       {"id": 2, "detections": [{"label": "dog", "confidence": 0.25, "area": 2}]}]
      """
    When the engine creates a list element index "det_idx" on "detections" with keys "label, confidence"
    Then every segment of index "det_idx" is on the field of column "detections" alone
    And every segment of index "det_idx" has index_version 0

  @id:LEI-0211 @spec:lance-list-element-index.md#index-details @level:must @requires:table.lifecycle @requires:table.list_element_index
  Scenario: The committed details name the key fields by id and wrap a BTree of version 1 or greater
    index_details is a ListElementIndexDetails: key_field_ids are the ids the manifest's schema gives the
    element's fields confidence and label, in key order; keys their names; key_types their logical types;
    key_encoding ARROW_ROW_V1; target_details a BTreeIndexDetails; target_index_version 1 or greater.
    Given the engine creates a table with columns "id int64, detections list<struct<label: string, confidence: float, area: float>>" in fragments of 8 rows:
      """json
      [{"id": 1, "detections": [{"label": "car", "confidence": 0.5, "area": 1}]}]
      """
    When the engine creates a list element index "det_idx" on "detections" with keys "confidence, label"
    Then the details of index "det_idx" key on the element fields "confidence, label" of column "detections", of key types "float, string", encoded ARROW_ROW_V1
    And the target of index "det_idx" is a BTree: target_details holds BTreeIndexDetails and target_index_version is 1 or greater

  @id:LEI-0212 @spec:lance-list-element-index.md#storage-layout @level:must @requires:table.lifecycle @requires:table.list_element_index
  Scenario: The committed segment's folder holds exactly its target BTree's files, one entry per element
    The folder `_indices/<uuid>/` of the one segment holds page_data.lance and page_lookup.lance and nothing
    else; page_data has one row per element, sorted by values, nulls first: the null list (row 4) as a null
    value, the null element (row 3) as the all-null tuple, none for the empty list (row 5).
    Given the engine creates a table with columns "id int64, detections list<struct<label: string, confidence: float, area: float>>" in fragments of 8 rows:
      """json
      [{"id": 0, "detections": [{"label": "car", "confidence": 0.5, "area": 1}]},
       {"id": 1, "detections": [{"label": "dog", "confidence": 0.25, "area": 2}, {"label": "car", "confidence": 0.75, "area": 3}]},
       {"id": 2, "detections": [{"label": "bus", "confidence": 0.5, "area": 4}, {"label": "bus", "confidence": 0.5, "area": 4}]},
       {"id": 3, "detections": [null]},
       {"id": 4, "detections": null},
       {"id": 5, "detections": []},
       {"id": 6, "detections": [{"label": null, "confidence": 0.5, "area": 5}]}]
      """
    When the engine creates a list element index "det_idx" on "detections" with keys "label, confidence"
    And the index directory is the folder of the one segment of index "det_idx"
    Then the index directory holds exactly the files "page_data.lance, page_lookup.lance"
    And the page_data rows in the index directory are
      | values                                           | row address |
      | null                                             | 0:4         |
      | 00 00 00 00 00 00                                | 0:3         |
      | 00 01 BF 00 00 00                                | 0:6         |
      | 02 62 75 73 00 00 00 00 00 03 01 BF 00 00 00     | 0:2         |
      | 02 62 75 73 00 00 00 00 00 03 01 BF 00 00 00     | 0:2         |
      | 02 63 61 72 00 00 00 00 00 03 01 BF 00 00 00     | 0:0         |
      | 02 63 61 72 00 00 00 00 00 03 01 BF 40 00 00     | 0:1         |
      | 02 64 6F 67 00 00 00 00 00 03 01 BE 80 00 00     | 0:1         |

  @id:LEI-0213 @spec:lance-list-element-index.md#index-details @spec:lance-list-element-index.md#storage-layout @level:must @requires:table.lifecycle @requires:table.list_element_index
  Scenario: On a LargeList column: fields names it, and the keys and postings are those over a List
    "which may be a List or a LargeList of a Struct": the list type changes no key and no posting.
    Given the engine creates a table with columns "id int64, detections large_list<struct<label: string, confidence: float>>" in fragments of 8 rows:
      """json
      [{"id": 0, "detections": [{"label": "dog", "confidence": 0.25}, {"label": "car", "confidence": 0.75}]},
       {"id": 1, "detections": null},
       {"id": 2, "detections": [null]}]
      """
    When the engine creates a list element index "det_idx" on "detections" with keys "label, confidence"
    And the index directory is the folder of the one segment of index "det_idx"
    Then every segment of index "det_idx" is on the field of column "detections" alone
    And every segment of index "det_idx" has index_version 0
    And the details of index "det_idx" key on the element fields "label, confidence" of column "detections", of key types "string, float", encoded ARROW_ROW_V1
    And the page_data rows in the index directory are
      | values                                           | row address |
      | null                                             | 0:1         |
      | 00 00 00 00 00 00                                | 0:2         |
      | 02 63 61 72 00 00 00 00 00 03 01 BF 40 00 00     | 0:0         |
      | 02 64 6F 67 00 00 00 00 00 03 01 BE 80 00 00     | 0:0         |

  @id:LEI-0214 @spec:lance-list-element-index.md#index-details @level:must @requires:table.lifecycle @requires:table.list_element_index
  Scenario: After an append and an optimize, every segment of the committed index keys on the same fields
    "Every segment of one logical index has the same key_field_ids, key_types and key_encoding." The index is
    built on the first fragment; an append adds a second, and optimizing the indexes lets the engine index it (in
    a new segment, or by merging into one): whatever segments the manifest then holds, each keys on label, then
    confidence, by their ids.
    Given the engine creates a table with columns "id int64, detections list<struct<label: string, confidence: float>>" in fragments of 8 rows:
      """json
      [{"id": 0, "detections": [{"label": "car", "confidence": 0.5}]}]
      """
    And the engine creates a list element index "det_idx" on "detections" with keys "label, confidence"
    When the engine appends in fragments of 8 rows:
      """json
      [{"id": 1, "detections": [{"label": "bus", "confidence": 0.25}]}]
      """
    And the engine optimizes the indexes
    Then the details of index "det_idx" key on the element fields "label, confidence" of column "detections", of key types "string, float", encoded ARROW_ROW_V1
