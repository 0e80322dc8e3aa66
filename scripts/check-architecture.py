#!/usr/bin/env python3
"""Checks that docs/ARCHITECTURE.md's module map is Package.swift's.

The map is the table under the heading `## Module map`: one row a target of this package
(libraries, executables, the C shim; not system libraries, plugins or test targets), its
first cell the target's name in backticks, its second the package's own targets it depends on
(backticked, comma-separated, `—` for none). A target missing from the map, a row for a target
that is gone, or a dependency that differs is an error. Run from the package root; `make test`
runs it. Exit status 1 lists every mismatch.

It also checks that the feed model's parts own their state: every stored property of a
sub-model in Sources/TerminalUI/Feed/Models is `private(set)` (changed only by the part's own
methods), except the ones that are state machines with their own methods (OWN_MACHINES).
"""
import json
import re
import subprocess
import sys

DOC = "docs/ARCHITECTURE.md"

package = json.loads(subprocess.run(["swift", "package", "dump-package"], check=True,
                                    capture_output=True, text=True).stdout)
targets = {t["name"]: t for t in package["targets"]}
mapped_kinds = {"regular", "executable"}


def local_dependencies(target):
    names = set()
    for dependency in target["dependencies"]:
        kind, value = next(iter(dependency.items()))
        if kind in ("byName", "target") and value[0] in targets and targets[value[0]]["type"] in mapped_kinds:
            names.add(value[0])
    return names


code = {name: local_dependencies(t) for name, t in targets.items()
        if t["type"] in mapped_kinds and not (t.get("path") or "").startswith("Tests/")}

try:
    text = open(DOC, encoding="utf-8").read()
except OSError as error:
    sys.exit(f"{DOC}: {error.strerror}")
section = re.search(r"^## Module map\n(.*?)(?=^## |\Z)", text, re.MULTILINE | re.DOTALL)
if not section:
    sys.exit(f"{DOC}: no '## Module map' section")
documented = {}
for line in section.group(1).splitlines():
    cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
    if len(cells) < 2 or not line.lstrip().startswith("|"):
        continue
    name = re.fullmatch(r"`([A-Za-z0-9_]+)`", cells[0])
    if not name:
        continue
    documented[name.group(1)] = set(re.findall(r"`([A-Za-z0-9_]+)`", cells[1]))

problems = []

MODELS = "Sources/TerminalUI/Feed/Models"
# Stored properties whose types are state machines with their own mutating methods.
OWN_MACHINES = {"list: LazyList", "items = FeedItems()", "eventLog = PipelineEventLog()", "timeline = LoadTimeline()"}
import glob
for path in sorted(glob.glob(f"{MODELS}/*.swift")):
    for number, line in enumerate(open(path, encoding="utf-8"), 1):
        stored = re.match(r"^    var (.+?)\s*$", line)
        if stored and "{" not in stored.group(1) and stored.group(1) not in OWN_MACHINES:
            problems.append(f"{path}:{number}: a sub-model's stored property that others can set "
                            f"(make it private(set) and change it by the model's own method): {stored.group(1)}")
for name in sorted(code.keys() - documented.keys()):
    problems.append(f"{name}: a target of Package.swift with no row in {DOC}'s module map")
for name in sorted(documented.keys() - code.keys()):
    problems.append(f"{name}: a row in {DOC}'s module map for no target of Package.swift")
for name in sorted(code.keys() & documented.keys()):
    missing, extra = code[name] - documented[name], documented[name] - code[name]
    if missing:
        problems.append(f"{name}: depends on {', '.join(sorted(missing))} (Package.swift), not in {DOC}")
    if extra:
        problems.append(f"{name}: {DOC} says it depends on {', '.join(sorted(extra))}, Package.swift does not")
if problems:
    print("\n".join(problems), file=sys.stderr)
    sys.exit(1)
