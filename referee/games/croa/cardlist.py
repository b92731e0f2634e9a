"""The `card` verb's actions now: the exact legal list (hints, completion) and the smaller sample
a random playout draws from.

The list holds what the referee can enumerate: each card a colony may hold (a dealt hand is
known; a real hand may hold any card not all face up), with its squares, tiles and males. A
card the referee does not know, named at the table from a real hand, is the free entry `CARD`
(any name within `cards.unknown_card`); so is the card a real hand of four discards when the
force is lost (`--discard CARD`, within `cards.discardable`).
"""

from __future__ import annotations

from collections.abc import Iterable

from referee.model.errors import IllegalAction, InputError
from referee.model.verbs import Action

from . import cards
from .board import NEIGHBOURS, jump_over
from .decisions import data, holders, top
from .legal import frog_name, tile_options
from .pond import HIDDEN, QUEEN, at, may_hold
from .state import CroaState

CARD = "CARD"  # the placeholder of a card named at the table (the `card` and `discard` fields)
ANSWERS = ("thunderclap", "doesnt-work")  # the decisions a card answers


def card_options(state: CroaState) -> list[Action]:
    """Every `card` action the referee accepts now (free names as `CARD`)."""
    if not state.get("cards"):
        return []
    waiting = top(state)
    asked = {data(p)["c"] for p in state["pending"] if p["decision"] in ANSWERS}
    out: list[Action] = []
    for c, col in enumerate(state["colonies"]):
        own = c == state["current"]
        # the colony to play may leave out its name; another names itself, and while a
        # decision waits only a colony asked may
        named = not waiting or c in asked
        if not col["alive"] or not (own or named):
            continue
        mine: list[Action] = []
        if own and not waiting and not col["played_card"]:
            mine += _own_turn(state, c) + _unknown(state, c)
        elif not own:
            mine += _unknown(state, c)  # taken as an orange card
        if col.get("force") and named:  # while a decision waits, only a colony asked
            mine += _lose_force(state, c)
        answers = []
        if waiting == "bounce" and may_hold(state, c, "thunderclap") and not (
                own and col["played_card"]):
            answers.append({"card": "thunderclap"})
        if state["window"] is not None and c in holders(state) and may_hold(state, c, "doesnt_work"):
            answers.append({"card": "doesnt_work"})
        if own:
            out += mine
            out += [{**a, "player": col["name"]} if named else a for a in answers]
        else:
            out += [{**a, "player": col["name"]} for a in mine + answers]
    return out


def card_sample(state: CroaState) -> list[Action]:
    """What a random playout may play: the answers asked for, else the colony to play's own
    known cards (losing the force with one discard); never a made-up card."""
    listed = card_options(state)
    if state["pending"]:
        return [a for a in listed if a["card"] in ("thunderclap", "doesnt_work")]
    own = [a for a in listed if "player" not in a and CARD not in (a["card"], a.get("discard"))]
    lost = [a for a in own if a.get("lost")]
    return [a for a in own if not a.get("lost")] + lost[:1]


def _unknown(state: CroaState, c: int) -> list[Action]:
    """A card the referee does not know: a dealt hand's by name, a real hand's as `CARD`."""
    hand = state["colonies"][c]["hand"]
    if not state["deal"]:
        return [{"card": CARD, "unknown": True}] if hand else []
    return [{"card": k, "unknown": True} for k in sorted(set(hand))
            if k not in cards.CARDS and cards.unknown_name(k) == k]


def _lose_force(state: CroaState, c: int) -> list[Action]:
    """Another card took the force away: with four in hand, one card is discarded (any card a
    real hand may hold, or an unnamed one)."""
    hand = state["colonies"][c]["hand"]
    lost: Action = {"card": "the_force", "lost": True}
    if len(hand) <= cards.HAND:
        return [lost]
    if HIDDEN in hand:
        return [lost, {**lost, "discard": CARD}]
    return [{**lost, "discard": k} for k in sorted(set(hand)) if cards.named(k) == k]


def _own_turn(state: CroaState, c: int) -> list[Action]:
    """The known cards the colony to play may play before its move, each with every target
    its effect accepts."""
    out: list[Action] = []
    for key in sorted(cards.CARDS):
        if key in ("thunderclap", "doesnt_work") or not may_hold(state, c, key):
            continue
        for action in _forms(state, c, key):
            try:
                cards.check_effect(state, c, key, action)
            except (IllegalAction, InputError):
                continue
            out.append(action)
    return out


def _forms(state: CroaState, c: int, key: str) -> list[Action]:
    """A card's possible arguments, before its effect is checked."""
    col = state["colonies"][c]
    queen = at(state, [c, QUEEN])

    def onto(squares: Iterable[str], **given: str) -> list[Action]:
        return [{"card": key, **given, "to": sq, **({"tile": tile} if tile else {})}
                for sq in squares for tile in tile_options(state, sq)]

    if key == "the_force":
        return [{"card": key}]
    if key in ("mating_season", "twins"):
        return [{"card": key, "male": m} for m in col["males"]]
    if key == "one_more_frog":
        return onto(NEIGHBOURS[queen])
    if key == "mega_jump":
        out: list[Action] = []
        for i, f in enumerate(col["frogs"]):
            if f["square"] is not None:
                src = f["square"]
                jumps = list(dict.fromkeys(sq for mid in NEIGHBOURS[src] for sq in NEIGHBOURS[mid]
                                           if jump_over(src, sq) == mid))
                out += onto(jumps, **{"from": frog_name(state, [c, i])})
        return list({repr(a): a for a in out}.values())
    if key in ("bodyguard", "not_even_dead"):
        return onto(NEIGHBOURS[queen], **{"from": frog_name(state, [c, QUEEN])})
    return []


def shown_cards(state: CroaState, actions: list[Action], seat: str | None = None) -> list[Action]:
    """The legal actions as the table's screen (or `seat`'s) shows them. With hands the referee
    dealt, a card in a hand is its player's (`croa hand NAME` shows it): a `card` entry of
    another colony tells only that it may play one (`card CARD`), and while a window waits every
    colony asked that holds a card is shown so, whether its hand answers or not (being asked
    tells nothing). The force in front of a colony lies face up: losing it is shown, the card
    discarded then is not."""
    if not state.get("cards") or not state.get("deal"):
        return actions
    out: list[Action] = []
    mover = state["colonies"][state["current"]]["name"]
    for a in actions:
        shown: Action | None = a
        if seat is not None and a.get("verb") == "card" and a.get("player", mover) == seat:
            pass  # the seat's own hand: shown to it as listed
        elif a.get("verb") == "card" and a.get("card") == "the_force" and a.get("lost"):
            shown = {**a, "discard": CARD} if "discard" in a else a
        elif a.get("verb") == "card":
            shown = None  # whether this hand holds a card that fits now is its player's: covered below
        if shown is not None and shown not in out:
            out.append(shown)
    # what the table knows: the colony to play may play a card in its turn while it holds one and
    # has played none yet, and every colony a window asks may answer while it holds one; listed so
    # whatever the hands hold (a `card` entry only when a held card fits would tell the hand)
    col = state["colonies"][state["current"]]
    own: Action = {"verb": "card", "card": CARD}
    if (not state["pending"] and any(a.get("verb") != "card" for a in actions) and col["alive"]
            and col["hand"] and not col.get("played_card") and seat != mover and own not in out):
        out.append(own)
    asked = sorted({data(p)["c"] for p in state["pending"] if p["decision"] in ANSWERS})
    for c in asked:
        col = state["colonies"][c]
        cover: Action = {"verb": "card", "card": CARD, "player": col["name"]}
        if col["alive"] and col["hand"] and cover not in out and seat != col["name"]:
            out.append(cover)
    return out


def playable(state: CroaState, c: int) -> dict[str, list[Action]]:
    """The cards colony `c` may play now, each with the actions that play it (its own view)."""
    name = state["colonies"][c]["name"]
    out: dict[str, list[Action]] = {}
    for a in card_options(state):
        mine = a.get("player") == name or ("player" not in a and c == state["current"])
        if mine and a["card"] != CARD and not a.get("lost"):
            out.setdefault(a["card"], []).append(a)
    return out
