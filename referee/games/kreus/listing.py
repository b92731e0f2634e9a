"""Each verb's `options`: every action the referee accepts now, for people (hints, completion).

The list is exact (tests/test_legal_exact.py): every token count, every Titan face of every
card still free, every reveal of every unseen card (the Planet as an Element too), with
`--no-token` and `--tethys` where they are accepted, the Storm of Uranus with each `--discard`
it may carry, every form of a Titan power. A Themis bet's
gain is a free field (GAIN, 0 to 15). Random playouts draw from `legal` instead (a few token
counts, reveals that build weighted), through each verb's `sample`.

Forms whose acceptance hangs on several rules at once (a power's arguments, a flag on a reveal)
are generated broadly and kept when the verb's handler accepts them on a copy of the state.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from itertools import permutations

from referee.games.kreus import board, creation, flow, legal, titans
from referee.games.kreus.cards import kind
from referee.games.kreus.state import KreusState
from referee.games.kreus.table import may_hold
from referee.games.kreus.titans import active_phase
from referee.model import plain
from referee.model.errors import RefereeError
from referee.model.verbs import Action, dry_accepted

GAIN = "GAIN"  # Themis' gain, typed by the player: 0 to 15


def gain_within(state: KreusState, value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 15


# the rules a listed form must pass (the handlers the declaration names)
_CHECKS = {"reveal": creation.reveal, "power": titans.use_power}


def _accepts(state: KreusState, verb: str, actions: Iterable[Action]) -> list[Action]:
    return dry_accepted(_CHECKS[verb], state, verb, actions)


def tokens(state: KreusState) -> list[Action]:
    taker = state["token_taker"]
    if not taker:
        return []
    return [{"player": taker, "n": n} for n in range(state["reserve"] + 1)]


def titan(state: KreusState) -> list[Action]:
    """Every face of every Titan card still free, for every player still to choose, and
    `draw`; a player holding a drawn card keeps one of its faces."""
    if not state["mode"]["incarnation"]:
        return []
    drawn = state.get("drawn", {})
    out: list[Action] = []
    for p in state["players"]:
        if p in state["titans"]:
            continue
        taken = {t["card"] for t in state["titans"].values()} | {
            i for q, i in drawn.items() if q != p}
        if p in drawn:
            card = state["titan_cards"][drawn[p]]
            out += [{"player": p, "titan": card[f]["name"]} for f in ("male", "female")]
            continue
        free = [i for i in range(len(state["titan_cards"])) if i not in taken]
        for i in free:
            out += [{"player": p, "titan": state["titan_cards"][i][f]["name"]}
                    for f in ("male", "female")]
        if free:
            out.append({"player": p, "titan": "draw"})
    return out


def discard(state: KreusState) -> list[Action]:
    """The Storm's discard, else a Divination discard, with or without its token."""
    out = legal.discard(state)
    if state["pending"]:
        return out
    return [*out, *({**a, "no_token": True} for a in out)]


def ready(state: KreusState) -> list[Action]:
    """Each player still to place, and everyone at once."""
    return list({str(a.get("player")): a for a in legal.ready(state)}.values())


def reveal(state: KreusState) -> list[Action]:
    """Every reveal of the next card in order, each unseen card in every form it takes,
    with `--no-token` and `--tethys` where accepted. Once every card is face down the first
    reveal starts the Creation phase (as `next` does): it is listed from then on, read on a
    copy of the state where the phase has started."""
    if state["phase"] == "divination":
        state = _created(state)
    if state["phase"] != "creation":
        return []
    r = state["round"]
    out: list[Action] = []
    if r["order"]:
        who = r["order"][0]
        pool = [c for c, n in sorted(state["pool"].items()) if n > 0 and may_hold(state, who, c)]
        for card in pool:
            out += _forms(state, who, card)
    elif r["replay"]:
        for card in dict.fromkeys(r["replay"]):
            out += _forms(state, r["iapetus"] or "", card)
    return out


def _created(state: KreusState) -> KreusState:
    """The state as the first reveal finds it: the Creation phase started on a copy, once
    every card is face down (the state itself while one is still to be placed)."""
    if flow.must_place(state):
        return state
    after = plain.copy(state)
    try:
        flow.start_creation(after)
    except RefereeError:
        return state
    return after


def _forms(state: KreusState, who: str, card: str) -> list[Action]:
    base = _reveals(state, who, card)
    flags = [{**a, "no_token": True} for a in base if kind(card) == "nature"]
    flags += [{**a, "tethys": True} for a in base if "on" in a and "tethys" not in a]
    return [*base, *_accepts(state, "reveal", flags), *_storm_discards(state, who, card)]


def _storm_discards(state: KreusState, who: str, card: str) -> list[Action]:
    """The Storm of Uranus with nothing to blow away, its discard typed in the same command
    (`--discard`): one form for each card the discard would then be asked for, read from the
    reveal tried on a copy (none when the Storm blows cards away, is discarded by the
    Hekatonkheires, loses the game, or leaves its player no other card)."""
    if card != "storm" or state["hek"] or board.vulnerable(state):
        return []
    after = plain.copy(state)
    try:
        creation.reveal(after, {"verb": "reveal", "player": who, "card": card})
    except RefereeError:
        return []
    return [{"player": who, "card": card, "discard": c}
            for e in after["pending"] if e["decision"] == "storm-discard" for c in e["choices"]]


def _reveals(state: KreusState, who: str, card: str) -> list[Action]:
    """`legal._reveals` with every Element option (the Planet's as an Element too)."""
    forms = [a for a in legal._reveals(state, who, card) if "tethys" not in a]
    if kind(card) == "nature" and not creation.restricted(state, who, card):
        _, options = creation.nature_choices(state, card)
        forms += [{"player": who, "card": card, "as": e, "on": t} for t, e in options]
    return list({repr(sorted(a.items())): a for a in forms}.values())


def power(state: KreusState) -> list[Action]:
    """Every form of every Titan power usable now (Themis' gain a free GAIN)."""
    if state["phase"] not in ("divination", "creation") or not state["mode"]["incarnation"]:
        return []
    out: list[Action] = []
    for who, t in state["titans"].items():
        if t["used"] >= t["uses"] or active_phase(t) != state["phase"]:
            continue
        forms = [{"player": who, "titan": t["name"], **args}
                 for args in FORMS.get(t["name"], _none)(state, who)]
        for a in _accepts(state, "power", forms):
            out.append(a)  # Themis: the gain left out is 1
            if t["name"] == "themis":
                out.append({**a, "gain": GAIN})
    return out


def _none(state: KreusState, who: str) -> list[dict]:
    return [{}]


def _others(state: KreusState, who: str) -> list[str]:
    return [p for p in state["players"] if p != who]


def _unseen_all(state: KreusState) -> list[str]:
    return [c for c, n in sorted(state["pool"].items()) if n > 0]


FORMS: dict[str, Callable[[KreusState, str], list[dict]]] = {
    "coeus": lambda s, w: [{"direction": d} for d in ("left", "right")],
    "oceanus": lambda s, w: [{"swap": [a, b]} for a, b in permutations(s["players"], 2)
                             if s["players"].index(a) < s["players"].index(b)],
    "rhea": lambda s, w: [{"position": i} for i in range(1, len(s["players"]) + 1)],
    "theia": lambda s, w: [{"to": [p]} for p in _others(s, w)] + [
        {"to": [a, b]} for a, b in permutations(_others(s, w), 2)],
    "phoebe": lambda s, w: [{"on": p} for p in _others(s, w)],
    "themis": lambda s, w: [{"on": p, "card": c} for p in _others(s, w) for c in sorted(s["deck"])],
    "mnemosyne": lambda s, w: [{"card": b, "give": g} for b in dict.fromkeys(s["discard"])
                               for g in _unseen_all(s)],
}


# the playout's draws: the weighted picks of `legal`
SAMPLES = {"tokens": legal.tokens, "titan": legal.titan, "discard": legal.discard,
           "ready": legal.ready, "reveal": legal.reveal, "power": legal.power}
