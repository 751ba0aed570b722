package dev.tableindex.tck.integrity;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code features/CHANGELOG.md}: which scenario ids each TCK version added, changed or removed.
 *
 * <pre>
 * # Changelog of the scenario suite          (free text until the first version heading)
 *
 * ## 0.2.0                                   (a version, newest first; or "## Unreleased")
 * - added MR-0003 reads a manifest whose index section is empty
 * - changed MR-0001 now also checks the footer's minor version
 * - removed MR-0002 duplicate of MR-0001
 *
 * ## 0.1.0
 * - added MR-0001 reads the version of a manifest
 * - added MR-0002 ...
 * </pre>
 *
 * One entry per line: {@code - added|changed|removed <ID>}, then free text. Any other list item
 * under a version heading is an error, so a typo ({@code - add MR-0001}) does not go unnoticed;
 * paragraphs and sub-headings ({@code ###}) are free text.
 */
public final class Changelog {

    public enum Change { ADDED, CHANGED, REMOVED }

    /** One entry; {@code line} is 1-based in CHANGELOG.md. */
    public record Entry(String version, Change change, String id, String text, int line) {}

    /** A line that looks like an entry or a version heading but is not well formed. */
    public record Problem(int line, String message) {}

    static final Pattern ID = Pattern.compile("[A-Z]{2,6}-[0-9]{4}");
    private static final Pattern VERSION = Pattern.compile("^##\\s+\\[?(.+?)]?\\s*$");
    private static final Pattern VERSION_NAME = Pattern.compile("[0-9]+\\.[0-9]+\\.[0-9]+(-[0-9A-Za-z.]+)?|Unreleased");
    private static final Pattern ENTRY = Pattern.compile(
            "^\\s*[-*+]\\s+(added|changed|removed)\\s+(" + ID.pattern() + ")(?![0-9A-Za-z-])\\s*(.*)$");
    private static final Pattern LIST_ITEM = Pattern.compile("^\\s*[-*+]\\s+(.*)$");

    private final List<Entry> entries;
    private final List<Problem> problems;

    private Changelog(List<Entry> entries, List<Problem> problems) {
        this.entries = List.copyOf(entries);
        this.problems = List.copyOf(problems);
    }

    public static Changelog parse(String text) {
        List<Entry> entries = new ArrayList<>();
        List<Problem> problems = new ArrayList<>();
        List<String> versions = new ArrayList<>();
        String version = null;
        boolean inFence = false;
        String[] lines = text.split("\r?\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i];
            int no = i + 1;
            if (line.strip().startsWith("```")) {
                inFence = !inFence;
                continue;
            }
            if (inFence) {
                continue;
            }
            Matcher v = VERSION.matcher(line);
            if (v.matches()) {
                version = v.group(1).strip();
                if (!VERSION_NAME.matcher(version).matches()) {
                    problems.add(new Problem(no, "version heading '" + line.strip()
                            + "' is not a version (expected '## <major>.<minor>.<patch>' or '## Unreleased')"));
                } else if (versions.contains(version)) {
                    problems.add(new Problem(no, "version " + version + " appears twice"));
                }
                versions.add(version);
                continue;
            }
            if (version == null) {
                continue; // introduction
            }
            Matcher e = ENTRY.matcher(line);
            if (e.matches()) {
                entries.add(new Entry(version, Change.valueOf(e.group(1).toUpperCase(java.util.Locale.ROOT)),
                        e.group(2), e.group(3).strip(), no));
            } else if (LIST_ITEM.matcher(line).matches()) {
                problems.add(new Problem(no, "unrecognised entry '" + line.strip()
                        + "' (expected '- added|changed|removed <AREA>-<NNNN> <text>')"));
            }
        }
        return new Changelog(entries, problems);
    }

    public List<Entry> entries() {
        return entries;
    }

    public List<Problem> problems() {
        return problems;
    }
}
