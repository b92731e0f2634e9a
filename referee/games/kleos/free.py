"""The free fields of Kleos's listed actions: what each takes (`Field.bounds`).

A listed action holding a free field's placeholder word (CARD, MODS, DELTA, TEXT, BONUS,
GODLY...) stands for every value within these bounds; an optional one (an option the
table may leave out) stands for its absence too. Each bound asks the handler's own
reading of the value, so a value is within bounds exactly when the referee takes it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from referee.games.kleos import play as pl
from referee.games.kleos.actions import _bonus, flag
from referee.games.kleos.effects import _reason
from referee.games.kleos.state import State
from referee.model import registry
from referee.model.errors import RefereeError

CARD, MODS, DELTA, TEXT = "CARD", "MODS", "DELTA", "TEXT"
NAME_MAX = 60  # an attached card's name, at most (the handler's limit)
GLORY_MAX = 30  # a card's glory change, at most either way


def _reads(read: Callable[[], Any]) -> bool:
    try:
        read()
    except (RefereeError, TypeError, ValueError):
        return False
    return True


def attached_names(state: State) -> set[str]:
    """The names of the attachments in play (case folded)."""
    return {a["card"].lower() for m in state["minions"].values() for a in m["attachments"]}


def card(state: State, value: Any) -> bool:
    """An attached card's name: 1-60 characters, not the name of an attachment in play (one of
    those is listed on each minion that does not carry it)."""
    name = str(value or "").strip()
    return 0 < len(name) <= NAME_MAX and name.lower() not in attached_names(state)


def mods(state: State, value: Any) -> bool:
    """What an attachment changes: `atk=+1,def=-1,cun=+2,tac=+1,swift` (each -20..20)."""
    return _reads(lambda: pl.parse_mod(value))


def delta(state: State, value: Any) -> bool:
    """A glory change: a whole number, -30..30, not 0."""
    try:
        n = int(str(value).strip())
    except ValueError:
        return False
    return n != 0 and abs(n) <= GLORY_MAX


def reason(state: State, value: Any) -> bool:
    """The card or effect: a note of 1-80 characters."""
    return _reads(lambda: _reason({"reason": value}))


def bonus(state: State, value: Any) -> bool:
    """Extra dice from a card: a whole number, -30..30."""
    return _reads(lambda: _bonus({"n": value}, "n"))


def yes_no(state: State, value: Any) -> bool:
    """An on/off option as the action carries it."""
    return _reads(lambda: flag({"f": value}, "f"))


def need(state: State, value: Any) -> bool:
    """Successes a check needs: 0..99."""
    try:
        n = int(value)
    except (TypeError, ValueError):
        return False
    return 0 <= n <= 99


def player(state: State, value: Any) -> bool:
    """A player at the table, named as the core reads it (god or name, any case, a prefix)."""
    return _reads(lambda: registry.engine("kleos").resolve_player(state, value))
