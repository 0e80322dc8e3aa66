#!/usr/bin/env python3
"""Counts FeedModel's reach-ins into its sub-models' fields (issue 48, point 1).

A reach-in is one occurrence, in Sources/FeedViewer/Feed/FeedModel*.swift (FeedModel.swift,
its FeedModel+*.swift extensions and FeedUpdate.swift's extension of it), of a sub-model's
field name after the name FeedModel keeps it under: `listing.list`, `loading.items`,
`panels.eventLog`, `detail?.zoom`, `detail!.token`, ... A field is a stored property (`var` or
`let` at the type's top level) of ListModel, LoadingModel, AnimationModel, PanelsModel,
ActionsModel, StatusModel, DetailModel (and any model listed in MODELS). A method call
(`listing.show(...)`) or a computed read (`listing.keys`) is not a reach-in: it is the
sub-model's own public read or message.

Not counted: the forwarders FeedModel+Parts.swift declares for views and tests
(`var items: FeedItems { loading.items }`) count once where declared, never where used (a bare
`items[key]` in an extension is a read through a forwarder, not counted here).

    scripts/count-reach-ins.py            # the total
    scripts/count-reach-ins.py --list     # every reach-in, file:line
"""
import glob
import re
import sys

ROOT = "Sources/FeedViewer/Feed"
MODELS = {
    "listing": f"{ROOT}/Models/ListModel.swift",
    "loading": f"{ROOT}/Models/LoadingModel.swift",
    "animation": f"{ROOT}/Models/AnimationModel.swift",
    "panels": f"{ROOT}/Models/PanelsModel.swift",
    "actions": f"{ROOT}/Models/ActionsModel.swift",
    "status": f"{ROOT}/Models/StatusModel.swift",
    "detail": f"{ROOT}/Models/DetailModel.swift",
}


def stored_properties(path):
    names = set()
    depth = 0
    for line in open(path, encoding="utf-8"):
        code = line.split("//")[0]
        if depth == 1:
            m = re.match(r"^\s*(?:(?:private|fileprivate|internal|public)(?:\(set\))?\s+)*(?:var|let)\s+(\w+)\s*(?::[^{=]*)?(=[^{]*)?$", code.rstrip())
            if m:
                names.add(m.group(1))
        depth += code.count("{") - code.count("}")
    return names


def main():
    fields = {owner: stored_properties(path) for owner, path in MODELS.items() if glob.glob(path)}
    files = sorted(glob.glob(f"{ROOT}/FeedModel*.swift") + [f"{ROOT}/FeedUpdate.swift"])
    hits = []
    for path in files:
        for number, line in enumerate(open(path, encoding="utf-8"), 1):
            code = line.split("//")[0]
            for owner, names in fields.items():
                for m in re.finditer(rf"(?<![\w.]){owner}[?!]?\.(\w+)\b(?!\s*\()", code):
                    if m.group(1) in names:
                        hits.append(f"{path}:{number}: {m.group(0)}")
    if "--list" in sys.argv:
        print("\n".join(hits))
    files_count = len(glob.glob(f"{ROOT}/FeedModel+*.swift"))
    lines = sum(len(open(p, encoding="utf-8").readlines()) for p in glob.glob(f"{ROOT}/FeedModel+*.swift"))
    print(f"reach-ins: {len(hits)}  FeedModel+ files: {files_count} ({lines} lines)")


main()
