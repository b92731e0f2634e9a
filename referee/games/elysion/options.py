"""The legal actions of each verb now, without random results (the referee draws them).

Completion, hints and the random playouts ask these (through `Engine.legal_actions`);
each lists only actions accepted as they stand. A day's reveal has too many
combinations to list: a few varied ones (from the known hands and the unseen realms),
which a playout draws from, and one free entry (NAME=REALM...) standing for every reveal
within `realms_within`: every player with a realm left named once, each with a realm their
hand may hold (a known one, or any unseen one while secret cards remain), no realm twice.
"""

from __future__ import annotations

from referee.games.elysion import deck, flow, styx
from referee.games.elysion.catalog import of_state
from referee.games.elysion.state import ElysionState
from referee.model.errors import RefereeError
from referee.model.verbs import Action

REVEAL_VARIANTS = 4
REALMS = "NAME=REALM..."  # the reveal's free placeholder


def realms_within(state: ElysionState, value: object) -> bool:
    """Whether a reveal's NAME=REALM pairs are one the rules accept now."""
    if not isinstance(value, dict) or state["phase"] != "reveal":
        return False
    catalog = of_state(state)
    unseen = set(deck.unseen_realms(state, catalog))
    chosen: dict[str, str] = {}
    for p, ref in value.items():
        if p not in state["players"]:
            return False
        try:
            chosen[p] = catalog.realm(ref).key
        except RefereeError:
            return False
    expected = {p for p in state["players"] if deck.hand_count(state, p) > 0}
    if set(chosen) != expected or len(set(chosen.values())) != len(chosen):
        return False
    for p, key in chosen.items():
        hand = state["hands"][p]
        if key.endswith("*") and not state["constellations"]:
            return False
        if key not in hand["known"] and not (hand["secret"] and key in unseen):
            return False
    return True


def _reveal_candidates(state: ElysionState) -> dict[str, list[str]]:
    """Per player: realms known in hand, then every unseen realm when secret cards remain.

    The unseen realms come rotated differently for each player, for variety; listing them
    all means players holding secret cards can always be given different ones (there are
    at least as many unseen realms as secret cards).
    """
    pool = deck.unseen_realms(state, of_state(state))
    out: dict[str, list[str]] = {}
    for i, p in enumerate(state["players"]):
        hand = state["hands"][p]
        cands = list(hand["known"])
        if hand["secret"] and pool:
            start = (i * 7 + state["day"] * 5) % len(pool)
            cands += pool[start:] + pool[:start]
        out[p] = cands
    return out


def reveal(state: ElysionState) -> list[Action]:
    if state["phase"] != "reveal":
        return []
    cands = {p: c for p, c in _reveal_candidates(state).items() if c}
    actions: list[Action] = []
    for j in range(REVEAL_VARIANTS):
        used: set[str] = set()
        realms: dict[str, str] = {}
        for i, (p, options) in enumerate(cands.items()):
            pick = next(
                (
                    options[(i + j + n) % len(options)]
                    for n in range(len(options))
                    if options[(i + j + n) % len(options)] not in used
                ),
                None,
            )
            if pick is None:
                break
            used.add(pick)
            realms[p] = pick
        else:
            action = {"verb": "reveal", "realms": realms}
            if action not in actions:
                actions.append(action)
    return [*actions, {"verb": "reveal", "realms": REALMS}] if actions else actions


def take(state: ElysionState) -> list[Action]:
    """A realm from the row (none on day 8 or from an empty row); when the player draws
    Blessings, each realm also with `--keep B` for each Blessing the draw may bring (the one
    kept named up front, as `keep P B` names it where no realm is taken)."""
    p = flow.current(state)
    if p is None or flow.stage(state) != "take":
        return []
    if not flow.needs_realm(state):
        return [{"verb": "take", "player": p}]
    out: list[Action] = [{"verb": "take", "player": p, "realm": r} for r in state["row"]]
    n = state["draws"][p]
    if n:
        may = deck.may_come_up(state, of_state(state), n)
        out += [{"verb": "take", "player": p, "realm": r, "keep": b}
                for r in state["row"] for b in may]
    return out


def keep(state: ElysionState) -> list[Action]:
    """A Blessing among those drawn; where no realm is taken (day 8, an empty row), `keep P`
    draws and keeps in one go: bare (as `take P`), or naming each Blessing the draw may bring."""
    out = [{"verb": "keep", "player": e["player"], "blessing": b}
           for e in state["pending"] if e["decision"] == deck.KEEP for b in e["choices"]]
    p = flow.current(state)
    if p is None or state["pending"] or flow.stage(state) != "take" or flow.needs_realm(state):
        return out
    out.append({"verb": "keep", "player": p})
    n = state["draws"][p]
    if n:
        out += [{"verb": "keep", "player": p, "blessing": b}
                for b in deck.may_come_up(state, of_state(state), n)]
    return out


def shade(state: ElysionState) -> list[Action]:
    p = flow.current(state)
    if p is None or flow.stage(state) != "shade":
        return []
    return [{"verb": "shade", "player": p, "shade": s}
            for s in styx.shade_choices(state, of_state(state), p)]


def pass_(state: ElysionState) -> list[Action]:
    return [{"verb": "pass", "player": e["player"]}
            for e in state["pending"] if e["decision"] == flow.SHADE]


def next_(state: ElysionState) -> list[Action]:
    return [{"verb": "next"}] if state["phase"] == "day-end" else []


def lookback(state: ElysionState) -> list[Action]:
    return [{"verb": "lookback"}] if state["phase"] == "lookback" else []
