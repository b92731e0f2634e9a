"""The legal actions of each verb now, without random results (the referee draws them).

Completion, hints and the random playouts ask these (through `Engine.legal_actions`);
each lists only actions accepted as they stand. A day's reveal has too many
combinations to list: a few varied ones (from the known hands and the unseen realms)
are enough for a playout to explore.
"""

from __future__ import annotations

from referee.games.elysion import deck, flow, styx
from referee.games.elysion.catalog import of_state
from referee.games.elysion.state import ElysionState
from referee.verbs import Action

REVEAL_VARIANTS = 4


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
    return actions


def take(state: ElysionState) -> list[Action]:
    p = flow.current(state)
    if p is None or flow.stage(state) != "take":
        return []
    if flow.needs_realm(state):
        return [{"verb": "take", "player": p, "realm": r} for r in state["row"]]
    return [{"verb": "take", "player": p}]


def keep(state: ElysionState) -> list[Action]:
    return [{"verb": "keep", "player": e["player"], "blessing": b}
            for e in state["pending"] if e["decision"] == deck.KEEP for b in e["choices"]]


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
