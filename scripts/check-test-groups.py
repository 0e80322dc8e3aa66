#!/usr/bin/env python3
"""Checks that every test is in the right kind of test target: the target is the one source of truth.

`make test` runs the unit targets in one parallel process and each real-time target (the
Makefile's REAL_TIME_TARGETS, named on the command line) in a process of its own, choosing them by
target name only. So a real-time suite put in a unit target would run beside the CPU-bound unit
suites (and flake), and a unit suite put in a real-time target would run serially for nothing.
The Swift Testing tag `.realTime` says which kind a suite is: every test of a real-time target
carries it, from its suite (`@Suite(..., .tags(.realTime))`), and no test of a unit target carries
it, on its suite or on itself.

This asks the built test bundle, not the sources: it lists every test with its own tags
(`--list-tests` into an event stream of version 1, whose test records carry `_tags`), so a suite
without `@Suite`, a nested suite, a test-level tag or an unusual layout cannot be missed. A test's
tags are its own and every enclosing suite's. It fails, naming each suite, when
  - a suite of a real-time target does not carry `.realTime` itself,
  - a test of a unit target carries `.realTime` (on itself or a suite),
  - a real-time target names no test target of the bundle (a typo, or a target emptied),
  - the bundle lists no test, or reports no tag at all (a toolchain whose records lack them).

Usage: scripts/check-test-groups.py TEST_BUNDLE REAL_TIME_TARGET...
       scripts/check-test-groups.py --records FILE REAL_TIME_TARGET...   (a saved event stream)
"""
import json
import os
import subprocess
import sys
import tempfile

TAG = ".realTime"


def records(arguments):
    """The test records (kind "test") of the bundle, or of a saved event stream."""
    if arguments[0] == "--records":
        path, rest = arguments[1], arguments[2:]
        with open(path, encoding="utf-8") as file:
            lines = file.read().splitlines()
    else:
        rest = arguments[1:]
        with tempfile.TemporaryDirectory() as directory:
            path = os.path.join(directory, "tests.jsonl")
            subprocess.run([arguments[0], "--testing-library", "swift-testing", "--list-tests",
                            "--event-stream-output-path", path, "--event-stream-version", "1"],
                           check=True, stdout=subprocess.DEVNULL)
            with open(path, encoding="utf-8") as file:
                lines = file.read().splitlines()
    tests = []
    for line in lines:
        if line.strip():
            record = json.loads(line)
            if record.get("kind") == "test":
                tests.append(record["payload"])
    return tests, rest


def module(test):
    """The test target a test is in: its source file's module (`fileID` is `Module/File.swift`)."""
    return test["sourceLocation"]["fileID"].split("/")[0]


def where(test):
    location = test["sourceLocation"]
    return f"{location['fileID']}:{location['line']}"


def name(test):
    """A suite's id; a function's without its trailing source location."""
    return test["id"].rsplit("/", 1)[0] if test["kind"] == "function" else test["id"]


def main():
    if len(sys.argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    tests, real_time = records(sys.argv[1:])
    real_time = set(real_time)
    suites = {test["id"]: test for test in tests if test["kind"] == "suite"}
    functions = [test for test in tests if test["kind"] == "function"]
    problems = []
    if not functions:
        problems.append("the test bundle listed no tests")
    if functions and not any(test.get("_tags") for test in tests):
        problems.append("the test bundle reported no tags at all: this toolchain's event stream "
                        "(version 1) may no longer carry `_tags`, so nothing could be checked")
    targets = {module(test) for test in functions}
    for target in sorted(real_time - targets):
        problems.append(f"{target}: a real-time target (REAL_TIME_TARGETS) that is no test target of the bundle")

    def enclosing(test):
        """The suites around `test`, outermost first."""
        return sorted((suite for identifier, suite in suites.items()
                       if test["id"].startswith(identifier + "/") or test["id"].startswith(identifier + ".")),
                      key=lambda suite: len(suite["id"]))

    untagged, misplaced = {}, {}
    counts = {True: 0, False: 0}
    for test in functions:
        target = module(test)
        around = enclosing(test)
        tags = set(test.get("_tags") or []).union(*(set(suite.get("_tags") or []) for suite in around))
        counts[target in real_time] += 1
        if target in real_time:
            outermost = around[0] if around else test
            if TAG not in (outermost.get("_tags") or []):
                untagged.setdefault(name(outermost), where(outermost))
        elif TAG in tags:
            carrier = next((suite for suite in around if TAG in (suite.get("_tags") or [])), test)
            misplaced.setdefault(name(carrier), where(carrier))
    for identifier, location in sorted(untagged.items()):
        what = "without `.tags(.realTime)` on its suite" if identifier in suites else \
            "with no `@Suite(.tags(.realTime))` around it"
        problems.append(f"{identifier} ({location}): in a real-time target {what}: tag it, or move it "
                        "to a unit target if it shapes no real time")
    for identifier, location in sorted(misplaced.items()):
        problems.append(f"{identifier} ({location}): tagged `.realTime` in a unit target: move it to a "
                        "real-time target (the Makefile's REAL_TIME_TARGETS), or drop the tag")
    for problem in problems:
        print(f"check-test-groups: {problem}", file=sys.stderr)
    if problems:
        return 1
    print(f"every one of the {len(functions)} tests is in the right kind of target: {counts[False]} in "
          f"{len(targets - real_time)} unit targets, {counts[True]} tagged .realTime in {len(real_time)} "
          f"real-time targets")
    return 0


sys.exit(main())
