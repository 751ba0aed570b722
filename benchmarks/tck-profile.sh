#!/usr/bin/env bash
# Where the wall time of a whole `./tck run` against the reference engine goes: one run with Cucumber's JSON report
# and a JFR recording (benchmarks/tck-profile.jfc: every sleep, park and monitor wait of 1 ms or more, CPU samples
# every 5 ms), then dev.tableindex.benchmarks.TckProfile prints the time per feature file and per step definition,
# the scenario threads' waits by call site, and the CPU samples by library. Extra arguments go to `./tck run`
# (e.g. --tags '@requires:iceberg_index.build'). Not a test: nothing here passes or fails. The recording makes the
# run slower; its figures are shares, the wall time is for benchmarks/tck-wall-time.sh.
# Usage: benchmarks/tck-profile.sh [./tck run arguments]
set -euo pipefail
cd "$(dirname "$0")/.."
mvn -q -B -Pbenchmarks -pl benchmarks -am package -DskipTests
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
echo "# load before: $(cut -d' ' -f1-3 /proc/loadavg)"
TCK_JVM_OPTIONS="-XX:FlightRecorderOptions:stackdepth=512 \
-XX:StartFlightRecording=filename=$out/run.jfr,settings=$PWD/benchmarks/tck-profile.jfc" \
  ./tck run --cucumber-reports --report "$out/report" "$@" | tail -n 1
echo "# load after: $(cut -d' ' -f1-3 /proc/loadavg)"
java -cp "benchmarks/target/classes:$(cat benchmarks/target/classpath.txt)" dev.tableindex.benchmarks.TckProfile \
  "$out/report/cucumber.json" "$out/run.jfr"
