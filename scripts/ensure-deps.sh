#!/bin/sh
# Makes sure the Debian packages photofeed needs are present.
# Usage: scripts/ensure-deps.sh run|test|bench
# Installs what is missing with apt-get when run as root; otherwise prints the
# exact apt-get line and fails. When everything is present it takes well under a second.
set -eu

purpose=${1:-test}
packages="pkg-config libncurses-dev libjpeg-dev libpng-dev zlib1g-dev"
# The formats beyond JPEG and PNG (libheif1 brings libde265, its HEVC decoder; libavif15 dav1d)
packages="$packages libwebp-dev libgif-dev libavif-dev libheif-dev libde265-0 libjxl-dev libtiff-dev liblcms2-dev"
# XMP sidecars (the culling decisions): exempi, linked (the -dev package brings libexempi8)
packages="$packages libexempi-dev"
# Camera RAW files (libraw-dev brings libraw20, which the shim opens on first use)
packages="$packages libraw-dev"
case "$purpose" in
    run) ;;
    # man-db: the install test reads the installed photofeed(1) with `man -l`.
    # devscripts: hardening-check, which the hardening test runs on the built binary.
    # apache2-utils (ab), wrk, nginx: real clients and a real cache in front of `photofeed serve`.
    # fzf lf ranger vifm nnn: the hosts the previewer tests drive, photofeed as their preview (docs/previewers.md).
    # libimage-exiftool-perl: exiftool, which reads back the sidecars photofeed writes and writes the ones it reads.
    test) packages="$packages tmux curl ncurses-term man-db zsh fish devscripts apache2-utils wrk nginx fzf lf ranger vifm nnn libimage-exiftool-perl" ;;
    # libimage-exiftool-perl: exiftool, the terminal user's way to a RAW's preview (the cull scenario).
    bench) packages="$packages tmux curl ncurses-term chafa timg hyperfine libsixel-bin webp libavif-bin libheif-examples libjxl-tools imagemagick mate-backgrounds wrk nginx libimage-exiftool-perl" ;;
    *) echo "usage: $0 run|test|bench" >&2; exit 2 ;;
esac

if ! command -v swift >/dev/null 2>&1; then
    echo "photofeed: the Swift toolchain (6.1 or newer) is not on PATH; install it from https://swift.org/install" >&2
    exit 1
fi

missing=""
for package in $packages; do
    status=$(dpkg-query -W -f='${db:Status-Abbrev}' "$package" 2>/dev/null || true)
    case "$status" in
        ii*) ;;
        *) missing="$missing $package" ;;
    esac
done
[ -z "$missing" ] && exit 0

if [ "$(id -u)" -eq 0 ]; then
    echo "photofeed: installing$missing" >&2
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    # shellcheck disable=SC2086
    apt-get install -y -qq --no-install-recommends $missing >/dev/null
else
    echo "photofeed: missing Debian packages:$missing" >&2
    echo "install them with:" >&2
    echo "    sudo apt-get update && sudo apt-get install -y$missing" >&2
    exit 1
fi
