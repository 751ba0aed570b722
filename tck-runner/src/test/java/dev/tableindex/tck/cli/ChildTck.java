package dev.tableindex.tck.cli;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * {@code tck} run in a child JVM with a heap of its own ({@code -Xmx}), for tests of what a command needs in memory:
 * the test's JVM cannot bound its own heap per call. The output is read as it comes and only counted and sampled,
 * so that a command printing a million lines does not make the test hold them.
 */
final class ChildTck {
    /** How the child ended: its exit code, how many lines it printed, the lines {@code keep} chose, its stderr. */
    record Result(int exitCode, long lines, List<String> kept, String err) {
    }

    private ChildTck() {
    }

    static Result run(String heap, Predicate<String> keep, String... args) throws IOException, InterruptedException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> command = new ArrayList<>(List.of(java, "-Xmx" + heap, "--add-opens=java.base/java.nio=ALL-UNNAMED",
                "-cp", System.getProperty("java.class.path"), TckCli.class.getName()));
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.PIPE).start();
        long lines = 0;
        List<String> kept = new ArrayList<>();
        try (BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line = out.readLine(); line != null; line = out.readLine()) {
                lines++;
                if (kept.size() < 100 && keep.test(line)) {
                    kept.add(line);
                }
            }
        }
        String err = new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!process.waitFor(120, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new IllegalStateException("tck " + String.join(" ", args) + " did not end");
        }
        return new Result(process.exitValue(), lines, kept, err);
    }
}
