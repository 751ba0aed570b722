#!/usr/bin/env python3
"""Every scenario passes in any order and in any subset (issue 26): scenarios share read-only set-up (source tables,
the S3 store, golden files) and must not depend on what ran before them.

Runs `./tck run` against the reference engine one scenario at a time (--threads 1) in Cucumber's lexical order (the
baseline), in random order (seed TCK_ORDER_SEED, default today's date, printed so a failure can be replayed) and in
reverse order, then each feature file alone with the default threads (one per core: scenarios at the same time,
decision 0147); every run must give every scenario it holds the baseline's outcome, and the random and reverse runs
must really run the scenarios in another order than the baseline (else this check would prove nothing).
Usage: .ci/order-check.py [REPORT_DIR]   (default: a fresh temporary folder)
"""
import datetime
import json
import os
import re
import subprocess
import sys
import tempfile

KIT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
VERBOSE_LINE = re.compile(r"^  [A-Z_]+\s+(\S+)\s")


def run(name, out, jvm_options="", tags=None, threads="auto"):
    """One ./tck run; returns (outcome by scenario id, ids in the order they finished)."""
    report = os.path.join(out, name)
    command = [os.path.join(KIT, "tck"), "run", "-v", "--threads", threads, "--report", report]
    if tags:
        command += ["--tags", tags]
    env = dict(os.environ, TCK_JVM_OPTIONS=jvm_options)
    done = subprocess.run(command, cwd=KIT, env=env, capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(f"error: order check: run '{name}' exited {done.returncode}:\n{done.stdout[-2000:]}{done.stderr[-2000:]}")
    with open(os.path.join(report, "tck-report.json"), encoding="utf-8") as f:
        scenarios = json.load(f)["scenarios"]
    order = [m.group(1) for m in map(VERBOSE_LINE.match, done.stdout.splitlines()) if m]
    return {s["id"]: s["outcome"] for s in scenarios}, order, {s["id"]: s["uri"] for s in scenarios}


def same_outcomes(name, baseline, outcomes):
    changed = [f"{i}: {baseline.get(i, 'ABSENT')} -> {o}" for i, o in sorted(outcomes.items()) if baseline.get(i) != o]
    if changed:
        sys.exit(f"error: order check: run '{name}' changed {len(changed)} outcomes:\n" + "\n".join(changed[:40]))


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else tempfile.mkdtemp(prefix="tck-order-")
    seed = os.environ.get("TCK_ORDER_SEED") or datetime.date.today().strftime("%Y%m%d")
    baseline, lexical, uris = run("lexical", out, threads="1")
    if len(baseline) != len(lexical):
        sys.exit(f"error: order check: the baseline reported {len(baseline)} scenarios but printed {len(lexical)}")
    for name, options in [
        (f"random-{seed}", f"-Dcucumber.execution.order=random -Dcucumber.execution.order.random.seed={seed}"),
        ("reverse", "-Dcucumber.execution.order=reverse"),
    ]:
        outcomes, order = run(name, out, options, threads="1")[:2]
        if sorted(outcomes) != sorted(baseline):
            sys.exit(f"error: order check: run '{name}' did not run the baseline's scenarios")
        if order == lexical:
            sys.exit(f"error: order check: run '{name}' ran the scenarios in the baseline's order ({options} ignored?)")
        same_outcomes(name, baseline, outcomes)
        print(f"order check: {name}: {len(outcomes)} scenarios, the baseline's outcomes")
    features = {}
    for scenario_id, uri in uris.items():
        features.setdefault(uri, []).append(scenario_id)
    for uri, ids in sorted(features.items()):
        name = os.path.basename(uri).removesuffix(".feature")
        outcomes = run(name, out, tags=" or ".join(f"@id:{i}" for i in ids))[0]
        if sorted(outcomes) != sorted(ids):
            sys.exit(f"error: order check: {uri} alone ran {len(outcomes)} scenarios, not its {len(ids)}")
        same_outcomes(name, baseline, outcomes)
    print(f"order check: each of {len(features)} feature files alone: the baseline's outcomes")


if __name__ == "__main__":
    main()
