"""What happens when a frog lands: the tile is revealed, opposing frogs are removed, the tile acts.

Chains (a lily pad bounce, a mosquito move) call `arrive` again. When the table must choose
(bounce target, mosquito move, which servant leaves a log) and the acting command did not carry
the answer, the decision waits in `state["pending"]` (decisions.py) and `arrive` returns True;
False means the move is over.
"""

from __future__ import annotations

from typing import Any

from referee.model.chance import Chance
from referee.model.engine import Event, event
from referee.model.errors import IllegalAction, InputError, blind
from referee.model.i18n import N_, _, msg, nmsg, sentence
from referee.model.verbs import Action

from .board import NEIGHBOURS, parse_square
from .decisions import clear, thunder_holders, wait_bounce, wait_log, wait_mosquito
from .legal import RULE_OWN
from .pond import (
    QUEEN,
    alive,
    at,
    colony_index,
    find_own_frog,
    frog,
    frog_said,
    is_own_blocked,
    label,
    occupants,
    occupied,
    place_servant,
    reserve,
    step_targets,
    to_reserve,
)
from .state import CroaState
from .tiles import parse_tile, reveal, tile_said, tile_word

RULE_BOUNCE = N_("Lily pad (nénuphar): bounce to a neighbour, never onto your own frog (a log "
               "excepted)")
RULE_WAY_BACK = N_("Lily pad (nénuphar): the way back, only when every other neighbour holds one "
                 "of your frogs")
RULE_EXTRA = N_("Extra parts: a move carries only the answers its landing calls for (--bounce, "
              "--mosquito, --remove)")
RULE_TILE = N_("Tile effects (effets des tuiles): a revealed tile stays where it lies")
RULE_MOSQUITO = N_("Mosquito (moustique): move another of your frogs one step (not a stuck one)")


class Ctx:
    """One action's up-front answers and what it reports (a plain class: `dataclasses` would cost an
    action its import)."""

    def __init__(self, chance: Chance) -> None:
        self.chance = chance
        self.events: list[Event] = []
        self.bounces: list[tuple[str, str | None]] = []
        self.mosquitoes: list[tuple[str, str, str | None]] = []
        self.remove: str | None = None
        self.ignore_effect = False  # bodyguard / not even dead: the queen's landing tile does nothing
        self.forced: set[str] = set()  # forced bounces seen (an endless loop stops)

    def say(self, text: str | dict, **data: Any) -> None:
        """What happened, best as data (`msg(...)`: the log keeps it and every reader is told it
        in their own language)."""
        self.events.append(event(text if isinstance(text, dict) else sentence(text), **data))

    def take_answers(self, action: Action) -> None:
        """The choices a move carries up front: --bounce, --mosquito, --remove. They wait here
        and answer the decisions of the chain one by one, as if typed after it (actions.py)."""
        self.bounces = [parse_bounce(b) for b in listed(action.get("bounce"))]
        self.mosquitoes = [parse_mosquito(m) for m in listed(action.get("mosquito"))]
        self.remove = action.get("remove")

    @staticmethod
    def carries(action: Action) -> bool:
        """Whether an action gives any answer up front."""
        return any(listed(action.get(k)) for k in ("bounce", "mosquito", "remove"))

    def unused(self) -> list[str]:
        """The up-front answers the chain did not call for, as typed."""
        out = [f"--bounce {b[0]}{':' + b[1] if b[1] else ''}" for b in self.bounces]
        out += [f"--mosquito {m[0]}:{m[1]}{':' + m[2] if m[2] else ''}" for m in self.mosquitoes]
        return out + ([f"--remove {self.remove}"] if self.remove is not None else [])


def listed(value: Any) -> list[Any]:
    """An action field that may be one value or a list of them (None: empty)."""
    if value is None:
        return []
    return list(value) if isinstance(value, (list, tuple)) else [value]


def parse_bounce(text: Any) -> tuple[str, str | None]:
    """`SQ` or `SQ:TILE`."""
    sq, _sep, tile = str(text).strip().partition(":")
    return parse_square(sq), (parse_tile(tile) if tile else None)


def parse_mosquito(text: Any) -> tuple[str, str, str | None]:
    """`FROM:TO[:TILE]`, FROM possibly `SQ:queen`/`SQ:servant`."""
    parts = str(text).strip().lower().split(":")
    if len(parts) >= 2 and parts[1] in ("queen", "servant", "q", "s"):
        parts = [f"{parts[0]}:{parts[1]}", *parts[2:]]
    if len(parts) not in (2, 3):
        raise InputError(_("'{text}': a mosquito move is FROM:TO or FROM:TO:TILE").format(text=text))
    parse_square(parts[0].split(":")[0])
    return parts[0], parse_square(parts[1]), (parse_tile(parts[2]) if len(parts) == 3 else None)


def check_digital_answers(action: Action) -> None:
    """In a --digital session the referee turns the tiles: a tile typed with an up-front answer
    (`--bounce SQ:TILE`, `--mosquito FROM:TO:TILE`) is refused before anything is turned, not
    once the chain reaches it (which would tell how the chain went)."""
    typed = [b for b in listed(action.get("bounce")) if parse_bounce(b)[1]]
    typed += [m for m in listed(action.get("mosquito")) if parse_mosquito(m)[2]]
    if typed:
        raise InputError(_("this is a --digital session: the referee reveals the tiles, do not type "
                           "them ({parts})").format(parts=", ".join(map(str, typed))))


def unfit_answers(action: Action) -> IllegalAction:
    """The refusal of up-front answers (--bounce, --mosquito, --remove) that do not fit the chain,
    found once the referee had turned a tile for it. It reads the same whatever was turned (the
    tile is not laid and stays unseen; the session uses the draw up, so the next try turns
    afresh): it names only what was typed."""
    parts = [f"--bounce {b}" for b in listed(action.get("bounce"))]
    parts += [f"--mosquito {m}" for m in listed(action.get("mosquito"))]
    parts += [f"--remove {r}" for r in listed(action.get("remove"))]
    exc = IllegalAction(_("{parts}: the answers typed up front do not fit the chain of the tile the referee "
                          "turned, which stays unseen; type the move alone, then answer what its landing "
                          "asks").format(parts=" ".join(parts)), RULE_EXTRA)
    return blind(exc)


# -- eliminations --------------------------------------------------------------------------

def eliminate(state: CroaState, c: int, ctx: Ctx, by: int | None, why: dict) -> None:
    """A queen leaves the pond: her whole colony is out; the eliminator gains a servant."""
    col = state["colonies"][c]
    for f in col["frogs"]:
        f["square"] = None
        f["stuck"] = 0
    col["alive"] = False
    ctx.say(msg("{name}'s colony is eliminated ({why}).", name=col["name"], why=why), eliminated=col["name"])
    if by is not None and state["colonies"][by]["alive"]:
        state["gain"] += 1
    left = alive(state)
    if len(left) == 1:
        state["winner"] = left[0]
        clear(state)


def place_gains(state: CroaState, c: int, ctx: Ctx) -> None:
    """Arrival: a colony that eliminated another gains a servant on its queen's square at once
    (with the removal of the opposing frogs, before the tile acts), if it has fewer than 6
    servants in the pond."""
    col = state["colonies"][c]
    while state["gain"]:
        state["gain"] -= 1
        queen_sq = col["frogs"][QUEEN]["square"]
        if not col["alive"] or queen_sq is None:
            continue
        if reserve(state, c) and place_servant(state, c, queen_sq):
            ctx.say(msg("{name} gains a servant on the queen's square {square}.", name=col["name"], square=queen_sq))
        else:
            ctx.say(msg("{name} already has 6 servants in the pond: no servant gained.", name=col["name"]))


def over(state: CroaState) -> bool:
    return state["winner"] is not None


# -- arrival -------------------------------------------------------------------------------

def arrive(state: CroaState, ref: list[int], to: str, came_from: str | None, tile: str | None,
           ctx: Ctx) -> bool:
    """Land a frog on `to` (from `came_from`) and apply everything that follows."""
    c = ref[0]
    f = frog(state, ref)
    f["square"] = to
    revealed: dict | str = ""
    if to not in state["tiles"]:
        kind = reveal(state, to, tile, ctx.chance)
        revealed = msg(" (revealed)")
    else:
        kind = state["tiles"][to]
        if tile is not None and parse_tile(tile) != kind:
            raise IllegalAction(_("{square} already shows {tile}, not {typed}").format(
                square=to, tile=tile_word(kind), typed=tile_word(parse_tile(tile))), RULE_TILE)
    ctx.say(msg("{frog} {start} -> {square}: {tile}{revealed}.", frog=frog_said(state, ref), start=came_from or "?",
                square=to, tile=tile_said(kind), revealed=revealed),
            player=state["colonies"][c]["name"], frog="queen" if ref[1] == QUEEN else "servant", square=to, tile=kind)
    ignore = ctx.ignore_effect and ref[1] == QUEEN
    waiting = False
    if kind == "log" and not ignore:
        waiting = _log_occupants(state, ref, to, ctx)
    else:
        _remove_opponents(state, ref, to, ctx)
    place_gains(state, c, ctx)
    if waiting:
        return True
    if over(state) or not state["colonies"][c]["alive"]:
        return False
    if ignore:
        ctx.ignore_effect = False
        ctx.say(msg("The card protects {frog}: the {tile} has no effect.", frog=frog_said(state, ref),
                    tile=tile_said(kind)))
        return False
    return _effect(state, ref, to, came_from, kind, ctx)


def _remove_opponents(state: CroaState, ref: list[int], square: str, ctx: Ctx) -> None:
    """Arrival: opposing frogs on the square go first (a queen there eliminates her colony)."""
    c = ref[0]
    here = [r for r in occupants(state, square) if r[0] != c]
    for oc in sorted({r[0] for r in here}):
        mine = [r for r in here if r[0] == oc]
        if any(r[1] == QUEEN for r in mine):
            eliminate(state, oc, ctx, by=c, why=msg("{frog} landed on {name}'s queen", frog=frog_said(state, ref),
                                                     name=state['colonies'][oc]['name']))
            if over(state):
                return
        else:
            for r in mine:
                to_reserve(state, r)
            n = len(mine)
            ctx.say(nmsg("{name} loses {n} servant from {square} to the reserve.",
                         "{name} loses {n} servants from {square} to the reserve.", n,
                         name=state['colonies'][oc]['name'], square=square))


def _log_occupants(state: CroaState, ref: list[int], square: str, ctx: Ctx) -> bool:
    """Log: up to two servants of any colours; a third removes one; a queen clears it;
    a queen on a log always falls to an opposing frog arriving."""
    c = ref[0]
    others = [r for r in occupants(state, square) if r != ref]
    for r in others:
        if r[1] == QUEEN and r[0] != c:
            eliminate(state, r[0], ctx, by=c,
                      why=msg("{frog} reached {name}'s queen on the log at {square}", frog=frog_said(state, ref),
                              name=state['colonies'][r[0]]['name'], square=square))
            if over(state):
                return False
    others = [r for r in occupants(state, square) if r != ref and r[1] != QUEEN]
    if ref[1] == QUEEN:
        if others:
            for r in others:
                to_reserve(state, r)
            ctx.say(nmsg("The queen clears the log at {square}: {n} servant back to the reserve.",
                         "The queen clears the log at {square}: {n} servants back to the reserve.", len(others),
                         square=square))
        return False
    if len(others) < 2:
        return False
    choices = sorted({f"{square}:{state['colonies'][r[0]]['color']}" for r in others})
    if len(choices) == 1:  # both alike: no choice to wait for; an up-front one must name it
        if ctx.remove is not None:
            pick = parse_removal(state, ctx.remove, square)
            ctx.remove = None
            if pick not in choices:
                raise IllegalAction(_("no servant {pick} to push off the log (choices: {choices})")
                                    .format(pick=pick, choices=", ".join(choices)), RULE_LOG)
        remove_from_log(state, choices[0], ctx)
        return False
    wait_log(state, c, square, choices)
    return True


RULE_LOG = N_("Log (rondin): a third servant pushes off one of the two already there")


def parse_removal(state: CroaState, text: Any, square: str) -> str:
    """`SQ:COLOR`, `SQ:NAME`, `COLOR`, `NAME`, or the bare log square when only one colony's
    servants are there -> `SQ:COLOR`."""
    raw = str(text).strip().lower()
    sq, sep, who = raw.partition(":")
    if not sep:
        if raw not in NEIGHBOURS:
            sq, who = square, raw
        else:
            sq, who = raw, ""
    if parse_square(sq) != square:
        raise IllegalAction(_("the crowded log is at {square}, not {typed}").format(
            square=square, typed=sq), RULE_LOG)
    if not who:
        here = sorted({state["colonies"][r[0]]["color"] for r in occupants(state, square)
                       if r[1] != QUEEN})
        if len(here) != 1:
            raise InputError(_("servants of several colonies are on the log at {square}: "
                               "write {square}:COLOR").format(square=square))
        return f"{square}:{here[0]}"
    c = colony_index(state, who)
    return f"{square}:{state['colonies'][c]['color']}"


def remove_from_log(state: CroaState, pick: str, ctx: Ctx) -> None:
    square, _sep, color = pick.partition(":")
    for r in occupants(state, square):
        if r[1] != QUEEN and state["colonies"][r[0]]["color"] == color:
            to_reserve(state, r)
            ctx.say(msg("{frog} is pushed off the log at {square} to the reserve.", frog=frog_said(state, r),
                        square=square))
            return


# -- tile effects --------------------------------------------------------------------------

def bounce_choices(state: CroaState, ref: list[int], at: str, came_from: str | None) -> list[str]:
    """Lily pad: any neighbour that does not hold an own frog (a log lets one in), but not the
    square just left, unless every other neighbour holds an own frog (a log with an own servant
    counts as held: the way back opens, the log stays a choice)."""
    c = ref[0]
    occ = occupied(state)
    back = way_back_open(state, c, at, came_from, occ)
    return [sq for sq in NEIGHBOURS[at]
            if (sq != came_from or back) and not is_own_blocked(state, c, sq, occ)]


def way_back_open(state: CroaState, c: int, at: str, came_from: str | None,
                  occ: dict[str, list[list[int]]] | None = None) -> bool:
    """Lily pad, the way back: every neighbour but the square just left holds a frog of c."""
    occ = occ if occ is not None else occupied(state)
    return all(any(r[0] == c for r in occ.get(sq, [])) for sq in NEIGHBOURS[at] if sq != came_from)


def mosquito_choices(state: CroaState, c: int, exclude: list[int]) -> list[str]:
    """Mosquito: every one-step move of another own frog that is not stuck, as `FROM-TO`."""
    occ = occupied(state)
    out: list[str] = []
    frogs = state["colonies"][c]["frogs"]
    for i, f in enumerate(frogs):
        if [c, i] == exclude or f["square"] is None or f["stuck"]:
            continue
        src = f["square"]
        mine_here = {j == QUEEN for j, g in enumerate(frogs) if g["square"] == src}
        name = f"{src}:{'queen' if i == QUEEN else 'servant'}" if len(mine_here) > 1 else src
        for sq in step_targets(state, [c, i], occ):
            item = f"{name}-{sq}"
            if item not in out:
                out.append(item)
    return out


def _effect(state: CroaState, ref: list[int], to: str, came_from: str | None, kind: str,
            ctx: Ctx) -> bool:
    c = ref[0]
    f = frog(state, ref)
    if kind == "lilypad":
        return _bounce(state, ref, to, came_from, ctx)
    if kind == "mosquito":
        return _mosquito(state, ref, ctx)
    if kind == "mud":
        f["stuck"] = 2
        ctx.say(msg("{frog} is stuck in the mud on {square} until the end of {name}'s next turn.",
                    frog=frog_said(state, ref), square=to, name=state['colonies'][c]['name']))
    elif kind == "pike":
        if ref[1] == QUEEN:
            eliminate(state, c, ctx, by=None, why=msg("its queen was eaten by the pike on {square}", square=to))
        else:
            to_reserve(state, ref)
            ctx.say(msg("The pike eats {frog} on {square}: back to the reserve.", frog=frog_said(state, ref),
                        square=to))
    elif kind.startswith("male") and ref[1] == QUEEN:
        make_baby(state, c, kind, ctx)
    return False


def make_baby(state: CroaState, c: int, male: str, ctx: Ctx, babies: int = 1) -> int:
    """Males: a queen holding that male's token, with a servant in reserve, makes a baby on her
    square and discards the token (its twin male then does nothing for her)."""
    col = state["colonies"][c]
    queen_sq = col["frogs"][QUEEN]["square"]
    if male not in col["males"]:
        ctx.say(msg("{name} has already used {male}: no baby.", name=col["name"], male=tile_said(male)))
        return 0
    if reserve(state, c) == 0:
        ctx.say(msg("{name} has no servant in reserve: no baby.", name=col["name"]))
        return 0
    col["males"].remove(male)
    queen_sq = at(state, [c, QUEEN])
    made = 0
    for _n in range(babies):
        if place_servant(state, c, queen_sq):
            made += 1
    ctx.say(nmsg("{name}'s queen makes a baby on {square} ({male} token discarded); next "
                 "turn she or a baby must move.",
                 "{name}'s queen makes {n} babies on {square} ({male} token discarded); next "
                 "turn she or a baby must move.", made, name=col["name"], square=queen_sq, male=tile_said(male)))
    return made


def _bounce(state: CroaState, ref: list[int], at: str, came_from: str | None, ctx: Ctx) -> bool:
    """Lily pad: the frog must bounce on. With one choice (and nobody able to stop it with a
    thunderclap) it goes there at once; else the bounce waits for its answer, typed now or
    given up front (the handler feeds it, actions.py)."""
    choices = bounce_choices(state, ref, at, came_from)
    who = label(state, ref)
    if not choices:
        name = state["colonies"][ref[0]]["name"]
        back = msg(" (the way back too)") if came_from in NEIGHBOURS[at] else ""
        ctx.say(msg("{frog} cannot bounce: every square around {square}{back} holds one of "
                    "{name}'s frogs, so it stays on the lily pad.", frog=frog_said(state, ref), square=at, back=back,
                    name=name))
        return False
    auto = (len(choices) == 1 and not thunder_holders(state)
            and (state["digital"] or choices[0] in state["tiles"]))
    if not auto:
        wait_bounce(state, ref, at, choices, came_from)
        return True
    seen = f"{at}<{came_from}|{sorted(occupied(state).items())}|{len(state['tiles'])}"
    if seen in ctx.forced:
        ctx.say(msg("{frog} would bounce round the same lily pads for ever: it stops on {square}.",
                    frog=frog_said(state, ref), square=at))
        return False
    ctx.forced.add(seen)
    tile = None
    if ctx.bounces:  # typed up front although it is forced: it must name the only choice
        sq, tile = ctx.bounces[0]
        if sq != choices[0]:
            raise IllegalAction(_("{frog} cannot bounce from {square} to {typed}: its only choice "
                                  "is {choice}").format(frog=who, square=at, typed=sq,
                                                        choice=choices[0]), RULE_BOUNCE)
        ctx.bounces.pop(0)
    ctx.say(msg("{frog} must bounce to {square} (the only choice).", frog=frog_said(state, ref), square=choices[0]))
    return arrive(state, ref, choices[0], at, tile, ctx)


def _mosquito(state: CroaState, ref: list[int], ctx: Ctx) -> bool:
    c = ref[0]
    choices = mosquito_choices(state, c, ref)
    if not choices:
        if ctx.mosquitoes:
            src, to, _tile = ctx.mosquitoes[0]
            raise IllegalAction(_("no other frog of yours can move now: --mosquito {move} is not "
                                  "called for").format(move=f"{src}:{to}"), RULE_MOSQUITO)
        ctx.say(msg("The mosquito: no other frog can move."))
        return False
    wait_mosquito(state, ref, choices)
    return True


def mosquito_move(state: CroaState, ref: list[int], src: str, to: str, tile: str | None,
                  ctx: Ctx) -> bool:
    """Mosquito: another own frog moves one step at once, with its landing tile's effect."""
    other = find_own_frog(state, ref[0], src)
    if other == ref:
        raise IllegalAction(_("the mosquito moves another frog, not the one that just landed"),
                            RULE_MOSQUITO)
    g = frog(state, other)
    if g["stuck"]:
        raise IllegalAction(_("the frog on {square} is stuck in the mud").format(square=g["square"]),
                            RULE_MOSQUITO)
    if to not in NEIGHBOURS[at(state, other)]:
        raise IllegalAction(_("{square} is not next to {start}").format(square=to, start=g["square"]),
                            RULE_MOSQUITO)
    if to not in step_targets(state, other):
        raise IllegalAction(_("{square} holds one of your frogs").format(square=to),
                            RULE_OWN)
    return arrive(state, other, to, g["square"], tile, ctx)
