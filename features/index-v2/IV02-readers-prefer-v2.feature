Feature: IV02 Readers prefer the IndexV2 metadata

  "Newer readers should prefer the V2 metadata. Later, add a feature flag for dropping the old
  metadata." The design names neither the flag nor what a reader does when the two forms disagree; the
  kit's choices are in docs/decisions/0004 and the scenarios that rest on them are open; "should prefer"
  makes every scenario here should at most. IV-0012 makes the forms differ where the design alone says
  which wins, and is scored.

  Background:
    Given the engine creates a table with columns "id int64, name string" in fragments of 2 rows:
      """json
      [{"id": 1, "name": "a"}, {"id": 2, "name": "b"}, {"id": 3, "name": "c"}, {"id": 4, "name": "d"}]
      """
    And the engine creates a btree index "id_idx" on "id"

  @id:IV-0010 @spec:lance-index-v2-design.md#faq @level:should @requires:table.lifecycle @requires:index_v2 @open
  Scenario: With the legacy metadata dropped under the flag, the reader uses the IndexV2
    Open question: which feature flag allows dropping the legacy metadata? The kit's choice is writer
    flag 1 << 12 = 4096 (bits 9 to 11 are taken by newer Lance), a writer flag only: an old writer would
    not maintain IndexV2, while an old reader that sees no legacy index just scans and stays right.
    Given the kit commits a version with only the IndexV2 metadata and writer feature flag 4096 set
    When the engine describes the indexes
    Then the engine uses the indexes "id_idx"
    And the engine's index "id_idx" covers fragments "0, 1"
    And counting the rows where "id >= 2" gives 3, with and without indexes

  @id:IV-0011 @spec:lance-index-v2-design.md#faq @level:should @requires:table.lifecycle @requires:index_v2 @open
  Scenario: When an old writer changed only the legacy entries, the reader follows the legacy entries
    Open question: what does a reader do when IndexV2 and the legacy entries disagree? An old writer that
    keeps unknown fields (protobuf-java does) carries the IndexV2 over unchanged while it maintains the
    legacy entries, so the legacy entries are the newer truth. The kit's choice: the reader uses IndexV2
    only when it agrees with the legacy entries, and otherwise the legacy ones. Here the legacy segment
    no longer covers fragment 1, as after an old writer's column rewrite.
    Given the kit commits a version where only the legacy segments of "id_idx" cover fragments "0"
    When the engine describes the indexes
    Then the engine's index "id_idx" covers fragments "0"
    And counting the rows where "id >= 2" gives 3, with and without indexes

  @id:IV-0012 @spec:lance-index-v2-design.md#faq @level:should @requires:table.lifecycle @requires:index_v2 @requires:index.open_requests
  Scenario: Where only the IndexV2 records the file sizes, the reader opens the index with them
    "Newer readers should prefer the V2 metadata", and goal 2: "Allow faster index loading by storing size
    in manifest". Here the two forms name the same files, fields, details and fragments, so the kit's rule
    for forms that disagree (IV-0011) does not apply; they differ only in what they record of the files: the
    legacy segments record no sizes ("If this is empty, the index files sizes are unknown"), the IndexV2
    files do. A reader that prefers IndexV2 knows every size and makes no size request; one that reads the
    legacy form alone must ask. The kit serves the table over S3 and counts the requests there. Reading
    IndexV2 from IndexSection field 2 rests on decision 0001, and the design says should: should.
    Given the kit commits a version where only the legacy segments of "id_idx" record no file sizes
    When the engine opens index "id_idx"
    Then opening it made no size request
