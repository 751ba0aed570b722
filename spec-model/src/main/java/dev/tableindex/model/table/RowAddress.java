package dev.tableindex.model.table;

/** A row's address: {@code fragment_id << 32 | offset} (lance-table.proto, DataFragment). */
public final class RowAddress {
    private RowAddress() {
    }

    public static long of(long fragmentId, int offset) {
        return fragmentId << 32 | Integer.toUnsignedLong(offset);
    }

    public static long fragmentId(long address) {
        return address >>> 32;
    }

    public static int offset(long address) {
        return (int) address;
    }
}
