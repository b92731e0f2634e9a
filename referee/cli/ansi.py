"""Styled text and printing without Click: what the express lane prints with.

`style` makes the same escape codes as `click.style` for the colours and weights the referee
uses; `echo` writes as `click.echo` does for text (a newline, styles stripped unless the stream
is a terminal or colour is asked for, flushed). The tests compare both with Click's own, so an
action printed by the express lane and by the Click tree is the same to the byte.
"""

from __future__ import annotations

import codecs
import re
import sys
from typing import Any

COLOURS = {"black": 30, "red": 31, "green": 32, "yellow": 33, "blue": 34, "magenta": 35, "cyan": 36,
           "white": 37, "reset": 39, "bright_black": 90, "bright_red": 91, "bright_green": 92,
           "bright_yellow": 93, "bright_blue": 94, "bright_magenta": 95, "bright_cyan": 96, "bright_white": 97}
RESET = "\033[0m"
STYLES = re.compile(r"\033\[[0-?]*[ -/]*[@-~]")  # as Click strips them
PRINTED = [0]  # how many times `echo` has written: the express lane falls back only before the first


def style(text: str, fg: str | None = None, bold: bool | None = None) -> str:
    """`text` in colour `fg` (a name Click knows), bold or not, then every style reset."""
    bits = []
    if fg is not None:
        bits.append(f"\033[{COLOURS[fg]}m")
    if bold is not None:
        bits.append(f"\033[{1 if bold else 22}m")
    return "".join(bits) + text + RESET


def isatty(stream: Any) -> bool:
    """Whether `stream` is a terminal (a closed, replaced or missing stream is not)."""
    try:
        return bool(stream.isatty())
    except Exception:
        return False


def _ascii(stream: Any) -> bool:
    """A stream that would refuse any letter outside ASCII (`PYTHONIOENCODING=ascii`)."""
    encoding = getattr(stream, "encoding", None)
    if not encoding:  # text kept in memory (a test's capture): any letter goes
        return False
    try:
        return codecs.lookup(encoding).name == "ascii"
    except LookupError:
        return False


def echo(message: str = "", err: bool = False, color: bool | None = None, nl: bool = True) -> None:
    """Print `message` on standard output (standard error with `err`), as `click.echo` would:
    styles kept only when `color` is True, or when it is None and the stream is a terminal."""
    PRINTED[0] += 1
    stream = sys.stderr if err else sys.stdout
    if stream is None:  # no stream to write to at all
        return
    if _ascii(stream):  # Click rewraps such a stream in UTF-8: let it
        import click

        click.echo(message, err=err, color=color, nl=nl)
        return
    out = message + ("\n" if nl else "")
    if not out:
        stream.flush()
        return
    if (not color) if color is not None else not isatty(stream):
        out = STYLES.sub("", out)
    stream.write(out)
    stream.flush()
