package dev.tableindex.model.lancefile;

import java.util.List;
import java.util.NoSuchElementException;

/** The decoded top-level columns of a Lance file, in schema order, and its number of rows. */
public record LanceColumns(LanceFileSummary summary, List<LanceColumn> columns) {
    public LanceColumns {
        columns = List.copyOf(columns);
    }

    public long rows() {
        return summary.rows();
    }

    public LanceColumn column(String name) {
        return columns.stream().filter(c -> c.name().equals(name)).findFirst()
                .orElseThrow(() -> new NoSuchElementException("no column " + name + " in "
                        + columns.stream().map(LanceColumn::name).toList()));
    }
}
