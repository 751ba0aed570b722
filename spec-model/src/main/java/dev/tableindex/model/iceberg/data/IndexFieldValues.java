package dev.tableindex.model.iceberg.data;

import dev.tableindex.model.iceberg.definition.ExpressionArgument;
import dev.tableindex.model.iceberg.definition.ReservedFieldIds;
import dev.tableindex.model.iceberg.definition.ValueExpression;
import dev.tableindex.model.iceberg.table.SourceRow;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Set;
import org.apache.iceberg.Accessor;
import org.apache.iceberg.Schema;
import org.apache.iceberg.SingleValueParser;
import org.apache.iceberg.StructLike;
import org.apache.iceberg.data.InternalRecordWrapper;
import org.apache.iceberg.data.Record;
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
        if (schema.findField(fieldId) == null) {
            throw new IllegalArgumentException("source field " + fieldId + " is not in the table schema");
        }
        return sourceValue(schema, row.values(), fieldId);
    }

    /**
     * The generic value of field {@code fieldId} (top-level or nested) of a generic record of {@code schema}, or null
     * when the schema has no such field. Iceberg's accessors read internal values, so the record is wrapped to
     * internal form and the value turned back into its generic form.
     */
    public static Object sourceValue(Schema schema, Record record, int fieldId) {
        Accessor<StructLike> accessor = schema.accessorForField(fieldId);
        if (accessor == null) {
            return null;
        }
        Object internal = accessor.get(new InternalRecordWrapper(schema.asStruct()).wrap(record));
        return generic(schema.findType(fieldId), internal);
    }

    public Object evaluate(ValueExpression expression, SourceRow row) {
        return evaluate(expression, id -> id == ReservedFieldIds.FILE ? row.file()
                : id == ReservedFieldIds.POS ? (Object) row.pos() : field(row, id));
    }

    /**
     * The expression's value over a row whose field values (source fields and the metadata columns it reads) are
     * given by id, as generic values.
     */
    public Object evaluate(ValueExpression expression, java.util.function.IntFunction<Object> valueById) {
        if (expression instanceof ValueExpression.IdReference ref) {
            return valueById.apply(ref.fieldId());
        }
        if (expression instanceof ValueExpression.Literal literal) {
            Type type = literal.dataType().orElseGet(() -> inferred(literal));
            return generic(type, SingleValueParser.fromJson(type, literal.value()));
        }
        if (expression instanceof ValueExpression.Apply apply) {
            ValueExpression input = lastValue(apply);
            Type inputType = typeOf(input);
            Transform<Object, Object> transform = transform(apply);
            Object value = transform.bind(inputType).apply(internal(inputType, evaluate(input, valueById)));
            return generic(transform.getResultType(inputType), value);
        }
        throw new IllegalArgumentException("cannot evaluate " + expression + " (named references are not allowed)");
    }

    /**
     * Whether the function of an application preserves order ({@code a <= b} implies {@code f(a) <= f(b)}):
     * identity, truncate and the date/time transforms do, bucket does not.
     */
    public static boolean preservesOrder(ValueExpression.Apply apply) {
        return Set.of("identity", "truncate", "year", "month", "day", "hour").contains(apply.function().name());
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

    /** The value argument of an application: its last argument (bucket and truncate take the width first). */
    public static ValueExpression lastValue(ValueExpression.Apply apply) {
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

    /** Generic (java.time) values to Iceberg's internal ones, which transforms and the single-value JSON take. */
    public static Object internal(Type type, Object value) {
        if (value == null) {
            return null;
        }
        switch (type.typeId()) {
            case DATE:
                return value instanceof LocalDate d ? DateTimeUtil.daysFromDate(d) : value;
            case TIME:
                return value instanceof LocalTime t ? DateTimeUtil.microsFromTime(t) : value;
            case FIXED:
                return value instanceof byte[] b ? java.nio.ByteBuffer.wrap(b) : value;
            case TIMESTAMP:
                if (value instanceof OffsetDateTime t) {
                    return DateTimeUtil.microsFromTimestamptz(t);
                }
                return value instanceof LocalDateTime t ? DateTimeUtil.microsFromTimestamp(t) : value;
            default:
                return value;
        }
    }

    /**
     * A value of an expression evaluated over an older snapshot, as its declared {@code data-type}: a reference to a
     * column promoted since (int to long, float to double) produces the narrower value there, and the expressions
     * spec aligns types by promotion ("Value expression types").
     */
    public static Object promoted(Type declared, Object value) {
        if (declared.typeId() == Type.TypeID.LONG && value instanceof Integer i) {
            return i.longValue();
        }
        if (declared.typeId() == Type.TypeID.DOUBLE && value instanceof Float f) {
            return f.doubleValue();
        }
        return value;
    }

    /** Internal values back to generic ones, so range files are written by Iceberg's generic writers. */
    public static Object generic(Type type, Object value) {
        if (value == null) {
            return null;
        }
        switch (type.typeId()) {
            case DATE:
                return value instanceof Integer days ? DateTimeUtil.dateFromDays(days) : value;
            case TIME:
                return value instanceof Long micros ? DateTimeUtil.timeFromMicros(micros) : value;
            case FIXED:
                return value instanceof java.nio.ByteBuffer b ? org.apache.iceberg.util.ByteBuffers.toByteArray(b) : value;
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
