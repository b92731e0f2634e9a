"""Reading a data file named on the command line (a board, a deck, a catalog, a card list):
with a bound, so `/dev/zero` or a huge file is refused, never read whole."""

from __future__ import annotations

import json
import sys
from typing import Any

from referee.model.errors import InputError

MAX_BYTES = 5_000_000  # 5 MB: far above any real board, deck or catalog


def read_text(path: str, what: str = "") -> str:
    """The UTF-8 text of `path` (`-`: standard input), at most MAX_BYTES; InputError (exit 2) else."""
    label = f"{what}: {path}" if what else path
    try:
        if path == "-":
            raw = sys.stdin.buffer.read(MAX_BYTES + 1)
        else:
            with open(path, "rb") as fh:
                raw = fh.read(MAX_BYTES + 1)
    except OSError as exc:
        raise InputError(f"{label} cannot be read ({exc.strerror or exc})") from None
    if len(raw) > MAX_BYTES:
        raise InputError(f"{label} is larger than the limit of {MAX_BYTES // 1_000_000} MB for a data file")
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise InputError(f"{label} is not UTF-8 text") from None


def read_json(path: str, what: str = "") -> Any:
    """A JSON data file, read with the same bound."""
    text = read_text(path, what)
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputError(f"{what + ': ' if what else ''}{path} is not JSON (not valid JSON at line {exc.lineno}: {exc.msg})") \
            from None
    except RecursionError:
        raise InputError(f"{path} is nested too deeply") from None
