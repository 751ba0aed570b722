package dev.tableindex.tck.run;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The input a scenario ran on, named as the feature text has it: the file and line, and for an outline row its
 * number (counted from 1 over the outline's Examples rows, as in the id {@code AE-0041#3}) and the row itself.
 */
final class ScenarioInput {
    private ScenarioInput() {
    }

    static String describe(ScenarioResult s) {
        String where = s.uri() + ":" + s.line();
        int hash = s.id().indexOf('#');
        if (hash < 0) {
            return where;
        }
        String row = line(s.uri(), s.line()).map(text -> ": " + text.strip()).orElse("");
        return where + ", Examples row " + s.id().substring(hash + 1) + row;
    }

    /** Line {@code line} (1-based) of a feature file of the suite, if it can be read. */
    static Optional<String> line(String suitePath, int line) {
        if (!suitePath.startsWith("features/")) {
            return Optional.empty();
        }
        Optional<Path> file = ClasspathTree.folder(ClasspathTree.SUITE + suitePath);
        if (file.isEmpty()) {
            return Optional.empty();
        }
        try {
            List<String> lines = Files.readAllLines(file.get(), StandardCharsets.UTF_8);
            return line >= 1 && line <= lines.size() ? Optional.of(lines.get(line - 1)) : Optional.empty();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
