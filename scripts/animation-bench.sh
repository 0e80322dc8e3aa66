#!/bin/sh
# The viewer's CPU with K animated thumbnails on screen, and with them scrolled away (issue 22's
# benchmark). A folder of K copies of Assets/photos/animated/chelsea-pan.gif (12 frames, 150 ms,
# 180×120) then 200 stills, shown as a grid of 6 columns in a 160×50 tmux (30 cells on screen),
# block art. CPU is the viewer's user + system time over SECONDS (default 10) of each phase,
# read from /proc, as a share of one core.
# Usage: scripts/animation-bench.sh K [SECONDS]   (release build; tmux)
set -eu
count=${1:?usage: animation-bench.sh K [SECONDS]}
seconds=${2:-10}
root=$(cd "$(dirname "$0")/.." && pwd)
binary="$root/.build/release/photofeed"
[ -x "$binary" ] || { echo "build first: swift build -c release --static-swift-stdlib --product photofeed" >&2; exit 1; }
folder=$(mktemp -d)
socket="photofeed-anim-bench-$$"
trap 'tmux -L "$socket" kill-server 2>/dev/null; rm -rf "$folder"' EXIT
index=0
while [ "$index" -lt "$count" ]; do
    cp "$root/Assets/photos/animated/chelsea-pan.gif" "$folder/$(printf 'a%03d' "$index").gif"
    index=$((index + 1))
done
index=0
while [ "$index" -lt 200 ]; do
    ln "$root/Assets/photos/coffee.jpg" "$folder/$(printf 's%03d' "$index").jpg" 2>/dev/null ||
        cp "$root/Assets/photos/coffee.jpg" "$folder/$(printf 's%03d' "$index").jpg"
    index=$((index + 1))
done
tmux -L "$socket" -f /dev/null new-session -d -x 160 -y 50 \
    "TERM=xterm-256color $binary --feed $folder --cache-dir $folder/.cache --no-thumbnail-cache --layout grid --columns 6 --thumb 24x8; sleep 60"
until tmux -L "$socket" capture-pane -p | grep -q 'row 1/'; do sleep 0.05; done
pid=$(pgrep -n -f "$binary --feed $folder")
ticks() { awk '{print $14 + $15}' "/proc/$pid/stat"; }
hertz=$(getconf CLK_TCK)
sleep 2
before=$(ticks); sleep "$seconds"; playing=$(( $(ticks) - before ))
tmux -L "$socket" send-keys G
until tmux -L "$socket" capture-pane -p | grep -q 'end of feed'; do sleep 0.05; done
sleep 2
before=$(ticks); sleep "$seconds"; away=$(( $(ticks) - before ))
awk -v k="$count" -v p="$playing" -v a="$away" -v s="$seconds" -v h="$hertz" 'BEGIN {
    printf "%d animations on screen: %.1f %% of a core; scrolled away: %.1f %%\n", k, 100 * p / (s * h), 100 * a / (s * h) }'
