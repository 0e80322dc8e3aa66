#!/usr/bin/env python3
"""Checks that docs/ARCHITECTURE.md's module map is Package.swift's.

The map is the table under the heading `## Module map`: one row a target of this package
(libraries, executables, the C shim; not system libraries, plugins or test targets), its
first cell the target's name in backticks, its second the package's own targets it depends on
(backticked, comma-separated, `—` for none). A target missing from the map, a row for a target
that is gone, or a dependency that differs is an error. Run from the package root; `make test`
runs it. Exit status 1 lists every mismatch.

It also checks that the feed model's parts own their state: every stored property of a
sub-model in Sources/FeedViewer/Feed/Models is `private(set)` (changed only by the part's own
methods), except the ones that are state machines with their own methods (OWN_MACHINES).

And that the C shim's files call one another without a circle: Sources/CImageShim's .c files,
read after the C preprocessor (clang or cc, with their <system> includes left out), make a graph
where A → B when A names a function B defines or includes B's header; a circle names its files.
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

MODELS = "Sources/FeedViewer/Feed/Models"
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

# No circle in the C shim: among Sources/CImageShim's .c files, A → B when A names a function B
# defines (a call, or a function pointer handed on), or when A includes B's header (b.h beside
# b.c, or a header all of whose functions B defines); a path from a file back to itself is an
# error. Each file is read after the C preprocessor (macros expanded: PF_DISPATCH's
# pf_##name##_decode, the library tables' loaders) with its <system> includes left out, so no
# library's headers are needed; only the lines of the file itself count as its own.
import os
import shutil
import tempfile

SHIM = "Sources/CImageShim"


def shim_units():
    """Every .c and .h file of the shim by name: its own lines after the preprocessor (strings
    emptied), and the shim's headers it includes, directly or through other headers."""
    preprocessor = shutil.which("clang") or shutil.which("cc")
    if preprocessor is None:
        problems.append(f"{SHIM}: no C preprocessor (clang or cc) to read the shim's files with")
        return {}
    sources = sorted(glob.glob(f"{SHIM}/**/*.[ch]", recursive=True))
    units = {}
    with tempfile.TemporaryDirectory() as scratch:
        scratch = os.path.realpath(scratch)
        for path in sources:
            copy = os.path.join(scratch, os.path.relpath(path, SHIM))
            os.makedirs(os.path.dirname(copy), exist_ok=True)
            with open(path, encoding="utf-8") as source, open(copy, "w", encoding="utf-8") as out:
                # Line numbers kept; system headers are not the shim's.
                out.write("".join("\n" if re.match(r"\s*#\s*include\s*<", line) else line for line in source))
        for path in sources:
            copy = os.path.realpath(os.path.join(scratch, os.path.relpath(path, SHIM)))
            result = subprocess.run([preprocessor, "-E", "-w", "-x", "c", "-I", scratch,
                                     "-I", os.path.join(scratch, "include"), copy],
                                    capture_output=True, text=True)
            if result.returncode != 0:
                problems.append(f"{path}: the C preprocessor failed: {result.stderr.strip()}")
                continue
            own, included, current = [], set(), None
            for line in result.stdout.splitlines():
                marker = re.match(r'#\s*(?:line\s+)?\d+\s+"([^"]*)"', line)
                if marker:
                    current = os.path.realpath(marker.group(1)) if marker.group(1)[:1] != "<" else None
                    if current and current != copy and current.startswith(scratch + os.sep):
                        included.add(os.path.basename(current))
                    continue
                if current == copy:
                    own.append(line)
            # Strings and character constants hold no calls.
            text = re.sub(r'"(?:\\.|[^"\\])*"|\'(?:\\.|[^\'\\])*\'', '""', "\n".join(own))
            units[os.path.basename(path)] = (text, included)
    return units


def top_level_functions(text):
    """Functions defined in text: name → static or not (a name, a parenthesised list, then `{`
    at brace depth 0)."""
    found, depth, start = {}, 0, 0
    for match in re.finditer(r"[{};]", text):
        if match.group() == "{":
            if depth == 0:
                head = text[start:match.start()]
                definition = re.search(r"\b([A-Za-z_]\w*)\s*\((?:[^()]|\([^()]*\))*\)\s*"
                                       r"(?:__attribute__\s*\(\(.*?\)\)\s*)*$", head, re.DOTALL)
                if definition and not re.search(r"=\s*$|\b(?:struct|union|enum)\s+\w*\s*$", head):
                    found[definition.group(1)] = bool(re.search(r"\bstatic\b", head[:definition.start()]))
            depth += 1
        elif match.group() == "}":
            depth -= 1
            if depth == 0:
                start = match.end()
        elif depth == 0:
            start = match.end()
    return found


def shim_dependencies():
    """A → B for every .c file A of the shim that names a function or includes a header of .c file
    B, with the reasons."""
    units = shim_units()
    defined = {name: top_level_functions(text) for name, (text, _) in units.items() if name.endswith(".c")}
    definer = {}
    for name, functions in defined.items():
        for function, static in functions.items():
            if not static:
                definer.setdefault(function, set()).add(name)
    # A header's .c file: the one of its name, else the one defining every function it declares.
    headers = {}
    for header, (text, _) in units.items():
        if not header.endswith(".h"):
            continue
        if header[:-2] + ".c" in units:
            headers[header] = header[:-2] + ".c"
            continue
        declared = set(re.findall(r"\b([A-Za-z_]\w*)\s*\(", text))
        owners = set().union(*(definer.get(function, set()) for function in declared))
        if len(owners) == 1:
            headers[header] = owners.pop()
    edges = {}
    for name, (text, included) in units.items():
        if not name.endswith(".c"):
            continue
        for identifier in set(re.findall(r"\b[A-Za-z_]\w*\b", text)) - defined[name].keys():
            for other in definer.get(identifier, set()) - {name}:
                edges.setdefault(name, {}).setdefault(other, []).append(f"names {identifier}")
        for header in included:
            other = headers.get(header)
            if other and other != name:
                edges.setdefault(name, {}).setdefault(other, []).append(f"includes {header}")
    return edges


def shim_circles(edges):
    """Tarjan's strongly connected components of more than one file."""
    index, low, stack, on_stack, found = {}, {}, [], set(), []

    def visit(node):
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(edges.get(node, {})):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return found


def shim_cycle(edges, component):
    """A path around the component from its first file back to it (breadth first: a short one)."""
    members, first = set(component), component[0]
    paths = {first: [first]}
    queue = [first]
    while queue:
        node = queue.pop(0)
        for target in sorted(edges.get(node, {})):
            if target == first:
                return paths[node] + [first]
            if target in members and target not in paths:
                paths[target] = paths[node] + [target]
                queue.append(target)
    return component


def shim_reasons(reasons):
    reasons = sorted(set(reasons))
    return ", ".join(reasons[:3]) + (f" and {len(reasons) - 3} more" if len(reasons) > 3 else "")


shim_edges = shim_dependencies()
for component in shim_circles(shim_edges):
    cycle = shim_cycle(shim_edges, component)
    steps = "; ".join(f"{a} → {b} ({shim_reasons(shim_edges[a][b])})" for a, b in zip(cycle, cycle[1:]))
    problems.append(f"{SHIM}: a circle among {', '.join(component)} (a function or header of one used by "
                    f"another, round to the first; move what they share into a file of its own): {steps}")

# The Folders section of the doc: each `Target/` bullet names that target's folders (backticked),
# and the tree has exactly those (a `.docc` catalogue and a C target's `include` are not folders
# of code). A target with no bullet must have no folders.
import os

folders_section = re.search(r"^## Folders\n(.*?)(?=^## |\Z)", text, re.MULTILINE | re.DOTALL)
if not folders_section:
    problems.append(f"{DOC}: no '## Folders' section")
else:
    listed = {}
    for bullet in re.split(r"^- ", folders_section.group(1), flags=re.MULTILINE)[1:]:
        head = re.match(r"`([A-Za-z0-9_]+)/`", bullet)
        if head:
            listed[head.group(1)] = {name for name in re.findall(r"`([A-Za-z0-9_]+)`", bullet[head.end():])}
    for target in sorted(os.listdir("Sources")):
        root = os.path.join("Sources", target)
        if not os.path.isdir(root):
            continue
        actual = {entry for entry in os.listdir(root)
                  if os.path.isdir(os.path.join(root, entry)) and not entry.endswith(".docc") and entry != "include"}
        documented_folders = listed.get(target, set())
        for name in sorted(actual - documented_folders):
            problems.append(f"{DOC}: Sources/{target}/{name} is not in the Folders section")
        for name in sorted(documented_folders - actual):
            problems.append(f"{DOC}: the Folders section lists Sources/{target}/{name}, which is not there")

# Each Swift target opens with Sources/<T>/<T>Module.swift: a header saying what it owns and
# which of the package's modules it may import, the same set Package.swift declares.
for name in sorted(code):
    if targets[name].get("path") or not os.path.isdir(os.path.join("Sources", name)):
        continue
    if not any(f.endswith(".swift") for _, _, files in os.walk(os.path.join("Sources", name)) for f in files):
        continue  # a C target
    header = os.path.join("Sources", name, f"{name}Module.swift")
    try:
        lines = open(header, encoding="utf-8").read().splitlines()
    except OSError:
        problems.append(f"{header}: missing (what {name} owns and may import)")
        continue
    imports = next((line for line in lines if line.startswith("// May import, of this package: ")), None)
    if imports is None:
        problems.append(f"{header}: no '// May import, of this package: …' line")
        continue
    said = imports.removeprefix("// May import, of this package: ").rstrip(".")
    said = set() if said == "nothing" else {item.strip() for item in said.split(",")}
    if said != code[name]:
        problems.append(f"{header}: says it may import {sorted(said)}; Package.swift declares {sorted(code[name])}")

if problems:
    print("\n".join(problems), file=sys.stderr)
    sys.exit(1)
