#!/usr/bin/env bash
# previewer-kitty.sh: lf with photofeed as its previewer, in kitty, drawing real pixels.
#
# Usage (from the repository's root):
#   KITTY=/tmp/kitty-v0.47.4/kitty/launcher/kitty scripts/previewer-kitty.sh
#
# kitty >= 0.28 (Debian 12 has 0.26.5: /work/shared/tools/build-kitty.sh builds 0.47.4) runs
# under `xvfb-run` (no window manager), 1000x600 pixels, with Debian's lf (r28) configured
# by docs/previewers/lf exactly as the page says (lfrc, photofeed-lf-preview and
# photofeed-lf-clean on PATH) in a fresh HOME, on a folder of three photos and a text file.
# xdotool presses what a person would, and after each key a screenshot is taken and checked:
#   start  the first photo in pixels in the preview pane
#   j, j   the second, then the third photo (each replacing the one before)
#   k      the second again
#   j, j   notes.txt: the cleaner has taken the picture away (`show --clear`), the text shows
#   k      the third photo again
#   q      lf has quit: nothing of the pictures is left on kitty's screen
# Each check compares the pane with what it must show (a picture, and a different one after
# each move; or the background). The script exits 1 when a check fails, and leaves the
# screenshots in $OUT (default a temporary folder; its path is printed): previewer-lf-kitty.png
# is the montage docs/previewers.md shows.
#
# Before each screenshot the pointer is moved over the window: kitty under Xvfb, whose screen
# lf keeps otherwise still (no blinking cursor), sometimes shows a change only at its next
# repaint, and a screenshot taken before it shows the frame before (a pointer motion makes
# that repaint; lf, which reads mouse buttons only, takes no key from it).
#
# Needs: xvfb, xdotool, imagemagick, lf, fonts-dejavu. The binary: $PHOTOFEED, else
# .build/debug/photofeed. Waits can be stretched on a slow machine: WAIT=2 doubles them.
set -euo pipefail

KITTY=${KITTY:?set KITTY to a kitty >= 0.28 (e.g. /tmp/kitty-v0.47.4/kitty/launcher/kitty)}
PHOTOFEED=${PHOTOFEED:-$PWD/.build/debug/photofeed}
WAIT=${WAIT:-1}
WORK=$(mktemp -d /tmp/previewer-kitty.XXXXXX)
OUT=${OUT:-$WORK/shots}
mkdir -p "$OUT"

pause() { sleep "$(awk -v s="$1" -v w="$WAIT" 'BEGIN { print s * w }')"; }

# The home, configured from the page's files as they are.
home=$WORK/home
mkdir -p "$home/.config/lf" "$home/bin" "$WORK/photos"
cp docs/previewers/lf/lfrc "$home/.config/lf/lfrc"
cp docs/previewers/lf/photofeed-lf-preview docs/previewers/lf/photofeed-lf-clean "$home/bin/"
ln -s "$PHOTOFEED" "$home/bin/photofeed"
cp Assets/photos/Picture_0B_by_freespace.jpg "$WORK/photos/1-fig.jpg"
cp Assets/photos/Picture_1A_by_freespace.jpg "$WORK/photos/2-brushes.jpg"
cp Assets/photos/Wine_by_Jakkub_Mede.jpg "$WORK/photos/3-wine.jpg"
printf 'notes.txt: not a photo, shown by lf as text\n' >"$WORK/photos/notes.txt"

cat >"$WORK/session.sh" <<EOF
#!/usr/bin/env bash
set -u
export HOME="$home" XDG_CONFIG_HOME="$home/.config" XDG_CACHE_HOME="$WORK/cache"
export PATH="$home/bin:\$PATH" LIBGL_ALWAYS_SOFTWARE=1
"$KITTY" --config NONE -o initial_window_width=1000 -o initial_window_height=600 \\
  -o remember_window_size=no -o font_size=11 -o font_family='DejaVu Sans Mono' \\
  --hold -e lf -single "$WORK/photos" >"$WORK/kitty.log" 2>&1 &
sleep $(awk -v w="$WAIT" 'BEGIN { print 5 * w }')
wid=\$(xdotool search --sync --class kitty | head -1)
xdotool mousemove 500 300 windowfocus --sync "\$wid"
n=0
shot() {
  n=\$((n + 1))
  sleep $(awk -v w="$WAIT" 'BEGIN { print 2.5 * w }')
  xdotool mousemove 500 \$((300 + n)); sleep 0.5
  import -window root "$OUT/\$n-\$1.png"
}
shot start
for step in j:second j:third k:second-again j:third-again j:notes k:third-last q:quit; do
  xdotool key --window "\$wid" "\${step%%:*}"
  shot "\${step#*:}"
done
EOF
chmod +x "$WORK/session.sh"
timeout 180 xvfb-run -a -s '-screen 0 1000x600x24' "$WORK/session.sh" >/dev/null 2>&1 || true

# The preview pane, below lf's path line and above its status line, right of the middle
# column (lf's default ratios 1:2:3): what the checks look at.
pane() { convert "$1" -crop 400x380+560+60 +repage "$2"; }
mean() { convert "$1" -colorspace gray -format '%[fx:mean]' info:; }
# The root-mean-square difference of two panes, 0 to 1.
differ() { compare -metric RMSE "$1" "$2" null: 2>&1 | sed -E 's/.*\((.*)\).*/\1/'; }

failures=0
check() {
  local what=$1 file=$2 verdict=$3
  echo "$(basename "$file" .png): $what: $verdict"
  case $verdict in ok*) ;; *) failures=$((failures + 1)) ;; esac
}

shots=("$OUT"/[0-9]-*.png)
[ "${#shots[@]}" -eq 8 ] || { echo "previewer-kitty: ${#shots[@]} screenshots, not 8 (see $WORK/kitty.log)"; exit 1; }
previous=""
for shot in "${shots[@]}"; do
  name=$(basename "$shot" .png)
  pane "$shot" "$WORK/pane-$name.png"
  m=$(mean "$WORK/pane-$name.png")
  case $name in
    *notes|*quit)
      if awk -v m="$m" 'BEGIN { exit !(m < 0.02) }'; then check "no picture (mean $m)" "$shot" ok
      else check "a picture is left (mean $m)" "$shot" FAILED; fi ;;
    *)
      if ! awk -v m="$m" 'BEGIN { exit !(m > 0.05) }'; then
        check "no picture in the pane (mean $m)" "$shot" FAILED
      elif [ -n "$previous" ] && d=$(differ "$WORK/pane-$name.png" "$previous") && awk -v d="$d" 'BEGIN { exit !(d < 0.05) }'; then
        check "the picture before is still there (difference $d)" "$shot" FAILED
      else
        check "a picture, not the one before (mean $m)" "$shot" ok
      fi ;;
  esac
  previous=$WORK/pane-$name.png
done

# The montage docs/previewers.md shows: start, after j, the text file, after k.
montage "$OUT/1-start.png" "$OUT/2-second.png" "$OUT/6-notes.png" "$OUT/7-third-last.png" \
  -tile 2x2 -geometry 450x270+3+3 -background "#444" "$WORK/montage.png"
convert "$WORK/montage.png" -colors 128 "$OUT/previewer-lf-kitty.png"
echo "previewer-kitty: screenshots in $OUT; $failures check(s) failed"
[ "$failures" -eq 0 ]
