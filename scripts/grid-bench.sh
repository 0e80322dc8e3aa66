#!/bin/sh
# `show --grid` over N files beside `timg --grid` (issue 20's benchmark): wall time and peak RSS,
# photofeed cold (an empty thumbnail cache) and warm (the same cache again), timg once.
# Usage: scripts/grid-bench.sh N  (release build; the files are hard links to Assets/photos,
# round-robin, in /tmp/photofeed-grid-N, kept for the next run; output goes to /dev/null).
set -eu
count=${1:?usage: grid-bench.sh N}
root=$(cd "$(dirname "$0")/.." && pwd)
binary="$root/.build/release/photofeed"
folder=/tmp/photofeed-grid-$count
[ -x "$binary" ] || { echo "build first: swift build -c release --static-swift-stdlib --product photofeed" >&2; exit 1; }
if [ "$(ls "$folder" 2>/dev/null | wc -l)" -ne "$count" ]; then
    rm -rf "$folder"; mkdir -p "$folder"
    python3 - "$root/Assets/photos" "$folder" "$count" <<'PY'
import os, sys
photos, folder, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
names = sorted(n for n in os.listdir(photos) if n.endswith((".jpg", ".png")))
for index in range(count):
    name = names[index % len(names)]
    os.link(os.path.join(photos, name), os.path.join(folder, "%06d-%s" % (index, name)))
PY
fi
cache=$(mktemp -d)
trap 'rm -rf "$cache"' EXIT
measure() {  # label, command...
    label=$1; shift
    /usr/bin/time -f "%e %M" -o "$cache/time" "$@" >/dev/null 2>"$cache/err" || true
    read -r seconds kilobytes <"$cache/time"
    printf "%-26s %7.2f s %6d MB\n" "$label" "$seconds" "$((kilobytes / 1024))"
}
cd "$folder"
export TERM=xterm-256color COLORTERM=truecolor XDG_CACHE_HOME="$cache"
echo "show --grid 8 over $count files, 160 columns (wall time, peak RSS):"
measure "photofeed cold" "$binary" show --grid 8 --width 160 -- *
measure "photofeed warm" "$binary" show --grid 8 --width 160 -- *
measure "photofeed no cache" "$binary" show --grid 8 --width 160 --no-thumbnail-cache -- *
if command -v timg >/dev/null; then measure "timg --grid=8" timg --grid=8 -g160x100000 -pq -- *; fi
