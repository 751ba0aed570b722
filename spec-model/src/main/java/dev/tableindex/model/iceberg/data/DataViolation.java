package dev.tableindex.model.iceberg.data;

/**
 * One way index data breaks the draft, found by reading the files: which file, which field (tracking file field,
 * stats metric or range file column), which rule of the draft, and what was found.
 */
public record DataViolation(String file, String field, Rule rule, String message) {

    /** The draft's index data rules the checker verifies; decisions are marked as such. */
    public enum Rule {
        TRACKING_FILE_FIELDS("Tracking File Entry: the required fields 100, 101, 103, 104, 146 are present"),
        FILE_PATH_URI("Tracking File Entry: file_path is the full URI of the range file (it starts with a scheme)"),
        RANGE_FILE_VALID("Range Files: a valid Iceberg data file in Parquet, Avro or ORC, with field ids recorded"),
        FORMAT_REQUIREMENTS("Range Files (table spec, Appendix A): Avro optional fields are unions with null whose"
                + " default is null, and no other union is used"),
        RANGE_FILE_COLUMNS("Identity Fields / Materialized Fields: each stored under its own field id, with the type"
                + " of the referenced snapshot's schema (identity) or its data-type (expression)"),
        NON_MATERIALIZED_NOT_STORED("Non-Materialized Fields: their row values are not stored in range files"),
        ENTRY_MATCHES_FILE("Tracking File Entry: file_format, record_count and file_size_in_bytes describe the file"),
        REQUIRED_METRICS("Content Statistics: cluster fields have lower_bound, upper_bound, group_max_value;"
                + " non-materialized fields lower_bound, upper_bound"),
        STATS_TYPES("Content Statistics: a stats struct has the id and metric types the index field's id and type"
                + " give it and only metrics supported for that type; group_max_value is optional"),
        BOUNDS("Content Stats (table spec): lower and upper bounds enclose every non-null, non-NaN value"),
        NON_MATERIALIZED_BOUNDS("Content Statistics: a non-materialized field's bounds describe the rows the range"
                + " file indexes"),
        GROUP_MAX_EXACT("Group Max Value: exactly the clustering key of the last index entry of the range file"),
        ENTRIES_ORDERED("Tracking File Entry: entries in ascending order of group_max_value"),
        RANGES_DISJOINT("Clustering and Ordering: ranges do not overlap and a key group is never split"),
        ROWS_IN_ORDER("Range Files (decision 0020): index entries within a range file in clustering order"),
        EXACTLY_LIVE_ROWS("Index Snapshot: exactly the live rows of the source table snapshot, one entry per row"),
        KEY_ENTRY_FIELDS("Encryption Keys: an entry has its required key-id and encrypted-key-metadata (base64)"),
        SNAPSHOT_KEY_ID("Encryption Keys: an index snapshot's key-id references a key-id in encryption-keys"),
        KEY_CHAIN("Encryption Keys: the referenced entry's encrypted-key-metadata is the tracking file's key"
                + " metadata, which holds the range files' key metadata (key_metadata)"),
        KEYS_NOT_PLAIN("Encryption Keys: keys are never stored in plain form in index metadata");

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
