package dev.tableindex.model.anyelement;

import dev.tableindex.model.anyelement.Predicate.Operand;
import dev.tableindex.model.anyelement.Predicate.Operator;
import dev.tableindex.model.anyelement.PredicateException.Kind;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Parses the predicate language of docs/any-element-grammar.md into a {@link Predicate} tree.
 *
 * <p>A predicate may nest at most {@link #MAX_DEPTH} levels: each parenthesis, NOT, IS test and each
 * AND/OR operand chain adds one along its path (so {@code a AND b AND c} is 2 deep). Deeper input is a
 * SYNTAX error at the token that goes too deep, so that nothing downstream (binder, evaluator, planner)
 * recurses without bound.
 */
public final class PredicateParser {
    /** The deepest predicate tree the kit parses (docs/any-element-grammar.md, "Limits"). */
    public static final int MAX_DEPTH = 256;

    private static final Set<String> KEYWORDS = Set.of("AND", "OR", "NOT", "IN", "BETWEEN", "IS", "NULL", "TRUE",
            "FALSE", "UNKNOWN", "DISTINCT", "FROM", "DATE", "TIMESTAMP", "FLOAT", "DOUBLE", "X");

    private enum T { IDENT, QUOTED_IDENT, KEYWORD, NUMBER, STRING, OP, LPAREN, RPAREN, COMMA, END }

    private record Token(T type, String text, int column) {
        boolean is(String keyword) {
            return type == T.KEYWORD && text.equals(keyword);
        }
    }

    private final String source;
    private final List<Token> tokens;
    private int next;
    /** Parentheses and NOTs open around the token being parsed. */
    private int nesting;
    /** Depth of each AND/OR/NOT/IS node built (leaves are depth 1 and are not recorded). */
    private final java.util.IdentityHashMap<Predicate, Integer> depths = new java.util.IdentityHashMap<>();

    private PredicateParser(String source) {
        this.source = source;
        this.tokens = lex(source);
    }

    public static Predicate parse(String predicate) {
        PredicateParser parser = new PredicateParser(predicate);
        Predicate result = parser.or();
        Token rest = parser.peek();
        if (rest.type() != T.END) {
            throw syntax(rest, "unexpected " + describe(rest) + " after a complete predicate");
        }
        return result;
    }

    // ----- grammar -----

    private Predicate or() {
        Predicate left = and();
        while (peek().is("OR")) {
            Token or = take();
            Predicate right = and();
            left = deeper(new Predicate.Or(left, right, or.column()), or, left, right);
        }
        return left;
    }

    private Predicate and() {
        Predicate left = not();
        while (peek().is("AND")) {
            Token and = take();
            Predicate right = not();
            left = deeper(new Predicate.And(left, right, and.column()), and, left, right);
        }
        return left;
    }

    private Predicate not() {
        if (peek().is("NOT")) {
            Token not = take();
            enter(not);
            Predicate inner = not();
            nesting--;
            return deeper(new Predicate.Not(inner, not.column()), not, inner, inner);
        }
        return isTruth();
    }

    /** One more parenthesis or NOT around what follows; refused beyond {@link #MAX_DEPTH}. */
    private void enter(Token at) {
        if (++nesting > MAX_DEPTH) {
            throw tooDeep(at);
        }
    }

    /** Records a node's depth (one more than its deeper child); refused beyond {@link #MAX_DEPTH}. */
    private Predicate deeper(Predicate node, Token at, Predicate left, Predicate right) {
        int depth = 1 + Math.max(depths.getOrDefault(left, 1), depths.getOrDefault(right, 1));
        if (depth > MAX_DEPTH) {
            throw tooDeep(at);
        }
        depths.put(node, depth);
        return node;
    }

    private static PredicateException tooDeep(Token at) {
        return new PredicateException(Kind.SYNTAX, at.column(),
                "the predicate nests deeper than " + MAX_DEPTH + " levels (the kit's limit)");
    }

    private Predicate isTruth() {
        Predicate operand = primary();
        while (peek().is("IS") && truthAfterIs()) {
            Token is = take();
            boolean negated = accept("NOT");
            Token target = take();
            TruthValue value = switch (target.text()) {
                case "TRUE" -> TruthValue.TRUE;
                case "FALSE" -> TruthValue.FALSE;
                default -> TruthValue.UNKNOWN;
            };
            operand = deeper(new Predicate.IsTruth(operand, value, negated, is.column()), is, operand, operand);
        }
        return operand;
    }

    /** Whether the IS ahead is IS [NOT] TRUE|FALSE|UNKNOWN (rather than IS [NOT] NULL / DISTINCT FROM). */
    private boolean truthAfterIs() {
        int i = Math.min(next + 1, tokens.size() - 1);
        if (tokens.get(i).is("NOT")) {
            i = Math.min(i + 1, tokens.size() - 1);
        }
        Token target = tokens.get(i);
        return target.is("TRUE") || target.is("FALSE") || target.is("UNKNOWN");
    }

    private Predicate primary() {
        if (peek().type() == T.LPAREN) {
            enter(take());
            Predicate inner = or();
            expect(T.RPAREN, "')'");
            nesting--;
            return inner;
        }
        if (nesting + 1 > MAX_DEPTH) {
            // the comparison is one level more than what encloses it: the token that goes too deep is this one, as
            // it is the NOT or parenthesis past the limit when there are more of them
            throw tooDeep(peek());
        }
        Operand left = operand();
        Token token = peek();
        if (token.type() == T.OP) {
            take();
            Operator operator = switch (token.text()) {
                case "=" -> Operator.EQ;
                case "<>", "!=" -> Operator.NE;
                case "<" -> Operator.LT;
                case "<=" -> Operator.LE;
                case ">" -> Operator.GT;
                default -> Operator.GE;
            };
            return new Predicate.Comparison(operator, left, operand(), left.column());
        }
        boolean negated = false;
        if (token.is("NOT") && (tokens.get(next + 1).is("IN") || tokens.get(next + 1).is("BETWEEN"))) {
            take();
            negated = true;
            token = peek();
        }
        if (token.is("IN")) {
            take();
            expect(T.LPAREN, "'(' after IN");
            List<Operand> list = new ArrayList<>();
            do {
                list.add(operand());
            } while (acceptType(T.COMMA));
            expect(T.RPAREN, "')' or ',' in the IN list");
            return new Predicate.In(left, List.copyOf(list), negated, left.column());
        }
        if (token.is("BETWEEN")) {
            take();
            Operand low = operand();
            if (!accept("AND")) {
                throw syntax(peek(), "expected AND in BETWEEN … AND …, found " + describe(peek()));
            }
            return new Predicate.Between(left, low, operand(), negated, left.column());
        }
        if (token.is("IS") && !truthAfterIs()) {
            take();
            boolean not = accept("NOT");
            if (accept("NULL")) {
                return new Predicate.IsNull(left, not, left.column());
            }
            if (accept("DISTINCT")) {
                if (!accept("FROM")) {
                    throw syntax(peek(), "expected FROM after IS " + (not ? "NOT " : "") + "DISTINCT");
                }
                return new Predicate.IsDistinctFrom(left, operand(), not, left.column());
            }
            throw syntax(peek(), "expected NULL, TRUE, FALSE, UNKNOWN or DISTINCT FROM after IS, found " + describe(peek()));
        }
        return new Predicate.BooleanOperand(left, left.column());
    }

    private Operand operand() {
        Token token = take();
        switch (token.type()) {
            case IDENT, QUOTED_IDENT -> {
                return new Predicate.FieldRef(token.text(), token.column());
            }
            case NUMBER -> {
                return new Predicate.Literal(Predicate.LiteralKind.NUMBER, token.text(), token.column());
            }
            case STRING -> {
                return new Predicate.Literal(Predicate.LiteralKind.STRING, token.text(), token.column());
            }
            case KEYWORD -> {
                switch (token.text()) {
                    case "TRUE", "FALSE" -> {
                        return new Predicate.Literal(Predicate.LiteralKind.BOOLEAN, token.text(), token.column());
                    }
                    case "NULL" -> {
                        return new Predicate.Literal(Predicate.LiteralKind.NULL, "NULL", token.column());
                    }
                    case "DATE", "TIMESTAMP", "FLOAT", "DOUBLE", "X" -> {
                        Token value = take();
                        if (value.type() != T.STRING) {
                            throw syntax(value, "expected a quoted value after " + token.text() + ", found " + describe(value));
                        }
                        Predicate.LiteralKind kind = token.text().equals("X") ? Predicate.LiteralKind.BINARY
                                : Predicate.LiteralKind.valueOf(token.text());
                        return new Predicate.Literal(kind, value.text(), token.column());
                    }
                    default -> {
                    }
                }
            }
            default -> {
            }
        }
        throw syntax(token, "expected a field name or a literal, found " + describe(token));
    }

    // ----- tokens -----

    private Token peek() {
        return tokens.get(next);
    }

    private Token take() {
        Token token = tokens.get(next);
        if (token.type() != T.END) {
            next++;
        }
        return token;
    }

    private boolean accept(String keyword) {
        if (peek().is(keyword)) {
            next++;
            return true;
        }
        return false;
    }

    private boolean acceptType(T type) {
        if (peek().type() == type) {
            next++;
            return true;
        }
        return false;
    }

    private void expect(T type, String what) {
        if (!acceptType(type)) {
            throw syntax(peek(), "expected " + what + ", found " + describe(peek()));
        }
    }

    private static String describe(Token token) {
        return token.type() == T.END ? "the end of the predicate" : "'" + token.text() + "'";
    }

    private static PredicateException syntax(Token at, String what) {
        return new PredicateException(Kind.SYNTAX, at.column(), what);
    }

    private static List<Token> lex(String s) {
        List<Token> tokens = new ArrayList<>();
        int i = 0;
        while (i < s.length()) {
            char c = s.charAt(i);
            int column = i + 1;
            if (Character.isWhitespace(c)) {
                i++;
            } else if (c == '(' || c == ')' || c == ',') {
                tokens.add(new Token(c == '(' ? T.LPAREN : c == ')' ? T.RPAREN : T.COMMA, String.valueOf(c), column));
                i++;
            } else if (c == '=' || c == '<' || c == '>' || c == '!') {
                String op = s.startsWith("<=", i) || s.startsWith(">=", i) || s.startsWith("<>", i) || s.startsWith("!=", i)
                        ? s.substring(i, i + 2) : String.valueOf(c);
                if (op.equals("!")) {
                    throw new PredicateException(Kind.SYNTAX, column, "'!' must be followed by '=' (write != or <>)");
                }
                tokens.add(new Token(T.OP, op, column));
                i += op.length();
            } else if (c == '\'') {
                int[] end = new int[1];
                tokens.add(new Token(T.STRING, quoted(s, i, '\'', end, "string"), column));
                i = end[0];
            } else if (c == '"') {
                int[] end = new int[1];
                tokens.add(new Token(T.QUOTED_IDENT, quoted(s, i, '"', end, "quoted identifier"), column));
                i = end[0];
            } else if (Character.isDigit(c) || c == '.' || (c == '-' && i + 1 < s.length()
                    && (Character.isDigit(s.charAt(i + 1)) || s.charAt(i + 1) == '.'))) {
                int start = i;
                i++;
                while (i < s.length() && (Character.isDigit(s.charAt(i)) || s.charAt(i) == '.'
                        || s.charAt(i) == 'e' || s.charAt(i) == 'E'
                        || ((s.charAt(i) == '+' || s.charAt(i) == '-') && (s.charAt(i - 1) == 'e' || s.charAt(i - 1) == 'E')))) {
                    i++;
                }
                String number = s.substring(start, i);
                if (!number.matches("-?(\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d+)?")) {
                    throw new PredicateException(Kind.BAD_LITERAL, column, "'" + number + "' is not a number");
                }
                tokens.add(new Token(T.NUMBER, number, column));
            } else if (Character.isLetter(c) || c == '_') {
                int start = i;
                while (i < s.length() && (Character.isLetterOrDigit(s.charAt(i)) || s.charAt(i) == '_')) {
                    i++;
                }
                String word = s.substring(start, i);
                String upper = word.toUpperCase(Locale.ROOT);
                boolean binaryPrefix = upper.equals("X") && i < s.length() && s.charAt(i) == '\'';
                if (KEYWORDS.contains(upper) && (!upper.equals("X") || binaryPrefix)) {
                    tokens.add(new Token(T.KEYWORD, upper, column));
                } else {
                    tokens.add(new Token(T.IDENT, word, column));
                }
            } else {
                throw new PredicateException(Kind.SYNTAX, column, "unexpected character '" + c + "'");
            }
        }
        tokens.add(new Token(T.END, "", s.length() + 1));
        return tokens;
    }

    /** The text between quotes starting at {@code start}, a doubled quote standing for one. */
    private static String quoted(String s, int start, char quote, int[] end, String what) {
        StringBuilder text = new StringBuilder();
        int i = start + 1;
        while (i < s.length()) {
            char c = s.charAt(i);
            if (c == quote) {
                if (i + 1 < s.length() && s.charAt(i + 1) == quote) {
                    text.append(quote);
                    i += 2;
                    continue;
                }
                end[0] = i + 1;
                return text.toString();
            }
            text.append(c);
            i++;
        }
        throw new PredicateException(Kind.SYNTAX, start + 1, "unterminated " + what);
    }
}
