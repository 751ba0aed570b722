Feature: ICE03 Committing Iceberg index metadata, alone and under contention

  "Every update ... must produce a new index metadata file with a unique name." The swap "must be atomic
  and must succeed only if the current metadata file is still the file the writer started from", and "a
  writer whose commit is rejected must not overwrite the newer metadata." The kit creates the index in its
  file catalog (docs/decisions/0011) in a scratch folder and may commit as another writer; the engine commits
  through the same catalog; the kit then judges only the files on disk: the pointer, each metadata file's
  bytes, and what the current file holds.

  Background:
    Given the kit creates an index in its file catalog with properties:
      """json
      {}
      """

  @id:ICE-0200 @spec:iceberg-index-spec-draft.md#commits-and-concurrency @level:must @requires:iceberg_index.commit
  Scenario: Changing a property writes a new metadata file with a new name and replaces no file
    When the engine commits the property "owner" = "search-team"
    Then the current metadata file is a new file with a name no earlier file had
    And every earlier metadata file is unchanged
    And the current metadata has the property "owner" = "search-team"
    And the current metadata file is valid

  @id:ICE-0201 @spec:iceberg-index-spec-draft.md#commits-and-concurrency @level:must @requires:iceberg_index.commit
  Scenario: Adding an index snapshot writes a new metadata file
    When the engine commits the index snapshot 2 for source table snapshot 200 with tracking file "data/tracking-2.avro"
    Then the current metadata file is a new file with a name no earlier file had
    And every earlier metadata file is unchanged
    And the current metadata has the index snapshots "1, 2"
    And the current metadata file is valid

  @id:ICE-0202 @spec:iceberg-index-spec-draft.md#commits-and-concurrency @level:must @requires:iceberg_index.commit
  Scenario: Dropping an index snapshot writes a new metadata file
    When the engine drops the index snapshot 1
    Then the current metadata file is a new file with a name no earlier file had
    And every earlier metadata file is unchanged
    And the current metadata has the index snapshots ""
    And the current metadata file is valid

  @id:ICE-0203 @spec:iceberg-index-spec-draft.md#index-definition @level:must @requires:iceberg_index.commit
  Scenario: Updates leave the index definition as it was created
    "The definition is fixed when the index is created and must not change for the lifetime of the index."
    When the engine commits the index snapshot 2 for source table snapshot 200 with tracking file "data/tracking-2.avro"
    And the engine commits the property "owner" = "search-team"
    Then the current metadata has the index definition, uuids and location the index was created with

  @id:ICE-0204 @spec:iceberg-index-spec-draft.md#commits-and-concurrency @level:must @requires:iceberg_index.commit
  Scenario: A writer whose base is no longer current is rejected and overwrites nothing
    The engine's writer reads the metadata; the kit, as another writer, then commits a newer file; the
    engine's writer commits from what it read. "If a newer metadata file has been committed since the
    writer read the metadata, the commit must be rejected."
    Given the engine's writer has read the current metadata
    And the kit commits the property "owner" = "kit" as another writer
    When the engine commits, from the metadata its writer read, the property "owner" = "engine"
    Then the current metadata file is still the one the kit committed, unchanged
    And the current metadata has the property "owner" = "kit"

  @id:ICE-0205 @spec:iceberg-index-spec-draft.md#commits-and-concurrency @level:must @requires:iceberg_index.commit
  Scenario: Concurrent writers, each retrying or discarding after a rejection, overwrite no one's commit
    Eight writers start together, each setting its own property; the kit asks them to retry, and "It may re-read
    the latest committed metadata and retry the update on top of it, or discard the attempted update": either is
    right, so the kit does not count the updates that end up current. What it judges is that no commit replaced
    a file other than the one it started from: each metadata file in the current file's log holds exactly one
    writer's property more than the one before it, and no earlier file changed.
    When 8 engine writers each commit their own property at once, retrying when rejected
    Then at least one writer's property is in the current metadata
    And each metadata file in the log holds one writer's property more than the one before it
    And every earlier metadata file is unchanged
    And the current metadata file is valid

  @id:ICE-0206 @spec:iceberg-index-spec-draft.md#commits-and-concurrency @level:must @requires:iceberg_index.commit
  Scenario: Writers from the same base, one after another without retry: only the first swap succeeds
    Six writers each start from the same metadata file, in turn. Once the first has swapped, the others' base is
    no longer current: "If a newer metadata file has been committed since the writer read the metadata, the
    commit must be rejected." An engine that swaps without comparing ends with the last writer's file.
    When 6 engine writers commit their own property one after another from the same metadata, without retrying
    Then only the first writer's property is in the current metadata
    And every earlier metadata file is unchanged

  @id:ICE-0211 @spec:iceberg-index-spec-draft.md#commits-and-concurrency @level:must @requires:iceberg_index.commit
  Scenario: Concurrent writers from the same base without retry: at most one swap succeeds, and nothing is torn
    Six writers start together from the same metadata file and do not retry. However they race, the current file
    is one writer's, whole: it holds exactly one writer's property and is a valid metadata file.
    When 6 engine writers each commit their own property at once from the same metadata, without retrying
    Then exactly one writer's property is in the current metadata
    And every earlier metadata file is unchanged
    And the current metadata file is valid
