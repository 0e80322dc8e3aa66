#!/bin/sh
# The viewer on a folder of N photos (issue 20's benchmark): the time to the first frame with
# rows, the time `G` takes to reach the last row, and the viewer's RSS (now and peak) after it.
# Usage: scripts/large-folder-bench.sh N [FOLDER]  (release build; tmux; the folder is made of
# hard links to one small JPEG, in /tmp unless FOLDER is given, and kept for the next run).
set -eu
count=${1:?usage: large-folder-bench.sh N [FOLDER]}
folder=${2:-/tmp/photofeed-bench-$count}
root=$(cd "$(dirname "$0")/.." && pwd)
binary="$root/.build/release/photofeed"
[ -x "$binary" ] || { echo "build first: swift build -c release --static-swift-stdlib --product photofeed" >&2; exit 1; }
if [ "$(find "$folder" -maxdepth 1 -name '*.jpg' 2>/dev/null | wc -l)" -ne "$count" ]; then
    rm -rf "$folder" "$folder".source-*; mkdir -p "$folder"
    python3 - "$root/Assets/photos/coffee.jpg" "$folder" "$count" <<'PY'
import os, shutil, sys
source, folder, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
# A file takes at most 65,000 links (ext4): one copy per 50,000 names, outside the folder.
copies = []
for copy in range((count + 49_999) // 50_000):
    path = "%s.source-%d.jpg" % (folder, copy)
    shutil.copyfile(source, path)
    copies.append(path)
for index in range(count):
    os.link(copies[index // 50_000], os.path.join(folder, "IMG_%07d.jpg" % index))
PY
fi
socket="photofeed-bench-$$"
cache=$(mktemp -d)
trap 'tmux -L "$socket" kill-server 2>/dev/null; rm -rf "$cache"' EXIT
now() { date +%s.%N; }
start=$(now)
tmux -L "$socket" -f /dev/null new-session -d -x 120 -y 40 \
    "TERM=xterm-256color XDG_CACHE_HOME=$cache $binary --feed $folder --cache-dir $cache/disk --no-thumbnail-cache; sleep 30"
until tmux -L "$socket" capture-pane -p | grep -q 'row 1/'; do sleep 0.01; done
first=$(now)
pid=$(pgrep -n -f "$binary --feed $folder")
tmux -L "$socket" send-keys G
until tmux -L "$socket" capture-pane -p | grep -q "row $count/$count"; do sleep 0.05; done
end=$(now)
sleep 1
rss=$(awk '/VmRSS/ {print int($2/1024)}' /proc/$pid/status)
peak=$(awk '/VmHWM/ {print int($2/1024)}' /proc/$pid/status)
awk -v n="$count" -v s="$start" -v f="$first" -v e="$end" -v r="$rss" -v p="$peak" 'BEGIN {
    printf "%d photos: first frame with rows %.2f s, G %.2f s, RSS after G %d MB (peak %d MB)\n", n, f - s, e - f, r, p }'
