package dev.tableindex.model.iceberg.data;

import dev.tableindex.model.iceberg.definition.ExpressionField;
import dev.tableindex.model.iceberg.definition.IndexDefinition;
import java.util.ArrayList;
import java.util.List;
import org.apache.iceberg.Schema;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;

/**
 * The index fields of a definition over one source schema: their ids, names and types (identity fields take
 * the source snapshot's type; expression fields their declared {@code data-type}), and the Iceberg schema of a
 * range file row (identity fields, then materialized fields, each under its own field id).
 */
public record IndexFields(IndexDefinition definition, Schema sourceSchema) {

    public Type type(int fieldId) {
        if (definition.isIdentityField(fieldId)) {
            Types.NestedField source = sourceSchema.findField(fieldId);
            if (source == null) {
                throw new IllegalArgumentException("identity field " + fieldId + " is not in the source schema");
            }
            return source.type();
        }
        return definition.expressionField(fieldId).map(ExpressionField::dataType)
                .orElseThrow(() -> new IllegalArgumentException("no index field " + fieldId));
    }

    public String name(int fieldId) {
        if (definition.isIdentityField(fieldId)) {
            return sourceSchema.findColumnName(fieldId);
        }
        return "index_field_" + fieldId;
    }

    /** Identity fields keep the source field's requiredness; expression fields are optional (they may yield null). */
    public Schema rangeFileSchema() {
        List<Types.NestedField> columns = new ArrayList<>();
        for (int id : definition.rangeFileFieldIds()) {
            boolean required = definition.isIdentityField(id) && sourceSchema.findField(id).isRequired();
            columns.add(required ? Types.NestedField.required(id, name(id), type(id))
                    : Types.NestedField.optional(id, name(id), type(id)));
        }
        return new Schema(columns);
    }

    public List<Type.PrimitiveType> clusterTypes() {
        return definition.clusterSpec().stream().map(id -> type(id).asPrimitiveType()).toList();
    }
}
