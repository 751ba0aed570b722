#!/usr/bin/env bash
# The TCK's wall time as a user sees it, whole processes: `./tck run` against the reference engine, one scenario and
# the whole suite, each run N times (default 5) after one warm-up run (which builds what ./tck needs: the jar and
# its class-data-sharing archive). Prints each run's wall and CPU seconds and the median, with the machine and its
# load before and after, so a figure is never recorded without the load it was taken under. Not a test: nothing
# here passes or fails on time.
# Usage: benchmarks/tck-wall-time.sh [N]
set -euo pipefail
cd "$(dirname "$0")/.."
n="${1:-5}"
echo "# machine: $(nproc) CPUs, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | xargs), $(uname -sr)"
echo "# java: $(java -version 2>&1 | sed -n 2p)"
echo "# load before: $(cut -d' ' -f1-3 /proc/loadavg)"
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT

median() { # the median of the numbers on standard input, one a line
  sort -n | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'
}

# The CPU a run takes says what state the host was in: the work of one build is the same from run to run, and its
# user+sys seconds rose 1.6x on a day when the host's cores were slower with no steal time counted (docs/benchmarks.md,
# "The whole run on two days"). So the median CPU is printed beside the median wall time.
bench() { # bench NAME ARGS...: N timed runs of ./tck ARGS, the median wall time and CPU
  local name="$1" walls=() cpus=() i start end cpu
  shift
  ./tck "$@" --report "$out/warm-up" >/dev/null 2>&1
  for ((i = 1; i <= n; i++)); do
    start="$(date +%s.%N)"
    cpu="$( { TIMEFORMAT='%U %S'; time ./tck "$@" --report "$out/run" >/dev/null 2>&1; } 2>&1 )"
    end="$(date +%s.%N)"
    walls+=("$(awk -v a="$start" -v b="$end" 'BEGIN {print b - a}')")
    cpus+=("$(echo "$cpu" | awk '{print $1 + $2}')")
    printf '%-14s run %d: %6.2f s wall, %s s user+sys\n' "$name" "$i" "${walls[-1]}" "${cpus[-1]}"
  done
  printf '%-14s median: %.2f s wall, %.2f s user+sys over %d runs\n' "$name" \
    "$(printf '%s\n' "${walls[@]}" | median)" "$(printf '%s\n' "${cpus[@]}" | median)" "$n"
}

bench "one scenario" run --tags '@id:KE-0001#1'
bench "whole suite" run
echo "# load after: $(cut -d' ' -f1-3 /proc/loadavg)"
