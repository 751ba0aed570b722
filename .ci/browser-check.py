#!/usr/bin/env python3
"""Loads a generated HTML page in headless Chromium and checks that the counts it shows are the reports' counts.

Usage: .ci/browser-check.py PAGE.html REPORT.json [REPORT.json ...]

The contract a page keeps (the kit's HTML report and the conformance matrix both do): every count it shows is an
element with data-tck-engine (the report's run.engine_selector), data-tck-outcome (PASS, FAIL, ADVISORY_FAIL,
EXPECTED_FAIL, UNEXPECTED_PASS, UNSUPPORTED, OPEN or ERROR) and data-tck-count (the number shown). The page is read
from the DOM Chromium has after the page's scripts ran (--dump-dom), so a page that renders its counts with script
is checked as a reader sees it. Every engine and outcome of every report must be shown, with the report's count
(must and should levels added up); a count for an engine that no report names fails too. Exit 0 when all agree,
1 with one line per difference, 2 when Chromium or a file cannot be used.
"""
import json
import pathlib
import subprocess
import sys
from html.parser import HTMLParser

OUTCOMES = ["PASS", "FAIL", "ADVISORY_FAIL", "EXPECTED_FAIL", "UNEXPECTED_PASS", "UNSUPPORTED", "OPEN", "ERROR"]
CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                  "--disable-background-networking", "--disable-component-update", "--disable-sync",
                  "--virtual-time-budget=10000"]


class CountCollector(HTMLParser):
    def __init__(self):
        super().__init__()
        self.counts = {}
        self.problems = []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if "data-tck-count" not in a:
            return
        key = (a.get("data-tck-engine"), a.get("data-tck-outcome"))
        try:
            count = int(a["data-tck-count"])
        except (TypeError, ValueError):
            self.problems.append(f"{key}: data-tck-count is not a number: {a['data-tck-count']!r}")
            return
        if key in self.counts and self.counts[key] != count:
            self.problems.append(f"{key}: shown twice with different counts ({self.counts[key]} and {count})")
        self.counts[key] = count


def dump_dom(page: pathlib.Path, profile: pathlib.Path) -> str:
    chromium = next((c for c in ("chromium", "chromium-browser", "google-chrome") if
                     subprocess.run(["sh", "-c", f"command -v {c}"], capture_output=True).returncode == 0), None)
    if chromium is None:
        sys.exit("error: no chromium on PATH (Debian package chromium)")
    done = subprocess.run([chromium, *CHROMIUM_FLAGS, f"--user-data-dir={profile}", "--dump-dom",
                           page.resolve().as_uri()], capture_output=True, text=True, timeout=120)
    if done.returncode != 0 or not done.stdout.strip():
        sys.exit(f"error: chromium could not load {page}: exit {done.returncode}: {done.stderr.strip()[:500]}")
    return done.stdout


def main(argv):
    if len(argv) < 3:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    page = pathlib.Path(argv[1])
    expected = {}
    for name in argv[2:]:
        try:
            report = json.loads(pathlib.Path(name).read_text())
            engine = report["run"]["engine_selector"]
            for outcome in OUTCOMES:
                expected[(engine, outcome)] = sum(report["counts"][level][outcome] for level in report["counts"])
        except (OSError, ValueError, KeyError, TypeError) as e:
            print(f"error: {name}: not a readable tck-report.json ({e})", file=sys.stderr)
            return 2
    import tempfile
    with tempfile.TemporaryDirectory() as profile:
        collector = CountCollector()
        collector.feed(dump_dom(page, pathlib.Path(profile)))
    problems = list(collector.problems)
    for key, count in sorted(expected.items()):
        if key not in collector.counts:
            problems.append(f"{page}: engine {key[0]}: no count shown for {key[1]} (the report has {count})")
        elif collector.counts[key] != count:
            problems.append(f"{page}: engine {key[0]}: {key[1]} shown as {collector.counts[key]}, the report has {count}")
    for key in sorted(set(collector.counts) - set(expected), key=str):
        problems.append(f"{page}: shows engine {key[0]} {key[1]}, which no report given names")
    for p in problems:
        print(p)
    if not problems:
        print(f"{page}: {len(expected)} counts of {len(argv) - 2} report(s) shown as the reports give them")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
