"""Which frog may move where at the start of a turn, and every legal action for playouts."""

from __future__ import annotations

from referee.errors import IllegalAction

from .board import NEIGHBOURS, ZONE, jump_over
from .pond import QUEEN, find_own_frog, frog, is_own_blocked, occupied, step_targets
from .tiles import KINDS

RULE_STEP = "Moves: one frog moves to one of the 8 neighbouring squares"
RULE_OWN = "Moves: never onto one of your own frogs, except on a log"
RULE_MUD = "Mud: a stuck frog cannot move on its owner's next turn"
RULE_SHARE = ("Pond: one frog per square; when a servant shares the queen's square (or twins "
              "share one), one of them must move")


def shared_squares(state: dict, c: int) -> list[str]:
    """Squares where own frogs crowd: the queen with a servant (after a baby, a gain), servants
    together off a log, or more than two on a log (twins after the queen left). One of them
    must move."""
    frogs = state["colonies"][c]["frogs"]
    count: dict[str, int] = {}
    for f in frogs:
        if f["square"] is not None:
            count[f["square"]] = count.get(f["square"], 0) + 1
    qsq = frogs[QUEEN]["square"]
    return [sq for sq, n in count.items()
            if n > 1 and (sq == qsq or state["tiles"].get(sq) != "log" or n > 2)]


def movable(state: dict, c: int) -> list[list[int]]:
    """Frogs of colony c that may move this turn (not stuck, some free neighbour), with the
    obligation to move the queen or her companion when they share a square (when one can)."""
    occ = occupied(state)
    frogs = state["colonies"][c]["frogs"]
    able = [[c, i] for i, f in enumerate(frogs)
            if f["square"] is not None and not f["stuck"] and step_targets(state, [c, i], occ)]
    shared = shared_squares(state, c)
    if shared:
        forced = [r for r in able if frogs[r[1]]["square"] in shared]
        if forced:
            return forced
    return able


def check_move(state: dict, c: int, src: str, to: str, jump: bool = False) -> list[int]:
    """Refuse a turn's move with the rule it breaks; return the frog that moves."""
    ref = find_own_frog(state, c, src)
    f = frog(state, ref)
    if f["stuck"]:
        raise IllegalAction(f"the frog on {f['square']} is stuck in the mud this turn", RULE_MUD)
    shared = shared_squares(state, c)
    if shared and f["square"] not in shared and any(
            frog(state, r)["square"] in shared for r in movable(state, c)):
        raise IllegalAction(f"your frogs share {', '.join(shared)}: one of them must move "
                            "this turn", RULE_SHARE)
    if jump:
        if jump_over(f["square"], to) is None:
            raise IllegalAction(f"{to} is not two squares from {f['square']} in a straight line",
                                "Mega-jump: two squares in a straight line")
    elif to not in NEIGHBOURS[f["square"]]:
        raise IllegalAction(f"{to} is not next to {f['square']}", RULE_STEP)
    if to == f["square"] or to not in _targets(state, ref, jump):
        raise IllegalAction(f"{to} already holds one of your frogs", RULE_OWN)
    return ref


def _targets(state: dict, ref: list[int], jump: bool) -> list[str]:
    if not jump:
        return step_targets(state, ref)
    src = frog(state, ref)["square"]
    occ = occupied(state)
    out = []
    for mid in NEIGHBOURS[src]:
        for sq in NEIGHBOURS[mid]:
            if jump_over(src, sq) == mid and not is_own_blocked(state, ref[0], sq, occ):
                out.append(sq)
    return out


def frog_name(state: dict, ref: list[int]) -> str:
    """How a player writes this frog: the square, with :queen/:servant when both share it."""
    frogs = state["colonies"][ref[0]]["frogs"]
    sq = frogs[ref[1]]["square"]
    kinds = {i == QUEEN for i, g in enumerate(frogs) if g["square"] == sq}
    if len(kinds) > 1:
        return f"{sq}:{'queen' if ref[1] == QUEEN else 'servant'}"
    return sq


def tile_options(state: dict, square: str) -> list[str | None]:
    """For a playout in physical mode: every tile kind the zone could reveal there."""
    if state["digital"] or square in state["tiles"]:
        return [None]
    pile = state["piles"][ZONE[square]]
    return [k for k in KINDS if pile.get(k)]


def move_actions(state: dict, c: int) -> list[dict]:
    """Every legal `move` of colony c at the start of its turn."""
    out = []
    occ = occupied(state)
    seen = set()
    for ref in movable(state, c):
        src = frog_name(state, ref)
        for to in step_targets(state, ref, occ):
            for tile in tile_options(state, to):
                key = (src, to, tile)
                if key in seen:
                    continue
                seen.add(key)
                action = {"verb": "move", "from": src, "to": to}
                if tile:
                    action["tile"] = tile
                out.append(action)
    return out
