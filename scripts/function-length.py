#!/usr/bin/env python3
"""Fails when a Swift function is too long to read in one go.

Prints `file:line: name is N lines (limit L)` for every function, initializer or deinitializer whose body runs
LIMIT lines or more, counted from the line of its `func`/`init` keyword to the line of its closing brace, both
included, and exits 1 when it found any. `make lint` runs it over Sources and Room/Sources with the default limit,
80: a function split into named steps reads better than one that has to be scrolled.

Usage: scripts/function-length.py [--limit N] PATH...

The Swift is read by a small lexer that blanks comments, string literals (multi-line and raw ones too, keeping the
code of their interpolations) and regex literals, so that braces in them do not count.
"""

import argparse
import os
import re
import sys

MODIFIERS = (
    r"(?:(?:public|package|private|fileprivate|internal|open|static|class|final|override|mutating|nonmutating"
    r"|convenience|required|nonisolated|dynamic|indirect|consuming|borrowing)(?:\([^)]*\))?\s+|@[\w.]+(?:\([^)]*\))?\s+)*"
)
DECLARATION = re.compile(r"^\s*" + MODIFIERS + r"(?:func\s+([^\s(<]+)|(init)[?!]?(?=\s*[(<])|(deinit)\b)")
# What starts the next declaration of a protocol, when the one before had no body.
NEXT_DECLARATION = re.compile(r"^\s*(?:@|func\b|init\b|var\b|let\b|case\b|subscript\b|associatedtype\b|typealias\b)")


def blank(source):
    """`source` with every comment and string literal replaced by spaces (newlines kept), so that only code is left."""
    out = []
    i = 0
    n = len(source)
    # What is open where `i` is: ("string", hashes, multiline) for a string literal, ["code", depth] for an
    # interpolation in one, with how many parentheses are open in it.
    stack = []

    def put_blank(text):
        out.append("".join("\n" if c == "\n" else " " for c in text))

    def in_string():
        return stack and stack[-1][0] == "string"

    while i < n:
        c = source[i]
        if in_string():
            _, hashes, multiline = stack[-1]
            closing = ('"""' if multiline else '"') + "#" * hashes
            if source.startswith(closing, i):
                put_blank(closing)
                i += len(closing)
                stack.pop()
                continue
            escape = "\\" + "#" * hashes
            if source.startswith(escape, i):
                after = i + len(escape)
                if after < n and source[after] == "(":
                    put_blank(source[i : after + 1])
                    i = after + 1
                    stack.append(["code", 1])
                    continue
                put_blank(source[i : after + 1])
                i = after + 1
                continue
            put_blank(c)
            i += 1
            continue
        # Code (at the top level or inside an interpolation).
        if source.startswith("//", i):
            end = source.find("\n", i)
            end = n if end < 0 else end
            put_blank(source[i:end])
            i = end
            continue
        if source.startswith("/*", i):
            depth = 0
            j = i
            while j < n:
                if source.startswith("/*", j):
                    depth += 1
                    j += 2
                elif source.startswith("*/", j):
                    depth -= 1
                    j += 2
                    if depth == 0:
                        break
                else:
                    j += 1
            put_blank(source[i:j])
            i = j
            continue
        regex = regex_literal(source, i, out)
        if regex:
            put_blank(source[i:regex])
            i = regex
            continue
        match = re.match(r'(#*)("""|")', source[i:])
        if match:
            hashes = len(match.group(1))
            opening = match.group(0)
            put_blank(opening)
            i += len(opening)
            stack.append(("string", hashes, match.group(2) == '"""'))
            continue
        if stack and stack[-1][0] == "code":
            if c == "(":
                stack[-1][1] += 1
            elif c == ")":
                stack[-1][1] -= 1
                if stack[-1][1] == 0:
                    stack.pop()
                    out.append(" ")
                    i += 1
                    continue
        out.append(c)
        i += 1
    return "".join(out)


def regex_literal(source, i, before):
    """The offset just past the regex literal (`/…/` or `#/…/#`) that starts at `i`, or None when none does there.
    `before` is the code blanked so far: a regex literal starts where an expression does, after an operator, an
    opening bracket, a comma, a colon or `return`."""
    hashes = 0
    while source.startswith("#", i + hashes):
        hashes += 1
    start = i + hashes
    if not source.startswith("/", start) or source.startswith("//", start) or source.startswith("/*", start):
        return None
    after = source[start + 1 : start + 2]
    if hashes == 0 and (after in ("", " ", "\t", "\n", "=")):
        return None
    previous = "".join(before[-40:]).rstrip()
    if previous and previous[-1] not in "(,=:[{!&|?;" and not re.search(r"\b(?:return|in|case)$", previous):
        return None
    j = start + 1
    in_class = False
    while j < len(source):
        c = source[j]
        if c == "\\":
            j += 2
            continue
        if c == "\n" and hashes == 0:
            return None
        if c == "[":
            in_class = True
        elif c == "]":
            in_class = False
        elif c == "/" and not in_class and source.startswith("#" * hashes, j + 1):
            return j + 1 + hashes
        j += 1
    return None


def functions(code):
    """(line, name, length) of each function with a body in `code` (Swift with comments and strings blanked)."""
    lines = code.split("\n")
    # Where each line starts, to turn offsets into line numbers.
    starts = [0]
    for line in lines:
        starts.append(starts[-1] + len(line) + 1)

    def line_of(offset):
        low, high = 0, len(lines) - 1
        while low < high:
            middle = (low + high + 1) // 2
            if starts[middle] <= offset:
                low = middle
            else:
                high = middle - 1
        return low

    found = []
    for number, line in enumerate(lines):
        match = DECLARATION.match(line)
        if not match:
            continue
        name = match.group(1) or match.group(2) or match.group(3)
        offset = starts[number] + match.end()
        body = body_start(code, offset, lines, line_of)
        if body is None:
            continue
        end = closing_brace(code, body)
        if end is None:
            continue
        found.append((number + 1, name, line_of(end) - number + 1))
    return found


def body_start(code, offset, lines, line_of):
    """The offset of the `{` that opens the body of the declaration whose signature starts at `offset`; None when it
    has none (a protocol's requirement)."""
    depth = 0
    i = offset
    line = line_of(offset)
    while i < len(code):
        c = code[i]
        if c in "([":
            depth += 1
        elif c in ")]":
            depth -= 1
        elif c == "{" and depth == 0:
            return i
        elif c == "}" and depth == 0:
            return None
        elif c == "\n":
            line += 1
            if depth == 0 and line < len(lines) and NEXT_DECLARATION.match(lines[line]):
                return None
        i += 1
    return None


def closing_brace(code, opening):
    """The offset of the `}` that closes the `{` at `opening`."""
    depth = 0
    for i in range(opening, len(code)):
        if code[i] == "{":
            depth += 1
        elif code[i] == "}":
            depth -= 1
            if depth == 0:
                return i
    return None


def swift_files(paths):
    """The Swift files `paths` name, or that are in the folders they name."""
    for path in paths:
        if os.path.isfile(path):
            yield path
            continue
        for folder, subfolders, names in os.walk(path):
            subfolders.sort()
            for name in sorted(names):
                if name.endswith(".swift"):
                    yield os.path.join(folder, name)


def main():
    parser = argparse.ArgumentParser(description="Lists Swift functions of LIMIT lines or more.")
    parser.add_argument("--limit", type=int, default=80, help="the length that fails (default 80)")
    parser.add_argument("paths", nargs="+")
    arguments = parser.parse_args()
    long = []
    for path in swift_files(arguments.paths):
        with open(path, encoding="utf-8") as file:
            code = blank(file.read())
        for line, name, length in functions(code):
            if length >= arguments.limit:
                long.append((path, line, name, length))
    for path, line, name, length in long:
        print(f"{path}:{line}: {name} is {length} lines (limit {arguments.limit}): split it into named steps")
    return 1 if long else 0


if __name__ == "__main__":
    sys.exit(main())
