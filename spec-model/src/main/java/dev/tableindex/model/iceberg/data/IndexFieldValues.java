package dev.tableindex.model.iceberg.data;

import dev.tableindex.model.iceberg.definition.ExpressionArgument;
import dev.tableindex.model.iceberg.definition.ReservedFieldIds;
import dev.tableindex.model.iceberg.definition.ValueExpression;
import dev.tableindex.model.iceberg.table.SourceRow;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Set;
import org.apache.iceberg.Accessor;
import org.apache.iceberg.Schema;
import org.apache.iceberg.SingleValueParser;
import org.apache.iceberg.StructLike;
import org.apache.iceberg.transforms.Transform;
import org.apache.iceberg.transforms.Transforms;
import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;
import org.apache.iceberg.util.DateTimeUtil;

/**
 * Evaluates index field expressions for one indexed row: id references to source fields and to the {@code _file}
 * and {@code _pos} metadata columns, literals, and the Iceberg functions the expressions spec names (identity,
 * bucket, truncate, year, month, day, hour) through Iceberg's own transforms. Values are Iceberg's generic Java
 * values (java.time for dates and timestamps).
 */
public final class IndexFieldValues {
    private static final Set<String> TRANSFORMS = Set.of("identity", "bucket", "truncate", "year", "month", "day",
            "hour");
    private final Schema schema;

    public IndexFieldValues(Schema sourceSchema) {
        this.schema = sourceSchema;
    }

    /** The value of a source field (identity field) by id. */
    public Object field(SourceRow row, int fieldId) {
        Accessor<StructLike> accessor = schema.accessorForField(fieldId);
        if (accessor == null) {
            throw new IllegalArgumentException("source field " + fieldId + " is not in the table schema");
        }
        return accessor.get(row.values());
    }

    public Object evaluate(ValueExpression expression, SourceRow row) {
        if (expression instanceof ValueExpression.IdReference ref) {
            if (ref.fieldId() == ReservedFieldIds.FILE) {
                return row.file();
            }
            if (ref.fieldId() == ReservedFieldIds.POS) {
                return row.pos();
            }
            return field(row, ref.fieldId());
        }
        if (expression instanceof ValueExpression.Literal literal) {
            Type type = literal.dataType().orElseGet(() -> inferred(literal));
            return generic(type, SingleValueParser.fromJson(type, literal.value()));
        }
        if (expression instanceof ValueExpression.Apply apply) {
            return applyTransform(apply, row);
        }
        throw new IllegalArgumentException("cannot evaluate " + expression + " (named references are not allowed)");
    }

    /** The type an expression produces over the source schema. */
    public Type typeOf(ValueExpression expression) {
        if (expression instanceof ValueExpression.IdReference ref) {
            if (ref.fieldId() == ReservedFieldIds.FILE) {
                return Types.StringType.get();
            }
            if (ref.fieldId() == ReservedFieldIds.POS) {
                return Types.LongType.get();
            }
            Types.NestedField field = schema.findField(ref.fieldId());
            if (field == null) {
                throw new IllegalArgumentException("source field " + ref.fieldId() + " is not in the table schema");
            }
            return field.type();
        }
        if (expression instanceof ValueExpression.Literal literal) {
            return literal.dataType().orElseGet(() -> inferred(literal));
        }
        ValueExpression.Apply apply = (ValueExpression.Apply) expression;
        ValueExpression input = lastValue(apply);
        return transform(apply).getResultType(typeOf(input));
    }

    private Object applyTransform(ValueExpression.Apply apply, SourceRow row) {
        ValueExpression input = lastValue(apply);
        Type inputType = typeOf(input);
        Transform<Object, Object> transform = transform(apply);
        Object value = transform.bind(inputType).apply(internal(inputType, evaluate(input, row)));
        return generic(transform.getResultType(inputType), value);
    }

    @SuppressWarnings("unchecked")
    private Transform<Object, Object> transform(ValueExpression.Apply apply) {
        String name = apply.function().name();
        if (apply.function().catalog().filter(c -> !c.equals("iceberg_functions")).isPresent()
                || !TRANSFORMS.contains(name)) {
            throw new IllegalArgumentException("the reference model does not evaluate function " + apply.function());
        }
        List<ExpressionArgument> args = apply.arguments();
        if (name.equals("bucket") || name.equals("truncate")) {
            ValueExpression.Literal width = (ValueExpression.Literal) args.get(0);
            return (Transform<Object, Object>) Transforms.fromString(name + "[" + width.value().asInt() + "]");
        }
        return (Transform<Object, Object>) Transforms.fromString(name);
    }

    private static ValueExpression lastValue(ValueExpression.Apply apply) {
        return (ValueExpression) apply.arguments().get(apply.arguments().size() - 1);
    }

    private static Type inferred(ValueExpression.Literal literal) {
        if (literal.value().isBoolean()) {
            return Types.BooleanType.get();
        }
        if (literal.value().isInt()) {
            return Types.IntegerType.get();
        }
        if (literal.value().isIntegralNumber()) {
            return Types.LongType.get();
        }
        if (literal.value().isNumber()) {
            return Types.DoubleType.get();
        }
        return Types.StringType.get();
    }

    /** Generic (java.time) values to Iceberg's internal ones, which transforms take. */
    static Object internal(Type type, Object value) {
        if (value == null) {
            return null;
        }
        switch (type.typeId()) {
            case DATE:
                return value instanceof LocalDate d ? DateTimeUtil.daysFromDate(d) : value;
            case TIMESTAMP:
                if (value instanceof OffsetDateTime t) {
                    return DateTimeUtil.microsFromTimestamptz(t);
                }
                return value instanceof LocalDateTime t ? DateTimeUtil.microsFromTimestamp(t) : value;
            default:
                return value;
        }
    }

    /** Internal values back to generic ones, so range files are written by Iceberg's generic writers. */
    public static Object generic(Type type, Object value) {
        if (value == null) {
            return null;
        }
        switch (type.typeId()) {
            case DATE:
                return value instanceof Integer days ? DateTimeUtil.dateFromDays(days) : value;
            case TIMESTAMP:
                if (value instanceof Long micros) {
                    return ((Types.TimestampType) type).shouldAdjustToUTC()
                            ? DateTimeUtil.timestamptzFromMicros(micros) : DateTimeUtil.timestampFromMicros(micros);
                }
                return value;
            default:
                return value;
        }
    }
}
