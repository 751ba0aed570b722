package dev.tableindex.tck.cli;

import java.util.List;

/**
 * How a spec author's command prints its rows: {@code text} (tab-separated, for scripts), {@code markdown} (a table
 * with the rows' values, ready to paste into a spec document) or {@code json}.
 */
enum OutputFormat {
    text, markdown, json;

    /** A Markdown table; a {@code |} inside a cell is escaped so the table keeps its columns. */
    static String markdownTable(List<String> header, List<List<String>> rows) {
        StringBuilder table = new StringBuilder();
        row(table, header);
        row(table, header.stream().map(h -> "---").toList());
        rows.forEach(r -> row(table, r));
        return table.toString();
    }

    private static void row(StringBuilder table, List<String> cells) {
        table.append('|');
        for (String cell : cells) {
            table.append(' ').append(cell == null ? "" : cell.replace("|", "\\|").replace("\n", " ")).append(" |");
        }
        table.append('\n');
    }
}
