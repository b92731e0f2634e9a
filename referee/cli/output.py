"""One output path for tables, text and --json (sqlite-utils' habit).

Text fits the terminal: tables and long lines are wrapped on word boundaries to
its width (`COLUMNS` honoured, 80 when it cannot be told). Colour marks player
names, score changes (+green, -red), refusals and errors; it is on only on a
terminal, off when `NO_COLOR` is set, and `--color/--no-color` decides over both.
Long output on a terminal goes through the pager.
"""

from __future__ import annotations

import json
import os
import re
import sys
from collections.abc import Mapping, Sequence
from typing import Any

from referee.cli import context
from referee.cli.ansi import echo as _echo
from referee.cli.ansi import isatty, style
from referee.cli.context import current
from referee.model import tables
from referee.model.status import status_line
from referee.model.text import shown

PALETTE = ("cyan", "magenta", "yellow", "blue", "bright_cyan", "bright_magenta", "bright_yellow", "bright_blue")
Players = Sequence[str] | Mapping[str, str | None]  # names, or names -> the table's colour
SCORE_WORDS = ("glory", "bliss", "gloom", "fragment", "fragments", "point", "points")


# -- the terminal ----------------------------------------------------------------------

def width() -> int | None:
    """Columns to fit: `COLUMNS`, else the terminal's; None when output goes to a pipe or a
    file and COLUMNS is not set (lines stay whole for grep and scripts)."""
    if not os.environ.get("COLUMNS", "").strip().isdigit() and not _isatty():
        return None
    return max(20, _size().columns)


def height() -> int:
    return max(5, _size().lines)


def _size() -> os.terminal_size:
    """As `shutil.get_terminal_size((80, 24))`, without importing shutil (and, through it, the
    compression modules) on every command."""
    def env(name: str) -> int:
        try:
            return int(os.environ.get(name, ""))
        except ValueError:
            return 0

    columns, lines = env("COLUMNS"), env("LINES")
    if columns <= 0 or lines <= 0:
        try:
            size = os.get_terminal_size(sys.__stdout__.fileno())  # type: ignore[union-attr]
        except (AttributeError, ValueError, OSError):
            size = os.terminal_size((0, 0))
        columns = columns if columns > 0 else size.columns or 80
        lines = lines if lines > 0 else size.lines or 24
    return os.terminal_size((columns, lines))


def on_screen() -> bool:
    """Output goes to a terminal (not a pipe, a file or a script's capture)."""
    return _isatty()


def too_tall(text: str) -> bool:
    """Taller than the terminal, keeping a line for the prompt (in `referee play`, its toolbar's
    line too, and the rows the shell keeps for what it prints after: `Referee.rows_after`)."""
    ref = context.get()
    kept = 1 + (1 + getattr(ref, "rows_after", 0) if getattr(ref, "in_shell", False) else 0)
    return text.count("\n") + 1 > height() - kept


def _isatty(err: bool = False, stream: Any = None) -> bool:
    return isatty(stream or (sys.stderr if err else sys.stdout))


def _choice(ref: Any = None) -> bool | None:
    """What --color/--no-color said (None: not said)."""
    if ref is None:
        ref = current()
    return getattr(ref, "color", None)


def colour_on(err: bool = False, ref: Any = None) -> bool:
    """Colour for this stream: --color/--no-color, else off under NO_COLOR, else on a terminal only."""
    choice = _choice(ref)
    if choice is not None:
        return choice
    if os.environ.get("NO_COLOR"):
        return False
    return _isatty(err)


BOARD_ROW = re.compile(r"^\s*\d+ \|")  # a row of a drawn grid (`8 | ...`)
MARK = re.compile(r"(?<![\w])\d?([A-Za-z]+)\*?(?![\w])")


def paint_marks(text: str, marks: Mapping[str, str], colour_of: Mapping[str, str]) -> str:
    """On the board's grid rows, a player's letters (`R`, `r`, `Rr`, `3r`, `b*`) in that player's
    colour; a tile's code (`Rd`, `M1`) mixes letters and is left alone."""
    def one(m: re.Match) -> str:
        letters = {c.lower() for c in m.group(1)}
        owner = marks.get(letters.pop()) if len(letters) == 1 else None
        colour = colour_of.get(owner) if owner else None
        return style(m.group(0), fg=colour, bold=True) if colour else m.group(0)

    return "\n".join(MARK.sub(one, line) if BOARD_ROW.match(line) else line for line in text.split("\n"))


def paint(text: str, players: Players = (), marks: Mapping[str, str] | None = None) -> str:
    """Styles for plain text: player names (the colour the table gave them, else a colour per
    seat), score changes, refusal and error labels."""
    from referee.model.colours import COLOURS

    given = players if isinstance(players, Mapping) else {}
    names = [n for n in dict.fromkeys(str(p) for p in players) if n.strip()]
    spare = [c for c in PALETTE if c not in {COLOURS[g][0] for g in given.values() if g in COLOURS}] or list(PALETTE)
    seat = {}
    for i, n in enumerate(names):
        own = given.get(n)
        seat[n] = COLOURS[own][0] if own in COLOURS else spare[i % len(spare)]
    alternatives = [r"(?P<label>^(?:refused|error|Error):)",
                    rf"(?P<change>(?<![\w/+=.-])[+-]\d+(?=\s+(?:{'|'.join(SCORE_WORDS)})\b))"]
    if names:
        alt = "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))
        alternatives.insert(0, rf"(?<![\w-])(?P<name>{alt})(?![\w-])(?:(?P<gap>[ ]+)(?P<num>[+-]\d+)(?![\w/]))?")
    if marks:
        text = paint_marks(text, marks, seat)
    pattern = re.compile("|".join(alternatives), re.MULTILINE)

    def signed(number: str) -> str:
        if int(number) == 0:
            return number
        return style(number, fg="green" if number.startswith("+") else "red", bold=True)

    def replace(m: re.Match) -> str:
        if m.group("label"):
            return style(m.group("label"), fg="red", bold=True)
        if m.group("change"):
            return signed(m.group("change"))
        out = style(m.group("name"), fg=seat[m.group("name")], bold=True)
        if m.group("num"):
            out += m.group("gap") + signed(m.group("num"))
        return out

    return pattern.sub(replace, text)


def echo(text: str, err: bool = False, players: Players = (), ref: Any = None,
         marks: Mapping[str, str] | None = None) -> None:
    """Print text, painted when colour is on for that stream; control characters escaped."""
    text = shown(text)
    if colour_on(err, ref):
        _echo(paint(text, players, marks), err=err, color=True)
    else:
        _echo(text, err=err)


def _pager_reads_colour() -> None:
    """`less` shows colour codes as colours only with -R: add it to LESS (set or not), unless
    the user's own PAGER or LESS already says how to show them."""
    less = os.environ.get("LESS")
    if less is None:
        os.environ["LESS"] = "-FRX"
    elif "r" not in less.lower():
        os.environ["LESS"] = f"{less} -R".strip()


def page(text: str, players: Players = (), marks: Mapping[str, str] | None = None) -> None:
    """Print text; through the pager when both ends are a terminal and it is taller than the screen."""
    ref = context.get()
    text = shown(text)
    if too_tall(text) and not ref.as_json and _isatty() and _stdin_isatty():  # never for a script or a pipe
        on = colour_on()
        _pager_reads_colour()
        import click

        click.echo_via_pager(paint(text, players, marks) if on else text, color=on)
    else:
        echo(text, players=players, marks=marks)


def _stdin_isatty() -> bool:
    return _isatty(stream=sys.stdin)


def shell_syntax(text: str, game: str | None) -> str:
    """A message as the shell would say it: `referee kleos card add` -> `card add` while
    playing Kleos, `referee sessions` -> `sessions`, `referee kleos --help` -> `help kleos`."""
    if game:
        text = re.sub(rf"'referee {re.escape(game)} (\S+) --help'", r"'help \1'", text)
        text = text.replace(f"'referee {game} --help'", "'help'")
        text = re.sub(rf"(`)referee {re.escape(game)} ", r"\1", text)
    text = re.sub(r"'referee (\S+) --help'", r"'help \1'", text).replace("'referee --help'", "'help'")
    return re.sub(r"(`)referee ", r"\1", text)


def typed_here(text: str) -> str:
    """A line that tells what to type, as it is typed where the command ran: in the shell
    (`referee play`), `status --full` rather than `referee kleos status --full`."""
    from referee.cli import context

    ref = context.get()
    return shell_syntax(text, ref.shell_game) if getattr(ref, "in_shell", False) else text


# -- tables and text -------------------------------------------------------------------

def table(headers: list[str], rows: list[list[Any]], widths: list[int | None] | None = None) -> str:
    """The one table of the CLI: sized to the terminal, long cells wrapped on word boundaries.

    `widths` caps columns even on a wide terminal (None: no cap)."""
    rows = [[shown(c) if isinstance(c, str) else c for c in r] for r in rows]
    caps = list(widths or [])
    if any(caps):
        rows = [[tables.wrap_paragraph("" if c is None else str(c), caps[i], indent="")
                 if i < len(caps) and caps[i] else c for i, c in enumerate(r)] for r in rows]
    return tables.render(headers, rows, width())


def fit(text: str, indent: str = "  ") -> str:
    """A line of prose wrapped to the terminal, continuation lines indented."""
    return tables.wrap_paragraph(text, width(), indent)


def fit_block(text: str) -> str:
    """Drawn text (a board, a list) fitted to the terminal: each line too long is wrapped on
    word boundaries, its continuation indented two spaces past the line's own indentation."""
    room = width()
    if not room:
        return text
    out = []
    for line in text.split("\n"):
        if tables.text_width(line) <= room:
            out.append(line)
            continue
        lead = line[: len(line) - len(line.lstrip(" "))]
        out.append(tables.wrap_paragraph(line, room, lead + "  "))
    return "\n".join(out)


def events_text(events: list[dict]) -> str:
    lines: list[str] = []
    for ev in events:
        if ev.get("text"):
            lines.append(fit(str(ev["text"])))
        tab = ev.get("table")
        if tab:
            lines.append(table(tab.get("headers", []), tab.get("rows", [])))
    return "\n".join(lines)


def status_text(summary: dict, turn_word: str = "turn", session: str | None = None) -> str:
    """The status line, wrapped to the terminal; naming `session` when given."""
    line = status_line(summary, turn_word)
    return fit(f"{line} · session {session}" if session else line)


def echo_status(summary: dict, turn_word: str = "turn", session: str | None = None) -> None:
    """Print the status line, wrapped and painted; `session` names the session it is about (when
    several are open, so the table always knows which game changed)."""
    echo(status_text(summary, turn_word, session), players=player_names(summary))


def player_names(summary: dict | None) -> dict[str, str | None]:
    """The players in seat order -> the colour the table gave them (Crôa!'s `Ann:red`), if any."""
    return {str(p.get("name")): (str(p.get("color")).lower() if p.get("color") else None)
            for p in (summary or {}).get("players", []) if p.get("name")}


# -- JSON ------------------------------------------------------------------------------

def emit_json(payload: dict) -> None:
    _echo(json.dumps(payload, ensure_ascii=False, sort_keys=False))


def envelope(result: Any, session: str | None = None, state: dict | None = None) -> dict:
    out: dict[str, Any] = {"ok": True, "session": session, "result": result}
    if state is not None:
        out["state"] = state
    return out
