"""A game's text board (`render`) as HTML for a narrow screen: its column tables (a header,
a line of dashes, rows; a cell wrapped over several lines is joined again) become HTML tables
and the rest paragraphs, so a phone reflows what a terminal shows in 80 fixed columns.

Pure string work: it shows exactly what `render` shows, nothing more.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from html import escape

RULE = re.compile(r"^\s*-+(\s+-+)*\s*$")


def _spans(rule: str) -> list[int]:
    """Where each column starts, read from the line of dashes under the header."""
    return [m.start() for m in re.finditer(r"-+", rule)]


def _fits(line: str, starts: list[int]) -> bool:
    """Whether a line is a row of the table: nothing written across a column's left edge."""
    return all(len(line) <= s - 1 or line[s - 1] == " " for s in starts[1:] if s > 0)


def _cells(line: str, starts: list[int]) -> list[str]:
    ends = [*starts[1:], None]
    return [line[s:e].strip() for s, e in zip(starts, ends, strict=True)]


def _join(row: list[str], more: list[str]) -> list[str]:
    return [f"{a} {b}".strip() if b else a for a, b in zip(row, more, strict=True)]


def _table(header: list[list[str]], rows: list[list[str]], say: Callable[[str], str]) -> str:
    head = header[0] if header else []
    for more in header[1:]:
        head = _join(head, more)
    thead = "<tr>" + "".join(f"<th>{escape(h)}</th>" for h in head) + "</tr>" if head else ""
    body = "".join("<tr>" + "".join(f"<td>{escape(say(c))}</td>" for c in row) + "</tr>" for row in rows)
    return f'<table class="grid text"><thead>{thead}</thead><tbody>{body}</tbody></table>'


def _paragraphs(lines: list[str], say: Callable[[str], str]) -> str:
    """Lines outside tables; a line indented under the one before continues it."""
    out: list[str] = []
    for line in lines:
        if not line.strip():
            continue
        if out and line.startswith(" "):
            out[-1] += " " + line.strip()
        else:
            out.append(line.strip())
    return "".join(f"<p>{escape(say(p))}</p>" for p in out if say(p))


def _same(text: str) -> str:
    return text


def text_board_html(text: str, say: Callable[[str], str] = _same) -> str:
    """The text board as HTML: tables as tables, the other lines as paragraphs; `say`: each
    cell and paragraph as the page says it (`Screens.spoken`)."""
    lines = text.splitlines()
    parts: list[str] = []
    loose: list[str] = []
    i = 0
    while i < len(lines):
        rule = i + 1 < len(lines) and RULE.match(lines[i + 1]) and lines[i].strip()
        if not rule:
            loose.append(lines[i])
            i += 1
            continue
        starts = _spans(lines[i + 1])
        header_lines = [lines[i]]
        # a header over two lines: its second line has an empty first cell
        while (len(header_lines) < 3 and loose and loose[-1].strip() and _fits(loose[-1], starts)
               and not _cells(header_lines[0], starts)[0] and _cells(loose[-1], starts)[0]):
            header_lines.insert(0, loose.pop())
        if not _fits(header_lines[-1], starts):
            loose.append(lines[i])
            i += 1
            continue
        parts.append(_paragraphs(loose, say))
        loose = []
        header = [_cells(h, starts) for h in header_lines]
        rows: list[list[str]] = []
        i += 2
        while i < len(lines) and lines[i].strip() and _fits(lines[i], starts):
            cells = _cells(lines[i], starts)
            if rows and not cells[0]:  # a cell wrapped onto the next line
                rows[-1] = _join(rows[-1], cells)
            else:
                rows.append(cells)
            i += 1
        parts.append(_table(header, rows, say))
    parts.append(_paragraphs(loose, say))
    return f'<div class="textboard">{"".join(parts)}</div>'
