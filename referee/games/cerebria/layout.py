"""A position laid out by hand on top of the setup (`new` with a `layout`): for a game
picked up mid-Cycle, and for tests that need a position without playing up to it.

    {"hands": {"Bob": {"hidden": 0, "shown": ["bleakness-red"]}},
     "mindsets": {"Ann": ["mild-bliss-red-draw",
                          {"card": "strong-gloom-red-drain", "merged": "bleakness-red",
                           "fragments": 1, "absorbed": 2, "ready": false}]},
     "stacks": [5, 0, 5], "scored": {"Cy": {"bliss": 39}}, "deck": 1, "current": "Bob"}

Every card and fragment stays counted: cards laid out come from the main deck (and a
smaller stack or hand gives its cards back to it), fragments from the supply; with
`deck`, the main deck keeps that many cards and the rest lie face down in the discard pile.
"""

from __future__ import annotations

from typing import Any

from referee.games.cerebria import cards, mindset, zones
from referee.games.cerebria.state import Emotion, State
from referee.model.errors import InputError


def _number(value: Any, what: str, top: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= top:
        raise InputError(f"layout: {what} is a whole number 0-{top}")
    return value


def _player(state: State, name: Any) -> str:
    if name not in state["players"]:
        raise InputError(f"layout: no player '{str(name)[:30]}' ({', '.join(state['players'])})")
    return str(name)


def _emotion(state: State, spec: Any) -> Emotion:
    if isinstance(spec, str):
        spec = {"card": spec}
    if not isinstance(spec, dict) or "card" not in spec:
        raise InputError("layout: an emotion is a card name or {\"card\": ..., ...}")
    card = zones.known_card(state, spec["card"])
    merged = zones.known_card(state, spec["merged"]) if spec.get("merged") else None
    emo = mindset.new_emotion(card, merged)
    emo["fragments"] = _number(spec.get("fragments", cards.fragment_slots(card)),
                               f"{card}'s fragments", mindset.fragment_capacity(emo))
    emo["absorbed"] = _number(spec.get("absorbed", 0), f"{card}'s absorbed fragments",
                              mindset.absorb_capacity(emo))
    emo["ready"] = bool(spec.get("ready", True))
    return emo


def lay_out(state: State, layout: Any) -> None:
    """Apply LAYOUT to a state fresh from the setup (see the module's docstring)."""
    if not isinstance(layout, dict):
        raise InputError("layout: a JSON object (hands, mindsets, stacks, scored, deck, current)")
    size = len(state["players"]) + 2
    stacks = layout.get("stacks")
    if stacks is not None:
        if not isinstance(stacks, list) or len(stacks) != len(state["stacks"]):
            raise InputError("layout: stacks are 3 numbers")
        for i, n in enumerate(stacks):
            state["deck"] += state["stacks"][i] - _number(n, "a stack", size)
            state["stacks"][i] = n
    for name, spec in (layout.get("hands") or {}).items():
        hand = state["hands"][_player(state, name)]
        shown = [zones.known_card(state, c) for c in (spec.get("shown") or [])]
        count = _number(spec.get("hidden", hand["count"]), "hidden cards", 40) + len(shown)
        state["deck"] += hand["count"] - count
        hand["count"], hand["known"] = count, shown
    for name, specs in (layout.get("mindsets") or {}).items():
        mind = state["mindsets"][_player(state, name)]
        for spec in specs:
            emo = _emotion(state, spec)
            state["deck"] -= 2 if emo["merged"] else 1
            state["supply"][mindset.affiliation(emo)] -= emo["fragments"] + emo["absorbed"]
            mind.append(emo)
        if len(mind) > mindset.LIMIT:
            raise InputError(f"layout: {name}'s Mindset holds at most {mindset.LIMIT} emotions")
    for name, score in (layout.get("scored") or {}).items():
        mine = state["scored"][_player(state, name)]
        for aff in ("bliss", "gloom"):
            mine[aff] = _number(score.get(aff, 0), f"{name}'s {aff}", 40)
            state["supply"][aff] -= mine[aff]
    if layout.get("deck") is not None:
        keep = _number(layout["deck"], "the main deck", state["deck"])
        state["discard"]["unknown"] += state["deck"] - keep
        state["deck"] = keep
    if layout.get("current") is not None:
        state["current"] = state["players"].index(_player(state, layout["current"]))
    if state["deck"] < 0 or min(state["supply"].values()) < 0:
        raise InputError("layout: more cards or fragments than the game has")
    deck = zones.composition(state)
    over = [c for c, n in zones.seen(state).items() if n > deck.get(c, 0)]
    if over:
        raise InputError(f"layout: more copies of {', '.join(over)} than the deck holds")
