package dev.tableindex.model.iceberg.definition;

import java.util.Map;

/**
 * Field ids the Iceberg table spec reserves for metadata columns (docs/iceberg-table-spec-facts.md,
 * "Reserved field ids"), and the ones an index expression must not reference (draft, Expression Fields).
 */
public final class ReservedFieldIds {
    /** Ids above this one ({@code Integer.MAX_VALUE - 200}) are reserved for metadata columns. */
    public static final int LAST_TABLE_FIELD_ID = Integer.MAX_VALUE - 200;

    public static final int FILE = 2147483646;
    public static final int POS = 2147483645;
    public static final int DELETED = 2147483644;
    public static final int SPEC_ID = 2147483643;
    public static final int PARTITION = 2147483642;
    public static final int DELETE_FILE_PATH = 2147483546;
    public static final int DELETE_POS = 2147483545;
    public static final int DELETE_ROW = 2147483544;
    public static final int CHANGE_TYPE = 2147483543;
    public static final int CHANGE_ORDINAL = 2147483542;
    public static final int COMMIT_SNAPSHOT_ID = 2147483541;
    public static final int ROW_ID = 2147483540;
    public static final int LAST_UPDATED_SEQUENCE_NUMBER = 2147483539;

    /** The metadata columns an index expression must not reference, with their names. */
    private static final Map<Integer, String> FORBIDDEN_IN_EXPRESSIONS = Map.of(
            DELETED, "_deleted",
            CHANGE_TYPE, "_change_type",
            CHANGE_ORDINAL, "_change_ordinal",
            COMMIT_SNAPSHOT_ID, "_commit_snapshot_id",
            DELETE_FILE_PATH, "file_path",
            DELETE_POS, "pos",
            DELETE_ROW, "row");

    private ReservedFieldIds() {
    }

    /** Whether {@code id} lies in the reserved range (greater than {@link #LAST_TABLE_FIELD_ID}). */
    public static boolean isReserved(int id) {
        return id > LAST_TABLE_FIELD_ID;
    }

    /** Whether {@code id} is one of the metadata columns the table spec lists. */
    public static boolean isMetadataColumn(int id) {
        return (id >= LAST_UPDATED_SEQUENCE_NUMBER && id <= DELETE_FILE_PATH) || (id >= PARTITION && id <= FILE);
    }

    /** Whether an index expression must not reference {@code id}. */
    public static boolean isForbiddenInExpressions(int id) {
        return FORBIDDEN_IN_EXPRESSIONS.containsKey(id);
    }

    /** The metadata column name of a forbidden id, for messages. */
    public static String forbiddenName(int id) {
        return FORBIDDEN_IN_EXPRESSIONS.getOrDefault(id, "?");
    }
}
