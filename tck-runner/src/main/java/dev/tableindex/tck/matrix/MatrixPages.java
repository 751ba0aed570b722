package dev.tableindex.tck.matrix;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * The files {@code tck matrix} writes into a folder (docs/conformance/): {@code matrix.md}, {@code matrix.html} and
 * {@code badges/<engine>-<version>.svg}, each a function of the reports alone, so a check compares them byte for byte.
 */
public final class MatrixPages {
    static final String LEGEND = "A scenario cell is the engine's outcome: pass, FAIL (a must violated), advisory (a should"
            + " not met), known (an expected failure, listed with its reason in the engine's known-failures file), unexpected"
            + " pass, open (the spec is unsettled: recorded, not scored), ERROR, or – (the engine does not declare the"
            + " capability). A rule or area cell counts the scenarios passed of those scored (all but – and open), then the"
            + " others by outcome.";
    static final String BADGES = "badges";

    private MatrixPages() {
    }

    /** Every file, by its path in the folder ({@code badges/duckdb-1.5.6.svg}), in path order. */
    public static Map<String, String> files(ConformanceMatrix matrix) {
        Map<String, String> files = new TreeMap<>();
        files.put("matrix.md", MatrixMarkdown.render(matrix));
        files.put("matrix.html", MatrixHtml.render(matrix));
        matrix.engines().forEach(e -> files.put(BADGES + "/" + e.badgeFile(), Badges.svg(e)));
        return files;
    }

    public static void write(ConformanceMatrix matrix, Path folder) {
        try {
            Files.createDirectories(folder.resolve(BADGES));
            for (var file : files(matrix).entrySet()) {
                Files.writeString(folder.resolve(file.getKey()), file.getValue(), StandardCharsets.UTF_8);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(folder + ": cannot write the matrix (" + e.getMessage() + ")", e);
        }
    }

    /** What in {@code folder} is not the matrix of these reports: a file missing or different, a badge no engine has. */
    public static List<String> check(ConformanceMatrix matrix, Path folder) {
        Map<String, String> files = files(matrix);
        List<String> problems = new ArrayList<>();
        for (var file : files.entrySet()) {
            Path path = folder.resolve(file.getKey());
            try {
                if (!Files.isRegularFile(path)) {
                    problems.add(path + " is missing");
                } else if (!Files.readString(path, StandardCharsets.UTF_8).equals(file.getValue())) {
                    problems.add(path + " is not the matrix of these reports");
                }
            } catch (IOException e) {
                problems.add(path + " cannot be read (" + e.getMessage() + ")");
            }
        }
        Path badges = folder.resolve(BADGES);
        if (Files.isDirectory(badges)) {
            try (Stream<Path> listed = Files.list(badges)) {
                listed.map(p -> BADGES + "/" + p.getFileName()).filter(p -> !files.containsKey(p)).sorted()
                        .forEach(p -> problems.add(folder.resolve(p) + " is the badge of no engine given"));
            } catch (IOException e) {
                problems.add(badges + " cannot be listed (" + e.getMessage() + ")");
            }
        }
        return problems;
    }
}
