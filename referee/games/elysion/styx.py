"""Beyond the Styx: when a face-up Shade answers a player at the end of a take turn.

A Shade may be taken when the player's realms (with their Shades) and kept
Blessings meet its goal, and the realm played today or the Blessing just kept
adds to that goal. Taking it, passing and refilling are in `flow` and `deck`.
"""

from __future__ import annotations

from referee.games.elysion import expr
from referee.games.elysion.catalog import Card, Catalog
from referee.games.elysion.sight import whole_journey
from referee.games.elysion.state import ElysionState
from referee.scorers.elysion import DAYS


def _adds_to(card: Card | None, shade: Card, env: dict[str, int]) -> bool:
    """Does this card have something the Shade's goal counts (an icon, its faction, itself)?

    For "most cards of one faction" (faction_max) only a card of a largest faction adds.
    """
    if card is None or shade.goal is None:
        return False
    used = set(expr.names_used(shade.goal))
    if any(card.icon(i) for i in used):
        return True
    if card.faction and (card.faction in used or "factions" in used):
        return True
    if card.faction and "faction_max" in used and env[card.faction] == env["faction_max"]:
        return True
    kinds = {"realm": "realms", "constellation": "realms", "blessing": "blessings"}
    return kinds.get(card.kind) in used or (card.star and "constellations" in used)


def shade_verdict(state: ElysionState, catalog: Catalog, p: str, name: str) -> str | None:
    """Why p cannot take this Shade now (None when p can)."""
    shade = catalog.shades[name]
    env = whole_journey(catalog, state["journeys"][p], state["blessings"][p])
    if not expr.evaluate(shade.goal, env):
        seen = ", ".join(f"{n} {env[n]}" for n in expr.names_used(shade.goal))
        return f"its goal '{shade.goal_text}' is not met ({seen})"
    today = catalog.realms[state["journeys"][p][-1]["realm"]]
    kept_name = state["kept_today"].get(p)
    kept = catalog.blessings[kept_name] if kept_name else None
    if not (_adds_to(today, shade, env) or _adds_to(kept, shade, env)):
        if kept is None:
            return f"today's realm {today.key} does not add to its goal (no Blessing kept today)"
        return f"neither today's realm {today.key} nor Blessing {kept.key} adds to its goal"
    return None


def shade_choices(state: ElysionState, catalog: Catalog, p: str) -> list[str]:
    """The face-up Shades p may take at the end of this take turn.

    None on day 8: a Shade ends a take turn, and on day 8 nobody takes a realm.
    """
    if not state["styx"] or not state["journeys"][p] or state["journeys"][p][-1]["shade"]:
        return []
    if state["day"] >= DAYS:
        return []
    return [s for s in state["shades_up"] if shade_verdict(state, catalog, p, s) is None]
