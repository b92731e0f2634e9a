"""Which frog may move where at the start of a turn, and the legal actions of each verb now
(the core asks them for hints, completion and random playouts; no random result in them)."""

from __future__ import annotations

from referee.model.errors import IllegalAction
from referee.model.i18n import N_, _
from referee.model.verbs import Action

from .board import NEIGHBOURS, ZONE, jump_over
from .pond import QUEEN, at, find_own_frog, frog, is_own_blocked, occupied, step_targets
from .state import CroaState
from .tiles import KINDS

RULE_STEP = N_("Pond rules (règles de la mare): one frog moves to one of the 8 neighbouring "
             "squares")
RULE_OWN = N_("Pond rules (règles de la mare): never onto one of your own frogs, except on a "
            "log")
RULE_MUD = N_("Mud (vase): a stuck frog cannot move on its owner's next turn")
RULE_SHARE = N_("Pond rules (règles de la mare): one frog per square; when a servant shares the "
              "queen's square (or twins share one), one of them must move")
RULE_JUMP = N_("Mega-jump: two squares in a straight line")


def shared_squares(state: CroaState, c: int) -> list[str]:
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


def movable(state: CroaState, c: int) -> list[list[int]]:
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


def check_move(state: CroaState, c: int, src: str, to: str, jump: bool = False) -> list[int]:
    """Refuse a turn's move with the rule it breaks; return the frog that moves."""
    ref = find_own_frog(state, c, src)
    f = frog(state, ref)
    if f["stuck"]:
        raise IllegalAction(_("the frog on {square} is stuck in the mud this turn").format(
            square=f["square"]), RULE_MUD)
    shared = shared_squares(state, c)
    if shared and f["square"] not in shared and any(
            frog(state, r)["square"] in shared for r in movable(state, c)):
        raise IllegalAction(_("your frogs share {squares}: one of them must move this turn")
                            .format(squares=", ".join(shared)), RULE_SHARE)
    if jump:
        if jump_over(at(state, ref), to) is None:
            raise IllegalAction(_("{square} is not two squares from {start} in a straight line")
                                .format(square=to, start=f["square"]), RULE_JUMP)
    elif to not in NEIGHBOURS[at(state, ref)]:
        raise IllegalAction(_("{square} is not next to {start}").format(square=to, start=f["square"]),
                            RULE_STEP)
    if to == f["square"] or to not in _targets(state, ref, jump):
        raise IllegalAction(_("{square} already holds one of your frogs").format(square=to), RULE_OWN)
    return ref


def _targets(state: CroaState, ref: list[int], jump: bool) -> list[str]:
    if not jump:
        return step_targets(state, ref)
    src = at(state, ref)
    occ = occupied(state)
    out = []
    for mid in NEIGHBOURS[src]:
        for sq in NEIGHBOURS[mid]:
            if jump_over(src, sq) == mid and not is_own_blocked(state, ref[0], sq, occ):
                out.append(sq)
    return out


def frog_name(state: CroaState, ref: list[int]) -> str:
    """How a player writes this frog: the square, with :queen/:servant when both share it."""
    frogs = state["colonies"][ref[0]]["frogs"]
    sq = at(state, ref)
    kinds = {i == QUEEN for i, g in enumerate(frogs) if g["square"] == sq}
    if len(kinds) > 1:
        return f"{sq}:{'queen' if ref[1] == QUEEN else 'servant'}"
    return sq


def tile_options(state: CroaState, square: str) -> list[str | None]:
    """For a playout in physical mode: every tile kind the zone could reveal there."""
    if state["digital"] or square in state["tiles"]:
        return [None]
    pile = state["piles"][ZONE[square]]
    return [k for k in KINDS if pile.get(k)]


def move_actions(state: CroaState, c: int) -> list[Action]:
    """Every legal `move` of colony c at the start of its turn."""
    out: list[Action] = []
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
                action: Action = {"from": src, "to": to}
                if tile:
                    action["tile"] = tile
                out.append(action)
    return out


# -- the options of each verb (the core calls the one it lets through now) --------------------

def move_options(state: CroaState) -> list[Action]:
    return move_actions(state, state["current"])


def bounce_options(state: CroaState) -> list[Action]:
    """Where the frog may bounce (with physical tiles, each tile its zone may still turn
    over there: the table must type it, so the action is not accepted without one)."""
    out: list[Action] = []
    for p in state["pending"]:
        if p["decision"] == "bounce":
            for sq in p["choices"]:
                out += [{"to": f"{sq}:{tile}" if tile else sq} for tile in tile_options(state, sq)]
    return out


def mosquito_options(state: CroaState) -> list[Action]:
    out: list[Action] = []
    for p in state["pending"]:
        if p["decision"] != "mosquito":
            continue
        for choice in p["choices"]:
            if choice != "pass":
                src, _, to = choice.rpartition("-")
                out += [{"from": src, "to": to, **({"tile": tile} if tile else {})}
                        for tile in tile_options(state, to)]
    return out


def pass_options(state: CroaState) -> list[Action]:
    """A mosquito's mover declines; in a Doesn't work! window each colony asked passes, or
    all of them at once."""
    asked = [p["player"] for p in state["pending"] if "pass" in p["choices"]]
    if not asked:
        return []
    if len(asked) == 1:
        return [{}, {"player": asked[0]}]
    return [{"player": "all"}, *({"player": name} for name in asked)]


def remove_options(state: CroaState) -> list[Action]:
    return [{"which": ch} for p in state["pending"] if p["decision"] == "log-removal"
            for ch in p["choices"]]
