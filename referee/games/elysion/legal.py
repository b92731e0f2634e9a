"""Legal actions for random playouts: a handful of reveals, every take, keep and Shade answer.

A day's reveal has too many combinations to list; a few varied ones (from the
known hands and the unseen realms) are enough for a playout to explore.
"""

from __future__ import annotations

from referee.games.elysion import deck, flow, styx
from referee.games.elysion.catalog import Catalog

REVEAL_VARIANTS = 4


def _reveal_candidates(state: dict, catalog: Catalog) -> dict[str, list[str]]:
    """Per player: realms known in hand, then every unseen realm when secret cards remain.

    The unseen realms come rotated differently for each player, for variety; listing them
    all means players holding secret cards can always be given different ones (there are
    at least as many unseen realms as secret cards).
    """
    pool = deck.unseen_realms(state, catalog)
    out: dict[str, list[str]] = {}
    for i, p in enumerate(state["players"]):
        hand = state["hands"][p]
        cands = list(hand["known"])
        if hand["secret"] and pool:
            start = (i * 7 + state["day"] * 5) % len(pool)
            cands += pool[start:] + pool[:start]
        out[p] = cands
    return out


def reveals(state: dict, catalog: Catalog) -> list[dict]:
    cands = {p: c for p, c in _reveal_candidates(state, catalog).items() if c}
    actions: list[dict] = []
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


def legal_actions(state: dict, catalog: Catalog) -> list[dict]:
    phase = state["phase"]
    if phase == "reveal":
        return reveals(state, catalog)
    if phase == "day-end":
        return [{"verb": "next"}]
    if phase == "lookback":
        return [{"verb": "lookback"}]
    if phase != "take":
        return []
    p = state["order"][state["turn"]]
    if state["stage"] == "take":
        if flow.needs_realm(state):
            return [{"verb": "take", "player": p, "realm": r} for r in state["row"]]
        return [{"verb": "take", "player": p}]
    if state["stage"] == "keep":
        return [{"verb": "keep", "player": p, "blessing": b} for b in state["drawn"]]
    if state["stage"] == "shade":
        return [
            *(
                {"verb": "shade", "player": p, "shade": s}
                for s in styx.shade_choices(state, catalog, p)
            ),
            {"verb": "pass", "player": p},
        ]
    return []
