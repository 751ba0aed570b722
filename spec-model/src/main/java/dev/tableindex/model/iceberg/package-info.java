/**
 * The draft Apache Iceberg index spec ({@code spec/iceberg-index-spec-draft.md}). Source tables are real
 * Iceberg tables, so schemas and types are Iceberg's own ({@code org.apache.iceberg.Schema},
 * {@code org.apache.iceberg.types.Type}). {@code definition}: the index definition (type, index fields,
 * cluster spec, value expressions); {@code metadata}: the index metadata file, its JSON and its
 * validation; {@code commit}: committing a new metadata file by compare-and-swap. The facts of the Iceberg
 * table and expressions specs the model relies on are in {@code docs/iceberg-table-spec-facts.md}.
 */
package dev.tableindex.model.iceberg;
