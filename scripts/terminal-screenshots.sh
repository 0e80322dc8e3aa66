#!/usr/bin/env bash
# terminal-screenshots.sh: retake the screenshots of docs/terminals.md's matrix.
#
# Usage (from the repository's root, so the viewer finds Assets/photos):
#   scripts/terminal-screenshots.sh [TERMINAL...]
#   TERMINAL: konsole urxvt st screen linux mlterm mlterm16 vt340small alacritty mlterm24
#   (default: all but mlterm24, one after another)
#
# Each terminal runs alone under `xvfb-run -s '-screen 0 1280x800x24'` (no window
# manager), about 100x30 cells, with an interactive bash (prompt "$ ") whose HOME is a
# fresh temporary folder (no photofeed config, an empty cache). xdotool types, as a user
# would:
#   1. `photofeed` (the default embedded feed), waits for the first screen, `j` `j`,
#      screenshot  -> docs/screenshots/terminal-<name>-viewer.png
#   2. `q`, then `echo typed-at-the-prompt`: screenshot -> <name>-after-q.png
#   3. `clear; photofeed show --probe`: screenshot -> <name>-probe.png
#   4. `clear; photofeed show --height 26 Assets/photos/chelsea.jpg` -> <name>-show.png
#   and per terminal an extra_<name> step where there is more to see (Konsole's sixel,
#   mlterm's block art, chafa and `--symbols half` in st).
# (docs/terminals.md shows some of them; the others are for checking by eye.)
# Screenshots are `import -window root`, cropped to the terminal's window, scaled to
# 1000 px wide at most and reduced to 256 colours (each well under 300 KB).
#
# Needs: xvfb, xdotool, imagemagick, the terminals (Debian 12: rxvt-unicode, stterm,
# konsole, mlterm, screen, xterm, alacritty) and fonts-dejavu. The binary: $PHOTOFEED, else
# `photofeed` on PATH, else .build/debug/photofeed. Output folder: $OUT (default
# docs/screenshots). Waits can be stretched on a slow machine: WAIT=2 doubles them.
set -euo pipefail

PHOTOFEED=${PHOTOFEED:-$(command -v photofeed || echo "$PWD/.build/debug/photofeed")}
OUT=${OUT:-docs/screenshots}
SHOW_PHOTO=${SHOW_PHOTO:-Assets/photos/chelsea.jpg}
WAIT=${WAIT:-1}
FONT=${FONT:-DejaVu Sans Mono}

pause() { sleep "$(awk -v s="$1" -v w="$WAIT" 'BEGIN { print s * w }')"; }

# A fresh HOME with a bashrc: the prompt, photofeed on PATH, the repository as cwd.
make_home() {
  local home
  home=$(mktemp -d "$SHOTS_TMP/home.XXXXXX")
  mkdir -p "$home/bin"
  ln -s "$PHOTOFEED" "$home/bin/photofeed"
  cat >"$home/.bashrc" <<EOF
export HOME="$home"  # st sets HOME from the password file: keep the fresh one
PS1='\$ '
PATH="$home/bin:\$PATH"
cd "$PWD"
EOF
  echo "$home"
}

# snap NAME WINDOW: the root window, cropped to WINDOW, scaled, 256 colours.
snap() {
  local name=$1 window=$2 geometry
  geometry=$(xwininfo -id "$window" | awk '
    /Absolute upper-left X/ { x = $NF } /Absolute upper-left Y/ { y = $NF }
    /Width:/ { w = $NF } /Height:/ { h = $NF } END { printf "%dx%d+%d+%d", w, h, x, y }')
  import -window root -crop "$geometry" +repage -resize '1000x>' -colors 256 \
    "PNG8:$OUT/terminal-$name.png"
  echo "  $OUT/terminal-$name.png ($geometry, $(stat -c %s "$OUT/terminal-$name.png") bytes)"
}

# session NAME CLASS COMMAND...: start the terminal (its command runs bash with our
# bashrc), find its window by class, and play the user's part.
session() {
  local name=$1 class=$2; shift 2
  local window pid
  "$@" >"$SHOTS_TMP/$name.log" 2>&1 &
  pid=$!
  window=$(timeout 30 xdotool search --sync --onlyvisible --class "$class" | head -1)
  pause 3
  # No window manager: the keyboard goes to the window under the pointer.
  eval "$(xdotool getwindowgeometry --shell "$window")"
  xdotool mousemove $((X + WIDTH / 2)) $((Y + HEIGHT / 2))
  xdotool type --delay 40 'photofeed'; xdotool key Return
  pause 8
  xdotool key j; pause 1; xdotool key j; pause 4
  snap "$name-viewer" "$window"
  xdotool key q; pause 2
  xdotool type --delay 40 'echo typed-at-the-prompt'; xdotool key Return; pause 1
  snap "$name-after-q" "$window"
  xdotool type --delay 40 'clear; photofeed show --probe'; xdotool key Return
  pause 3
  snap "$name-probe" "$window"
  xdotool type --delay 40 "clear; photofeed show --height 26 $SHOW_PHOTO"; xdotool key Return
  pause 6
  snap "$name-show" "$window"
  if declare -F "extra_$name" >/dev/null; then "extra_$name" "$window"; fi
  kill "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
}

# type_run COMMAND SECONDS: type a command line at the prompt, wait.
type_run() { xdotool type --delay 40 "$1"; xdotool key Return; pause "$2"; }

# Konsole also draws sixel: `show` in sixel, asked for.
extra_konsole() {
  type_run "clear; photofeed show --graphics sixel --height 26 $SHOW_PHOTO" 6
  snap konsole-show-sixel "$1"
}

# mlterm: the viewer's block art (i), which is 24-bit colour there.
extra_mlterm16() { extra_mlterm "$@"; }  # ($name: the session's, bash scoping)
extra_mlterm() {
  type_run 'clear; photofeed' 8
  xdotool key i; pause 4
  snap "$name-viewer-blocks" "$1"
  xdotool key q; pause 1
}

# st: chafa beside photofeed, the reference of what the fonts draw; and the viewer in
# half blocks (--symbols half), which st's fonts have.
extra_st() {
  type_run "clear; chafa --size 78x26 $SHOW_PHOTO" 4
  snap st-chafa "$1"
  type_run 'clear; photofeed --symbols half' 8
  xdotool key j; pause 1; xdotool key j; pause 4
  snap st-viewer-half "$1"
  xdotool key q; pause 1
}

# One function per terminal: the command a user would run.
shoot_konsole() {
  local home; home=$(make_home)
  session konsole konsole env HOME="$home" dbus-run-session -- \
    konsole --separate --nofork --hide-menubar --hide-tabbar \
    -p TerminalColumns=100 -p TerminalRows=30 -p "Font=$FONT,11" \
    -e bash --rcfile "$home/.bashrc" -i
}

shoot_urxvt() {
  local home; home=$(make_home)
  session urxvt URxvt env HOME="$home" \
    urxvt -geometry 100x30 -fn "xft:$FONT:size=11" -e bash --rcfile "$home/.bashrc" -i
}

shoot_st() {
  local home; home=$(make_home)
  session st st-256color env HOME="$home" \
    stterm -g 100x30 -f "$FONT:size=11" -e bash --rcfile "$home/.bashrc" -i
}

# GNU screen as Debian ships it (its /etc/screenrc), inside stock xterm.
shoot_screen() {
  local home; home=$(make_home)
  session screen XTerm env HOME="$home" \
    xterm -geometry 100x30 -fa "$FONT" -fs 11 -e screen bash --rcfile "$home/.bashrc" -i
}

# The Linux console's TERM, standing in for the console, in stock xterm.
shoot_linux() {
  local home; home=$(make_home)
  session linux XTerm env HOME="$home" \
    xterm -geometry 100x30 -fa "$FONT" -fs 11 -e env TERM=linux bash --rcfile "$home/.bashrc" -i
}

# xterm's sixel (vt340) with a smaller font (8x17-pixel cells), where the list's last, cut
# picture was seen to scroll the screen.
shoot_vt340small() {
  local home; home=$(make_home)
  session vt340small XTerm env HOME="$home" \
    xterm -ti vt340 -geometry 100x30 -fa "$FONT" -fs 10 -e bash --rcfile "$home/.bashrc" -i
}

# alacritty 0.11 with DejaVu Sans Mono 10 (8x17-pixel cells, not 1:2), whose font has no
# sextants: block art in quadrants, no stripes.
shoot_alacritty() {
  local home; home=$(make_home)
  session alacritty Alacritty env HOME="$home" LIBGL_ALWAYS_SOFTWARE=1 \
    alacritty -o "font.normal.family=$FONT" -o font.size=10 \
    -o window.dimensions.columns=100 -o window.dimensions.lines=30 \
    -e bash --rcfile "$home/.bashrc" -i
}

# mlterm at two font sizes: 7x13-pixel cells, and 8x16 (where the list's last, cut
# picture was seen to scroll the screen).
shoot_mlterm() {
  local home; home=$(make_home)
  session mlterm mlterm env HOME="$home" \
    mlterm -g 100x30 --type=xft --fontsize=11 -e bash --rcfile "$home/.bashrc" -i
}

shoot_mlterm16() {
  local home; home=$(make_home)
  session mlterm16 mlterm env HOME="$home" \
    mlterm -g 100x30 --type=xft --fontsize=14 -e bash --rcfile "$home/.bashrc" -i
}

# mlterm's 24-bit colour (issue 51): RUNS times (default 3) with `--colors truecolor` (before:
# what photofeed drew there until it chose 256) and with the default (after: 256 colours),
# in the viewer (`--feed Assets/photos`, `i` for block art, `v` the grid, Enter and `j j` in
# the photo view) and `show --graphics blocks --width 60` of four photos one after another:
# screenshots terminal-mlterm24-<colors>-<run>-<step>.png in $OUT (run it with
# OUT=/tmp/somewhere: they are for looking at), and `show --probe` (through `script`: the
# text in $OUT/mlterm24-probe.txt). In an independent terminal the same 24-bit bytes draw
# clean: xterm runs the same `show --colors truecolor` (terminal-mlterm24-xterm-truecolor.png).
# The docs' picture, docs/screenshots/terminal-mlterm-colors.png: the first runs' photo view
# and `show`, truecolor above the default, reduced as the others.
shoot_mlterm24() {
  local home colors run window pid geometry cmd inner photos
  photos='Assets/photos/retina.jpg Assets/photos/rocket.jpg
    Assets/photos/aitzgorri_by_Aitzol_Berasategi.jpg Assets/photos/Picture_1A_by_freespace.jpg'
  for colors in truecolor auto; do
    for run in $(seq "${RUNS:-3}"); do
      home=$(make_home)
      env HOME="$home" mlterm -g 100x30 --type=xft --fontsize=11 \
        -e bash --rcfile "$home/.bashrc" -i >"$SHOTS_TMP/mlterm24.log" 2>&1 &
      pid=$!
      window=$(timeout 30 xdotool search --sync --onlyvisible --class mlterm | head -1)
      pause 3
      eval "$(xdotool getwindowgeometry --shell "$window")"
      xdotool mousemove $((X + WIDTH / 2)) $((Y + HEIGHT / 2))
      name=mlterm24-$colors-$run
      cmd="photofeed --colors $colors --feed Assets/photos"
      type_run "$cmd" 8
      xdotool key i; pause 5; snap "$name-list" "$window"
      xdotool key v; pause 6; snap "$name-grid" "$window"
      xdotool key Return; pause 5; snap "$name-detail1" "$window"
      xdotool key j; pause 4; snap "$name-detail2" "$window"
      xdotool key j; pause 4; snap "$name-detail3" "$window"
      xdotool key q; pause 1; xdotool key q; pause 1; xdotool key q; pause 1
      inner="clear; for p in $(echo $photos); do"
      inner+=" photofeed show --graphics blocks --colors $colors --width 60 \$p; done"
      type_run "$inner" 15
      snap "$name-show" "$window"
      if [[ $run == 1 && $colors == auto ]]; then
        type_run "clear; script -q -e -c 'photofeed show --probe' $SHOTS_TMP/probe.raw" 3
        # the questions (APC, DCS and CSI strings) taken out: the answer's lines are left
        perl -pe 's/\e[_P\]][^\e\a]*(\e\\|\a)//g; s/\e\[[0-9;?>=<]*[ -\/]*[@-~]//g; s/\e.//g; s/\r$//' \
          "$SHOTS_TMP/probe.raw" | grep -v '^Script ' >"$OUT/mlterm24-probe.txt"
      fi
      kill "$pid" 2>/dev/null || true
      wait "$pid" 2>/dev/null || true
    done
  done
  # The same bytes in xterm, which draws 24-bit colour right.
  home=$(make_home)
  inner="printf '\\e[2J\\e[H'; for p in $(echo $photos); do"
  inner+=" $PHOTOFEED show --graphics blocks --colors truecolor --width 60 \$p; done; exec sleep 600"
  env HOME="$home" xterm -geometry 100x60 -fa "$FONT" -fs 9 -e bash -c "$inner" &
  pid=$!
  window=$(timeout 30 xdotool search --sync --onlyvisible --class XTerm | head -1)
  pause 12
  snap mlterm24-xterm-truecolor "$window"
  kill "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  montage "$OUT"/terminal-mlterm24-{truecolor,auto}-1-{detail1,show}.png -tile 2x2 \
    -geometry 718x394+2+2 miff:- |
    convert - -resize '1000x>' -colors 256 PNG8:docs/screenshots/terminal-mlterm-colors.png
}

if [[ ${1-} == --inside ]]; then
  SHOTS_TMP=$(mktemp -d /tmp/photofeed-shots.XXXXXX)
  trap 'rm -rf "$SHOTS_TMP"' EXIT
  "shoot_$2"
  exit
fi

mkdir -p "$OUT"
terminals=("$@")
[[ ${#terminals[@]} -gt 0 ]] || terminals=(konsole urxvt st screen linux mlterm mlterm16 vt340small alacritty)
for terminal in "${terminals[@]}"; do
  echo "$terminal"
  PHOTOFEED=$PHOTOFEED OUT=$OUT xvfb-run -a -s '-screen 0 1280x800x24' \
    bash "$0" --inside "$terminal"
done
