package dev.tableindex.model.key.arrow;

import dev.tableindex.model.key.KeyBytes;

/** The errors of the offset checks of {@link OffsetBytesColumn} and {@link LargeOffsetBytesColumn}. */
final class OffsetChecks {
    private OffsetChecks() {
    }

    /** The batch's (or the row's) first offset is not negative. */
    static void checkStart(String field, int row, long start) {
        if (start < 0) {
            throw new ArrowDataException("field '" + field + "': row " + row + " starts at offset " + start);
        }
    }

    /** One row's offsets, for a key encoded on its own: the checks a batch makes, for that row. */
    static void checkRow(String field, int row, long start, long end, long capacity) {
        checkStart(field, row, start);
        if (end < start || end - start > KeyBytes.MAX_VALUE_LENGTH) {
            throw badLength(field, row, start, end);
        }
        checkEnd(field, row, end, capacity);
    }

    static ArrowDataException badLength(String field, int row, long start, long end) {
        if (end < start) {
            return new ArrowDataException("field '" + field + "': offsets decrease at row " + row + " (" + start
                    + " then " + end + ")");
        }
        return new ArrowDataException("field '" + field + "': row " + row + " has " + (end - start)
                + " bytes; a key holds at most " + KeyBytes.MAX_VALUE_LENGTH);
    }

    /** The batch's last offset, {@code end}, is within the data buffer of {@code capacity} bytes. */
    static void checkEnd(String field, int lastRow, long end, long capacity) {
        if (end > capacity) {
            throw new ArrowDataException("field '" + field + "': row " + lastRow + " ends at offset " + end
                    + ", past the end of its data buffer (" + capacity + " bytes)");
        }
    }
}
