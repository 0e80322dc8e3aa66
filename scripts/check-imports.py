#!/usr/bin/env python3
"""Checks that every target of Package.swift declares exactly the modules its Swift files import.

An import of a package module that the target does not declare (it builds only because another
dependency brings it in) and a declared dependency that no file imports are both errors.
System modules (Foundation, Glibc, Testing, …) are ignored. Run from the package root;
`make test` runs it. Exit status 1 lists every mismatch.
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
                    imported.update(IMPORT.findall(file.read()))
    imported -= SYSTEM
    if not any(name.endswith(".swift") for _, _, files in os.walk(folder) for name in files):
        continue  # a C target: its headers are not checked
    for module in sorted(imported - declared):
        problems.append(f"{target['name']}: imports {module} but does not declare it")
    for module in sorted(declared - imported):
        problems.append(f"{target['name']}: declares {module} but no file imports it")

print("\n".join(problems) if problems else "imports match Package.swift")
sys.exit(1 if problems else 0)
