package dev.tableindex.model.table;

import dev.tableindex.proto.lance.file.Field;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The filter language of table_ops.proto, a SQL subset every engine understands:
 * <pre>
 *   filter     := "true" | comparison ("AND" comparison)*
 *   comparison := column ("=" | "!=" | "&lt;" | "&lt;=" | "&gt;" | "&gt;=") literal | column "IS NULL"
 *   literal    := integer | 'string'       ('' inside a string is one quote)
 * </pre>
 * Keywords are case-insensitive, column names are not. The reference also accepts {@code <>} for
 * {@code !=} and a decimal literal ({@code 1.5}). Evaluation is SQL's three-valued logic: a
 * comparison with a NULL value is UNKNOWN, and a row counts only when the whole filter is TRUE.
 * Comparisons need a scalar column of the literal's family (a number for int32/int64/float/double,
 * a string for string); IS NULL works on every column.
 */
public record Filter(List<Comparison> conjuncts) {
    public Filter {
        conjuncts = List.copyOf(conjuncts);
    }

    public enum Op {
        EQ("="), NE("!="), LT("<"), LE("<="), GT(">"), GE(">="), IS_NULL("IS NULL");

        private final String text;

        Op(String text) {
            this.text = text;
        }

        boolean holds(int order) {
            return switch (this) {
                case EQ -> order == 0;
                case NE -> order != 0;
                case LT -> order < 0;
                case LE -> order <= 0;
                case GT -> order > 0;
                case GE -> order >= 0;
                case IS_NULL -> throw new IllegalStateException();
            };
        }
    }

    /** One comparison; {@code literal} is a Long, a Double or a String (null for IS NULL). */
    public record Comparison(String column, Op op, Object literal) {
        /** TRUE, FALSE or UNKNOWN (null) for one value of the column. */
        public Boolean test(Object value) {
            if (op == Op.IS_NULL) {
                return value == null;
            }
            if (value == null) {
                return null;
            }
            return op.holds(Values.compare(value, literal));
        }

        @Override
        public String toString() {
            return column + " " + op.text + (op == Op.IS_NULL ? "" : " " + (literal instanceof String s
                    ? "'" + s.replace("'", "''") + "'" : literal));
        }
    }

    public static Filter parse(String text) {
        return new Parser(text).filter();
    }

    /**
     * Checks the filter against a schema: every column exists, every comparison fits its type.
     *
     * @return the field id of each conjunct's column, in order
     * @throws TableException INVALID_OPERATION naming the column
     */
    public List<Integer> bind(TableSchema schema) {
        List<Integer> ids = new ArrayList<>();
        for (Comparison c : conjuncts) {
            Field column = schema.require(c.column());
            ColumnType type = schema.typeOf(column);
            if (c.op() != Op.IS_NULL) {
                boolean fits = c.literal() instanceof String ? type.base() == ColumnType.Base.STRING
                        : type.isNumeric();
                if (!fits) {
                    throw TableException.invalid("cannot compare column '" + c.column() + "' of type "
                            + type.notation() + " with " + (c.literal() instanceof String ? "a string" : "a number"));
                }
            }
            ids.add(column.getId());
        }
        return ids;
    }

    /** TRUE (the row counts), FALSE or UNKNOWN (null), by SQL's AND. */
    public Boolean evaluate(Map<Integer, Object> row, List<Integer> fieldIds) {
        Boolean result = Boolean.TRUE;
        for (int i = 0; i < conjuncts.size(); i++) {
            Boolean value = conjuncts.get(i).test(row.get(fieldIds.get(i)));
            if (Boolean.FALSE.equals(value)) {
                return false;
            }
            if (value == null) {
                result = null;
            }
        }
        return result;
    }

    @Override
    public String toString() {
        return conjuncts.isEmpty() ? "true" : String.join(" AND ", conjuncts.stream().map(Comparison::toString).toList());
    }

    private static final class Parser {
        private final String text;
        private int pos;

        Parser(String text) {
            this.text = text;
        }

        Filter filter() {
            skipSpace();
            if (keyword("true")) {
                end();
                return new Filter(List.of());
            }
            List<Comparison> conjuncts = new ArrayList<>();
            conjuncts.add(comparison());
            while (keyword("and")) {
                conjuncts.add(comparison());
            }
            end();
            return new Filter(conjuncts);
        }

        private Comparison comparison() {
            String column = identifier();
            if (keyword("is")) {
                if (!keyword("null")) {
                    throw error("expected NULL after IS");
                }
                return new Comparison(column, Op.IS_NULL, null);
            }
            Op op = operator();
            return new Comparison(column, op, literal());
        }

        private Op operator() {
            for (String[] candidate : new String[][] {{"<=", "LE"}, {">=", "GE"}, {"!=", "NE"}, {"<>", "NE"},
                    {"=", "EQ"}, {"<", "LT"}, {">", "GT"}}) {
                if (text.startsWith(candidate[0], pos)) {
                    pos += candidate[0].length();
                    skipSpace();
                    return Op.valueOf(candidate[1]);
                }
            }
            throw error("expected a comparison operator or IS NULL");
        }

        private Object literal() {
            if (pos < text.length() && text.charAt(pos) == '\'') {
                StringBuilder value = new StringBuilder();
                pos++;
                while (true) {
                    if (pos >= text.length()) {
                        throw error("unterminated string");
                    }
                    char c = text.charAt(pos++);
                    if (c == '\'') {
                        if (pos < text.length() && text.charAt(pos) == '\'') {
                            value.append('\'');
                            pos++;
                        } else {
                            break;
                        }
                    } else {
                        value.append(c);
                    }
                }
                skipSpace();
                return value.toString();
            }
            int start = pos;
            if (pos < text.length() && (text.charAt(pos) == '-' || text.charAt(pos) == '+')) {
                pos++;
            }
            int digits = pos;
            while (pos < text.length() && Character.isDigit(text.charAt(pos))) {
                pos++;
            }
            if (pos == digits) {
                throw error("expected a number or a 'string'");
            }
            boolean decimal = false;
            if (pos < text.length() && text.charAt(pos) == '.') {
                decimal = true;
                pos++;
                int fraction = pos;
                while (pos < text.length() && Character.isDigit(text.charAt(pos))) {
                    pos++;
                }
                if (pos == fraction) {
                    throw error("expected digits after the decimal point");
                }
            }
            String number = text.substring(start, pos);
            skipSpace();
            try {
                return decimal ? (Object) Double.parseDouble(number) : (Object) Long.parseLong(number);
            } catch (NumberFormatException e) {
                throw error("number out of range: " + number);
            }
        }

        private String identifier() {
            int start = pos;
            while (pos < text.length() && (Character.isLetterOrDigit(text.charAt(pos)) || text.charAt(pos) == '_')) {
                pos++;
            }
            if (pos == start || Character.isDigit(text.charAt(start))) {
                throw error("expected a column name");
            }
            String name = text.substring(start, pos);
            skipSpace();
            return name;
        }

        /** Consumes a keyword followed by a non-identifier character. */
        private boolean keyword(String word) {
            int end = pos + word.length();
            if (end <= text.length() && text.substring(pos, end).toLowerCase(Locale.ROOT).equals(word)
                    && (end == text.length() || !(Character.isLetterOrDigit(text.charAt(end))
                    || text.charAt(end) == '_'))) {
                pos = end;
                skipSpace();
                return true;
            }
            return false;
        }

        private void end() {
            if (pos != text.length()) {
                throw error("unexpected text");
            }
        }

        private void skipSpace() {
            while (pos < text.length() && Character.isWhitespace(text.charAt(pos))) {
                pos++;
            }
        }

        private TableException error(String what) {
            return TableException.invalid("filter '" + text + "', at " + pos + ": " + what);
        }
    }
}
