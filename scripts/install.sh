#!/bin/sh
# Installs photofeed under a prefix as a Linux tool, or removes what that put there.
# Usage: scripts/install.sh install BINARY ROOT    (ROOT is $(DESTDIR)$(PREFIX))
#        scripts/install.sh uninstall ROOT
#        scripts/install.sh list ROOT              (the files install writes, one a line)
# `make install` / `make uninstall` run it (PREFIX=/usr/local, DESTDIR empty by default).
#
# What goes where under ROOT:
#   bin/photofeed                                  the binary, stripped
#   share/man/man1/photofeed.1.gz                  photofeed(1), from the binary's own flags (scripts/generate-manual.py)
#   share/bash-completion/completions/photofeed    shell completion, from the binary (--generate-completion-script)
#   share/zsh/site-functions/_photofeed
#   share/fish/vendor_completions.d/photofeed.fish
#   share/doc/photofeed/LICENSE                    photofeed's licence (Apache 2.0)
#   share/doc/photofeed/README.md                  the README, and the photos' credits and licences (PROVENANCE.md)
#   share/doc/photofeed/PROVENANCE.md
#   share/photofeed/photos/                        Assets/photos: what the embedded feed serves, with
#                                                  manifest.tsv and PROVENANCE.md (the binary looks in
#                                                  ../share/photofeed/photos beside itself)
# Uninstall removes those files and photofeed's own directories (share/photofeed,
# share/doc/photofeed), and nothing else: shared directories such as share/man/man1 stay.
set -eu

here=$(cd "$(dirname "$0")/.." && pwd)

files() {
    root=$1
    echo "$root/bin/photofeed"
    echo "$root/share/man/man1/photofeed.1.gz"
    echo "$root/share/bash-completion/completions/photofeed"
    echo "$root/share/zsh/site-functions/_photofeed"
    echo "$root/share/fish/vendor_completions.d/photofeed.fish"
    echo "$root/share/doc/photofeed/LICENSE"
    echo "$root/share/doc/photofeed/README.md"
    echo "$root/share/doc/photofeed/PROVENANCE.md"
    (cd "$here/Assets/photos" && find . -type f | sort | sed "s|^\./|$root/share/photofeed/photos/|")
}

case "${1:-}" in
install)
    [ $# -eq 3 ] || { echo "usage: $0 install BINARY ROOT" >&2; exit 2; }
    binary=$2 root=$3
    [ -x "$binary" ] || { echo "photofeed: no binary at $binary (build it first)" >&2; exit 1; }
    work=$(mktemp -d)
    trap 'rm -rf "$work"' EXIT
    # Everything generated comes from the binary being installed, before anything is copied.
    "$here/scripts/generate-manual.py" "$binary" > "$work/photofeed.1"
    gzip -9 -n -c "$work/photofeed.1" > "$work/photofeed.1.gz"
    for shell in bash zsh fish; do
        "$binary" --generate-completion-script "$shell" > "$work/completion.$shell"
    done
    install -d "$root/bin" "$root/share/man/man1" "$root/share/bash-completion/completions" \
        "$root/share/zsh/site-functions" "$root/share/fish/vendor_completions.d" "$root/share/doc/photofeed" \
        "$root/share/photofeed/photos"
    install -m 755 "$binary" "$root/bin/photofeed"
    strip --strip-unneeded "$root/bin/photofeed"
    install -m 644 "$work/photofeed.1.gz" "$root/share/man/man1/photofeed.1.gz"
    install -m 644 "$work/completion.bash" "$root/share/bash-completion/completions/photofeed"
    install -m 644 "$work/completion.zsh" "$root/share/zsh/site-functions/_photofeed"
    install -m 644 "$work/completion.fish" "$root/share/fish/vendor_completions.d/photofeed.fish"
    install -m 644 "$here/LICENSE" "$here/README.md" "$here/Assets/photos/PROVENANCE.md" "$root/share/doc/photofeed/"
    (cd "$here/Assets/photos" && find . -type d | sort | while read -r directory; do
        install -d "$root/share/photofeed/photos/$directory"
    done)
    (cd "$here/Assets/photos" && find . -type f | sort | while read -r file; do
        install -m 644 "$file" "$root/share/photofeed/photos/$file"
    done)
    echo "installed photofeed in $root"
    ;;
uninstall)
    [ $# -eq 2 ] || { echo "usage: $0 uninstall ROOT" >&2; exit 2; }
    root=$2
    files "$root" | while read -r file; do rm -f "$file"; done
    # photofeed's own directories (photos' sub-folders included), deepest first, only when empty now.
    for directory in $(find "$root/share/photofeed" -depth -type d 2>/dev/null) "$root/share/doc/photofeed"; do
        rmdir "$directory" 2>/dev/null || true
    done
    echo "removed photofeed from $root"
    ;;
list)
    [ $# -eq 2 ] || { echo "usage: $0 list ROOT" >&2; exit 2; }
    files "$2"
    ;;
*)
    echo "usage: $0 install BINARY ROOT | uninstall ROOT | list ROOT" >&2
    exit 2
    ;;
esac
