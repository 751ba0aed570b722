package dev.tableindex.model.iceberg.definition;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * What an index is, fixed for its lifetime (draft, Index Definition): its type, its three lists of index
 * fields and its cluster spec. The source table is the metadata file's {@code table-uuid}; index properties
 * may change from commit to commit and live on {@code IndexMetadata}.
 *
 * @param type                  the index type
 * @param identityFields        source table field ids stored in range files under their own ids
 * @param materializedFields    expression fields stored in range files
 * @param nonMaterializedFields expression fields represented only by statistics in tracking file entries
 * @param clusterSpec           the index field ids whose values, in this order, form the clustering key
 */
public record IndexDefinition(
        IndexType type,
        List<Integer> identityFields,
        List<ExpressionField> materializedFields,
        List<ExpressionField> nonMaterializedFields,
        List<Integer> clusterSpec) {

    public IndexDefinition {
        Objects.requireNonNull(type, "type");
        identityFields = List.copyOf(identityFields);
        materializedFields = List.copyOf(materializedFields);
        nonMaterializedFields = List.copyOf(nonMaterializedFields);
        clusterSpec = List.copyOf(clusterSpec);
    }

    /** The same definition with its type written as {@code newType} (the same type when they match case-insensitively). */
    public IndexDefinition withType(IndexType newType) {
        return new IndexDefinition(newType, identityFields, materializedFields, nonMaterializedFields, clusterSpec);
    }

    /** The expression field with this id, materialized or not. */
    public Optional<ExpressionField> expressionField(int fieldId) {
        return Stream.concat(materializedFields.stream(), nonMaterializedFields.stream())
                .filter(f -> f.fieldId() == fieldId)
                .findFirst();
    }

    public boolean isIdentityField(int fieldId) {
        return identityFields.contains(fieldId);
    }

    public boolean isNonMaterialized(int fieldId) {
        return nonMaterializedFields.stream().anyMatch(f -> f.fieldId() == fieldId);
    }

    /** The ids stored in a range file row, in declaration order: identity fields, then materialized fields. */
    public List<Integer> rangeFileFieldIds() {
        List<Integer> ids = new ArrayList<>(identityFields);
        materializedFields.forEach(f -> ids.add(f.fieldId()));
        return List.copyOf(ids);
    }

    /** Every index field id of the three lists, in declaration order. */
    public List<Integer> allFieldIds() {
        List<Integer> ids = new ArrayList<>(rangeFileFieldIds());
        nonMaterializedFields.forEach(f -> ids.add(f.fieldId()));
        return List.copyOf(ids);
    }
}
