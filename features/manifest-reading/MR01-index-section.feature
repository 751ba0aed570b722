Feature: MR01 The index section of a manifest

  A manifest holds its index metadata in an optional IndexSection; the field index_section says whether
  there is one (presence, not a non-zero value: Lance writes the section first, at offset 0).

  @id:MR-0001 @spec:lance-table.proto#Manifest.index_section @level:must @requires:manifest.read
  Scenario: A version without indexes has no index section
    Given the golden dataset "lance-7.0.0/no-index"
    When the engine reads the latest version
    Then the manifest is version 1
    And the manifest has no index section

  @id:MR-0002 @spec:lance-table.proto#Manifest.index_section @spec:lance-table.proto#IndexSection @level:must @requires:manifest.read
  Scenario: An index section at offset 0 is present
    Given the golden dataset "lance-7.0.0/btree"
    When the engine reads version 2
    Then the manifest has 1 index segment
    And the index segments named "id_idx" cover fragments "0, 1", in manifest order

  @id:MR-0003 @spec:lance-table.proto#Manifest.index_section @level:must @requires:manifest.read
  Scenario: Reading an older version of a dataset reads that version's manifest
    Given the golden dataset "lance-7.0.0/btree"
    When the engine reads version 1
    Then the manifest is version 1
    And the manifest has no index section

  @id:MR-0004 @spec:lance-table.proto#IndexMetadata.files @level:must @requires:manifest.read
  Scenario: Index file sizes recorded in the manifest are reported
    Given the golden dataset "lance-7.0.0/index-on-empty-table"
    When the engine reads the latest version
    Then the index "id_idx" records the file "page_data.lance" of 238 bytes
    And the index "id_idx" records the file "page_lookup.lance" of 475 bytes
