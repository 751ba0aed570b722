Feature: ICE07 Creating an Iceberg index: the metadata file the writer writes

  The draft specifies writers: "Writers must write type in upper case", "Named references must not be used",
  field ids "must be unique across the three lists", and so on. The engine creates an index for a real Iceberg
  table (Iceberg 1.12) from a definition as a user asks for it (docs/iceberg-index.md, "Creating an index"), in
  the kit's file catalog (docs/decisions/0011); the kit judges the file the catalog's pointer then names, with
  the model's validator over the table's schemas. A definition no valid file can hold may be refused, or made
  valid by the writer (binding a name, dropping a repeated id); what the engine must not do is write a file that
  breaks the draft (docs/decisions/0071).

  The events table, as Iceberg numbers a new table's fields: 1 user_id long (required), 2 event_ts timestamptz,
  3 category string, 4 payload struct<6 score double>, 5 tags list<7 string>.

  Background:
    Given an Iceberg source table of events

  @id:ICE-0700 @spec:iceberg-index-spec-draft.md#index-metadata-file @level:must @requires:iceberg_index.create
  Scenario: A created index is a valid metadata file of format-version 1 for the indexed table
    "format-version: Index format version; must be 1"; "index-uuid: Stable UUID assigned at creation";
    "table-uuid: UUID of the indexed table"; the location, "which must be an absolute path": the kit gives a
    local folder, so the file holds it with a scheme (file:). The definition is written as asked.
    When the engine creates the index "by_user" with the definition:
      """json
      {"type": "SCALAR", "identity-fields": [1, 3],
       "materialized-fields": [{"field-id": 1000, "type": "expr-value", "data-type": "int",
         "expr": {"type": "apply", "function": "bucket", "arguments": [16, {"type": "reference", "id": 1}]}}],
       "non-materialized-fields": [{"field-id": 1001, "type": "expr-value", "data-type": "date",
         "expr": {"type": "apply", "function": "day", "arguments": [{"type": "reference", "id": 2}]}}],
       "cluster-spec": [1000, 1], "properties": {"owner": "search-team"}}
      """
    Then the engine created the index
    And the index's metadata file breaks no rule of the draft
    And the index's metadata file has at "/format-version":
      """json
      1
      """
    And the index's index-uuid is a UUID
    And the index's table-uuid is the source table's UUID
    And the index's location is the folder the kit gave, as an absolute path
    And the index's metadata file has at "/identity-fields":
      """json
      [1, 3]
      """
    And the index's metadata file has at "/cluster-spec":
      """json
      [1000, 1]
      """
    And expression field 1000 of the index reads the source fields "1"
    And expression field 1001 of the index reads the source fields "2"
    And the index's metadata file has at "/properties/owner":
      """json
      "search-team"
      """

  @id:ICE-0701 @spec:iceberg-index-spec-draft.md#index-metadata-file @level:must @requires:iceberg_index.create
  Scenario: An index that has not been built yet has no snapshots
    "An index that has not been built yet has no snapshots" (note 2 of the field table: a definition, so must,
    as docs/decisions/0010 reads the draft's definitions). The table already has a snapshot; the new index has
    none of it until it is built.
    When the engine creates the index "by_category" with the definition:
      """json
      {"type": "SCALAR", "identity-fields": [3], "cluster-spec": [3]}
      """
    Then the engine created the index
    And the index's metadata file breaks no rule of the draft
    And the index's metadata file has no snapshots

  @id:ICE-0702 @spec:iceberg-index-spec-draft.md#index-type @level:must @requires:iceberg_index.create
  Scenario Outline: The writer writes the type in upper case, however the user spelled it
    "Writers must write type in upper case." A user may spell the type in any case; readers match it
    case-insensitively, so it names SCALAR, and a file the writer writes holds SCALAR. (Taking the user's
    spelling at all is ICE-0706, a should: the draft binds the file, not what a writer accepts.)
    When the engine creates the index "by_category" with the definition:
      """json
      {"type": "<asked>", "identity-fields": [3], "cluster-spec": [3]}
      """
    Then the engine wrote no index whose metadata breaks the draft
    And any index the engine created has at "/type":
      """json
      "SCALAR"
      """

    Examples:
      | asked  |
      | scalar |
      | Scalar |

  @id:ICE-0703 @spec:iceberg-index-spec-draft.md#expression-fields @level:must @requires:iceberg_index.create
  Scenario: A named reference the user wrote is stored as the ID reference it names
    "expr must contain only ID references ... Named references must not be used." The user names user_id and
    event_ts; a file the writer writes binds them to fields 1 and 2. (That it takes names at all is ICE-0706.)
    When the engine creates the index "by_user" with the definition:
      """json
      {"type": "SCALAR", "identity-fields": [1],
       "materialized-fields": [{"field-id": 1000, "type": "expr-value", "data-type": "int",
         "expr": {"type": "apply", "function": "bucket", "arguments": [16, {"type": "reference", "name": "user_id"}]}}],
       "non-materialized-fields": [{"field-id": 1001, "type": "expr-value", "data-type": "date",
         "expr": {"type": "apply", "function": "day", "arguments": [{"type": "reference", "name": "event_ts"}]}}],
       "cluster-spec": [1000]}
      """
    Then the engine wrote no index whose metadata breaks the draft
    And any index the engine created has expression field 1000 reading the source fields "1"
    And any index the engine created has expression field 1001 reading the source fields "2"

  @id:ICE-0704 @spec:iceberg-index-spec-draft.md#index-metadata-file @level:should @requires:iceberg_index.create
  Scenario: The created file's last-updated-ms is the time it was written
    "Each index metadata file should update last-updated-ms just before writing." A should.
    When the engine creates the index "by_category" with the definition:
      """json
      {"type": "SCALAR", "identity-fields": [3], "cluster-spec": [3]}
      """
    Then the engine created the index
    And the index's last-updated-ms is the time it was written

  @id:ICE-0705 @spec:iceberg-index-spec-draft.md#index-definition @level:should @requires:iceberg_index.create
  Scenario: A table may have two indexes of the same type
    "A table may have multiple indexes of the same index type." A may for the table; an engine that cannot
    create a second SCALAR index gives its users less, so should.
    When the engine creates the index "by_category" with the definition:
      """json
      {"type": "SCALAR", "identity-fields": [3], "cluster-spec": [3]}
      """
    And the engine creates the index "by_user" with the definition:
      """json
      {"type": "SCALAR", "identity-fields": [1], "cluster-spec": [1]}
      """
    Then the catalog holds the valid index "by_category"
    And the catalog holds the valid index "by_user"

  @id:ICE-0706 @spec:iceberg-index-spec-draft.md#expression-fields @level:should @requires:iceberg_index.create
  Scenario: A writer takes a definition as a user writes it: the type in any case, fields by name
    The draft binds the files, not what a writer accepts, so taking a lower-case type and named references
    (which the table has) is a should: what users of Iceberg, whose writers bind names, expect.
    When the engine creates the index "by_user" with the definition:
      """json
      {"type": "scalar", "identity-fields": [1],
       "materialized-fields": [{"field-id": 1000, "type": "expr-value", "data-type": "int",
         "expr": {"type": "apply", "function": "bucket", "arguments": [16, {"type": "reference", "name": "user_id"}]}}],
       "cluster-spec": [1000]}
      """
    Then the engine created the index
    And the index's metadata file breaks no rule of the draft

  # Definitions no valid metadata file can hold as asked. Each is the definition of ICE-0700 (or a part of it)
  # with one change; the engine refuses it, or writes a valid file, never one that breaks the draft.

  @id:ICE-0710 @spec:iceberg-index-spec-draft.md#index-fields @level:must @requires:iceberg_index.create
  Scenario: A field id asked for in two lists is never written twice
    "Every index field has a field ID that must be unique across the three lists": 1000 is asked for a
    materialized and a non-materialized field.
    When the engine creates the index "by_user" with the definition:
      """json
      {"type": "SCALAR", "identity-fields": [1, 3],
       "materialized-fields": [{"field-id": 1000, "type": "expr-value", "data-type": "int",
         "expr": {"type": "apply", "function": "bucket", "arguments": [16, {"type": "reference", "id": 1}]}}],
       "non-materialized-fields": [{"field-id": 1000, "type": "expr-value", "data-type": "date",
         "expr": {"type": "apply", "function": "day", "arguments": [{"type": "reference", "id": 2}]}}],
       "cluster-spec": [1000, 1]}
      """
    Then the engine wrote no index whose metadata breaks the draft

  @id:ICE-0711 @spec:iceberg-index-spec-draft.md#expression-fields @level:must @requires:iceberg_index.create
  Scenario Outline: An expression field's representation is only ever expr-value
    "type: Expression field representation; must be expr-value."
    When the engine creates the index "by_user" with the definition:
      """json
      {"type": "SCALAR", "identity-fields": [1],
       "materialized-fields": [{"field-id": 1000, "type": "<representation>", "data-type": "int",
         "expr": {"type": "apply", "function": "bucket", "arguments": [16, {"type": "reference", "id": 1}]}}],
       "cluster-spec": [1000]}
      """
    Then the engine wrote no index whose metadata breaks the draft

    Examples:
      | representation |
      | expr-sql       |
      | EXPR-VALUE     |

  @id:ICE-0712 @spec:iceberg-index-spec-draft.md#expression-fields @level:must @requires:iceberg_index.create
  Scenario Outline: An expression reads only fields of the source table or metadata columns, by ID
    "expr must contain only ID references to source table fields or metadata columns. Named references must
    not be used." A name the table does not have cannot be bound; field 99 is no field of the table.
    When the engine creates the index "by_user" with the definition:
      """json
      {"type": "SCALAR", "identity-fields": [1],
       "non-materialized-fields": [{"field-id": 1001, "type": "expr-value", "data-type": "long",
         "expr": <reference>}],
       "cluster-spec": [1]}
      """
    Then the engine wrote no index whose metadata breaks the draft

    Examples:
      | reference                                  | why                               |
      | {"type": "reference", "name": "no_column"} | a name the table does not have    |
      | {"type": "reference", "term": "no_column"} | the deprecated form of a name     |
      | {"type": "reference", "id": 99}            | an id that is no field            |
      | {"type": "reference", "id": 2147483500}    | a reserved id, no metadata column |

  @id:ICE-0713 @spec:iceberg-index-spec-draft.md#expression-fields @level:must @requires:iceberg_index.create
  Scenario Outline: None of the seven forbidden metadata columns is ever referenced
    "The _deleted, _change_type, _change_ordinal, and _commit_snapshot_id metadata columns must not be
    referenced, and neither must the file_path, pos, and row columns of delete files." All seven, by their
    reserved ids (docs/iceberg-table-spec-facts.md, "Reserved field ids").
    When the engine creates the index "by_user" with the definition:
      """json
      {"type": "SCALAR", "identity-fields": [1],
       "materialized-fields": [{"field-id": 1000, "type": "expr-value", "data-type": "<type>",
         "expr": {"type": "reference", "id": <id>}}],
       "cluster-spec": [1]}
      """
    Then the engine wrote no index whose metadata breaks the draft

    Examples:
      | column              | id         | type    |
      | _deleted            | 2147483644 | boolean |
      | _change_type        | 2147483543 | string  |
      | _change_ordinal     | 2147483542 | int     |
      | _commit_snapshot_id | 2147483541 | long    |
      | file_path           | 2147483546 | string  |
      | pos                 | 2147483545 | long    |
      | row                 | 2147483544 | string  |

  @id:ICE-0714 @spec:iceberg-index-spec-draft.md#expression-fields @level:must @requires:iceberg_index.create
  Scenario Outline: An expression field id is neither reserved nor a field id of the source table
    "field-id must not be a reserved field ID and must not be a field ID in the source table schema."
    When the engine creates the index "by_user" with the definition:
      """json
      {"type": "SCALAR", "identity-fields": [1],
       "materialized-fields": [{"field-id": <field-id>, "type": "expr-value", "data-type": "int",
         "expr": {"type": "apply", "function": "bucket", "arguments": [16, {"type": "reference", "id": 1}]}}],
       "cluster-spec": [<field-id>]}
      """
    Then the engine wrote no index whose metadata breaks the draft

    Examples:
      | field-id   | why                          |
      | 2147483600 | reserved                     |
      | 2          | event_ts, a top-level field  |
      | 6          | payload.score, a nested field |

  @id:ICE-0715 @spec:iceberg-index-spec-draft.md#expression-fields @level:must @requires:iceberg_index.create
  Scenario Outline: Types and expressions are stored in their JSON serializations
    "Expressions are serialized using the JSON serialization defined by the expressions specification. Types
    are serialized using the type serialization defined by the table specification."
    When the engine creates the index "by_user" with the definition:
      """json
      {"type": "SCALAR", "identity-fields": [1],
       "non-materialized-fields": [{"field-id": 1001, "type": "expr-value", "data-type": <data-type>,
         "expr": <expr>}],
       "cluster-spec": [1]}
      """
    Then the engine wrote no index whose metadata breaks the draft

    Examples:
      | data-type  | expr                                                            | why                      |
      | "datetime" | {"type": "apply", "function": "day", "arguments": [{"type": "reference", "id": 2}]} | no Iceberg type |
      | "date"     | {"type": "call", "function": "day", "arguments": [{"type": "reference", "id": 2}]}  | no value expression |

  @id:ICE-0716 @spec:iceberg-index-spec-draft.md#identity-fields @level:must @requires:iceberg_index.create
  Scenario Outline: Identity fields are a non-empty list of unique field ids
    "identity-fields is a non-empty list of unique source table field IDs." A writer may drop the repeated id
    (the file is then valid) or refuse.
    When the engine creates the index "by_category" with the definition:
      """json
      {"type": "SCALAR", "identity-fields": <identity>, "cluster-spec": [<cluster>]}
      """
    Then the engine wrote no index whose metadata breaks the draft

    Examples:
      | identity  | cluster |
      | []        | 3       |
      | [1, 3, 1] | 3       |

  @id:ICE-0717 @spec:iceberg-index-spec-draft.md#identity-fields @level:must @requires:iceberg_index.create
  Scenario Outline: Identity fields are data fields of the table, never metadata columns
    "Each entry must reference a data field. Metadata columns are not allowed."
    When the engine creates the index "by_category" with the definition:
      """json
      {"type": "SCALAR", "identity-fields": [3, <id>], "cluster-spec": [3]}
      """
    Then the engine wrote no index whose metadata breaks the draft

    Examples:
      | id         | why                  |
      | 2147483645 | _pos, a metadata column |
      | 2147483646 | _file, a metadata column |
      | 99         | no field of the table |

  @id:ICE-0718 @spec:iceberg-index-spec-draft.md#identity-fields @level:must @requires:iceberg_index.create
  Scenario: A cluster expression reads identity fields only
    "Every source table field referenced by an expression field in the cluster spec must be an identity
    field": bucket(16, event_ts) clusters the index, but event_ts (2) is no identity field. A writer may add it
    to the identity fields, or refuse.
    When the engine creates the index "by_user" with the definition:
      """json
      {"type": "SCALAR", "identity-fields": [1, 3],
       "materialized-fields": [{"field-id": 1000, "type": "expr-value", "data-type": "int",
         "expr": {"type": "apply", "function": "bucket", "arguments": [16, {"type": "reference", "id": 2}]}}],
       "cluster-spec": [1000, 1]}
      """
    Then the engine wrote no index whose metadata breaks the draft

  @id:ICE-0719 @spec:iceberg-index-spec-draft.md#cluster-spec @level:must @requires:iceberg_index.create
  Scenario Outline: The cluster spec is a non-empty list of the index's own fields
    "cluster-spec is a list of field IDs from identity-fields, materialized-fields, and
    non-materialized-fields ... The list must not be empty."
    When the engine creates the index "by_category" with the definition:
      """json
      {"type": "SCALAR", "identity-fields": [1, 3], "cluster-spec": <cluster>}
      """
    Then the engine wrote no index whose metadata breaks the draft

    Examples:
      | cluster | why                             |
      | []      | empty                           |
      | [3, 42] | 42 is no field of the index     |
      | [3, 2]  | event_ts is no field of the index |

  @id:ICE-0720 @spec:iceberg-index-spec-draft.md#cluster-spec @level:must @requires:iceberg_index.create
  Scenario Outline: Every cluster field has a primitive type
    "Every referenced field must have a primitive type."
    When the engine creates the index "by_payload" with the definition:
      """json
      {"type": "SCALAR", "identity-fields": [1, <id>], "cluster-spec": [<id>, 1]}
      """
    Then the engine wrote no index whose metadata breaks the draft

    Examples:
      | id | why                  |
      | 4  | payload, a struct    |
      | 5  | tags, a list         |
