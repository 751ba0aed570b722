package dev.tableindex.tck.cli;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;

/**
 * How a spec author's command prints its rows: {@code text} (tab-separated, for scripts), {@code markdown} (a table
 * with the rows' values, ready to paste into a spec document) or {@code json}.
 */
enum OutputFormat {
    text, markdown, json;

    private static final JsonFactory JSON = new JsonFactory().disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);

    /** Pretty-printed JSON written as it is generated into the command's writer, which closing it leaves open. */
    static JsonGenerator json(PrintWriter out) throws IOException {
        return JSON.createGenerator(out).useDefaultPrettyPrinter();
    }

    /** JSON on one line, without spaces, written as it is generated into the command's writer, left open. */
    static JsonGenerator compactJson(PrintWriter out) throws IOException {
        return JSON.createGenerator(out);
    }

    /** A Markdown table; a {@code |} inside a cell is escaped so the table keeps its columns. */
    static String markdownTable(List<String> header, List<List<String>> rows) {
        StringWriter table = new StringWriter();
        PrintWriter out = new PrintWriter(table);
        markdownHeader(out, header);
        rows.forEach(r -> markdownRow(out, r));
        out.flush();
        return table.toString();
    }

    /** A Markdown table's header and its {@code ---} line, for a table printed row by row ({@link #markdownRow}). */
    static void markdownHeader(PrintWriter out, List<String> header) {
        markdownRow(out, header);
        markdownRow(out, header.stream().map(h -> "---").toList());
    }

    /** One row of a Markdown table, printed as it comes: a command's rows need not all be held. */
    static void markdownRow(PrintWriter out, List<String> cells) {
        out.print('|');
        for (String cell : cells) {
            out.print(' ');
            out.print(cell == null ? "" : cell.replace("|", "\\|").replace("\n", " "));
            out.print(" |");
        }
        out.print('\n');
    }
}
