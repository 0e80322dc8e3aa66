#!/usr/bin/env python3
"""Checks that `make test` runs every test exactly once.

`make test` runs the tests in six groups: one parallel run that skips the real-time suites
(`--skip REAL_TIME`), then five real-time groups side by side (`--filter GROUP`). A test matched
by no group is never run; one matched by two runs twice, side by side with itself. This lists
every test of the built test binary and fails, naming them, on either.

Usage: scripts/check-test-groups.py TEST_BINARY REAL_TIME GROUP...
       scripts/check-test-groups.py --list FILE REAL_TIME GROUP...   (a saved list, one id a line)

The patterns are the Makefile's own, matched as swift-testing matches `--filter` and `--skip`:
a regular expression found anywhere in the test's id (`Target.Suite/test(arguments:)`); a suite
matched by its id brings its tests, whose ids start with it.
"""
import re
import subprocess
import sys


def test_ids(arguments):
    if arguments[0] == "--list":
        with open(arguments[1], encoding="utf-8") as file:
            return [line.strip() for line in file if line.strip()], arguments[2:]
    listed = subprocess.run([arguments[0], "--testing-library", "swift-testing", "--list-tests"],
                            check=True, capture_output=True, text=True).stdout
    return [line.strip() for line in listed.splitlines() if "/" in line], arguments[1:]


def main():
    if len(sys.argv) < 4:
        print(__doc__, file=sys.stderr)
        return 2
    ids, patterns = test_ids(sys.argv[1:])
    if not ids:
        print("check-test-groups: the test binary listed no tests", file=sys.stderr)
        return 1
    real_time = re.compile(patterns[0])
    groups = [("parallel", None)] + [(f"real-time group {n + 1} ({p})", re.compile(p)) for n, p in enumerate(patterns[1:])]
    unrun, twice = [], []
    for test in ids:
        runs = [name for name, pattern in groups
                if (pattern is None and not real_time.search(test)) or (pattern is not None and pattern.search(test))]
        if not runs:
            unrun.append(test)
        elif len(runs) > 1:
            twice.append(f"{test}: {' and '.join(runs)}")
    for test in unrun:
        print(f"check-test-groups: run by no group of `make test`: {test}", file=sys.stderr)
    for line in twice:
        print(f"check-test-groups: run by more than one group: {line}", file=sys.stderr)
    if unrun or twice:
        print("check-test-groups: put each real-time suite in exactly one group of the Makefile "
              "(and in REAL_TIME_SUITES)", file=sys.stderr)
        return 1
    print(f"every one of the {len(ids)} tests is run by exactly one group")
    return 0


sys.exit(main())
