#!/bin/sh
# The large photographs `make bench` measures real pixels on (issue 21's set): Debian's
# mate-backgrounds JPEGs 1920 px wide or more, and the four largest photos of Assets/photos
# (CC BY, 3264-5312 px). Copied into DIR (default .build/bench-photos), which is never
# committed; prints DIR. Needs mate-backgrounds and ImageMagick's identify (make bench
# installs both).
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
dir=${1:-$here/.build/bench-photos}
mkdir -p "$dir"
find /usr/share/backgrounds -name '*.jpg' -type f 2>/dev/null | sort | while read -r file; do
    width=$(identify -format '%w' "$file" 2>/dev/null || echo 0)
    if [ "${width:-0}" -ge 1920 ]; then cp -p "$file" "$dir/"; fi
done
for name in seeding_by_Clements_Engelhardt sunset_by_Aitzol_Berasategi umang_by_Abhishek_Mudgal \
    picosdeeuropa_by_Aitzol_Berasategi; do
    cp -p "$here/Assets/photos/$name.jpg" "$dir/"
done
count=$(find "$dir" -name '*.jpg' | wc -l)
if [ "$count" -lt 16 ]; then
    echo "bench-photos: only $count large photographs in $dir (is mate-backgrounds installed?)" >&2
fi
echo "$dir"
