package dev.tableindex.model.anyelement;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import dev.tableindex.model.json.JsonInputException;
import dev.tableindex.model.json.KitJson;
import dev.tableindex.model.key.KeyNotation;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The kit's JSON table format (docs/any-element.md, docs/list-element-index.md) read in two passes over its text,
 * holding one row at a time, so that a table of any number of rows is read in memory of the order of one row
 * (plus what its reader keeps). {@link ListTable#fromJson} and {@code IndexedTable.fromJson} read through it too,
 * so every reading of a table makes the same checks, with the same messages, in the same order:
 *
 * <ol>
 *   <li>{@link #header()} walks the whole text as JSON (every refusal of {@link KeyNotation#readTree}: syntax, the
 *       kit's limits, members given twice, strings that are not Unicode text) and keeps only the small members:
 *       {@code column}, {@code element}, {@code list_type}, {@code other_fields}, and of {@code rows} and each fragment of {@code fragments} how many rows
 *       they have (and a fragment's {@code id} and {@code deleted});</li>
 *   <li>{@link #rows} and {@link #fragmentRows} walk it again, reading one row at a time and checking it as a row of
 *       the table ({@link TableJson#row}).</li>
 * </ol>
 */
public final class TableReader {
    /** A member's JSON kind, as far as the format cares. */
    public enum Kind { MISSING, ARRAY, OTHER }

    /** The top-level members of a table, found by the first pass; absent members are {@link MissingNode}s. */
    public record Header(JsonNode column, JsonNode element, JsonNode listType, JsonNode otherFields, Kind rows,
                         int rowCount, Kind fragments, List<FragmentHeader> fragmentHeaders) {
        /** Whether the table gives {@code name} (the text's root being an object). */
        public boolean has(String name) {
            return switch (name) {
                case "rows" -> rows != Kind.MISSING;
                case "fragments" -> fragments != Kind.MISSING;
                default -> throw new IllegalArgumentException(name);
            };
        }
    }

    /** One value of {@code fragments}: its {@code id} and {@code deleted} (missing when absent or not an object). */
    public record FragmentHeader(JsonNode id, JsonNode deleted, Kind rows, int rowCount) {
    }

    /** Where the second pass hands rows. */
    public interface Rows {
        /** Row {@code offset} of the rows being read ({@code null} list: a null list). */
        void row(int offset, List<Object[]> list);
    }

    /** Where the second pass over {@code fragments} hands rows, fragment by fragment in document order. */
    public interface FragmentRows {
        /** Fragment {@code index} starts; returns the prefix of its rows' messages (e.g. {@code "fragment 7, "}). */
        String start(int index);

        void row(int index, int offset, List<Object[]> list);

        /** Fragment {@code index} ends (its rows all read). */
        void end(int index);
    }

    private interface Parsers {
        JsonParser open() throws IOException;
    }

    private final Parsers parsers;

    private TableReader(Parsers parsers) {
        this.parsers = parsers;
    }

    /** A table held as text (a protocol request, a scenario). */
    public static TableReader of(String json) {
        return new TableReader(() -> KitJson.parser(json));
    }

    /**
     * A table in a file, read twice and never held. A file that cannot be read is an {@link UncheckedIOException};
     * a folder, or a file larger than the kit reads as JSON ({@link KitJson#MAX_FILE_BYTES}), a
     * {@link ListTable.TableException} naming the file.
     */
    public static TableReader of(Path file) {
        return new TableReader(() -> {
            try {
                return KitJson.parser(file);
            } catch (JsonInputException e) {
                throw new ListTable.TableException(file + ": " + e.getMessage());
            }
        });
    }

    /** The first pass: the whole text checked as JSON, its small members kept. */
    public Header header() {
        return pass(true, parser -> {
            JsonNode column = MissingNode.getInstance();
            JsonNode element = MissingNode.getInstance();
            JsonNode listType = MissingNode.getInstance();
            JsonNode otherFields = MissingNode.getInstance();
            Kind rows = Kind.MISSING;
            int rowCount = 0;
            Kind fragments = Kind.MISSING;
            List<FragmentHeader> fragmentHeaders = new ArrayList<>();
            if (parser.currentToken() != JsonToken.START_OBJECT) {
                KeyNotation.skipValue(parser, "$");
                return new Header(column, element, listType, otherFields, rows, rowCount, fragments, fragmentHeaders);
            }
            while (parser.nextToken() != JsonToken.END_OBJECT) {
                String name = parser.currentName();
                String path = "$." + KitJson.bounded(name);
                parser.nextToken();
                switch (name) {
                    case "column" -> column = KeyNotation.readValue(parser, path);
                    case "element" -> element = KeyNotation.readValue(parser, path);
                    case "list_type" -> listType = KeyNotation.readValue(parser, path);
                    case "other_fields" -> otherFields = KeyNotation.readValue(parser, path);
                    case "rows" -> {
                        rows = kind(parser);
                        rowCount = skipCounting(parser, path);
                    }
                    case "fragments" -> {
                        fragments = kind(parser);
                        if (fragments == Kind.ARRAY) {
                            for (int f = 0; parser.nextToken() != JsonToken.END_ARRAY; f++) {
                                fragmentHeaders.add(fragmentHeader(parser, path + "[" + f + "]"));
                            }
                        } else {
                            KeyNotation.skipValue(parser, path);
                        }
                    }
                    default -> KeyNotation.skipValue(parser, path);
                }
            }
            return new Header(column, element, listType, otherFields, rows, rowCount, fragments, fragmentHeaders);
        });
    }

    private static FragmentHeader fragmentHeader(JsonParser parser, String path) throws IOException {
        JsonNode id = MissingNode.getInstance();
        JsonNode deleted = MissingNode.getInstance();
        Kind rows = Kind.MISSING;
        int rowCount = 0;
        if (parser.currentToken() != JsonToken.START_OBJECT) {
            KeyNotation.skipValue(parser, path);
            return new FragmentHeader(id, deleted, rows, rowCount);
        }
        while (parser.nextToken() != JsonToken.END_OBJECT) {
            String name = parser.currentName();
            String member = path + "." + KitJson.bounded(name);
            parser.nextToken();
            switch (name) {
                case "id" -> id = KeyNotation.readValue(parser, member);
                case "deleted" -> deleted = KeyNotation.readValue(parser, member);
                case "rows" -> {
                    rows = kind(parser);
                    rowCount = skipCounting(parser, member);
                }
                default -> KeyNotation.skipValue(parser, member);
            }
        }
        return new FragmentHeader(id, deleted, rows, rowCount);
    }

    /** The second pass over the top-level {@code rows} (an array: see {@link Header#rows()}). */
    public void rows(ElementSchema schema, Rows sink) {
        pass(false, parser -> {
            if (toMember(parser, "rows")) {
                readRows(parser, "$.rows", schema, "", (offset, list) -> sink.row(offset, list));
            }
            return null;
        });
    }

    /** The second pass over the rows of each fragment of {@code fragments} (an array: see {@link Header#fragments()}). */
    public void fragmentRows(ElementSchema schema, FragmentRows sink) {
        pass(false, parser -> {
            if (!toMember(parser, "fragments")) {
                return null;
            }
            for (int f = 0; parser.nextToken() != JsonToken.END_ARRAY; f++) {
                int index = f;
                String where = sink.start(f);
                if (parser.currentToken() == JsonToken.START_OBJECT) {
                    while (parser.nextToken() != JsonToken.END_OBJECT) {
                        String name = parser.currentName();
                        parser.nextToken();
                        if (name.equals("rows") && parser.currentToken() == JsonToken.START_ARRAY) {
                            readRows(parser, "$.fragments[" + f + "].rows", schema, where,
                                    (offset, list) -> sink.row(index, offset, list));
                        } else {
                            parser.skipChildren();
                        }
                    }
                } else {
                    parser.skipChildren();
                }
                sink.end(f);
            }
            return null;
        });
    }

    /** Moves to the value of top-level member {@code name}, when it is there and an array. */
    private static boolean toMember(JsonParser parser, String name) throws IOException {
        if (parser.currentToken() != JsonToken.START_OBJECT) {
            return false;
        }
        while (parser.nextToken() != JsonToken.END_OBJECT) {
            String member = parser.currentName();
            parser.nextToken();
            if (member.equals(name) && parser.currentToken() == JsonToken.START_ARRAY) {
                return true;
            }
            parser.skipChildren();
        }
        return false;
    }

    private static void readRows(JsonParser parser, String path, ElementSchema schema, String where, Rows sink)
            throws IOException {
        for (int r = 0; parser.nextToken() != JsonToken.END_ARRAY; r++) {
            sink.row(r, TableJson.row(KeyNotation.readValue(parser, path + "[" + r + "]"), where + "row " + r, schema));
        }
    }

    private static Kind kind(JsonParser parser) {
        return parser.currentToken() == JsonToken.START_ARRAY ? Kind.ARRAY : Kind.OTHER;
    }

    /** Skips a value, checking it; for an array, returns how many values it holds. */
    private static int skipCounting(JsonParser parser, String path) throws IOException {
        if (parser.currentToken() != JsonToken.START_ARRAY) {
            KeyNotation.skipValue(parser, path);
            return 0;
        }
        int count = 0;
        while (parser.nextToken() != JsonToken.END_ARRAY) {
            KeyNotation.skipValue(parser, path + "[" + count + "]");
            count++;
        }
        return count;
    }

    private interface Pass<T> {
        T run(JsonParser parser) throws IOException;
    }

    /**
     * One pass over the text: the parser at its first token; JSON refusals are {@link ListTable.TableException}s
     * worded as {@link KeyNotation#readTree} words them, prefixed {@code table: }. {@code whole}: the pass reads the
     * whole value, and text after it is refused (the first pass; the second may stop once it has what it reads).
     */
    private <T> T pass(boolean whole, Pass<T> pass) {
        JsonParser parser;
        try {
            parser = parsers.open();
        } catch (ListTable.TableException e) {
            throw e;
        } catch (IllegalArgumentException e) {
            throw new ListTable.TableException("table: " + e.getMessage());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        try (parser) {
            if (parser.nextToken() == null) {
                throw new ListTable.TableException("table: no JSON value (the input is empty)");
            }
            T result = pass.run(parser);
            if (whole && parser.nextToken() != null) {
                var at = parser.currentTokenLocation();
                throw new ListTable.TableException("table: text after the JSON value at line " + at.getLineNr()
                        + ", column " + at.getColumnNr());
            }
            return result;
        } catch (JsonProcessingException e) {
            throw new ListTable.TableException("table: " + KitJson.describe(e, parser));
        } catch (ListTable.TableException e) {
            throw e;
        } catch (IllegalArgumentException e) { // KeyValueException, JsonInputException
            throw new ListTable.TableException("table: " + e.getMessage());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
