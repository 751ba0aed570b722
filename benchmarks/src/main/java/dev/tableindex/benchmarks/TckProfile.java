package dev.tableindex.benchmarks;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedThread;
import jdk.jfr.consumer.RecordingFile;

/**
 * Where a whole {@code ./tck run}'s wall time goes, from the two records {@code benchmarks/tck-profile.sh} makes of
 * one run: Cucumber's JSON report (each step's and hook's duration) and a JFR recording (every sleep, park or
 * monitor wait of 1 ms or more, and CPU samples). It prints the time per feature file and per step definition, the
 * threads that run scenarios (which also make an in-process engine's calls) waiting by call site, and the
 * CPU samples by the library they fell in (the first of {@link #LIBRARIES} on the stack). A profile, not a benchmark: it passes or fails on nothing.
 *
 * <p>Usage: {@code TckProfile cucumber.json run.jfr [rows]}
 */
public final class TckProfile {
    /**
     * The threads that run scenarios, which also make an in-process engine's calls (decision 0132): {@code main} for a
     * run with one thread, JUnit's fork-join workers for a run with more (decision 0147), and {@code engine-call}, the
     * thread those calls ran on before, so that older recordings still read.
     */
    private static final Set<String> SCENARIO_THREADS = Set.of("main", "engine-call");
    /** JUnit's fork-join workers are named {@code ForkJoinPool-<n>-worker-<m>} (the common pool's have a dot). */
    private static final Pattern WORKER_THREAD = Pattern.compile("ForkJoinPool-\\d+-worker-\\d+");
    private static final Set<String> WAITS = Set.of("jdk.ThreadSleep", "jdk.ThreadPark", "jdk.JavaMonitorWait");
    /**
     * A CPU sample counts for the first package of this list that is anywhere on its stack: a library the kit calls
     * before the kit's own code, which runs inside Cucumber's.
     */
    private static final List<String> LIBRARIES = List.of("org.apache.hadoop.conf", "org.apache.hadoop",
            "org.apache.parquet", "org.apache.orc", "org.apache.avro", "org.apache.iceberg", "com.fasterxml.jackson",
            "com.google.protobuf", "org.apache.arrow", "jdk.internal.loader", "java.util.regex", "java.util.zip",
            "dev.tableindex.model", "dev.tableindex.tck", "io.cucumber", "org.junit");

    private TckProfile() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length < 2) {
            System.err.println("usage: TckProfile cucumber.json run.jfr [rows]");
            System.exit(2);
        }
        int rows = args.length > 2 ? Integer.parseInt(args[2]) : 25;
        steps(new ObjectMapper().readTree(Path.of(args[0]).toFile()), rows);
        recording(Path.of(args[1]), rows);
    }

    private static void steps(JsonNode features, int rows) {
        Map<String, Double> byFeature = new HashMap<>();
        Map<String, Integer> scenarios = new HashMap<>();
        Map<String, Double> byStep = new HashMap<>();
        double total = 0;
        for (JsonNode feature : features) {
            String uri = feature.path("uri").asText().replaceFirst("^.*features/", "");
            for (JsonNode scenario : feature.path("elements")) {
                scenarios.merge(uri, 1, Integer::sum);
                for (String part : List.of("before", "steps", "after")) {
                    for (JsonNode step : scenario.path(part)) {
                        double seconds = step.path("result").path("duration").asLong() / 1e9;
                        byFeature.merge(uri, seconds, Double::sum);
                        byStep.merge(step.path("match").path("location").asText("?")
                                .replaceFirst("^dev\\.tableindex\\.tck\\.steps\\.", "")
                                .replaceFirst("\\(.*", ""), seconds, Double::sum);
                        total += seconds;
                    }
                }
            }
        }
        System.out.printf("# steps and hooks: %.2f s in all (Cucumber's durations)%n", total);
        System.out.println("## by feature file: seconds, scenarios, file");
        top(byFeature, rows).forEach(e -> System.out.printf("%7.2f %5d  %s%n", e.getValue(),
                scenarios.get(e.getKey()), e.getKey()));
        System.out.println("## by step definition or hook: seconds, method");
        top(byStep, rows).forEach(e -> System.out.printf("%7.2f  %s%n", e.getValue(), e.getKey()));
    }

    private static void recording(Path jfr, int rows) throws IOException {
        Map<String, Double> waits = new HashMap<>();
        Map<String, Double> samples = new HashMap<>();
        double sampleCount = 0;
        for (RecordedEvent event : RecordingFile.readAllEvents(jfr)) {
            String type = event.getEventType().getName();
            if (WAITS.contains(type) && onScenarioThread(event.getThread())) {
                String site = event.getThread().getJavaName() + " " + type.substring("jdk.".length()) + " "
                        + callSite(event);
                waits.merge(site, seconds(event.getDuration()), Double::sum);
            } else if (type.equals("jdk.ExecutionSample")) {
                samples.merge(library(event), 1.0, Double::sum);
                sampleCount++;
            }
        }
        System.out.println("## waits of 1 ms or more on the scenario threads: seconds, thread, kind, call site");
        top(waits, rows).forEach(e -> System.out.printf("%7.2f  %s%n", e.getValue(), e.getKey()));
        System.out.printf("## CPU samples (%d) by library (the first of TckProfile.LIBRARIES on the stack): share, library%n", (int) sampleCount);
        double all = sampleCount;
        top(samples, rows).forEach(e -> System.out.printf("%6.1f %%  %s%n", 100 * e.getValue() / all, e.getKey()));
    }

    private static boolean onScenarioThread(RecordedThread thread) {
        return thread != null && (SCENARIO_THREADS.contains(thread.getJavaName())
                || WORKER_THREAD.matcher(thread.getJavaName()).matches());
    }

    /** The first three frames outside the JDK (where a wait is, not how the JDK waits). */
    private static String callSite(RecordedEvent event) {
        if (event.getStackTrace() == null) {
            return "?";
        }
        StringBuilder site = new StringBuilder();
        int kept = 0;
        for (RecordedFrame frame : event.getStackTrace().getFrames()) {
            String type = frame.getMethod().getType().getName();
            if (type.startsWith("java.") || type.startsWith("jdk.") || type.startsWith("sun.")) {
                continue;
            }
            site.append(kept == 0 ? "" : " < ").append(type.substring(type.lastIndexOf('.') + 1)).append('.')
                    .append(frame.getMethod().getName()).append(':').append(frame.getLineNumber());
            if (++kept == 3) {
                break;
            }
        }
        return kept == 0 ? "(JDK only)" : site.toString();
    }

    private static String library(RecordedEvent event) {
        if (event.getStackTrace() == null) {
            return "?";
        }
        String best = null;
        int bestRank = Integer.MAX_VALUE;
        for (RecordedFrame frame : event.getStackTrace().getFrames()) {
            String type = frame.getMethod().getType().getName();
            for (int i = 0; i < Math.min(bestRank, LIBRARIES.size()); i++) {
                if (type.startsWith(LIBRARIES.get(i))) {
                    best = LIBRARIES.get(i);
                    bestRank = i;
                    break;
                }
            }
        }
        return best == null ? "other (JDK)" : best;
    }

    private static double seconds(Duration duration) {
        return duration.toNanos() / 1e9;
    }

    private static List<Map.Entry<String, Double>> top(Map<String, Double> values, int rows) {
        return values.entrySet().stream().sorted(Map.Entry.<String, Double>comparingByValue(Comparator.reverseOrder()))
                .limit(rows).toList();
    }
}
