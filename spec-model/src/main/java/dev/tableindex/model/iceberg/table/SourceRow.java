package dev.tableindex.model.iceberg.table;

import org.apache.iceberg.data.Record;

/**
 * A live row of a source table snapshot, as Iceberg reads it: its values (in the table schema) and where it is
 * stored ({@code _file}, {@code _pos}), which is how an index entry points back to it (decision 0021).
 */
public record SourceRow(String file, long pos, Record values) {

    /** The row pointer as one comparable string, for sets and messages. */
    public String pointer() {
        return file + "#" + pos;
    }
}
