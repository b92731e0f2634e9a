"""A position laid out by hand on top of the setup (`new` with a `layout`): for a game
picked up mid-way, and for tests that need a position no log reaches by play (hands
emptied without playing, a River before its Comet is complete).

    {"in_play": {"atmosphere": ["air", "water"], "river": [],
                 "bird": ["air", {"card": "aether", "as": "fire"}]},
     "discard": ["fire", "fish"], "hands": {"Cy": 0},
     "tokens": {"Ann": 2, "Bob": 1, "Cy": 4}, "turn": 4}

Every card stays in exactly one place: a card laid out in play (a Nature card, the Element
cards under it, an Aether or a Nature card standing for an Element) or in the discard pile
leaves the unseen cards, and is refused when no unseen copy is left. The hands named hold
that many cards; the others give theirs up, the largest hand first, until the hands hold
exactly the unseen cards (refused when they would have to grow). With `tokens` the Energy
tokens are taken: each player named holds that many, the Reserve the rest of the setup's
count. `turn` is the game turn to start at (the First Player is `new`'s `first`).
"""

from __future__ import annotations

from typing import Any

from referee.games.kreus import board, cards
from referee.games.kreus.state import KreusState
from referee.model.errors import InputError

PARTS = ("in_play", "discard", "hands", "tokens", "turn")


def _number(value: Any, what: str, top: int, bottom: int = 0) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not bottom <= value <= top:
        raise InputError(f"layout: {what} is a whole number {bottom}-{top}")
    return value


def _player(state: KreusState, name: Any) -> str:
    if name not in state["tokens"]:
        raise InputError(f"layout: no player '{str(name)[:30]}' ({', '.join(state['players'])})")
    return str(name)


def _unseen(state: KreusState, typed: Any) -> str:
    """A card of this deck, taken from the unseen cards."""
    try:
        card = cards.parse(typed, state["deck"])
    except InputError as exc:
        raise InputError(f"layout: {exc.message}") from None
    if state["pool"].get(card, 0) <= 0:
        raise InputError(f"layout: {cards.title(card)} is laid out more often than the deck "
                         f"holds it ({state['deck'][card]})")
    state["pool"][card] -= 1
    return card


def _element(state: KreusState, nature: str, spec: Any) -> None:
    """An Element card under NATURE, or {"card": Aether or a Nature card, "as": ELEMENT}."""
    typed, stands = (spec.get("card"), spec.get("as")) if isinstance(spec, dict) else (spec, None)
    card = _unseen(state, typed)
    element = cards.element_of(card)
    if element is None:
        if stands is None or cards.kind(card) == "aggression":
            raise InputError(f"layout: {cards.title(card)} under {cards.title(nature)} is not an "
                             "Element card (an Aether or a Nature card needs \"as\": ELEMENT)")
        try:
            element = cards.parse_element(stands)
        except InputError as exc:
            raise InputError(f"layout: {exc.message}") from None
    elif stands is not None and stands != element:
        raise InputError(f"layout: {cards.title(card)} stands for {element.capitalize()} only")
    if element not in board.missing(state, nature):
        raise InputError(f"layout: {cards.title(nature)} does not need "
                         f"{'more ' if element in state['tree'][nature]['elements'] else ''}"
                         f"{element.capitalize()}")
    board.place_element(state, nature, element, card)


def _in_play(state: KreusState, layout: Any) -> None:
    if not isinstance(layout, dict):
        raise InputError("layout: in_play maps a Nature card to the Element cards under it")
    for typed, elements in layout.items():
        nature = _unseen(state, typed)
        if nature not in state["tree"] or not isinstance(elements, list):
            raise InputError(f"layout: in_play maps a Nature card to a list of Element cards "
                             f"(not {cards.title(nature)})")
        state["in_play"][nature] = {"elements": [], "complete": False}
    for typed, elements in layout.items():
        nature = cards.parse(typed, state["deck"])  # parsed once already
        for spec in elements:
            _element(state, nature, spec)


def _hands(state: KreusState, named: Any) -> None:
    """The hands named hold that many cards; the others shrink, the largest first."""
    if not isinstance(named, dict):
        raise InputError("layout: hands maps a player to the number of cards they hold")
    unseen = sum(state["pool"].values())
    hand = state["hand"]
    for name, n in named.items():
        hand[_player(state, name)] = _number(n, f"{name}'s hand", unseen)
    others = [p for p in state["players"] if p not in named]
    surplus = sum(hand.values()) - unseen
    if surplus < 0 or (surplus and not others):
        raise InputError(f"layout: the hands hold {sum(hand.values())} cards but {unseen} "
                         "are unseen: every card is in one place (in a hand, in play or "
                         "discarded)")
    for _ in range(surplus):
        biggest = max(others, key=lambda p: hand[p])
        if hand[biggest] == 0:
            break
        hand[biggest] -= 1
    if sum(hand.values()) != unseen:
        raise InputError(f"layout: the hands named hold more cards ({sum(named.values())}) "
                         f"than are unseen ({unseen})")


def _tokens(state: KreusState, named: Any) -> None:
    if not isinstance(named, dict):
        raise InputError("layout: tokens maps a player to the Energy tokens they hold")
    total = state["total_tokens"]
    for name, n in named.items():
        state["tokens"][_player(state, name)] = _number(n, f"{name}'s tokens", total)
    held = sum(state["tokens"].values())
    if held > total:
        raise InputError(f"layout: the players hold {held} Energy tokens; this game has "
                         f"{total}")
    state["reserve"] = total - held
    state["token_taker"] = None
    if not state["mode"]["incarnation"]:
        state["phase"] = "divination"


def lay_out(state: KreusState, layout: Any) -> None:
    """Apply LAYOUT to a state fresh from the setup (see the module's docstring)."""
    if not isinstance(layout, dict):
        raise InputError(f"layout: a JSON object ({', '.join(PARTS)})")
    unknown = [str(k)[:30] for k in layout if k not in PARTS]
    if unknown:
        raise InputError(f"layout: unknown part {', '.join(unknown)} ({', '.join(PARTS)})")
    _in_play(state, layout.get("in_play") or {})
    discard = layout.get("discard") or []
    if not isinstance(discard, list):
        raise InputError("layout: discard is a list of cards")
    state["discard"] = [_unseen(state, card) for card in discard]
    _hands(state, layout.get("hands") or {})
    if layout.get("tokens") is not None:
        _tokens(state, layout["tokens"])
    if layout.get("turn") is not None:
        state["turn"] = _number(layout["turn"], "the turn", 99, 1)
