"""Plain-text tables and paragraphs that fit a given width, wrapped on word boundaries.

Pure layout (no Click, no terminal): the CLI passes the terminal's width. A cell
is never cut inside a word while the words can fit; only when even one word per
line cannot fit are words split, first at their hyphens, then anywhere (a long
word is better broken than a line running off the screen).

The tables look like tabulate's "simple" format (two spaces between columns, a
column as wide as its header plus two when there is room), drawn here so a
squeezed header may give up that padding.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

GAP = 2  # spaces between columns in tabulate's "simple" format
HEADER_PAD = 2  # tabulate's MIN_PADDING: a column is at least its header + 2

# How hard a cell may be broken, gentlest first.
WORDS, HYPHENS, ANYWHERE = 0, 1, 2


# Latin letters and accents, general punctuation (dashes, quotes, bullets), arrows, box drawing
# and geometric shapes (not the two drawn wide, U+25FD and U+25FE): one column each, as wcwidth
# says (tests/test_width.py checks every one), so the common line and board need no wcwidth (it
# and what it loads take about 40 ms to import).
_NARROW = "[\x00-\u02ff\u2010-\u2027\u2190-\u21ff\u2500-\u25fc\u25ff]*"  # compiled on first use


def text_width(text: str) -> int:
    """Columns a line takes on screen (wide characters count twice when wcwidth is there)."""
    if text.isascii() or re.fullmatch(_NARROW, text):  # one column each, as wcswidth says (or -1: a control character)
        return len(text)
    try:
        from wcwidth import wcswidth
    except ImportError:  # pragma: no cover - wcwidth comes with prompt_toolkit
        return len(text)
    n = wcswidth(text)
    return n if n >= 0 else len(text)


def _cell_width(cell: str) -> int:
    return max((text_width(line) for line in cell.split("\n")), default=0)


def _longest_piece(cell: str, level: int) -> int:
    """The narrowest a cell can be at this level: its longest word (or hyphen piece)."""
    if level == ANYWHERE:
        return 1
    longest = 0
    for line in cell.split("\n"):
        for word in line.split():
            if GLUE in word:  # a command to type: never broken, whatever the level
                continue
            pieces = word.split("-") if level == HYPHENS else [word]
            for i, piece in enumerate(pieces):
                longest = max(longest, text_width(piece) + (1 if i < len(pieces) - 1 else 0))
    return longest


def wrap(text: str, width: int, level: int = WORDS, indent: str = "") -> str:
    """Wrap each line of `text` longer than `width`; continuation lines get `indent`."""
    out: list[str] = []
    width = max(1, width)
    for line in text.split("\n"):
        if text_width(line) <= width:
            out.append(line)
            continue
        import textwrap

        out.extend(textwrap.wrap(line, width, subsequent_indent=indent if len(indent) < width else "",
                                 break_long_words=level >= ANYWHERE,
                                 break_on_hyphens=level >= HYPHENS) or [""])
    return "\n".join(out)


def wrap_paragraph(text: str, width: int | None, indent: str = "  ") -> str:
    """A line of prose (a status line, an event) wrapped to `width`, words kept whole when they
    fit (a hash is one word), and a command to type (in backticks) kept on one line when it fits."""
    if not width or all(text_width(line) <= width for line in text.split("\n")):
        return text
    glued = _glue_commands(text)
    for level in (WORDS, HYPHENS, ANYWHERE):
        longest = max((_longest_piece(line, level) for line in glued.split("\n")), default=0)
        if longest + len(indent) <= width or level == ANYWHERE:
            return wrap(glued, width, level, indent).replace(GLUE, " ")
    return text  # pragma: no cover - ANYWHERE always returns


GLUE = "\x01"  # a space inside a command to type (a letter no text holds, one column): no line break there
COMMAND = re.compile(r"`[^`\n]+`")


def _glue_commands(text: str) -> str:
    """`text` with the spaces of each backticked command glued: one word, never broken (one
    longer than the line is put on a line of its own, and the terminal's own wrapping of it
    is copied as one line)."""
    return COMMAND.sub(lambda m: m.group().replace(" ", GLUE), text)


def fit_widths(natural: Sequence[int], minimum: Sequence[int], room: int) -> list[int]:
    """Column widths summing to at most `room`: the widest column gives way first,
    none below its minimum (so the sum may stay above `room` when the minimums do)."""
    widths = list(natural)
    floor = [min(lo, hi) for lo, hi in zip(minimum, natural, strict=True)]
    excess = sum(widths) - room
    while excess > 0:
        shrinkable = [i for i, w in enumerate(widths) if w > floor[i]]
        if not shrinkable:
            break
        widest = max(shrinkable, key=lambda i: widths[i])
        others = [widths[i] for i in shrinkable if i != widest]
        # step down to the next widest column (or the floor) at once, at most by the excess
        target = max(floor[widest], max(others, default=floor[widest]), widths[widest] - excess)
        step = max(1, widths[widest] - target)
        widths[widest] -= step
        excess -= step
    return widths


def layout(headers: Sequence[str], rows: Sequence[Sequence[Any]],
           width: int | None) -> tuple[list[str], list[list[str]], list[int]]:
    """Headers, cells and column widths, wrapped so the table fits `width` (None: as they are)."""
    cells = [["" if c is None else str(c).strip() for c in row] for row in rows]
    ncols = max(len(headers), *(len(r) for r in cells), 0) if cells else len(headers)
    cells = [r + [""] * (ncols - len(r)) for r in cells]
    heads = [""] * (ncols - len(headers)) + [str(h) for h in headers] if headers else []
    head_w = [_cell_width(h) + HEADER_PAD for h in heads] or [0] * ncols
    natural = [max(head_w[i], *(_cell_width(r[i]) for r in cells), 0) if cells else head_w[i]
               for i in range(ncols)]
    room = (width or 0) - GAP * (ncols - 1)
    if not width or sum(natural) <= room:
        return heads, cells, natural
    # a header may wrap between its words; every column starts whole-worded and
    # the column needing the most room gives way first (hyphens, then anywhere)
    head_min = [_longest_piece(h, WORDS) for h in heads] or [0] * ncols
    levels = [WORDS] * ncols

    def floor(i: int) -> int:
        return min(natural[i], max(head_min[i], *(_longest_piece(r[i], levels[i]) for r in cells), 1))

    minimum = [floor(i) for i in range(ncols)]
    while sum(minimum) > room:
        softer = [i for i in range(ncols) if levels[i] < ANYWHERE and minimum[i] > max(1, head_min[i])]
        if not softer:
            break
        i = max(softer, key=lambda i: minimum[i])
        levels[i] += 1
        minimum[i] = floor(i)
    widths = fit_widths(natural, minimum, room)
    heads = [wrap(h, widths[i] - HEADER_PAD if widths[i] - HEADER_PAD >= head_min[i] else widths[i])
             for i, h in enumerate(heads)]
    cells = [[wrap(c, widths[i], levels[i]) for i, c in enumerate(r)] for r in cells]
    return heads, cells, widths


def _lines(row: Sequence[str], widths: Sequence[int]) -> list[str]:
    """One row (cells may hold several lines, top-aligned) as text lines."""
    split = [cell.split("\n") for cell in row]
    height = max((len(s) for s in split), default=1)
    out = []
    for k in range(height):
        parts = [(s[k] if k < len(s) else "") for s in split]
        padded = (p + " " * (w - text_width(p)) for p, w in zip(parts, widths, strict=True))
        out.append((" " * GAP).join(padded).rstrip())
    return out


def render(headers: Sequence[str], rows: Sequence[Sequence[Any]], width: int | None = None) -> str:
    """A table in tabulate's "simple" format, wrapped to `width` columns when given.

    Left-aligned text, two spaces between columns, a dashed rule under the
    headers (or above and below a table without headers)."""
    heads, cells, widths = layout(headers, rows, width)
    if not widths:
        return ""
    rule = (" " * GAP).join("-" * w for w in widths).rstrip()
    out = [*(_lines(heads, widths) if heads else []), rule]
    for row in cells:
        out += _lines(row, widths)
    if not heads:
        out.append(rule)
    return "\n".join(out)
