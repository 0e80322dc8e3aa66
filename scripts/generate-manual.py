#!/usr/bin/env python3
"""Writes the man page photofeed(1) from the binary's own command-line definitions.

Usage: scripts/generate-manual.py path/to/photofeed > photofeed.1

Reads `photofeed --experimental-dump-help` (ArgumentParser's JSON of every command, option and
flag, with its help text), `photofeed --experimental-dump-keys` (the key bindings, the same data
the `?` overlay and README's tables come from) and `photofeed --version`, so the page says what
the binary parses and binds and never goes stale. The viewer (the default subcommand) gives OPTIONS; each other subcommand gets
its own part of COMMANDS. (ArgumentParser's `generate-manual` plugin does the same, but it
builds every product of the package again in release mode first.)
"""
import json
import subprocess
import sys


def roff(text):
    """Text safe in a roff line: backslashes and dashes escaped, no leading control character."""
    text = text.replace("\\", "\\e").replace("-", "\\-")
    lines = []
    for line in text.split("\n"):
        line = line.strip()
        if line.startswith((".", "'")):
            line = "\\&" + line
        lines.append(line)
    return "\n".join(lines)


def paragraphs(text):
    """A help text's paragraphs (split at blank lines) as roff, one .PP each; an `Examples:`
    paragraph keeps its lines, indented, one command a line."""
    out = []
    for block in (text or "").split("\n\n"):
        lines = [line.strip() for line in block.strip().split("\n")]
        if lines and lines[0] == "Examples:":
            out += [".PP", "Examples:", ".RS 4", ".nf"] + [roff(line) for line in lines[1:] if line] + [".fi", ".RE"]
            continue
        block = " ".join(block.split())
        if block:
            out += [".PP", roff(block)]
    return out


def argument_entry(argument):
    """One option or flag as a tagged paragraph: its names, its value, its help."""
    names = []
    for name in argument.get("names") or []:
        prefix = {"long": "--", "short": "-", "longWithSingleDash": "-"}[name["kind"]]
        names.append("\\fB" + roff(prefix + name["name"]) + "\\fR")
    head = ", ".join(names)
    if argument["kind"] == "option":
        head += " \\fI" + roff("<" + argument.get("valueName", "value") + ">") + "\\fR"
    elif argument["kind"] == "positional":
        head = "\\fI" + roff("<" + argument.get("valueName", "value") + ">") + "\\fR"
    text = argument.get("abstract") or ""
    if argument.get("discussion"):
        text += " " + argument["discussion"]
    default = argument.get("defaultValue")
    if default not in (None, "", "false") and argument["kind"] != "flag":
        text += " (default: " + default + ")"
    return [".TP", head, roff(" ".join(text.split()))]


def arguments_of(command):
    return [a for a in command.get("arguments") or [] if a.get("shouldDisplay", True)]



# The sections no flag definition holds: the config file, the environment, the files, examples.
STATIC_SECTIONS = [
    ".SH CONFIGURATION",
    ".PP",
    roff("The viewer and `snapshot` read their defaults from $XDG_CONFIG_HOME/photofeed/config, "
         "else ~/.config/photofeed/config: one setting a line, by the long flag's name "
         "(`name = value` for an option, the name alone for a flag); a `#` at a line's start or after "
         "whitespace starts a comment (`sort = taken  # by date`), a `#` inside a value (a URL's "
         "`#top`) or in quotes is the value's. "
         "A flag on the command line wins over the file; --config FILE reads another file, "
         "--no-config none. `cache` and `prefetch` read its cache-dir alone (the folder the viewer "
         "fills); `serve` and `show` read no config file. Paths may start with ~, $HOME or "
         "$XDG_CACHE_HOME (also $XDG_CONFIG_HOME, $XDG_DATA_HOME), which mean what they mean "
         "in the shell. A bad line stops "
         "the run naming the file and the line, with exit status 64."),
    ".PP",
    ".nf",
    roff("sort = taken"),
    roff("graphics = kitty"),
    roff("feed = /home/me/Pictures/Summer 2024"),
    roff("no-disk-cache"),
    ".fi",
    ".SH ENVIRONMENT",
    ".TP", "\\fBTERM\\fR, \\fBCOLORTERM\\fR, \\fBNO_COLOR\\fR, \\fBTERM_PROGRAM\\fR",
    roff("What the terminal is and draws, when it does not answer the start-up questions; "
         "NO_COLOR (not empty) turns colour off unless --colors says otherwise; TERM=dumb turns "
         "the screen-reader mode on."),
    ".TP", "\\fBTMUX\\fR, \\fBTMUX_PANE\\fR",
    roff("Inside tmux: questions and pixels go through tmux's passthrough, pictures as kitty "
         "placeholders."),
    ".TP", "\\fBSSH_CONNECTION\\fR, \\fBSSH_TTY\\fR",
    roff("Over ssh kitty pixels travel inline, never as files."),
    ".TP", "\\fBLC_ALL\\fR, \\fBLC_CTYPE\\fR, \\fBLANG\\fR",
    roff("Without a UTF-8 locale, block art uses ASCII symbols."),
    ".TP", "\\fBCOLUMNS\\fR, \\fBLINES\\fR",
    roff("The size of the output when it is not a terminal (snapshot); for show, its size after "
         "its flags and fzf's variables, before the terminal's."),
    ".TP", "\\fBFZF_PREVIEW_COLUMNS\\fR, \\fBFZF_PREVIEW_LINES\\fR, \\fBFZF_PREVIEW_LEFT\\fR, \\fBFZF_PREVIEW_TOP\\fR",
    roff("fzf's preview pane: show's size after its own flags, and the box show --clear blanks. "
         "fzf reads the preview as text, so it gets block art."),
    ".TP", "\\fBLF_LEVEL\\fR, \\fBRANGER_LEVEL\\fR, \\fBVIFM\\fR, \\fBNNN_FIFO\\fR, \\fBNNNLVL\\fR",
    roff("The file manager show previews for, when its stdout is a pipe: ranger's and vifm's "
         "previews get block art in 256 colours; vifm, given a box (--place), pixels drawn on /dev/tty when it "
         "answers that it draws them, else block art; lf, which reads the terminal itself, is never "
         "asked: block art, or the protocol --graphics names drawn at the box. In a tmux pane of "
         "its own that is not the focused one (nnn's preview-tui), show is not asked either: tmux "
         "would hand the answers to the focused pane. show --probe names the host and what it chose."),
    ".TP", "\\fBXDG_CACHE_HOME\\fR, \\fBXDG_CONFIG_HOME\\fR, \\fBXDG_DATA_HOME\\fR, \\fBHOME\\fR",
    roff("Where the caches, the config file and the Trash are (see FILES)."),
    ".TP", "\\fBTERMINFO\\fR, \\fBTERMINFO_DIRS\\fR",
    roff("Where terminfo entries are looked up, as ncurses does."),
    ".TP", "\\fBTMPDIR\\fR",
    roff("Where temporary files go."),
    ".SH FILES",
    ".TP", "\\fI../share/photofeed/photos\\fR",
    roff("Beside the installed binary: the embedded feed's photos (Assets/photos in a checkout)."),
    ".SH EXAMPLES",
    ".TP", roff("photofeed --feed ~/Pictures --recursive --sort taken"),
    roff("A folder with its sub-folders, by date taken; new photos appear as they are written."),
    ".TP", roff("photofeed --feed https://picsum.photos --layout grid"),
    roff("A picsum-compatible web feed as a grid."),
    ".TP", roff("photofeed --network 3g --audit"),
    roff("The embedded feed on a slow link, with the loading rules checked live."),
    ".TP", roff("photofeed show --grid 6x4 --title *.jpg"),
    roff("A contact sheet of the photos, with their names."),
    ".TP", roff("photofeed show --place 40x20@60x1 photo.jpg"),
    roff("Draw a photo into that box of the screen, as a previewer does (lf, vifm); "
         "photofeed show --clear --place 40x20@60x1 takes it back."),
    ".TP", roff("curl -s https://picsum.photos/600 | photofeed show -"),
    roff("A picture from a pipe."),
    ".TP", roff("photofeed picks ~/shoot --min-rating 3 -0 | xargs -0 cp -t ~/keepers"),
    roff("Copy the photos given three stars or more while culling (both files of a RAW+JPEG pair)."),
    ".TP", roff("photofeed cache prune --older-than 30d"),
    roff("Remove disk cache entries not used for 30 days."),
    ".TP", roff("photofeed serve --port 8080 --photos ~/Pictures"),
    roff("Serve a folder as a picsum-compatible feed to other machines."),
]

def files_entries(binary):
    """FILES from `photofeed cache files` (OwnFiles): one entry a path, its lines' `name  text`."""
    listing = subprocess.run([binary, "cache", "files", "--no-config"], check=True, capture_output=True,
                             text=True, env={"HOME": "/home/you", "PATH": "/usr/bin:/bin"}).stdout
    entries = []
    folder = None
    for line in listing.splitlines():
        inner = line.startswith("  ")
        name, _, text = line.strip().partition("  ")
        if not inner:
            folder = name
            entries += [".TP", "\\fI%s\\fR" % roff(name), roff(text.strip())]
        else:
            entries += [".TP", "\\fI%s\\fR" % roff((folder or "") + name), roff(text.strip())]
    return entries


def main():
    binary = sys.argv[1]
    dump = json.loads(subprocess.run([binary, "--experimental-dump-help"], check=True,
                                     capture_output=True, text=True).stdout)
    version = subprocess.run([binary, "--version"], check=True, capture_output=True,
                             text=True).stdout.split("\n")[0]
    root = dump["command"]
    name = root["commandName"]
    subcommands = [c for c in root.get("subcommands") or [] if c.get("shouldDisplay", True)]
    default_name = root.get("defaultSubcommand")
    default = next((c for c in subcommands if c["commandName"] == default_name), None)

    out = [
        '.\\" Generated by scripts/generate-manual.py from `%s --experimental-dump-help`: do not edit.' % name,
        '.TH "%s" "1" "" "%s" "User Commands"' % (name.upper(), roff(version)),
        ".SH NAME",
        "%s \\- %s" % (roff(name), roff(root.get("abstract", ""))),
        ".SH SYNOPSIS",
    ]
    if default:
        out += [".B %s" % roff(name), "[%s] [\\fIoptions\\fR]" % roff(default_name), ".br"]
    out += [".B %s" % roff(name), "\\fIsubcommand\\fR [\\fIoptions\\fR]"]
    out += [".SH DESCRIPTION"] + paragraphs(root.get("discussion"))

    # The viewer's options, then the root's own (--version, --help).
    options = (arguments_of(default) if default else []) + [
        a for a in arguments_of(root)
        if not (default and any(a.get("names") == b.get("names") for b in arguments_of(default)))]
    out.append(".SH OPTIONS")
    if default:
        out.append(".PP")
        out.append(roff("The options of `%s %s`, the default subcommand:" % (name, default_name)))
    for argument in options:
        out += argument_entry(argument)
    out += [".TP", "\\fB" + roff("--help-all") + "\\fR",
            roff("Every option of the viewer with its default (--help lists the common ones).")]

    # Under COMMANDS, --help and --version (every command has them) are left out, and a command
    # that takes all the viewer's options (snapshot) lists only its own beside them.
    def key(argument):
        return tuple(sorted((n["kind"], n["name"]) for n in argument.get("names") or []))
    common = {(("long", "help"), ("short", "h")), (("long", "version"),)}
    viewer = {key(a) for a in arguments_of(default)} - common if default else set()
    out.append(".SH COMMANDS")
    # A command's own subcommands (`cache info`, `cache prune`) follow it, each with its options.
    def with_nested(commands, prefix):
        for command in commands:
            yield prefix + [command["commandName"]], command
            nested = [c for c in command.get("subcommands") or [] if c.get("shouldDisplay", True)]
            yield from with_nested([c for c in nested if c["commandName"] != "help"], prefix + [command["commandName"]])
    for path, command in with_nested(subcommands, []):
        usage = "%s %s" % (name, " ".join(path))
        out += [".SS \"%s\"" % roff(usage)]
        out += paragraphs(command.get("abstract"))
        if command is default:
            out += [".PP", roff("Its options are listed under OPTIONS.")]
            continue
        if command["commandName"] == "help":
            continue
        out += paragraphs(command.get("discussion"))
        own = [a for a in arguments_of(command) if key(a) not in common]
        if viewer and viewer <= {key(a) for a in own}:
            own = [a for a in own if key(a) not in viewer]
            out += [".PP", roff("It takes the viewer's options (listed under OPTIONS), and:")]
        for argument in own:
            out += argument_entry(argument)

    keys = subprocess.run([binary, "--experimental-dump-keys"], check=True, capture_output=True,
                          text=True).stdout
    out.append(".SH KEYS")
    out += [".PP", roff("The viewer's keys, grouped by what they do (`?` shows them in the viewer).")]
    group = None
    for line in keys.splitlines():
        title, bound, action = line.split("\t")
        if title != group:
            out += [".SS \"%s\"" % roff(title)]
            group = title
        out += [".TP", "\\fB" + roff(bound) + "\\fR", roff(action)]
    out += STATIC_SECTIONS
    # FILES: every file photofeed can leave in a home, from the binary's own list (`cache files`).
    files_at = out.index(".SH FILES") + 1
    out[files_at:files_at] = files_entries(binary)
    out += [
        ".SH EXIT STATUS",
        "0 on success; 64 for a usage error (an unknown option, a bad value, a bad line in the config",
        "file); 1 for a failure; 128 plus the number of the signal that ended the viewer.",
    ]
    print("\n".join(out))


if __name__ == "__main__":
    main()
