package dev.tableindex.model.iceberg.data;

import dev.tableindex.model.iceberg.definition.ExpressionField;
import dev.tableindex.model.iceberg.definition.IndexDefinition;
import dev.tableindex.model.iceberg.definition.ReservedFieldIds;
import dev.tableindex.model.iceberg.definition.ValueExpression;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * How an index entry points back to its source row (decision 0021): materialized fields that are plain ID
 * references to the metadata columns {@code _file} and {@code _pos}. An index without both has no row pointers.
 *
 * @param fileField the index field id holding the row's data file
 * @param posField  the index field id holding the row's position in it
 */
public record RowPointers(int fileField, int posField) {

    /** The pointer fields of a definition, if it materializes both. */
    public static Optional<RowPointers> of(IndexDefinition definition) {
        OptionalInt file = materializedReference(definition, ReservedFieldIds.FILE);
        OptionalInt pos = materializedReference(definition, ReservedFieldIds.POS);
        return file.isPresent() && pos.isPresent()
                ? Optional.of(new RowPointers(file.getAsInt(), pos.getAsInt())) : Optional.empty();
    }

    /** The materialized field that is exactly a reference to this metadata column, if the index has one. */
    static OptionalInt materializedReference(IndexDefinition definition, int metadataColumn) {
        for (ExpressionField field : definition.materializedFields()) {
            if (field.expr() instanceof ValueExpression.IdReference ref && ref.fieldId() == metadataColumn) {
                return OptionalInt.of(field.fieldId());
            }
        }
        return OptionalInt.empty();
    }

    /** The pointer of a range file row ({@code <file>#<pos>}, as {@code SourceRow.pointer()}), by field id. */
    public String pointer(java.util.function.IntFunction<Object> valueById) {
        return valueById.apply(fileField) + "#" + valueById.apply(posField);
    }
}
