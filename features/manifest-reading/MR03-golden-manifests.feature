Feature: MR03 Every version of every golden dataset reads as its writer wrote it

  Each golden dataset was written by a real Lance release (golden-files/lance-manifests, with provenance).
  Its expected.json holds the normalized view of every version, taken from Lance's own API; the engine's
  reading, normalized by the kit, must equal it: fragments, index names, uuids, fields, dataset versions,
  coverage, details type, index version, creation time and recorded files. MR-0036 reads the tables the kit's
  reference model wrote (golden-files/reference-tables), whose expected.json was derived by hand.

  @id:MR-0030 @spec:lance-table.proto#IndexSection @spec:lance-table.proto#IndexMetadata @level:must @requires:manifest.read
  Scenario Outline: A manifest written by Lance 7.0.0 reads as written
    Given the golden dataset "<dataset>"
    When the engine reads version <version>
    Then the manifest reads as the expected view of version <version>

    Examples:
      | dataset                                  | version |
      | lance-7.0.0/append-after-index           | 1       |
      | lance-7.0.0/append-after-index           | 2       |
      | lance-7.0.0/append-after-index           | 3       |
      | lance-7.0.0/bitmap                       | 1       |
      | lance-7.0.0/bitmap                       | 2       |
      | lance-7.0.0/btree                        | 1       |
      | lance-7.0.0/btree                        | 2       |
      | lance-7.0.0/column-rewrite-update        | 1       |
      | lance-7.0.0/column-rewrite-update        | 2       |
      | lance-7.0.0/column-rewrite-update        | 3       |
      | lance-7.0.0/column-rewrite-update        | 4       |
      | lance-7.0.0/delete-all-rows              | 1       |
      | lance-7.0.0/delete-all-rows              | 2       |
      | lance-7.0.0/delete-all-rows              | 3       |
      | lance-7.0.0/index-on-empty-table         | 1       |
      | lance-7.0.0/index-on-empty-table         | 2       |
      | lance-7.0.0/label-list                   | 1       |
      | lance-7.0.0/label-list                   | 2       |
      | lance-7.0.0/merge-insert-stale-fragments | 1       |
      | lance-7.0.0/merge-insert-stale-fragments | 2       |
      | lance-7.0.0/merge-insert-stale-fragments | 3       |
      | lance-7.0.0/no-index                     | 1       |
      | lance-7.0.0/optimize-compaction          | 1       |
      | lance-7.0.0/optimize-compaction          | 2       |
      | lance-7.0.0/optimize-compaction          | 3       |
      | lance-7.0.0/optimize-compaction          | 4       |
      | lance-7.0.0/optimize-compaction          | 5       |
      | lance-7.0.0/optimize-compaction          | 6       |
      | lance-7.0.0/optimize-compaction          | 7       |
      | lance-7.0.0/two-segments                 | 1       |
      | lance-7.0.0/two-segments                 | 2       |
      | lance-7.0.0/v1-naming                    | 1       |
      | lance-7.0.0/v1-naming                    | 2       |

  @id:MR-0031 @spec:lance-table.proto#IndexSection @spec:lance-table.proto#IndexMetadata @level:must @requires:manifest.read
  Scenario Outline: A manifest written by Lance 4.0.0 reads as written
    Given the golden dataset "<dataset>"
    When the engine reads version <version>
    Then the manifest reads as the expected view of version <version>

    Examples:
      | dataset                                  | version |
      | lance-4.0.0/append-after-index           | 1       |
      | lance-4.0.0/append-after-index           | 2       |
      | lance-4.0.0/append-after-index           | 3       |
      | lance-4.0.0/bitmap                       | 1       |
      | lance-4.0.0/bitmap                       | 2       |
      | lance-4.0.0/btree                        | 1       |
      | lance-4.0.0/btree                        | 2       |
      | lance-4.0.0/column-rewrite-update        | 1       |
      | lance-4.0.0/column-rewrite-update        | 2       |
      | lance-4.0.0/column-rewrite-update        | 3       |
      | lance-4.0.0/column-rewrite-update        | 4       |
      | lance-4.0.0/delete-all-rows              | 1       |
      | lance-4.0.0/delete-all-rows              | 2       |
      | lance-4.0.0/delete-all-rows              | 3       |
      | lance-4.0.0/index-on-empty-table         | 1       |
      | lance-4.0.0/index-on-empty-table         | 2       |
      | lance-4.0.0/label-list                   | 1       |
      | lance-4.0.0/label-list                   | 2       |
      | lance-4.0.0/merge-insert-stale-fragments | 1       |
      | lance-4.0.0/merge-insert-stale-fragments | 2       |
      | lance-4.0.0/merge-insert-stale-fragments | 3       |
      | lance-4.0.0/no-index                     | 1       |
      | lance-4.0.0/optimize-compaction          | 1       |
      | lance-4.0.0/optimize-compaction          | 2       |
      | lance-4.0.0/optimize-compaction          | 3       |
      | lance-4.0.0/optimize-compaction          | 4       |
      | lance-4.0.0/optimize-compaction          | 5       |
      | lance-4.0.0/optimize-compaction          | 6       |
      | lance-4.0.0/optimize-compaction          | 7       |
      | lance-4.0.0/two-segments                 | 1       |
      | lance-4.0.0/two-segments                 | 2       |
      | lance-4.0.0/v1-naming                    | 1       |
      | lance-4.0.0/v1-naming                    | 2       |

  @id:MR-0032 @spec:lance-table.proto#IndexSection @spec:lance-table.proto#IndexMetadata @level:must @requires:manifest.read
  Scenario Outline: A manifest written by Lance 2.0.0 reads as written
    Given the golden dataset "<dataset>"
    When the engine reads version <version>
    Then the manifest reads as the expected view of version <version>

    Examples:
      | dataset                                  | version |
      | lance-2.0.0/append-after-index           | 1       |
      | lance-2.0.0/append-after-index           | 2       |
      | lance-2.0.0/append-after-index           | 3       |
      | lance-2.0.0/bitmap                       | 1       |
      | lance-2.0.0/bitmap                       | 2       |
      | lance-2.0.0/btree                        | 1       |
      | lance-2.0.0/btree                        | 2       |
      | lance-2.0.0/column-rewrite-update        | 1       |
      | lance-2.0.0/column-rewrite-update        | 2       |
      | lance-2.0.0/column-rewrite-update        | 3       |
      | lance-2.0.0/column-rewrite-update        | 4       |
      | lance-2.0.0/delete-all-rows              | 1       |
      | lance-2.0.0/delete-all-rows              | 2       |
      | lance-2.0.0/delete-all-rows              | 3       |
      | lance-2.0.0/index-on-empty-table         | 1       |
      | lance-2.0.0/index-on-empty-table         | 2       |
      | lance-2.0.0/label-list                   | 1       |
      | lance-2.0.0/label-list                   | 2       |
      | lance-2.0.0/merge-insert-stale-fragments | 1       |
      | lance-2.0.0/merge-insert-stale-fragments | 2       |
      | lance-2.0.0/merge-insert-stale-fragments | 3       |
      | lance-2.0.0/no-index                     | 1       |
      | lance-2.0.0/optimize-compaction          | 1       |
      | lance-2.0.0/optimize-compaction          | 2       |
      | lance-2.0.0/optimize-compaction          | 3       |
      | lance-2.0.0/optimize-compaction          | 4       |
      | lance-2.0.0/optimize-compaction          | 5       |
      | lance-2.0.0/optimize-compaction          | 6       |
      | lance-2.0.0/optimize-compaction          | 7       |
      | lance-2.0.0/two-segments                 | 1       |
      | lance-2.0.0/two-segments                 | 2       |
      | lance-2.0.0/v1-naming                    | 1       |
      | lance-2.0.0/v1-naming                    | 2       |

  @id:MR-0033 @spec:lance-table.proto#IndexSection @spec:lance-table.proto#IndexMetadata @level:must @requires:manifest.read
  Scenario Outline: A manifest written by Lance 1.0.2 reads as written
    Given the golden dataset "<dataset>"
    When the engine reads version <version>
    Then the manifest reads as the expected view of version <version>

    Examples:
      | dataset                        | version |
      | lance-1.0.2/append-after-index | 1       |
      | lance-1.0.2/append-after-index | 2       |
      | lance-1.0.2/append-after-index | 3       |
      | lance-1.0.2/btree              | 1       |
      | lance-1.0.2/btree              | 2       |
      | lance-1.0.2/delete-all-rows    | 1       |
      | lance-1.0.2/delete-all-rows    | 2       |
      | lance-1.0.2/delete-all-rows    | 3       |
      | lance-1.0.2/no-index           | 1       |

  @id:MR-0034 @spec:lance-table.proto#IndexSection @spec:lance-table.proto#IndexMetadata @level:must @requires:manifest.read
  Scenario Outline: A manifest written by Lance 0.39.0 reads as written
    Given the golden dataset "<dataset>"
    When the engine reads version <version>
    Then the manifest reads as the expected view of version <version>

    Examples:
      | dataset                         | version |
      | lance-0.39.0/append-after-index | 1       |
      | lance-0.39.0/append-after-index | 2       |
      | lance-0.39.0/append-after-index | 3       |
      | lance-0.39.0/btree              | 1       |
      | lance-0.39.0/btree              | 2       |
      | lance-0.39.0/delete-all-rows    | 1       |
      | lance-0.39.0/delete-all-rows    | 2       |
      | lance-0.39.0/delete-all-rows    | 3       |
      | lance-0.39.0/no-index           | 1       |

  @id:MR-0035 @spec:lance-table.proto#IndexSection @spec:lance-table.proto#IndexMetadata @level:must @requires:manifest.read
  Scenario Outline: A manifest written by Lance 0.26.1 reads as written
    Given the golden dataset "<dataset>"
    When the engine reads version <version>
    Then the manifest reads as the expected view of version <version>

    Examples:
      | dataset               | version |
      | lance-0.26.1/no-index | 1       |

  @id:MR-0036 @spec:lance-table.proto#IndexSection @spec:lance-table.proto#IndexMetadata @level:must @requires:manifest.read @requires:index_v2
  Scenario Outline: A manifest written by the reference model reads as written
    Tables the kit's reference model wrote (golden-files/reference-tables), some with a version the kit
    committed as another writer could: IndexV2 only, a stale IndexV2, covering fields, a newer index_version,
    an unknown reader flag, a data overlay. Reading a manifest does not apply feature flags, so every version
    reads; expected.json was derived by hand from the steps in provenance.json. The views include IndexV2
    (IndexSection field 2), so the scenario needs an engine that knows it (index_v2).
    Given the golden dataset "<dataset>" written by the reference model
    When the engine reads version <version>
    Then the manifest reads as the expected view of version <version>

    Examples:
      | dataset              | version |
      | covering-fields      | 1       |
      | covering-fields      | 2       |
      | covering-fields      | 3       |
      | covering-fields      | 4       |
      | dual-written         | 1       |
      | dual-written         | 2       |
      | index-on-empty-table | 1       |
      | index-on-empty-table | 2       |
      | newer-index-version  | 1       |
      | newer-index-version  | 2       |
      | newer-index-version  | 3       |
      | overlay              | 1       |
      | overlay              | 2       |
      | overlay              | 3       |
      | overlay              | 4       |
      | stale-index-v2       | 1       |
      | stale-index-v2       | 2       |
      | stale-index-v2       | 3       |
      | unknown-reader-flag  | 1       |
      | unknown-reader-flag  | 2       |
      | unknown-reader-flag  | 3       |
      | v2-only-with-flag    | 1       |
      | v2-only-with-flag    | 2       |
      | v2-only-with-flag    | 3       |
      | unknown-coverage     | 1       |
      | unknown-coverage     | 2       |
      | unknown-coverage     | 3       |
