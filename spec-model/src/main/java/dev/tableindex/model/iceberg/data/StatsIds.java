package dev.tableindex.model.iceberg.data;

/**
 * Field ids inside {@code content_stats} (Iceberg table spec, Content Stats; docs/iceberg-table-spec-facts.md):
 * a field's stats struct has id {@code 10_000 + 200 * field-id}, its metrics are at fixed offsets from that
 * base id, and the index draft adds {@code group_max_value} at offset 8.
 */
public final class StatsIds {
    public static final int CONTENT_STATS = 146;
    public static final int LOWER_BOUND = 1;
    public static final int UPPER_BOUND = 2;
    public static final int GROUP_MAX_VALUE = 8;
    /** Stats ids must be below this: field ids at or above 999_950 have no stats struct. */
    public static final int STATS_ID_LIMIT = 200_000_000;

    private StatsIds() {
    }

    public static int baseId(int fieldId) {
        return 10_000 + 200 * fieldId;
    }
}
