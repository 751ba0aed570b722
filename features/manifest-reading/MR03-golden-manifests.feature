Feature: MR03 Every version of every golden dataset reads as its writer wrote it

  Each golden dataset was written by a real Lance release (golden-files/lance-manifests, with provenance).
  Its expected.json holds the normalized view of every version, taken from Lance's own API; the engine's
  reading, normalized by the kit, must equal it: fragments, index names, uuids, fields, dataset versions,
  coverage, details type, index version, creation time and recorded files.

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
