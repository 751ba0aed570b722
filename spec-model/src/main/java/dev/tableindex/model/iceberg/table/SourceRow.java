package dev.tableindex.model.iceberg.table;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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

    /** A copy that shares nothing a caller could change: records, lists, maps, byte arrays and buffers are copied. */
    public SourceRow copy() {
        return new SourceRow(file, pos, (Record) copyOf(values));
    }

    private static Object copyOf(Object value) {
        if (value instanceof Record record) {
            Record copy = record.copy();
            for (int i = 0; i < copy.size(); i++) {
                copy.set(i, copyOf(copy.get(i)));
            }
            return copy;
        }
        if (value instanceof List<?> list) {
            List<Object> copy = new ArrayList<>(list.size());
            list.forEach(v -> copy.add(copyOf(v)));
            return copy;
        }
        if (value instanceof Map<?, ?> map) {
            Map<Object, Object> copy = new LinkedHashMap<>();
            map.forEach((k, v) -> copy.put(copyOf(k), copyOf(v)));
            return copy;
        }
        if (value instanceof ByteBuffer buffer) {
            ByteBuffer copy = ByteBuffer.allocate(buffer.remaining()).put(buffer.duplicate());
            return copy.flip();
        }
        if (value instanceof byte[] bytes) {
            return bytes.clone();
        }
        return value; // Java's immutable values: numbers, strings, UUIDs, dates and times
    }
}
