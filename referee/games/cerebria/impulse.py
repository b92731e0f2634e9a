"""The Impulse: three face-up cards under three face-down Impulse stacks.

A card leaving the Impulse is replaced by the top of the stack above it; when that
stack is empty the slot stays empty and a Revelation triggers.
"""

from __future__ import annotations

from collections.abc import Callable

from referee.games.cerebria import drawing
from referee.games.cerebria.state import State
from referee.model.chance import Chance
from referee.model.errors import IllegalAction, InputError
from referee.model.i18n import ngettext

SLOTS = 3


class Reveals:
    """The cards the table typed for the face-down cards an action turns up, used in order."""

    def __init__(self, typed: object, option: str = "--reveal") -> None:
        self.option = option
        if typed is None:
            typed = []
        if isinstance(typed, str):
            typed = [typed]
        if not isinstance(typed, list):
            raise InputError(f"{option} takes card names")
        self.typed = list(typed)
        self.used = 0

    def next(self) -> object:
        value = self.typed[self.used] if self.used < len(self.typed) else None
        self.used += 1
        return value

    def check_at_most(self, n: int, what: str) -> None:
        """Refuse more typed cards than WHAT can turn face up, before anything happens."""
        if len(self.typed) > n:
            typed = ", ".join(map(str, self.typed))
            most = f"at most {n} {ngettext('card', 'cards', n)}" if n else "no card"
            raise InputError(f"{self.option} {typed}: {what} turns {most} face up")

    def check_all_used(self) -> None:
        """A typed card that never turned up is a mistake worth saying."""
        if len(self.typed) > self.used:
            extra = ", ".join(map(str, self.typed[self.used:]))
            raise InputError(f"{self.option} {extra}: no further card turns face up here "
                             f"({self.used} did)")


def leave(state: State, idx: int, chance: Chance, reveals: Reveals,
          put: Callable[[str], None]) -> tuple[str, bool, str]:
    """The card in slot IDX leaves the Impulse (PUT places it) and is replaced from its stack.

    Returns (the card that left, whether a Revelation triggers, a line for the table).
    """
    card = state["impulse"][idx]
    if card is None:
        raise IllegalAction(f"Impulse slot {idx + 1} is empty", "Impulse: one of the face-up cards")
    state["impulse"][idx] = None
    put(card)  # placed before the refill is turned up, so it cannot be drawn twice
    if state["stacks"][idx] == 0:
        return card, True, f"Impulse stack {idx + 1} is empty: Revelation!"
    state["stacks"][idx] -= 1
    new = drawing.reveal(state, chance, f"impulse {idx + 1}", reveals.next())
    state["impulse"][idx] = new
    return card, False, (f"Impulse slot {idx + 1} now shows {new} "
                         f"(stack {idx + 1}: {state['stacks'][idx]} left)")
