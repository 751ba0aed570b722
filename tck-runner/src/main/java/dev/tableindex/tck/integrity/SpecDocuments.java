package dev.tableindex.tck.integrity;

import dev.tableindex.tck.run.ClasspathTree;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The spec documents the kit ships ({@code spec/} in the repository, {@code spec/} on the classpath)
 * and the anchors a scenario may cite with {@code @spec:<file>#<anchor>}.
 *
 * <ul>
 *   <li>Markdown ({@code .md}): every heading (ATX {@code #} and setext), slugged as GitHub does it:
 *       lower case, each space becomes {@code -}, every character that is not a letter, digit,
 *       {@code -} or {@code _} is dropped; a repeated slug gets {@code -1}, {@code -2}, ... in
 *       document order. Headings inside front matter, HTML comments and fenced code blocks are not
 *       headings.</li>
 *   <li>Protobuf ({@code .proto}): every {@code message X} (anchor {@code X}, nested
 *       {@code Outer.Inner}), every field {@code X.field_name} (fields inside a {@code oneof}
 *       belong to the enclosing message), every {@code enum E} ({@code Outer.E} when nested) and
 *       enum value {@code E.VALUE} (with {@code E} qualified the same way). Anchors are
 *       case-sensitive.</li>
 * </ul>
 *
 * {@code spec/README.md} describes the folder and is not a spec document.
 */
public final class SpecDocuments {


    /** What an anchor names. */
    public enum Kind { HEADING, MESSAGE, FIELD, ENUM, ENUM_VALUE }

    /**
     * One citable place in a document.
     *
     * @param file    the document's file name, e.g. {@code lance-table.proto}
     * @param anchor  what follows {@code #} in a citation
     * @param heading the heading text (Markdown) or a one-line description (proto), for reports
     * @param line    1-based line of the heading or declaration
     * @param kind    what the anchor names
     * @param level   heading level 1-6 (Markdown); nesting depth, 1 for top-level (proto)
     * @param parent  for a proto field or enum value, the anchor of its message or enum; else empty
     */
    public record Section(String file, String anchor, String heading, int line, Kind kind, int level,
                          String parent) {
        /** {@code file#anchor}, as written after {@code @spec:}. */
        public String citation() {
            return file + "#" + anchor;
        }
    }

    private final Map<String, List<Section>> sections;
    private final Map<String, Section> byCitation;

    private SpecDocuments(Map<String, List<Section>> sections) {
        this.sections = sections;
        Map<String, Section> index = new HashMap<>();
        sections.values().forEach(list -> list.forEach(s -> index.putIfAbsent(s.citation(), s)));
        this.byCitation = index;
    }

    /** The documents bundled on the classpath under {@code spec/}. */
    public static SpecDocuments load() {
        return of(ClasspathFolder.read(ClasspathTree.SPEC));
    }

    /** The documents in a folder, e.g. the repository's {@code spec/}. */
    public static SpecDocuments fromFolder(Path folder) {
        try {
            return of(ClasspathFolder.readFolder(folder));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read spec folder " + folder, e);
        }
    }

    /**
     * Documents given as text, keyed by path relative to the spec folder. Only {@code .md} and
     * {@code .proto} files are documents; {@code README.md} at the top is skipped.
     */
    public static SpecDocuments of(Map<String, String> filesByPath) {
        Map<String, List<Section>> all = new TreeMap<>();
        filesByPath.forEach((path, text) -> {
            if (path.equals("README.md")) {
                return;
            }
            if (path.endsWith(".md")) {
                all.put(path, List.copyOf(markdownSections(path, text)));
            } else if (path.endsWith(".proto")) {
                all.put(path, List.copyOf(protoSections(path, text)));
            }
        });
        return new SpecDocuments(Collections.unmodifiableMap(new LinkedHashMap<>(all)));
    }

    /** Whether {@code file#anchor} names a section of a shipped document. */
    public boolean resolves(String fileAndAnchor) {
        return byCitation.containsKey(fileAndAnchor);
    }

    public Optional<Section> find(String fileAndAnchor) {
        return Optional.ofNullable(byCitation.get(fileAndAnchor));
    }

    /** All anchors per document (documents sorted by name), each list in document order. */
    public Map<String, List<Section>> sections() {
        return sections;
    }

    public Set<String> files() {
        return sections.keySet();
    }

    /**
     * Why a citation does not resolve, for error messages: unknown file (with the known ones), or
     * unknown anchor (with a close match when there is one). Empty when it resolves.
     */
    public Optional<String> explain(String fileAndAnchor) {
        if (resolves(fileAndAnchor)) {
            return Optional.empty();
        }
        int hash = fileAndAnchor.indexOf('#');
        if (hash < 0) {
            return Optional.of("@spec:" + fileAndAnchor + " has no #anchor (expected @spec:<file>#<anchor>)");
        }
        String file = fileAndAnchor.substring(0, hash);
        String anchor = fileAndAnchor.substring(hash + 1);
        List<Section> inFile = sections.get(file);
        if (inFile == null) {
            return Optional.of("@spec:" + fileAndAnchor + ": no spec document " + file + " (known: "
                    + String.join(", ", sections.keySet()) + ")");
        }
        String hint = inFile.stream().map(Section::anchor)
                .filter(a -> a.equalsIgnoreCase(anchor) || a.equals(slug(anchor)))
                .findFirst().map(a -> "; did you mean #" + a + "?").orElse("");
        return Optional.of("@spec:" + fileAndAnchor + ": " + file + " has no anchor #" + anchor + hint);
    }

    // ---------------------------------------------------------------- Markdown

    private static final Pattern ATX = Pattern.compile("^ {0,3}(#{1,6})(?:[ \\t]+(.*?))?(?:[ \\t]+#+)?[ \\t]*$");
    private static final Pattern FENCE = Pattern.compile("^ {0,3}(`{3,}|~{3,}).*$");
    private static final Pattern SETEXT = Pattern.compile("^ {0,3}(=+|-+)[ \\t]*$");
    private static final Pattern NOT_PARAGRAPH = Pattern.compile(
            "^(\\s*$| {4,}|\\t| {0,3}([-*+]\\s|\\d+[.)]\\s|>|#|\\||<|`{3,}|~{3,}|(-\\s*){3,}$|(\\*\\s*){3,}$|(_\\s*){3,}$))");

    static List<Section> markdownSections(String file, String text) {
        String[] lines = text.split("\r?\n", -1);
        List<Section> out = new ArrayList<>();
        Slugger slugger = new Slugger();
        int i = 0;
        // YAML front matter, as GitHub strips it
        if (lines.length > 0 && lines[0].equals("---")) {
            for (int j = 1; j < lines.length; j++) {
                if (lines[j].equals("---") || lines[j].equals("...")) {
                    i = j + 1;
                    break;
                }
            }
        }
        String fence = null;
        boolean inComment = false;
        for (; i < lines.length; i++) {
            String line = lines[i];
            if (inComment) {
                if (line.contains("-->")) {
                    inComment = false;
                }
                continue;
            }
            if (fence != null) {
                String t = line.strip();
                char fenceChar = fence.charAt(0);
                if (t.startsWith(fence) && t.chars().allMatch(c -> c == fenceChar)) {
                    fence = null;
                }
                continue;
            }
            Matcher f = FENCE.matcher(line);
            if (f.matches()) {
                fence = f.group(1);
                continue;
            }
            if (line.stripLeading().startsWith("<!--") && line.length() - line.stripLeading().length() <= 3) {
                inComment = !line.contains("-->");
                continue;
            }
            Matcher atx = ATX.matcher(line);
            if (atx.matches()) {
                String heading = atx.group(2) == null ? "" : atx.group(2).strip();
                out.add(new Section(file, slugger.next(heading), heading, i + 1, Kind.HEADING,
                        atx.group(1).length(), ""));
                continue;
            }
            if (i + 1 < lines.length && SETEXT.matcher(lines[i + 1]).matches()
                    && !NOT_PARAGRAPH.matcher(line).find()
                    && (i == 0 || lines[i - 1].isBlank() || ATX.matcher(lines[i - 1]).matches())) {
                String heading = line.strip();
                int level = lines[i + 1].strip().startsWith("=") ? 1 : 2;
                out.add(new Section(file, slugger.next(heading), heading, i + 1, Kind.HEADING, level, ""));
                i++;
            }
        }
        return out;
    }

    private static final Pattern LINK = Pattern.compile("!?\\[([^\\]]*)]\\([^)]*\\)");
    private static final Pattern HTML_TAG = Pattern.compile("<[^>]*>");

    /** GitHub's heading slug (github-slugger), applied to the heading's plain text. */
    public static String slug(String heading) {
        String text = LINK.matcher(heading).replaceAll("$1");
        text = HTML_TAG.matcher(text).replaceAll("");
        StringBuilder sb = new StringBuilder();
        text.toLowerCase(java.util.Locale.ROOT).codePoints().forEach(c -> {
            if (c == ' ') {
                sb.append('-');
            } else if (c == '-' || c == '_' || Character.isLetterOrDigit(c)
                    || Character.getType(c) == Character.NON_SPACING_MARK) {
                sb.appendCodePoint(c);
            }
        });
        return sb.toString();
    }

    /** Duplicate slugs get {@code -1}, {@code -2}, ... as on GitHub. */
    private static final class Slugger {
        private final Map<String, Integer> occurrences = new HashMap<>();

        String next(String heading) {
            String base = slug(heading);
            String result = base;
            while (occurrences.containsKey(result)) {
                int n = occurrences.get(base) + 1;
                occurrences.put(base, n);
                result = base + "-" + n;
            }
            occurrences.put(result, 0);
            return result;
        }
    }

    // ---------------------------------------------------------------- protobuf

    private record Token(String text, int line) {}

    static List<Section> protoSections(String file, String text) {
        List<Token> tokens = tokenize(text);
        List<Section> out = new ArrayList<>();
        new ProtoParser(file, tokens, out).parseBody("", 0, false);
        return out;
    }

    private static List<Token> tokenize(String text) {
        List<Token> tokens = new ArrayList<>();
        int line = 1;
        int i = 0;
        int n = text.length();
        while (i < n) {
            char c = text.charAt(i);
            if (c == '\n') {
                line++;
                i++;
            } else if (Character.isWhitespace(c)) {
                i++;
            } else if (c == '/' && i + 1 < n && text.charAt(i + 1) == '/') {
                while (i < n && text.charAt(i) != '\n') {
                    i++;
                }
            } else if (c == '/' && i + 1 < n && text.charAt(i + 1) == '*') {
                int end = text.indexOf("*/", i + 2);
                end = end < 0 ? n : end + 2;
                for (int j = i; j < end; j++) {
                    if (text.charAt(j) == '\n') {
                        line++;
                    }
                }
                i = end;
            } else if (c == '"' || c == '\'') {
                int j = i + 1;
                while (j < n && text.charAt(j) != c && text.charAt(j) != '\n') {
                    j += text.charAt(j) == '\\' ? 2 : 1;
                }
                tokens.add(new Token(text.substring(i, Math.min(j + 1, n)), line));
                i = j + 1;
            } else if (Character.isLetterOrDigit(c) || c == '_' || c == '.') {
                int j = i;
                while (j < n && (Character.isLetterOrDigit(text.charAt(j)) || text.charAt(j) == '_'
                        || text.charAt(j) == '.')) {
                    j++;
                }
                tokens.add(new Token(text.substring(i, j), line));
                i = j;
            } else {
                tokens.add(new Token(String.valueOf(c), line));
                i++;
            }
        }
        return tokens;
    }

    private static final class ProtoParser {
        private final String file;
        private final List<Token> tokens;
        private final List<Section> out;
        private int pos;

        ProtoParser(String file, List<Token> tokens, List<Section> out) {
            this.file = file;
            this.tokens = tokens;
            this.out = out;
        }

        private String peek() {
            return pos < tokens.size() ? tokens.get(pos).text() : null;
        }

        /** Parses declarations until the closing brace of the current block (or the end). */
        void parseBody(String scope, int depth, boolean inMessage) {
            String message = scope;
            while (pos < tokens.size()) {
                Token t = tokens.get(pos);
                String word = t.text();
                switch (word) {
                    case "}" -> {
                        pos++;
                        return;
                    }
                    case ";" -> pos++;
                    case "message" -> {
                        String name = tokens.get(pos + 1).text();
                        String anchor = qualify(scope, name);
                        out.add(new Section(file, anchor, "message " + anchor, t.line(), Kind.MESSAGE,
                                depth + 1, scope));
                        pos += 2;
                        expect("{");
                        parseBody(anchor, depth + 1, true);
                    }
                    case "enum" -> {
                        String name = tokens.get(pos + 1).text();
                        String anchor = qualify(scope, name);
                        out.add(new Section(file, anchor, "enum " + anchor, t.line(), Kind.ENUM, depth + 1, scope));
                        pos += 2;
                        expect("{");
                        parseEnum(anchor, depth + 1);
                    }
                    case "oneof" -> {
                        if (inMessage) {
                            pos += 2; // oneof name
                            expect("{");
                            parseBody(message, depth, true); // its fields belong to the message
                        } else {
                            skipStatement();
                        }
                    }
                    case "service", "extend" -> {
                        skipStatement();
                    }
                    case "syntax", "edition", "package", "import", "option", "reserved", "extensions" ->
                            skipStatement();
                    default -> {
                        if (inMessage) {
                            parseField(message, depth);
                        } else {
                            skipStatement();
                        }
                    }
                }
            }
        }

        private void parseField(String message, int depth) {
            int start = pos;
            int angle = 0;
            int eq = -1;
            while (pos < tokens.size()) {
                String w = tokens.get(pos).text();
                if (w.equals("<")) {
                    angle++;
                } else if (w.equals(">")) {
                    angle--;
                } else if (w.equals("=") && angle == 0 && eq < 0) {
                    eq = pos;
                } else if (w.equals(";") && angle == 0) {
                    break;
                } else if (w.equals("{") || w.equals("}")) {
                    // malformed or group: stop here, let the body loop handle the brace
                    if (w.equals("{")) {
                        pos++;
                        skipBlock();
                    }
                    return;
                }
                pos++;
            }
            pos++; // ';'
            if (eq > start) {
                Token name = tokens.get(eq - 1);
                String number = eq + 1 < tokens.size() ? tokens.get(eq + 1).text() : "?";
                String anchor = message + "." + name.text();
                List<String> typeTokens = new ArrayList<>();
                for (int k = start; k < eq - 1; k++) {
                    typeTokens.add(tokens.get(k).text());
                }
                String type = String.join(" ", typeTokens)
                        .replaceAll(" ?< ?", "<").replaceAll(" ?> ?", ">").replace(" ,", ",").strip();
                out.add(new Section(file, anchor, "field " + anchor + " (" + type + " = " + number + ")",
                        name.line(), Kind.FIELD, depth + 1, message));
            }
        }

        private void parseEnum(String anchor, int depth) {
            while (pos < tokens.size()) {
                Token t = tokens.get(pos);
                switch (t.text()) {
                    case "}" -> {
                        pos++;
                        return;
                    }
                    case ";" -> pos++;
                    case "option", "reserved" -> skipStatement();
                    default -> {
                        String number = pos + 2 < tokens.size() ? tokens.get(pos + 2).text() : "?";
                        if (number.equals("-") && pos + 3 < tokens.size()) {
                            number = "-" + tokens.get(pos + 3).text();
                        }
                        String value = anchor + "." + t.text();
                        out.add(new Section(file, value, "enum value " + value + " = " + number, t.line(),
                                Kind.ENUM_VALUE, depth + 1, anchor));
                        skipStatement();
                    }
                }
            }
        }

        private void expect(String text) {
            if (text.equals(peek())) {
                pos++;
            }
        }

        /** Skips to the end of a statement: its ';' or its balanced '{...}' block. */
        private void skipStatement() {
            while (pos < tokens.size()) {
                String w = tokens.get(pos++).text();
                if (w.equals(";")) {
                    return;
                }
                if (w.equals("{")) {
                    skipBlock();
                    return;
                }
            }
        }

        private void skipBlock() {
            int level = 1;
            while (pos < tokens.size() && level > 0) {
                String w = tokens.get(pos++).text();
                if (w.equals("{")) {
                    level++;
                } else if (w.equals("}")) {
                    level--;
                }
            }
        }

        private static String qualify(String scope, String name) {
            return scope.isEmpty() ? name : scope + "." + name;
        }
    }
}
