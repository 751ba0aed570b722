package dev.tableindex.benchmarks;

import com.sun.management.OperatingSystemMXBean;
import java.lang.management.ManagementFactory;
import java.util.List;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.profile.InternalProfiler;
import org.openjdk.jmh.results.AggregationPolicy;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.ScalarResult;

/**
 * For a shared, loaded machine: how much CPU the benchmark JVM got during each iteration
 * ({@code cpu.share}: process CPU time / wall time, 1.0 = one whole core) and, for throughput
 * benchmarks, the score per CPU second ({@code cpu.throughput} = score / share). With one benchmark
 * thread and other processes taking the cores, {@code cpu.throughput} is closer to what a quiet machine
 * gives than the wall-clock score, though cache and memory-bandwidth contention still lower it.
 * Use with {@code -prof dev.tableindex.benchmarks.CpuTimeProfiler}.
 */
public final class CpuTimeProfiler implements InternalProfiler {
    private final OperatingSystemMXBean os = (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    private long cpuStart;
    private long wallStart;

    @Override
    public String getDescription() {
        return "process CPU time per wall time, and throughput per CPU second";
    }

    @Override
    public void beforeIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams) {
        cpuStart = os.getProcessCpuTime();
        wallStart = System.nanoTime();
    }

    @Override
    public List<? extends Result> afterIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams,
            IterationResult result) {
        double share = (double) (os.getProcessCpuTime() - cpuStart) / (System.nanoTime() - wallStart);
        ScalarResult cpuShare = new ScalarResult("cpu.share", share, "cores", AggregationPolicy.AVG);
        if (!result.getScoreUnit().endsWith("/s") || result.getScoreUnit().startsWith("s/")) {
            return List.of(cpuShare);
        }
        return List.of(cpuShare, new ScalarResult("cpu.throughput", result.getPrimaryResult().getScore() / share,
                result.getScoreUnit(), AggregationPolicy.AVG));
    }
}
