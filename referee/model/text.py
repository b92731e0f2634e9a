"""Text that reaches the store and the terminal: control characters and the length of a name.

One place decides both ways:
- at input, a name (a player's, a session's) must be printable and at most `MAX_NAME`
  characters; any other text of an action may hold a tab or a line break (a catalog file's
  text) but no other control character (an escape sequence could drive the terminal of
  whoever reads the log: retitle it, write its clipboard);
- at output, `shown` escapes any control character still there (a store written before these
  checks), so it is printed as `\\x1b`, never sent raw.
"""

from __future__ import annotations

import re
from typing import Any

from referee.model.errors import InputError

MAX_NAME = 200  # a session or player name; export and import use the same limit
# compiled by `re` when first needed (and kept in its cache): a printable text needs none of them
_CONTROL = r"[\x00-\x1f\x7f-\x9f]"
_CONTROL_IN_TEXT = r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]"  # tab and line breaks allowed
_SHOWN = r"[\x00-\x08\x0b-\x1f\x7f-\x9f]"  # tab and newline kept in output


def utf8(text: str) -> bool:
    """False for text holding lone surrogates (how Python carries undecodable argv bytes)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _char(c: str) -> str:
    return f"\\x{ord(c):02x}"


def shown(text: str) -> str:
    """`text` with its control characters (but tab and newline) escaped, for a terminal or a file."""
    if _printable(text, "\t\n"):
        return text
    return re.sub(_SHOWN, lambda m: _char(m.group()), text)


def _printable(text: str, kept: str) -> bool:
    """No control character but those `kept` in `text` (surely so when it is printable without
    them: a check in C, so most texts need no regular expression compiled, an action's cost)."""
    if text.isprintable():
        return True
    for ch in kept:
        text = text.replace(ch, "")
    return text.isprintable()


def check_name(name: Any, what: str) -> None:
    """A name typed at the table: printable and at most MAX_NAME characters (exit 2 otherwise)."""
    if not isinstance(name, str):
        return
    bad = None if name.isprintable() else re.search(_CONTROL, name)
    if bad:
        raise InputError(f"{what} '{shown(name)[:60]}' holds a control character ({_char(bad.group())}); "
                         "type names with printable characters only")
    if len(name) > MAX_NAME:
        raise InputError(f"{what} is {len(name)} characters long, over the limit of {MAX_NAME} for a name")


def check_texts(value: Any, what: str) -> None:
    """Every text in an action (keys too): no control character but tab and line breaks."""
    if isinstance(value, str):
        bad = None if _printable(value, "\t\n\r") else re.search(_CONTROL_IN_TEXT, value)
        if bad:
            raise InputError(f"{what} holds a control character ({_char(bad.group())}) in "
                             f"'{shown(value)[:60]}'; type it with printable characters only")
    elif isinstance(value, dict):
        for k, v in value.items():
            check_texts(k, what)
            check_texts(v, what)
    elif isinstance(value, (list, tuple)):
        for v in value:
            check_texts(v, what)


def player_names(options: dict) -> list[str]:
    """The player names in a `new` action's options (`Ann` or `Ann:ares`, or `{"name": ...}`)."""
    players = options.get("players") or []
    out = []
    for p in players if isinstance(players, list) else []:
        if isinstance(p, str):
            out.append(p.split(":", 1)[0])
        elif isinstance(p, dict) and isinstance(p.get("name"), str):
            out.append(p["name"])
    return out


def check_new(options: dict, name: str = "") -> None:
    """A `new` action's options and the session's name, as typed or imported."""
    check_name(name, "the session name")
    for who in player_names(options):
        check_name(who, "the player name")
    check_texts(options, "the new game's options")
