"""A card named by the beginning of its name: the one refusal every game gives when that
beginning fits several cards.

Each game reads a short card name its own way (Kleos by the beginning of a name or of one of
its words, Kreus word by word, Cerebria part by part, Elysion by the beginning of the name);
when a short name fits more than one card, they all say so in the same words, naming the
cards it fits: "'sh' fits two cards: Shield Maiden, Shieldbearer". Never a guess, and never
"unknown card".
"""

from __future__ import annotations

from collections.abc import Iterable

from referee.model.errors import InputError

SHOWN = 6  # the cards named; the rest are counted
_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")


def count(n: int) -> str:
    """`two`, `three`... (a number in figures from 10)."""
    return _WORDS[n] if 0 <= n < len(_WORDS) else str(n)


def fits_several(typed: object, found: Iterable[str], what: str = "card", where: str = "") -> InputError:
    """The refusal of a short name TYPED that fits every one of FOUND (two or more): how many,
    and which (the first SHOWN, in the order given). WHAT names them (`card`, `element`,
    `Blessing`); WHERE, when given, says where they were looked for (`in Ann's hand`)."""
    names = list(dict.fromkeys(found))
    shown = ", ".join(names[:SHOWN])
    if len(names) > SHOWN:
        shown += f" and {len(names) - SHOWN} more"
    place = f" {where}" if where else ""
    return InputError(f"'{str(typed).strip()[:40]}' fits {count(len(names))} {what}s{place}: {shown}")
