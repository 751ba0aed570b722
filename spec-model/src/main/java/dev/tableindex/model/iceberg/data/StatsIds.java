package dev.tableindex.model.iceberg.data;

import org.apache.iceberg.types.Type;
import org.apache.iceberg.types.Types;

/**
 * Field ids inside {@code content_stats} (Iceberg table spec, Content Stats; docs/iceberg-table-spec-facts.md):
 * a field's stats struct has id {@code 10_000 + 200 * field-id}, its metrics are at fixed offsets from that
 * base id, and the index draft adds {@code group_max_value} at offset 8.
 */
public final class StatsIds {
    public static final int CONTENT_STATS = 146;
    public static final int LOWER_BOUND = 1;
    public static final int UPPER_BOUND = 2;
    public static final int TIGHT_BOUNDS = 3;
    public static final int VALUE_COUNT = 4;
    public static final int NULL_VALUE_COUNT = 5;
    public static final int NAN_VALUE_COUNT = 6;
    public static final int AVG_VALUE_SIZE = 7;
    public static final int GROUP_MAX_VALUE = 8;
    /** Stats ids must be below this: field ids at or above 999_950 have no stats struct. */
    public static final int STATS_ID_LIMIT = 200_000_000;

    private StatsIds() {
    }

    public static int baseId(int fieldId) {
        return 10_000 + 200 * fieldId;
    }

    /** The table spec's name of the metric at this offset (the draft's for offset 8). */
    public static String metricName(int offset) {
        return switch (offset) {
            case LOWER_BOUND -> "lower_bound";
            case UPPER_BOUND -> "upper_bound";
            case TIGHT_BOUNDS -> "tight_bounds";
            case VALUE_COUNT -> "value_count";
            case NULL_VALUE_COUNT -> "null_value_count";
            case NAN_VALUE_COUNT -> "nan_value_count";
            case AVG_VALUE_SIZE -> "avg_value_size_in_bytes";
            case GROUP_MAX_VALUE -> "group_max_value";
            default -> offset >= 10 && offset <= 17 ? "geo bound" : "metric at offset " + offset;
        };
    }

    /**
     * What is wrong with a stats struct's metric for an index field of {@code fieldType}, or null: its type is
     * the one the table spec's metric table (and the draft, for group_max_value) derives from the field's type,
     * the metric is one the table spec includes for that type, and group_max_value is optional. Offsets the
     * table spec does not define are not judged.
     */
    public static String metricProblem(int offset, Types.NestedField metric, Type fieldType) {
        String name = metricName(offset);
        Type expected = switch (offset) {
            case LOWER_BOUND, UPPER_BOUND, GROUP_MAX_VALUE -> fieldType;
            case TIGHT_BOUNDS -> Types.BooleanType.get();
            case VALUE_COUNT, NULL_VALUE_COUNT, NAN_VALUE_COUNT -> Types.LongType.get();
            case AVG_VALUE_SIZE -> Types.IntegerType.get();
            default -> null;
        };
        Type.TypeID id = fieldType.typeId();
        if (offset == NAN_VALUE_COUNT && id != Type.TypeID.FLOAT && id != Type.TypeID.DOUBLE) {
            return name + " is only for float and double fields, and this field is " + fieldType;
        }
        if (offset == AVG_VALUE_SIZE && id != Type.TypeID.STRING && id != Type.TypeID.BINARY
                && id != Type.TypeID.VARIANT && id != Type.TypeID.GEOMETRY && id != Type.TypeID.GEOGRAPHY) {
            return name + " is only for variable-length fields, and this field is " + fieldType;
        }
        if (offset >= 10 && offset <= 17 && id != Type.TypeID.GEOMETRY && id != Type.TypeID.GEOGRAPHY) {
            return "geo bounds (offset " + offset + ") are only for geometry and geography, and this field is "
                    + fieldType;
        }
        if (expected != null && !metric.type().equals(expected)) {
            return name + " is stored as " + metric.type() + "; for a " + fieldType + " field it is " + expected;
        }
        if (offset == GROUP_MAX_VALUE && metric.isRequired()) {
            return "group_max_value is required; it must be optional so that it can hold a null clustering value";
        }
        return null;
    }
}
