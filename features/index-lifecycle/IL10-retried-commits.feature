Feature: IL10 A commit retried after other writers committed

  Capability table.retried_commits: the engine applies an operation as a writer that read an older version
  than the latest, so its first attempt to commit meets versions that other writers (here: the engine itself,
  as another writer) committed meanwhile. It retries the commit on the latest version or refuses it as a
  conflict (REFUSED_COMMIT_CONFLICT); a refused commit wrote nothing, and the checks of what it wrote pass.
  What a retried commit writes is judged as any commit is, on the manifests and the rows, where the versions
  after the one it read make a wrong retry answer wrong: an index built after the writer read the table.

  Background:
    Six rows in fragments of 3 rows: fragment 0 holds ids 1, 2 and 3, fragment 1 ids 4, 5 and 6.
    Given the engine creates a table with columns "id int64, name string" in fragments of 3 rows:
      """json
      [{"id": 1, "name": "a"}, {"id": 2, "name": "b"}, {"id": 3, "name": "c"},
       {"id": 4, "name": "d"}, {"id": 5, "name": "e"}, {"id": 6, "name": "f"}]
      """
    And the version of the table is remembered as "read"

  @id:IL-0100 @spec:lance-table.proto#DataOverlayFile.committed_version @level:must @requires:table.lifecycle @requires:table.retried_commits
  Scenario: A column rewrite retried after an append and an index build: what it commits is stamped with its commit's version
    The writer read version 1 and rewrites row 2's name ('b' becomes 'B'). Meanwhile version 2 appends id 7, and
    version 3 builds name_idx from version 2 (dataset_version 2), over the old 'b'. A writer that records the
    change as a data overlay stamps it "at commit time and re-stamped if the commit is retried": committed_version
    4, above name_idx's dataset_version, so the index does not answer for the overlaid cell. Stamped at its
    first attempt (2), the overlay would count as incorporated in name_idx, which answers 'b' for row 2. A writer
    that rewrites the column instead must not leave name_idx covering fragment 0 with the old value either.
    Given the engine appends in fragments of 3 rows:
      """json
      [{"id": 7, "name": "g"}]
      """
    And the engine creates a btree index "name_idx" on "name"
    When the engine, as a writer that read the version remembered as "read", tries to rewrite column "name" in place, matching on "id":
      """json
      [{"id": 2, "name": "B"}]
      """
    Then unless the engine refused the commit as a conflict, every overlay records as committed_version the version that first lists it
    And unless the engine refused the commit as a conflict, counting the rows where "name = 'b'" gives 0, with and without indexes
    And unless the engine refused the commit as a conflict, counting the rows where "name = 'B'" gives 1, with and without indexes
    And counting the rows where "name = 'g'" gives 1, with and without indexes
    And counting the rows where "name = 'a'" gives 1, with and without indexes

  @id:IL-0101 @spec:lance-table.proto#DeletionFile.read_version @level:must @requires:table.lifecycle @requires:table.retried_commits
  Scenario: A delete retried after another delete in the same fragment keeps both deletions
    The writer read version 1 and deletes id 2 (fragment 0, offset 1). Meanwhile version 2 deleted id 1 (fragment
    0, offset 0). The retried delete's deletion file of fragment 0 is "built from" a version the writer read, and
    marks "which rows, if any, should be considered deleted": both, since the retry meets the deletion of id 1. A
    retry that keeps the file of its first attempt, built before id 1 was deleted, brings id 1 back. Both
    deletion files of fragment 0 may record read_version 1 (a rebase keeps the version a file was built from):
    their ids, "used to differentiate this file from others written by concurrent writers", keep them apart, so
    version 2 still reads as it was written.
    Given the engine deletes the rows where "id = 1"
    When the engine, as a writer that read the version remembered as "read", tries to delete the rows where "id = 2"
    Then unless the engine refused the commit as a conflict, the deletion files the last commit added record as read_version a version from the one remembered as "read" to the one before the commit
    And every deletion file that any version of the table lists is named and written as that version says
    And unless the engine refused the commit as a conflict, counting the rows where "id = 2" gives 0, with and without indexes
    And unless the engine refused the commit as a conflict, counting the rows where "true" gives 4, with and without indexes
    And counting the rows where "id = 1" gives 0, with and without indexes
    And counting the rows where "id >= 3" gives 4, with and without indexes
