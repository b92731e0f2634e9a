"""Kreus: Uranus' judgement of the Planet (rulebook section 7, tiers as docs/rulings/kreus.md
sets them)."""

from __future__ import annotations

from collections.abc import Sequence

from referee.model.errors import IllegalAction

OUTCOMES: tuple[str, ...] = (
    "defeat", "critical-defeat", "unstable", "may-sustain-life", "success", "perfection",
)


def refuse_unreachable(planet: bool, elements: int | None,
                       cards_left: Sequence[int] | None) -> None:
    """The calculator's input, refused (rule named) when no game of Kreus can reach it: more
    than four Elements, Elements under a Planet not in play, a count for other than 3-6
    players."""
    if elements is not None and not 0 <= elements <= 4:
        raise IllegalAction(f"the Planet holds 0 to 4 Element cards, not {elements}",
                            "Judgement of Uranus: the Planet needs four Elements")
    if not planet and elements:
        raise IllegalAction("Elements lie under the Planet: drop --no-planet",
                            "Judgement of Uranus: Elements lie under the Planet in play")
    if cards_left is not None and not 3 <= len(cards_left) <= 6:
        raise IllegalAction(f"one count per player, 3 to 6 of them (Kreus is played by 3 to 6), "
                            f"not {len(cards_left)}; e.g. 2,3,2,2", "Setup: 3 to 6 players")


def outcome(planet: bool, elements: int = 0, cards_left: Sequence[int] | None = None,
            aggression_held: bool = False, aggression_early: bool = False,
            needed: int = 4) -> str:
    """The outcome tier of a finished game.

    - An Aggression card played on the first or last turn: defeat, whatever the Planet.
    - Planet complete while an Aggression card is still held: defeat.
    - No Planet in play: critical-defeat. 0-1 Element: unstable. 2 up to one short of
      complete: may-sustain-life. Complete: success, or perfection when every player
      still holds at least two cards (`cards_left`, hand plus face down, one count per
      player: 3 to 6 counts).
    """
    if elements < 0 or needed < 1:
        raise ValueError("elements must be 0 or more and a Planet needs at least one")
    if cards_left is not None and any(c < 0 for c in cards_left):
        raise ValueError("cards left cannot be negative")
    if cards_left is not None and not 3 <= len(cards_left) <= 6:
        raise ValueError("cards left: one count per player, and Kreus has 3 to 6 players")
    complete = planet and elements >= needed
    if aggression_early or (complete and aggression_held):
        return "defeat"
    if not planet:
        return "critical-defeat"
    if complete:
        return "perfection" if cards_left and all(c >= 2 for c in cards_left) else "success"
    return "unstable" if elements <= 1 else "may-sustain-life"
