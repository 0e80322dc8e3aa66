#!/usr/bin/env python3
"""The damaged-photos table of docs/damaged-photos.md (issue 50): photofeed and chafa on the same
damaged files, per set and format.

photofeed: `photofeed show --width 40 --height 20 FILE` (block art, which decodes with partial
decoding allowed): exit 0 is drawn whole; exit 1 with "damaged: N % decoded" on stderr is drawn
partly; anything else is refused (its reason on stderr). chafa: `chafa --size 40x20 --animate off
FILE`: drawn when it exits 0 and prints something (it does not say whether a picture is whole).
Each run has a 10 s limit (a run over it counts as refused and is named). Every photofeed run has
its own empty cache directory (XDG_CACHE_HOME), so nothing is read back from an earlier run.

Sets: Tests/CodecFixtures/conformance/imagetestsuite (per format folder), PngSuite's corrupt
x*.png, and "made": the made-damage sources of MadeDamageTests and Assets/photos/coffee.jpg, each
cut at 10, 50, 60 and 90 % of its bytes and with a tenth (at most 4 KiB) zeroed at the middle.

Usage: scripts/damaged-sets-table.py [PHOTOFEED] [--details FILE] (default .build/debug/photofeed;
run from a copy, so a build relinking it meanwhile does not fail a run). --details writes a line a
file: set, path, photofeed's outcome, its seconds, chafa's, and photofeed's words on stderr.
"""
import os
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CONFORMANCE = os.path.join(ROOT, "Tests/CodecFixtures/conformance")
MADE_SOURCES = [
    "Assets/photos/coffee.jpg", "Assets/photos/clock.jpg", "Assets/formats/upright.png",
    "Assets/formats/still.gif", "Assets/formats/still.webp", "Assets/formats/still.avif",
    "Assets/formats/still.heic", "Assets/formats/still.jxl",
    "Tests/CodecFixtures/conformance/made-damage/interlaced.png",
    "Tests/CodecFixtures/conformance/made-damage/interlaced.gif",
    "Tests/CodecFixtures/conformance/made-damage/strips.tiff",
    "Tests/CodecFixtures/conformance/made-damage/tiled.tiff",
    "Tests/CodecFixtures/conformance/made-damage/lossless.webp",
]
LIMIT = 10


def run(command, env=None):
    started = time.monotonic()
    try:
        done = subprocess.run(command, capture_output=True, timeout=LIMIT, env=env)
        return done.returncode, done.stdout, done.stderr.decode("utf-8", "replace"), time.monotonic() - started
    except subprocess.TimeoutExpired:
        return None, b"", "over the time limit", time.monotonic() - started


def photofeed(binary, path):
    with tempfile.TemporaryDirectory() as cache:
        env = dict(os.environ, XDG_CACHE_HOME=cache)
        code, out, err, seconds = run([binary, "show", "--width", "40", "--height", "20", path], env)
    if code == 0 and out:
        return "whole", seconds, ""
    if code == 1 and out and "damaged:" in err:
        return "partly", seconds, err.strip()
    return "refused", seconds, err.strip()


def chafa(path):
    code, out, _, _ = run(["chafa", "--size", "40x20", "--animate", "off", path])
    return "drawn" if code == 0 and out.strip() else "nothing"


def made_files(work):
    files = []
    for source in MADE_SOURCES:
        data = open(os.path.join(ROOT, source), "rb").read()
        name, extension = os.path.splitext(os.path.basename(source))
        variants = {f"cut{share}": data[: len(data) * share // 100] for share in (10, 50, 60, 90)}
        run_length = min(4096, len(data) // 10)
        middle = len(data) // 2
        variants["zeroed"] = data[:middle] + bytes(run_length) + data[middle + run_length:]
        for kind, damaged in variants.items():
            path = os.path.join(work, f"{name}-{kind}{extension}")
            open(path, "wb").write(damaged)
            files.append(path)
    return files


def format_of(path):
    extension = os.path.splitext(path)[1].lower().lstrip(".")
    return {"jpeg": "jpg", "tiff": "tif", "heic": "heif"}.get(extension, extension)


def main():
    arguments = sys.argv[1:]
    details_path = None
    if "--details" in arguments:
        at = arguments.index("--details")
        details_path = arguments[at + 1]
        del arguments[at:at + 2]
    binary = arguments[0] if arguments else os.path.join(ROOT, ".build/debug/photofeed")
    details = []
    suite = os.path.join(CONFORMANCE, "imagetestsuite")
    sets = [("imagetestsuite", sorted(
        os.path.join(suite, folder, name) for folder in ("gif", "jpg", "png", "tif")
        for name in os.listdir(os.path.join(suite, folder))))]
    pngsuite = os.path.join(CONFORMANCE, "pngsuite")
    sets.append(("PngSuite x*.png", sorted(
        os.path.join(pngsuite, name) for name in os.listdir(pngsuite) if name.startswith("x") and name.endswith(".png"))))
    with tempfile.TemporaryDirectory() as work:
        binary = shutil.copy2(binary, os.path.join(work, "photofeed"))
        sets.append(("made", made_files(work)))
        rows = []
        slowest = (0.0, "")
        totals = {}
        for set_name, files in sets:
            by_format = {}
            for path in files:
                outcome, seconds, words = photofeed(binary, path)
                drawn = chafa(path)
                shown = os.path.relpath(path, work if set_name == "made" else ROOT)
                details.append(f"{set_name}\t{shown}\t{outcome}\t{seconds:.3f}\t{drawn}\t{' '.join(words.split())}")
                counts = by_format.setdefault(format_of(path), {"files": 0, "whole": 0, "partly": 0, "refused": 0,
                                                                 "drawn": 0, "nothing": 0, "both": 0})
                counts["files"] += 1
                counts[outcome] += 1
                counts[drawn] += 1
                if drawn == "drawn" and outcome == "refused":
                    counts["both"] += 1
                if seconds > slowest[0]:
                    slowest = (seconds, os.path.relpath(path, work if set_name == "made" else ROOT))
            for fmt in sorted(by_format):
                rows.append((set_name, fmt, by_format[fmt]))
                total = totals.setdefault(set_name, {})
                for key, value in by_format[fmt].items():
                    total[key] = total.get(key, 0) + value
    if details_path:
        with open(details_path, "w") as out:
            out.write("\n".join(details) + "\n")
    print("| set | format | files | photofeed whole | partly | refused | chafa drawn | chafa nothing "
          "| chafa drew, photofeed refused |")
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|")
    for set_name, fmt, c in rows:
        print(f"| {set_name} | {fmt} | {c['files']} | {c['whole']} | {c['partly']} | {c['refused']} "
              f"| {c['drawn']} | {c['nothing']} | {c['both']} |")
    for set_name, c in totals.items():
        print(f"| **{set_name}** | all | {c['files']} | {c['whole']} | {c['partly']} | {c['refused']} "
              f"| {c['drawn']} | {c['nothing']} | {c['both']} |")
    print()
    print(f"photofeed's slowest file: {slowest[1]}, {slowest[0]:.2f} s (wall, process start to exit)")


if __name__ == "__main__":
    main()
