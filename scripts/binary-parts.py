#!/usr/bin/env python3
"""What a linked binary is made of: its size unstripped and stripped, its sections, and its code
and data by part (Swift module, BoringSSL copy, ICU code and data, CoreFoundation, other C).

Usage: scripts/binary-parts.py [BINARY]   (default .build/release/photofeed)

Parts come from the symbol table (`nm --size-sort -S`), so run it on an unstripped binary; the
stripped size is measured on a stripped copy. A Swift symbol belongs to the module its mangled
name starts with (`$s10Foundation4DataV…` is Foundation); C symbols are grouped by the prefix
their library gives them (BoringSSL's two vendored copies prefix theirs CNIOBoringSSL_ and
CCryptoBoringSSL_; ICU's C API ends in its version, _74; its data is the one icudtNN_dat).
A C library's static (local) functions carry no prefix and count as "C other" (BoringSSL's
assembly routines among them). Bytes not covered by a sized symbol (Swift metadata records, string literals, relocations) show
in the sections, not in the parts. Prints Markdown tables; needs binutils (nm, size, strip).
"""
import collections
import os
import re
import subprocess
import sys
import tempfile

MiB = 1024 * 1024

SWIFT_RUNTIME = {"Swift", "_Concurrency", "_StringProcessing", "_RegexParser", "Synchronization", "Dispatch",
                 "__C", "SwiftShims", "Distributed", "Observation"}
FOUNDATION = {"Foundation", "FoundationEssentials", "FoundationInternationalization", "_FoundationCollections",
              "FoundationNetworking", "FoundationXML", "_FoundationCShims"}


def swift_module(symbol):
    """The module a mangled Swift symbol belongs to, or None for a non-Swift symbol."""
    match = re.match(r"^_?\$[sS](.*)", symbol)
    if not match:
        return None
    rest = match.group(1)
    if rest.startswith("s"):
        return "Swift"
    if rest.startswith("So") or rest.startswith("SC"):
        return "__C"
    if rest.startswith("S"):
        return "Swift"  # a standard-library substitution (SS String, Si Int, Sa Array…)
    number = re.match(r"^(\d+)", rest)
    if number:
        length = int(number.group(1))
        start = len(number.group(1))
        name = rest[start:start + length]
        return name or "?"
    return "Swift (other)"


def c_part(symbol):
    if symbol.startswith("CNIOBoringSSL") or symbol.startswith("_CNIOBoringSSL"):
        return "BoringSSL: CNIOBoringSSL (swift-nio-ssl)"
    if symbol.startswith("CCryptoBoringSSL") or symbol.startswith("_CCryptoBoringSSL"):
        return "BoringSSL: CCryptoBoringSSL (swift-crypto)"
    if re.match(r"^icudt\d+_dat$", symbol):
        return "ICU data (icudtNN_dat, _FoundationICU)"
    if re.search(r"_7\d$", symbol) or "icu_7" in symbol or symbol.startswith("_ZN6icu_7") or symbol.startswith("_ZNK6icu_7"):
        return "ICU code (_FoundationICU)"
    if symbol.startswith(("CF", "__CF", "_CF", "kCF", "__kCF")):
        return "CF-prefixed C (CoreFoundation; _FoundationCShims tables)"
    if symbol.startswith(("swift_", "_swift_", "__swift", "swift::", "_ZN5swift", "_ZNK5swift")):
        return "Swift runtime (C++)"
    if symbol.startswith("_ZN") or symbol.startswith("_ZNK") or symbol.startswith("_ZT"):
        return "C++ other"
    return "C other"


def group(module):
    if module in FOUNDATION:
        return module
    if module in SWIFT_RUNTIME or module.startswith("Swift ("):
        return "Swift runtime and stdlib"
    return module


def parts(binary):
    out = subprocess.run(["nm", "--size-sort", "-S", binary], check=True, capture_output=True, text=True).stdout
    sizes = collections.Counter()
    for line in out.splitlines():
        fields = line.split()
        if len(fields) < 4:
            continue
        size, symbol = int(fields[1], 16), fields[3]
        module = swift_module(symbol)
        sizes[group(module) if module else c_part(symbol)] += size
    return sizes


def sections(binary):
    out = subprocess.run(["size", "-A", binary], check=True, capture_output=True, text=True).stdout
    rows = []
    for line in out.splitlines()[2:]:
        fields = line.split()
        if len(fields) >= 2 and fields[0].startswith(".") and fields[1].isdigit():
            rows.append((fields[0], int(fields[1])))
    return rows


def stripped_size(binary):
    with tempfile.TemporaryDirectory() as work:
        copy = os.path.join(work, "stripped")
        subprocess.run(["strip", "--strip-unneeded", "-o", copy, binary], check=True)
        return os.path.getsize(copy)


def mib(size):
    return f"{size / MiB:.1f}"


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else ".build/release/photofeed"
    print(f"## {binary}\n")
    print(f"| size | MiB |\n| --- | ---: |")
    print(f"| file | {mib(os.path.getsize(binary))} |")
    print(f"| stripped (strip --strip-unneeded) | {mib(stripped_size(binary))} |\n")
    rows = sorted(sections(binary), key=lambda row: -row[1])
    print("| section | MiB |\n| --- | ---: |")
    shown = 0
    for name, size in rows:
        if size >= MiB // 10:
            print(f"| {name} | {mib(size)} |")
            shown += size
    print(f"| other sections | {mib(sum(size for _, size in rows) - shown)} |\n")
    sizes = parts(binary)
    print("| part (sized symbols) | MiB |\n| --- | ---: |")
    small = 0
    for name, size in sizes.most_common():
        if size >= MiB // 4:
            print(f"| {name} | {mib(size)} |")
        else:
            small += size
    print(f"| everything else (parts under 0.25 MiB) | {mib(small)} |")
    print(f"| all sized symbols | {mib(sum(sizes.values()))} |")


if __name__ == "__main__":
    main()
