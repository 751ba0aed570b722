package dev.tableindex.model.iceberg.definition;

import java.util.Objects;
import org.apache.iceberg.types.Type;

/**
 * An index field whose value is an Iceberg value expression evaluated for an indexed row (draft, Expression
 * Fields).
 *
 * @param fieldId        the index field's id ({@code field-id})
 * @param representation the field's {@code type}; the draft allows only {@link #EXPR_VALUE}
 * @param dataType       the type the expression produces ({@code data-type})
 * @param expr           the value expression ({@code expr})
 */
public record ExpressionField(int fieldId, String representation, Type dataType, ValueExpression expr) {
    /** The only expression field representation the draft defines. */
    public static final String EXPR_VALUE = "expr-value";

    public ExpressionField {
        Objects.requireNonNull(representation, "representation");
        Objects.requireNonNull(dataType, "dataType");
        Objects.requireNonNull(expr, "expr");
    }

    /** An {@code expr-value} field. */
    public static ExpressionField exprValue(int fieldId, Type dataType, ValueExpression expr) {
        return new ExpressionField(fieldId, EXPR_VALUE, dataType, expr);
    }
}
