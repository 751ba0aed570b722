#!/usr/bin/env bash
# Builds the JMH uber jar (profile "benchmarks"; the module is not in the default build) and runs it.
# Usage: benchmarks/run.sh [JMH args]   e.g. benchmarks/run.sh -h, benchmarks/run.sh int64Keys -i 10
# With no arguments: a short run (2 warmup and 3 measured 5 s iterations, 1 fork), a few minutes on 2 cores.
set -euo pipefail
cd "$(dirname "$0")/.."
mvn -q -B -Pbenchmarks -pl benchmarks -am package -DskipTests
if [ "$#" -eq 0 ]; then
  set -- -wi 2 -i 3 -f 1
fi
exec java --add-opens=java.base/java.nio=ALL-UNNAMED -jar benchmarks/target/benchmarks.jar "$@"
