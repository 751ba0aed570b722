package dev.tableindex.model.lancefile;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * One top-level column of a Lance file: its field name, type, nullability and values (of the type's
 * {@link LanceType#valueClass()}: {@code byte[]} for a variable-width type, {@code Long} for an integer type with
 * uint64 as the unsigned reading of the long; null for a null). Values are checked on construction.
 */
public record LanceColumn(String name, LanceType type, boolean nullable, List<Object> values) {
    public LanceColumn {
        if (name == null || name.isEmpty()) {
            throw new IllegalArgumentException("a column needs a name");
        }
        List<Object> copy = new ArrayList<>(values.size());
        for (int row = 0; row < values.size(); row++) {
            Object value = values.get(row);
            if (value == null) {
                if (!nullable) {
                    throw new IllegalArgumentException("column " + name + " is not nullable but row " + row + " is null");
                }
            } else if (!type.valueClass().isInstance(value)) {
                throw new IllegalArgumentException("column " + name + " (" + type.logicalType() + ") row " + row
                        + " holds a " + value.getClass().getSimpleName());
            } else if (value instanceof Long number && !type.holds(number)) {
                throw new IllegalArgumentException("column " + name + " row " + row + ": " + number + " is not a "
                        + type.logicalType());
            }
            copy.add(value);
        }
        values = Collections.unmodifiableList(copy);
    }

    public int rows() {
        return values.size();
    }
}
