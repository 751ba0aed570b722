Feature: IV03 A dual-written table stays usable by engines that predate IndexV2

  IndexV2 lives in IndexSection field 2 (docs/decisions/0001), which a reader that does not know it skips
  as an unknown field. Here the kit's reference model writes the table, with its index in both forms,
  and the engine under test reads and appends to it as an old engine would. Only the manifest and the
  index metadata are judged: the reference model's data files are JSON stand-ins that other engines
  need not read.

  @id:IV-0020 @spec:lance-index-v2-design.md#faq @level:should @requires:table.lifecycle
  Scenario: An engine lists the legacy index of a dual-written table, appends, and leaves no stale IndexV2
    Rests on decision 0001 (IndexV2 in IndexSection field 2, which old readers skip), hence should.
    Given the reference model creates a table with columns "id int64, name string" in fragments of 2 rows:
      """json
      [{"id": 1, "name": "a"}, {"id": 2, "name": "b"}, {"id": 3, "name": "c"}, {"id": 4, "name": "d"}]
      """
    And the reference model creates a btree index "id_idx" on "id"
    When the engine describes the indexes
    Then the engine uses the indexes "id_idx"
    And the engine's index "id_idx" covers fragments "0, 1"
    When the engine appends in fragments of 2 rows:
      """json
      [{"id": 5, "name": "e"}, {"id": 6, "name": "f"}]
      """
    Then the table has 3 fragments
    And the manifest has index "id_idx" on field ids "0"
    And index "id_idx" covers fragments "0, 1"
    And any IndexV2 left in the manifest agrees with the legacy segments
