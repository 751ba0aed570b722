package dev.tableindex.model.iceberg.data;

/**
 * One way index data breaks the draft, found by reading the files: which file, which field (tracking file field,
 * stats metric or range file column), which rule of the draft, and what was found.
 */
public record DataViolation(String file, String field, Rule rule, String message) {

    /** The draft's index data rules the checker verifies; decisions are marked as such. */
    public enum Rule {
        TRACKING_FILE_FIELDS("Tracking File Entry: the required fields 100, 101, 103, 104, 146 are present"),
        RANGE_FILE_VALID("Range Files: a valid Iceberg data file in Parquet, Avro or ORC, with field ids recorded"),
        RANGE_FILE_COLUMNS("Identity Fields / Materialized Fields: each stored under its own field id"),
        ENTRY_MATCHES_FILE("Tracking File Entry: file_format, record_count and file_size_in_bytes describe the file"),
        REQUIRED_METRICS("Content Statistics: cluster fields have lower_bound, upper_bound, group_max_value;"
                + " non-materialized fields lower_bound, upper_bound"),
        BOUNDS("Content Stats (table spec): lower and upper bounds enclose every non-null, non-NaN value"),
        GROUP_MAX_EXACT("Group Max Value: exactly the clustering key of the last index entry of the range file"),
        ENTRIES_ORDERED("Tracking File Entry: entries in ascending order of group_max_value"),
        RANGES_DISJOINT("Clustering and Ordering: ranges do not overlap and a key group is never split"),
        ROWS_IN_ORDER("Range Files (decision 0020): index entries within a range file in clustering order"),
        EXACTLY_LIVE_ROWS("Index Snapshot: exactly the live rows of the source table snapshot, one entry per row");

        private final String statement;

        Rule(String statement) {
            this.statement = statement;
        }

        public String statement() {
            return statement;
        }
    }

    @Override
    public String toString() {
        return file + ": " + field + ": " + message + " [" + rule + "]";
    }
}
