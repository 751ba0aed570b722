#!/usr/bin/env bash
# Builds the benchmarks (profile "benchmarks"; the module is not in the default build) and runs JMH on them.
# Usage: benchmarks/run.sh [PATTERN] [JMH args]
#   benchmarks/run.sh                                   short run of everything (-wi 2 -i 3 -f 1)
#   benchmarks/run.sh KeyEncodingBenchmark -prof gc     one class, its annotation defaults, allocation per op
#   benchmarks/run.sh 'int64(Batches|OneBatch)' -i 10   a regex over benchmark names; -h lists JMH's options
# The machine (CPUs, model, JVM) and its load (uptime) are printed before and after the run, so every
# figure is recorded with the load it was taken under.
set -euo pipefail
cd "$(dirname "$0")/.."
mvn -q -B -Pbenchmarks -pl benchmarks -am package -DskipTests
if [ "$#" -eq 0 ]; then
  set -- -wi 2 -i 3 -f 1
fi
machine() {
  echo "# machine: $(nproc) CPUs, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | xargs), $(uname -sr)"
  echo "# java: $(java -version 2>&1 | sed -n 2p)"
}
machine
echo "# load before: $(uptime)"
status=0
java --add-opens=java.base/java.nio=ALL-UNNAMED -cp "benchmarks/target/classes:$(cat benchmarks/target/classpath.txt)" \
  org.openjdk.jmh.Main "$@" || status=$?
echo "# load after: $(uptime)"
exit "$status"
