Feature: IL07 An index's configuration is fixed at creation, whatever the table's size

  Goal 1, "Separate file-level and index-level configuration", and the plan's "Decouple index
  configuration from dataset size": index_config "should not change after it is created". What a vector
  index fixes at creation (partition count, metric), given explicitly or by a default, must not follow
  the row count. "This should not change": scored at should. The configuration is compared as the
  recorded index_details (type URL and bytes); IV-0004 compares IndexV2's index_config.

  @id:IL-0060 @spec:lance-index-v2-design.md#plan @level:should @requires:table.lifecycle
  Scenario: A vector index keeps its configuration as the table grows and the index is optimized
    Given the engine creates a table with columns "id int64, v vector<float,2>" in fragments of 4 rows:
      """json
      [{"id": 1, "v": [0.0, 0.0]}, {"id": 2, "v": [0.0, 1.0]}, {"id": 3, "v": [1.0, 0.0]}, {"id": 4, "v": [1.0, 1.0]},
       {"id": 5, "v": [5.0, 5.0]}, {"id": 6, "v": [5.0, 6.0]}, {"id": 7, "v": [6.0, 5.0]}, {"id": 8, "v": [6.0, 6.0]}]
      """
    And the engine creates a ivf_flat index "v_idx" on "v" with "num_partitions=2, metric=l2"
    And the index details of "v_idx" are remembered as "at creation"
    When the engine appends in fragments of 4 rows:
      """json
      [{"id": 9, "v": [0.5, 0.5]}, {"id": 10, "v": [5.5, 5.5]}, {"id": 11, "v": [0.0, 0.5]}, {"id": 12, "v": [6.0, 5.5]}]
      """
    And the engine optimizes the indexes
    Then the index details of "v_idx" are those remembered as "at creation"

  @id:IL-0061 @spec:lance-index-v2-design.md#plan @level:should @requires:table.lifecycle
  Scenario: A default configuration does not depend on how many rows the table has
    The same index, with no parameters, on a table of 4 rows and on a table of 16 rows. The plan's
    "Decouple index configuration from dataset size" has no must; scored at should. An engine whose
    API needs every parameter (Lance's Java API needs num_partitions; its adapter passes 1) passes
    without showing its own default.
    Given the engine creates a table with columns "id int64, v vector<float,2>" in fragments of 4 rows:
      """json
      [{"id": 1, "v": [0.0, 0.0]}, {"id": 2, "v": [0.0, 1.0]}, {"id": 3, "v": [1.0, 0.0]}, {"id": 4, "v": [1.0, 1.0]}]
      """
    And the engine creates a ivf_flat index "v_idx" on "v"
    And the index details of "v_idx" are remembered as "small table"
    When the engine creates a table with columns "id int64, v vector<float,2>" in fragments of 4 rows:
      """json
      [{"id": 1, "v": [0.0, 0.0]}, {"id": 2, "v": [0.0, 1.0]}, {"id": 3, "v": [1.0, 0.0]}, {"id": 4, "v": [1.0, 1.0]},
       {"id": 5, "v": [5.0, 5.0]}, {"id": 6, "v": [5.0, 6.0]}, {"id": 7, "v": [6.0, 5.0]}, {"id": 8, "v": [6.0, 6.0]},
       {"id": 9, "v": [0.5, 0.5]}, {"id": 10, "v": [5.5, 5.5]}, {"id": 11, "v": [0.0, 0.5]}, {"id": 12, "v": [6.0, 5.5]},
       {"id": 13, "v": [2.0, 2.0]}, {"id": 14, "v": [3.0, 3.0]}, {"id": 15, "v": [2.0, 3.0]}, {"id": 16, "v": [3.0, 2.0]}]
      """
    And the engine creates a ivf_flat index "v_idx" on "v"
    Then the index details of "v_idx" are those remembered as "small table"
