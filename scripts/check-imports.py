#!/usr/bin/env python3
"""Checks that every target of Package.swift declares exactly the modules its Swift files import.

An import of a package module that the target does not declare (it builds only because another
dependency brings it in) and a declared dependency that no file imports are both errors.
System modules (Foundation, Glibc, Testing, …) are ignored. Run from the package root;
`make test` runs it. Exit status 1 lists every mismatch.

It also keeps `import Foundation` out of every target linked into the photofeed binary: they
import FoundationEssentials (and FoundationExtras for what it lacks), so the binary does not link
FoundationInternationalization and its ICU data (~30 MB). feedbench and the tests may import it.

And it keeps the vocabulary one: the Vocabulary target (the words several modules share) depends on
nothing, and no other target, tests included, declares a type (struct, enum, class, actor, protocol
or typealias, nested or not) named as one Vocabulary declares.
"""
import json
import os
import re
import subprocess
import sys

SYSTEM = {"Foundation", "FoundationEssentials", "Glibc", "Darwin", "Dispatch", "Synchronization",
          "Testing", "XCTest", "_Concurrency", "Observation", "os"}
IMPORT = re.compile(r"^\s*(?:@testable\s+|@_\w+\s+)*(?:(?:public|package|internal|private|fileprivate)\s+)?"
                    r"import\s+(?:(?:struct|class|enum|protocol|func|var|let|typealias)\s+)?([A-Za-z_][A-Za-z0-9_]*)",
                    re.MULTILINE)

package = json.loads(subprocess.run(["swift", "package", "dump-package"], check=True,
                                    capture_output=True, text=True).stdout)
problems = []
targets = {target["name"]: target for target in package["targets"]}


def local_dependencies(target):
    """The names of the package's own targets that `target` depends on directly."""
    names = []
    for dependency in target["dependencies"]:
        kind, value = next(iter(dependency.items()))
        if kind in ("byName", "target") and value[0] in targets:
            names.append(value[0])
    return names


in_binary, pending = set(), ["photofeed"]
while pending:
    name = pending.pop()
    if name not in in_binary:
        in_binary.add(name)
        pending.extend(local_dependencies(targets[name]))
FOUNDATION = re.compile(r"^\s*(?:@\w+\s+)*(?:(?:public|package|internal|private|fileprivate)\s+)?"
                        r"import\s+(?:(?:struct|class|enum|protocol|func|var|let|typealias)\s+)?Foundation\b(?!Essentials)",
                        re.MULTILINE)

VOCABULARY = "Vocabulary"
DECLARATION = re.compile(r"^([ \t]*)(?:@\w+(?:\([^)\n]*\))?\s+)*"
                         r"(?:(?:public|package|internal|private|fileprivate|open|final|indirect|nonisolated)\s+)*"
                         r"(?:struct|enum|class|actor|protocol|typealias)\s+([A-Za-z_][A-Za-z0-9_]*)",
                         re.MULTILINE)
KEYWORDS = {"func", "var", "let", "subscript", "init", "deinit"}


def target_folder(target):
    return target.get("path") or os.path.join("Tests" if target["type"] == "test" else "Sources", target["name"])


def swift_files(folder):
    for root, _, files in os.walk(folder):
        for name in sorted(files):
            if name.endswith(".swift"):
                yield os.path.join(root, name)


def declarations(path):
    """(name, line, top level) of every type the Swift file at `path` declares."""
    with open(path, encoding="utf-8") as file:
        text = file.read()
    for match in DECLARATION.finditer(text):
        if match.group(2) not in KEYWORDS:
            yield match.group(2), text.count("\n", 0, match.start()) + 1, match.group(1) == ""


vocabulary = {}
if VOCABULARY in targets:
    if targets[VOCABULARY]["dependencies"]:
        problems.append(f"{VOCABULARY}: must depend on nothing (it is the leaf every module shares)")
    for path in swift_files(target_folder(targets[VOCABULARY])):
        for name, _, top in declarations(path):
            if top:
                vocabulary[name] = path
for target in package["targets"]:
    if target["type"] == "system" or target["name"] == VOCABULARY:
        continue
    for path in swift_files(target_folder(target)):
        for name, line, _ in declarations(path):
            if name in vocabulary:
                problems.append(f"{path}:{line}: declares {name}, a word of the vocabulary ({vocabulary[name]}): "
                                f"use that one")

for target in package["targets"]:
    if target["type"] == "system":
        continue
    declared = set()
    for dependency in target["dependencies"]:
        kind, value = next(iter(dependency.items()))
        declared.add(value[0])
    folder = target.get("path") or os.path.join("Tests" if target["type"] == "test" else "Sources", target["name"])
    imported = set()
    for root, _, files in os.walk(folder):
        for name in files:
            if name.endswith(".swift"):
                with open(os.path.join(root, name), encoding="utf-8") as file:
                    text = file.read()
                imported.update(IMPORT.findall(text))
                if target["name"] in in_binary and FOUNDATION.search(text):
                    problems.append(f"{os.path.join(root, name)}: imports Foundation (the photofeed binary "
                                    "links FoundationEssentials only; see FoundationExtras)")
    if target["name"] == VOCABULARY:
        for module in sorted(imported):
            problems.append(f"{VOCABULARY}: imports {module}; it must import nothing")
    imported -= SYSTEM
    if not any(name.endswith(".swift") for _, _, files in os.walk(folder) for name in files):
        continue  # a C target: its headers are not checked
    for module in sorted(imported - declared):
        problems.append(f"{target['name']}: imports {module} but does not declare it")
    for module in sorted(declared - imported):
        problems.append(f"{target['name']}: declares {module} but no file imports it")

print("\n".join(problems) if problems else "imports match Package.swift")
sys.exit(1 if problems else 0)
