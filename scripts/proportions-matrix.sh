#!/usr/bin/env bash
# proportions-matrix.sh: is a square photo drawn square in every terminal? (issue 51)
#
# Usage (from the repository's root):
#   scripts/proportions-matrix.sh [TERMINAL...]
#   scripts/proportions-matrix.sh --list          the terminals, and which can run here
#   TERMINAL: see --list (default: every one that can run here)
#
# For each terminal, alone under `xvfb-run -a -s '-screen 0 1280x800x24'` (no window
# manager), 80x30 cells, a fresh HOME (no config, an empty cache), the terminal runs this
# script's --draw part, which
#   1. asks `photofeed show --probe` (through `script`, so its answer lands in a file while
#      the questions and replies still go to and from the terminal): the cell size reported
#      and where it came from, the proportions decided;
#   2. clears the screen, hides the cursor and draws a bar of 10 cells in the 256-colour
#      cube's pure blue (SGR 48;5;21) on the first row: the terminal's real cell;
#   3. draws the square test photo: `photofeed show --graphics blocks --width $WIDTH PHOTO`.
# Then `import -window root`, and the screenshot is measured: the extent of the photo's red
# border (docs/proportions/square.png is 512x512, a 48-pixel pure red border around a grey
# checkerboard and a green disc; nothing else on the screen is red), and of the blue bar.
#
# The table printed (Markdown): terminal, font, the cell size reported and where from, the
# proportions used, the real cell, the picture drawn (px), its aspect error (height / width
# - 1; + is too tall) and how many cells it is off (|height - width| / the real cell's
# height). With BEFORE=<binary> each terminal also draws with that binary (the "before"
# column; its --probe is not asked). The exit status is 1 when a terminal's picture (the
# binary in PHOTOFEED) is off by more than one cell, or was not found on the screenshot; 2
# on a usage error.
#
# Environment: PHOTOFEED (default .build/debug/photofeed), BEFORE (none), WIDTH (40
# columns), FONT and SIZE (DejaVu Sans Mono 10: 8x17-pixel cells in xterm, not 1:2; a few
# rows have their own), PHOTO (docs/proportions/square.png), KITTY (a kitty >= 0.28 for
# the kitty and tmux_kitty rows; default the newest /tmp/kitty-v*/kitty/launcher/kitty, as
# /work/shared/tools/build-kitty.sh builds it), OUT (the screenshots, probe answers and
# measures; default a temporary folder, printed), WAIT (stretches the waits: WAIT=2
# doubles them).
#
# Needs: xvfb, xdotool, imagemagick (/usr/bin/convert, import), python3, perl, util-linux's
# script, fonts-dejavu, and the terminals (Debian 12: xterm, xfce4-terminal, lxterminal,
# alacritty, kitty, konsole, rxvt-unicode, stterm, mlterm, screen, tmux, foot and weston).
# A terminal that is not installed is a row saying so (--list says which can run).
#
# The test photo is made by `scripts/proportions-matrix.sh --make-photo` (python3 writes the
# pixels, convert the PNG, without a date chunk: the same bytes every time).
set -euo pipefail

SELF=$(readlink -f "$0")
PHOTOFEED=$(readlink -f "${PHOTOFEED:-.build/debug/photofeed}")
BEFORE=${BEFORE:+$(readlink -f "$BEFORE")}
WIDTH=${WIDTH:-40}
PHOTO=$(readlink -f "${PHOTO:-docs/proportions/square.png}")
WAIT=${WAIT:-1}
FONT=${FONT:-DejaVu Sans Mono}
SIZE=${SIZE:-10}
CONVERT=/usr/bin/convert
if [[ -z ${KITTY-} ]]; then
  KITTY=$(ls -d /tmp/kitty-v*/kitty/launcher/kitty 2>/dev/null | sort -V | tail -1 || true)
fi

pause() { sleep "$(awk -v s="$1" -v w="$WAIT" 'BEGIN { print s * w }')"; }

make_photo() {
  mkdir -p "$(dirname "$PHOTO")"
  python3 - <<'EOF' | "$CONVERT" ppm:- -define png:exclude-chunks=date,time "$PHOTO"
import sys
n, border, square, radius = 512, 48, 52, 160
rows = []
for y in range(n):
    row = bytearray()
    for x in range(n):
        if min(x, y) < border or max(x, y) >= n - border:
            row += b"\xff\x00\x00"                       # the border: pure red
        elif (x - 255.5) ** 2 + (y - 255.5) ** 2 <= radius ** 2:
            row += b"\x30\xc0\x30"                       # a disc: round only if drawn square
        elif ((x - border) // square + (y - border) // square) % 2:
            row += b"\x60\x60\x60"                       # an 8x8 checkerboard
        else:
            row += b"\xd0\xd0\xd0"
    rows.append(bytes(row))
sys.stdout.buffer.write(b"P6 %d %d 255\n" % (n, n) + b"".join(rows))
EOF
  echo "$PHOTO"
}

# --- inside the terminal ---------------------------------------------------------------

# draw BINARY DIR PROBE: what the terminal runs (see the top).
draw() {
  local bin=$1 dir=$2 probe=$3
  printf '\e[?25l\e[2J\e[H'
  pause 1 # the terminal's first answers come late while it is still starting
  if [[ $probe == probe ]]; then
    script -q -e -c "'$bin' show --probe" "$dir/probe.raw" || true
  fi
  printf '\e[2J\e[H\e[48;5;21m%10s\e[0m\n' ''
  "$bin" show --graphics blocks --width "$WIDTH" "$PHOTO" 2>"$dir/show.err" || echo "exit $?" >>"$dir/show.err"
  printf '\e[?25l'
  touch "$dir/done"
  exec sleep 600
}

# --- the terminals ----------------------------------------------------------------------
# start_NAME COMMAND...: starts the terminal running COMMAND, 80x30 cells. font_NAME: what
# the table says of its font. can_NAME: prints why it cannot run here, or nothing.

font_xterm() { echo "$FONT $SIZE"; }
start_xterm() { xterm -geometry 80x30 -fa "$FONT" -fs "$SIZE" -e "$@"; }
font_xterm11() { echo "$FONT 11"; }
start_xterm11() { xterm -geometry 80x30 -fa "$FONT" -fs 11 -e "$@"; }
font_xterm9() { echo "$FONT 9"; }
start_xterm9() { xterm -geometry 80x30 -fa "$FONT" -fs 9 -e "$@"; }
font_xterm_fixed() { echo "fixed (its default bitmap font)"; }
start_xterm_fixed() { xterm -geometry 80x30 -e "$@"; }
font_vt340() { echo "$FONT 10"; }
start_vt340() { xterm -ti vt340 -geometry 80x30 -fa "$FONT" -fs 10 -e "$@"; }
font_xfce4() { echo "$FONT $SIZE"; }
start_xfce4() {
  dbus-run-session -- xfce4-terminal --disable-server --hide-menubar --hide-scrollbar \
    --geometry 80x30 --font "$FONT $SIZE" -x "$@"
}
font_lxterminal() { echo "$FONT $SIZE"; }
start_lxterminal() {
  mkdir -p "$HOME/.config/lxterminal"
  printf '[general]\nfontname=%s %s\nhidemenubar=true\nhidescrollbar=true\n' "$FONT" "$SIZE" \
    >"$HOME/.config/lxterminal/lxterminal.conf"
  lxterminal --no-remote --geometry=80x30 -e "$*"
}
alacritty_with() {
  local size=$1; shift
  LIBGL_ALWAYS_SOFTWARE=1 alacritty -o "font.normal.family=$FONT" -o "font.size=$size" \
    -o window.dimensions.columns=80 -o window.dimensions.lines=30 -e "$@"
}
font_alacritty() { echo "$FONT $SIZE"; }
start_alacritty() { alacritty_with "$SIZE" "$@"; }
font_alacritty13() { echo "$FONT 13"; }
start_alacritty13() { alacritty_with 13 "$@"; }
kitty_with() {
  local kitty=$1; shift
  LIBGL_ALWAYS_SOFTWARE=1 "$kitty" --config NONE -o "font_family=$FONT" -o "font_size=$SIZE" \
    -o initial_window_width=80c -o initial_window_height=30c -o remember_window_size=no "$@"
}
font_kitty026() { echo "$FONT $SIZE"; }
start_kitty026() { kitty_with kitty "$@"; }
font_kitty() { echo "$FONT $SIZE"; }
can_kitty() { [[ -x $KITTY ]] || echo "no kitty >= 0.28 (set KITTY; /work/shared/tools/build-kitty.sh builds one)"; }
start_kitty() { kitty_with "$KITTY" "$@"; }
font_tmux_kitty() { echo "$FONT $SIZE"; }
can_tmux_kitty() { can_kitty; }
start_tmux_kitty() {
  # tmux with no configuration, its own server (never another one's socket).
  kitty_with "$KITTY" tmux -S "$HOME/tmux.sock" -f /dev/null new-session "$(printf '%q ' "$@")"
}
font_konsole() { echo "$FONT $SIZE"; }
start_konsole() {
  dbus-run-session -- konsole --separate --nofork --hide-menubar --hide-tabbar \
    -p TerminalColumns=80 -p TerminalRows=30 -p "Font=$FONT,$SIZE" -e "$@"
}
font_urxvt() { echo "$FONT $SIZE"; }
start_urxvt() { urxvt -geometry 80x30 -fn "xft:$FONT:size=$SIZE" -e "$@"; }
font_st() { echo "$FONT $SIZE"; }
start_st() { stterm -g 80x30 -f "$FONT:size=$SIZE" -e "$@"; }
font_screen() { echo "$FONT $SIZE (xterm)"; }
start_screen() { xterm -geometry 80x30 -fa "$FONT" -fs "$SIZE" -e screen -S proportions "$@"; }
font_linux() { echo "$FONT $SIZE (xterm)"; }
start_linux() { xterm -geometry 80x30 -fa "$FONT" -fs "$SIZE" -e env TERM=linux "$@"; }
font_mlterm() { echo "its default, size $SIZE"; }
start_mlterm() { mlterm -g 80x30 --type=xft --fontsize="$SIZE" -e "$@"; }
font_mlterm11() { echo "its default, size 11"; }
start_mlterm11() { mlterm -g 80x30 --type=xft --fontsize=11 -e "$@"; }
font_foot() { echo "$FONT $SIZE"; }
can_foot() {
  command -v foot >/dev/null || { echo "foot is not installed"; return; }
  command -v weston >/dev/null || echo "foot needs a Wayland compositor: weston is not installed"
}
start_foot() {
  # foot is Wayland only: weston's X11 backend runs it in a window of the X server, full
  # screen (kiosk shell: no panel, no decorations). cage refuses to run as root.
  export XDG_RUNTIME_DIR=$HOME/runtime
  mkdir -m 700 -p "$XDG_RUNTIME_DIR"
  weston --backend=x11-backend.so --shell=kiosk-shell.so --width=1000 --height=700 \
    --socket=proportions --idle-time=0 &
  for _ in $(seq 50); do [[ -e $XDG_RUNTIME_DIR/proportions ]] && break; sleep 0.2; done
  WAYLAND_DISPLAY=proportions foot --font "$FONT:size=$SIZE" "$@"
}
font_wezterm() { echo "-"; }
can_wezterm() {
  command -v wezterm >/dev/null || echo "WezTerm is not packaged by Debian 12 (and its source needs crates this machine cannot fetch)"
}
start_wezterm() { wezterm --config-file /dev/null start --always-new-process -- "$@"; }

ALL=(xterm xterm9 xterm11 xterm_fixed vt340 xfce4 lxterminal alacritty alacritty13 kitty026 kitty
  tmux_kitty konsole urxvt st screen linux mlterm mlterm11 foot wezterm)

# why_not TERMINAL: why it cannot run here, or nothing.
why_not() {
  local program
  case $1 in
    xterm* | vt340 | linux) program=xterm ;;
    xfce4) program=xfce4-terminal ;;
    alacritty*) program=alacritty ;;
    kitty026) program=kitty ;;
    st) program=stterm ;;
    mlterm*) program=mlterm ;;
    tmux_kitty) program=tmux ;;
    *) program=$1 ;;
  esac
  if declare -F "can_$1" >/dev/null; then
    "can_$1"
  elif ! command -v "$program" >/dev/null; then
    echo "$program is not installed"
  elif [[ $1 == screen ]] && ! command -v xterm >/dev/null; then
    echo "xterm is not installed"
  fi
}

# name_of TERMINAL: its name and version, for the table.
name_of() {
  case $1 in
    xterm | xterm9 | xterm11 | xterm_fixed) echo "XTerm $(xterm -v | grep -o '[0-9]*' | tail -1)" ;;
    vt340) echo "xterm -ti vt340" ;;
    xfce4) echo "xfce4-terminal (VTE)" ;;
    lxterminal) echo "lxterminal (VTE)" ;;
    alacritty*) alacritty --version | awk '{ print "alacritty " $2 }' ;;
    kitty026) kitty --version | awk '{ print "kitty " $2 }' ;;
    kitty) "$KITTY" --version | awk '{ print "kitty " $2 }' ;;
    tmux_kitty) echo "$(tmux -V) (no configuration) in kitty $("$KITTY" --version | awk '{ print $2 }')" ;;
    konsole) echo "Konsole $(QT_QPA_PLATFORM=offscreen konsole --version 2>/dev/null | awk '{ print $2 }')" ;;
    urxvt) echo "urxvt $(urxvt -help 2>&1 | grep -o 'v[0-9][0-9.]*' | head -1 | tr -d v)" ;;
    st) echo "st $(stterm -v 2>&1 | grep -o '[0-9.]*$')" ;;
    screen) echo "GNU screen $(screen -v | awk '{ print $3 }') in XTerm" ;;
    linux) echo "TERM=linux in XTerm" ;;
    mlterm | mlterm11) echo "mlterm $(mlterm --version 2>&1 | awk '{ print $3; exit }')" ;;
    foot) echo "foot $(foot --version 2>/dev/null | awk '{ print $3 }') in weston" ;;
    wezterm) echo "WezTerm" ;;
  esac
}

# --- under Xvfb: one terminal, one binary ---------------------------------------------

# measure SCREENSHOT: "x y w h" of the red border, then of the blue bar ("-" when absent).
measure() {
  "$CONVERT" "$1" ppm:- | python3 -c '
import sys
import re
data = sys.stdin.buffer.read()
head = re.match(rb"P6\s+(\d+)\s+(\d+)\s+255\s", data)
w, h, pixels = int(head[1]), int(head[2]), data[head.end():]
def extent(test):
    x0 = y0 = x1 = y1 = None
    for y in range(h):
        row = pixels[y * w * 3:(y + 1) * w * 3]
        xs = [x for x in range(w) if test(row[3 * x], row[3 * x + 1], row[3 * x + 2])]
        if xs:
            y0 = y if y0 is None else y0
            y1 = y
            x0 = xs[0] if x0 is None else min(x0, xs[0])
            x1 = xs[-1] if x1 is None else max(x1, xs[-1])
    return "-" if x0 is None else "%d %d %d %d" % (x0, y0, x1 - x0 + 1, y1 - y0 + 1)
print(extent(lambda r, g, b: r >= 150 and r - g >= 100 and r - b >= 100))
print(extent(lambda r, g, b: b >= 150 and b - r >= 80 and b - g >= 80))
'
}

# inside TERMINAL BINARY LABEL: run, screenshot, measure into $OUT/TERMINAL-LABEL.*
inside() {
  local terminal=$1 bin=$2 label=$3 dir pid probe=noprobe
  dir=$(mktemp -d /tmp/proportions-run.XXXXXX)
  mkdir -p "$dir/home"
  [[ $label == after ]] && probe=probe
  export HOME=$dir/home XDG_CONFIG_HOME=$dir/home/.config XDG_CACHE_HOME=$dir/home/.cache
  # GNU screen's sockets in the fresh HOME too: its server is ours alone, and ended below.
  mkdir -m 700 "$dir/home/screen"
  export SCREENDIR=$dir/home/screen
  unset TMUX STY COLORTERM TERM_PROGRAM KITTY_WINDOW_ID WEZTERM_PANE ALACRITTY_WINDOW_ID MLTERM
  set -m # the terminal in a process group of its own, ended as one
  "start_$terminal" env PHOTO="$PHOTO" WIDTH="$WIDTH" WAIT="$WAIT" \
    "$SELF" --draw "$bin" "$dir" "$probe" >"$dir/terminal.log" 2>&1 &
  pid=$!
  set +m
  for _ in $(seq $((60 * WAIT))); do [[ -e $dir/done ]] && break; sleep 0.5; done
  pause 2
  # kitty under Xvfb may show a change only at its next repaint: a pointer motion makes one.
  xdotool mousemove 5 5 2>/dev/null || true; sleep 0.3
  xdotool mousemove 7 7 2>/dev/null || true; sleep 0.5
  import -window root "$OUT/$terminal-$label.png"
  kill -- "-$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  # tmux's and screen's servers leave the terminal's process group: ended by their own sockets.
  [[ -S $HOME/tmux.sock ]] && tmux -S "$HOME/tmux.sock" kill-server 2>/dev/null || true
  [[ $terminal == screen ]] && screen -S proportions -X quit >/dev/null 2>&1 || true
  {
    [[ -e $dir/done ]] && echo drawn || echo "not drawn"
    measure "$OUT/$terminal-$label.png"
  } >"$OUT/$terminal-$label.measured"
  if [[ -e $dir/probe.raw ]]; then
    # the questions (APC, DCS and CSI strings) taken out: the answer's lines are left
    perl -pe 's/\e[_P\]][^\e\a]*(\e\\|\a)//g; s/\e\[[0-9;?>=<]*[ -\/]*[@-~]//g; s/\e.//g; s/\r$//' \
      "$dir/probe.raw" | grep -v '^Script ' >"$OUT/$terminal-probe.txt"
  fi
  cp "$dir/show.err" "$OUT/$terminal-$label.err" 2>/dev/null || true
  cp "$dir/terminal.log" "$OUT/$terminal-$label.log" 2>/dev/null || true
  rm -rf "$dir"
}

# --- the table ----------------------------------------------------------------------------

# row TERMINAL LABEL: "WxH error% cells-off" of that run ("-" when not measured), and sets
# cell_real to the real cell from the bar.
picture() {
  local file=$OUT/$1-$2.measured
  [[ -e $file ]] || { echo "- - -"; return; }
  awk 'NR == 2 { if ($0 == "-") red = 0; else { red = 1; w = $3; h = $4 } }
       NR == 3 { if ($0 == "-") bar = 0; else { bar = 1; cw = $3 / 10; ch = $4 } }
       END {
         if (!red || !bar) { print "- - -"; exit }
         printf "%dx%d %+.1f %.2f %gx%g\n", w, h, (h / w - 1) * 100, (h > w ? h - w : w - h) / ch, cw, ch
       }' "$file"
}

probe_line() { # probe_line TERMINAL KEY
  local file=$OUT/$1-probe.txt
  [[ -e $file ]] || { echo "-"; return; }
  awk -v key="$2" '$1 == key { $1 = ""; sub(/^ +/, ""); print; found = 1 } END { if (!found) print "-" }' "$file"
}

if [[ ${1-} == --make-photo ]]; then make_photo; exit; fi
if [[ ${1-} == --draw ]]; then draw "$2" "$3" "$4"; fi
if [[ ${1-} == --inside ]]; then OUT=$5; inside "$2" "$3" "$4"; exit; fi

if [[ ${1-} == --list ]]; then
  for t in "${ALL[@]}"; do
    why=$(why_not "$t")
    printf '%-12s %s\n' "$t" "${why:-can run here}"
  done
  exit
fi

[[ -e $PHOTO ]] || { echo "proportions-matrix: no test photo at $PHOTO (--make-photo makes it)" >&2; exit 2; }
[[ -x $PHOTOFEED ]] || { echo "proportions-matrix: no photofeed at $PHOTOFEED" >&2; exit 2; }
OUT=${OUT:-$(mktemp -d /tmp/proportions-matrix.XXXXXX)}
mkdir -p "$OUT"
OUT=$(readlink -f "$OUT")
terminals=("$@")
[[ ${#terminals[@]} -gt 0 ]] || terminals=("${ALL[@]}")

failed=0
rows=()
for terminal in "${terminals[@]}"; do
  declare -F "start_$terminal" >/dev/null || { echo "proportions-matrix: no terminal '$terminal' (see --list)" >&2; exit 2; }
  why=$(why_not "$terminal")
  if [[ -n $why ]]; then
    rows+=("| $terminal | - | not run: $why | | | | | |")
    continue
  fi
  for run in after ${BEFORE:+before}; do
    bin=$PHOTOFEED; [[ $run == before ]] && bin=$BEFORE
    echo "$terminal ($run)..." >&2
    xvfb-run -a -s '-screen 0 1280x800x24' "$SELF" --inside "$terminal" "$bin" "$run" "$OUT" >/dev/null 2>&1 || true
  done
  read -r after_px after_err after_off real_cell < <(picture "$terminal" after)
  before="not run"
  if [[ -n $BEFORE ]]; then
    read -r before_px before_err before_off _ < <(picture "$terminal" before)
    before="$before_px, $before_err %, $before_off cells"
  fi
  verdict=square
  if [[ $after_px == - ]]; then
    verdict="NOT FOUND on the screenshot"; failed=1
  elif awk -v off="$after_off" 'BEGIN { exit !(off > 1) }'; then
    verdict="OFF by more than a cell"; failed=1
  fi
  rows+=("| $(name_of "$terminal") | $("font_$terminal") | $(probe_line "$terminal" cell) | $(probe_line "$terminal" proportions) | ${real_cell:--} | $before | $after_px, $after_err %, $after_off cells | $verdict |")
done

echo "| terminal | font | cell reported (--probe) | proportions used | real cell (px) | picture before: px, aspect error, cells off | after | |"
echo "|---|---|---|---|---|---|---|---|"
printf '%s\n' "${rows[@]}"
echo "(screenshots and probe answers in $OUT; photo $WIDTH columns wide)" >&2
exit "$failed"
