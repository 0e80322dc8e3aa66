#!/usr/bin/env python3
"""Prints the N longest Swift functions (and initializers, accessors with bodies) of a folder.

Usage: scripts/longest-functions.py [FOLDER] [-n N]

A function is `func`, `init` or `deinit` with a body; its length is the lines from its
declaration to its closing brace, found by matching braces outside strings and comments.
"""
import argparse
import pathlib
import re

DECLARATION = re.compile(r'^\s*(?:@[\w().,: ]+\s+)*(?:(?:public|private|fileprivate|internal|package|open|static|class|'
                         r'final|override|mutating|nonmutating|nonisolated|isolated|consuming|borrowing|'
                         r'@inlinable|@discardableResult|required|convenience|dynamic)(?:\([^)]*\))?\s+)*'
                         r'(func\s+[^\s(<]+|init[?!]?|deinit)\b')


def code_only(text):
    """The text with strings and comments blanked (same length, newlines kept)."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith('//', i):
            j = text.find('\n', i)
            j = n if j < 0 else j
            out.append(' ' * (j - i))
            i = j
        elif text.startswith('/*', i):
            depth, j = 1, i + 2
            while j < n and depth:
                if text.startswith('/*', j):
                    depth, j = depth + 1, j + 2
                elif text.startswith('*/', j):
                    depth, j = depth - 1, j + 2
                else:
                    j += 1
            out.append(re.sub(r'[^\n]', ' ', text[i:j]))
            i = j
        elif c == '"' or (c == '#' and re.match(r'#+"', text[i:])):
            hashes = re.match(r'#*', text[i:]).group(0)
            start = i + len(hashes)
            multiline = text.startswith('"""', start)
            quote = '"""' if multiline else '"'
            close = quote + hashes
            j = start + len(quote)
            while j < n and not text.startswith(close, j):
                if text[j] == '\\' and not hashes:
                    if text.startswith('\\(', j):  # interpolation: skip to its matching paren
                        depth, j = 1, j + 2
                        while j < n and depth:
                            depth += {'(': 1, ')': -1}.get(text[j], 0)
                            j += 1
                        continue
                    j += 2
                    continue
                if text[j] == '\n' and not multiline:
                    break
                j += 1
            j = min(n, j + len(close))
            out.append(re.sub(r'[^\n]', ' ', text[i:j]))
            i = j
        else:
            out.append(c)
            i += 1
    return ''.join(out)


def functions(path):
    text = code_only(path.read_text(encoding='utf-8'))
    lines = text.split('\n')
    offsets = [0]
    for line in lines:
        offsets.append(offsets[-1] + len(line) + 1)
    for number, line in enumerate(lines):
        match = DECLARATION.match(line)
        if not match:
            continue
        # The body is the first `{` after the declaration at nesting depth 0 of its signature.
        i, depth = offsets[number] + match.end(), 0
        while i < len(text):
            c = text[i]
            if c in '([<':
                depth += 1
            elif c in ')]>' and depth > 0:
                depth -= 1
            elif c == '{' and depth == 0:
                break
            elif c == '\n' and depth == 0 and text[i + 1:].lstrip().startswith(('func ', 'var ', 'let ', '}')):
                i = -1  # a requirement without a body
                break
            i += 1
        if i < 0 or i >= len(text):
            continue
        braces, j = 0, i
        while j < len(text):
            if text[j] == '{':
                braces += 1
            elif text[j] == '}':
                braces -= 1
                if braces == 0:
                    break
            j += 1
        end = text.count('\n', 0, j) + 1
        yield end - number, number + 1, match.group(1)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('folder', nargs='?', default='Sources')
    parser.add_argument('-n', type=int, default=10)
    arguments = parser.parse_args()
    found = []
    for path in sorted(pathlib.Path(arguments.folder).rglob('*.swift')):
        for length, line, name in functions(path):
            found.append((length, f'{path}:{line}', name))
    found.sort(key=lambda f: (-f[0], f[1]))
    for length, place, name in found[:arguments.n]:
        print(f'{length:5d}  {place}  {name}')


if __name__ == '__main__':
    main()
