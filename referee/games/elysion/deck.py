"""What remains unseen, and the draws from it: the row, Blessings, Shades.

The referee knows only what is public. Cards not yet seen at the table (the
realm deck with the secret hands in it, the Blessing deck, the Shade deck) are
the catalog minus everything public. A draw is either typed at the table
(checked against what remains) or drawn by the referee from it, through
`chance`, so it is recorded and replays identically.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from referee.games.elysion.catalog import Catalog
from referee.games.elysion.state import ElysionState
from referee.model.chance import Chance
from referee.model.engine import Event, event
from referee.model.errors import IllegalAction, InputError

if TYPE_CHECKING:
    import random

SHADES_UP = 2  # Beyond the Styx: Shades face up by the row
KEEP = "keep-blessing"  # the pending decision: which of the Blessings just drawn is kept


def drawn(state: ElysionState) -> list[str]:
    """The Blessings just drawn, one of which is to be kept (empty when none is pending)."""
    return [b for p in state["pending"] if p["decision"] == KEEP for b in p["choices"]]


def check_add_on_realm(state: ElysionState, key: str) -> None:
    """A constellation (12*) is in the deck only with the Constellations add-on."""
    if key.endswith("*") and not state["constellations"]:
        raise IllegalAction(
            f"{key} is a constellation: the Constellations add-on is not in play",
            "Constellations are an add-on",
        )


def check_styx(state: ElysionState) -> None:
    """Shades are in play only with the Beyond the Styx add-on."""
    if not state["styx"]:
        raise IllegalAction(
            "Shades are used only with the Beyond the Styx add-on (new --styx)",
            "Beyond the Styx is an add-on",
        )


def realm_order(key: str) -> tuple[int, bool]:
    """Sort key of a realm: its number, a constellation after the realm of that number."""
    return (int(key.rstrip("*")), key.endswith("*"))


def where_realm(state: ElysionState, key: str) -> str | None:
    """Where a realm is known to be, in words, or None if it is unseen."""
    if key in state["row"]:
        return "in the row"
    if key in state["discard"]:
        return "out of the game (left the row)"
    for p in state["players"]:
        if any(d["realm"] == key for d in state["journeys"][p]):
            return f"on {p}'s journey"
        if key in state["hands"][p]["known"]:
            return f"in {p}'s hand (taken from the row)"
    return None


def unseen_realms(state: ElysionState, catalog: Catalog) -> list[str]:
    """Realms of the deck in play that no one has seen: the deck and the secret hands."""
    seen = set(state["row"]) | set(state["discard"])
    for p in state["players"]:
        seen.update(d["realm"] for d in state["journeys"][p])
        seen.update(state["hands"][p]["known"])
    keys = [
        k
        for k in catalog.realms
        if k not in seen and (state["constellations"] or not k.endswith("*"))
    ]
    return sorted(keys, key=realm_order)


def hand_count(state: ElysionState, p: str) -> int:
    """Realms in p's hand: the secret ones and those taken from the row."""
    hand = state["hands"][p]
    return hand["secret"] + len(hand["known"])


def deck_size(state: ElysionState, catalog: Catalog) -> int:
    """Realms left in the deck: the unseen ones minus those hidden in the players' hands."""
    secret = sum(state["hands"][p]["secret"] for p in state["players"])
    return len(unseen_realms(state, catalog)) - secret


def unseen_blessings(state: ElysionState, catalog: Catalog) -> list[str]:
    """Blessings in the deck: all but those kept (drawn ones go back under the deck)."""
    out = {b for p in state["players"] for b in state["blessings"][p]} | set(drawn(state))
    return [b for b in catalog.blessings if b not in out]


def blessings_under(state: ElysionState) -> list[list[str]]:
    """Blessings drawn and put back under the deck, a batch per draw, oldest first."""
    return state.setdefault("blessings_under", [])


def may_come_up(state: ElysionState, catalog: Catalog, count: int) -> list[str]:
    """The Blessings a draw of `count` can bring: every one never drawn, then each batch put
    back under the deck that the draw reaches (the order `draw_blessings` draws in)."""
    under = blessings_under(state)
    below = {b for batch in under for b in batch}
    out = [b for b in unseen_blessings(state, catalog) if b not in below]
    for batch in under:
        if len(out) >= count:
            break
        out += batch
    return out


def draw_blessings(
    chance: Chance,
    label: str,
    state: ElysionState,
    catalog: Catalog,
    count: int,
    typed: list | None,
    rule: str,
    to: str | None = None,
) -> list[str]:
    """Draw Blessings from the top of the deck: the ones never drawn come first (`to`: the
    player they are drawn for, the one who may see them).

    Blessings drawn and not kept went back under the deck, so they come up again only
    once every Blessing above them has been drawn (a batch put back together may come
    up in any order). A typed draw is checked against that order.
    """
    under = blessings_under(state)
    below = [b for batch in under for b in batch]
    fresh = [b for b in unseen_blessings(state, catalog) if b not in below]
    count = min(count, len(fresh) + len(below))

    def generate(rng: random.Random) -> list[str]:
        out = rng.sample(fresh, min(count, len(fresh)))
        for batch in under:
            need = count - len(out)
            if need <= 0:
                break
            out += rng.sample(batch, min(need, len(batch)))
        return out

    def check(value: object) -> list[str]:
        out = checked_draw(label, value, fresh + below, count, lambda b: catalog.blessing(b).key,
                           "Blessings", rule)
        # A card from under the deck needs every card above it drawn here too.
        blocked = any(b not in out for b in fresh)
        for batch in under:
            taken = [b for b in out if b in batch]
            if taken and blocked:  # how deep it lies is nobody's to know: not said
                raise IllegalAction(
                    f"Blessing {taken[0]} was drawn and put back under the deck earlier: every Blessing "
                    "above it must be drawn first",
                    "Blessings not kept go back under the deck",
                )
            blocked = blocked or len(taken) < len(batch)
        return out

    if count == 0 and not typed:
        return []
    drawn = chance.draw(label, generate, typed, check, to=to)
    state["blessings_under"] = [
        left for batch in under if (left := [b for b in batch if b not in drawn])
    ]
    return drawn


def checked_draw(
    label: str,
    value: object,
    pool: list[str],
    count: int,
    resolve: Callable[[object], str],
    what: str,
    rule: str | None,
) -> list[str]:
    """A typed draw, checked: a list of `count` different cards, all still in `pool`.

    A draw of the wrong size is refused naming `rule`, the rule that fixes how many are
    drawn here; a card given twice or already seen breaks "Each card is unique". Only a
    value that is not a list at all is malformed input.
    """
    if not isinstance(value, list):
        raise InputError(f"{label}: give the {what} as a list")
    out = [resolve(v) for v in value]
    if len(out) != count:  # well formed, but not what the rule draws here
        noun = f"{what.removesuffix('s')} is" if count == 1 else f"{what} are"
        raise IllegalAction(f"{label}: {count} {noun} drawn here, {len(out)} given",
                            rule or "Each draw takes as many cards as the rule says")
    if len(set(out)) != len(out):
        raise IllegalAction(f"{label}: the same card is given twice", "Each card is unique")
    missing = [c for c in out if c not in pool]
    if missing:
        raise IllegalAction(
            f"{label}: {missing[0]} cannot be drawn: it has been seen already",
            "Each card is unique",
        )
    return out


def unseen_shades(state: ElysionState, catalog: Catalog) -> list[str]:
    return [s for s in catalog.shades if s not in state["shades_seen"]]


def draw_cards(
    chance: Chance,
    label: str,
    pool: list[str],
    count: int,
    typed: list | None,
    resolve: Callable[[object], str],
    what: str,
    rule: str | None = None,
) -> list[str]:
    """Draw `count` different cards from `pool` (fewer if it runs out), or take the typed ones.

    A typed draw of the wrong size or with a card already seen names `rule`, the rule
    that fixes how many cards are drawn here.
    """
    count = min(count, len(pool))
    if count == 0 and not typed:
        return []

    def check(value: object) -> list[str]:
        return checked_draw(label, value, pool, count, resolve, what, rule)

    return chance.draw(label, lambda r: r.sample(pool, count), typed, check)


# -- the row and the Shades by it ------------------------------------------------------


def typed_list(value: object, what: str) -> list | None:
    """A list typed at the table: a list, or a comma-separated string."""
    if value is None:
        return None
    if isinstance(value, str):
        value = [v for v in value.split(",") if v.strip()]
    if not isinstance(value, list):
        raise InputError(f"{what}: a comma-separated list")
    return value


def check_row(state: ElysionState, catalog: Catalog, typed: object, day: int | None = None) -> list | None:
    """A row typed at the table, checked as `deal_row` deals it (the day it is dealt for: the
    next one unless given): `next` checks it before it draws the Shades. Returns it as a list."""
    typed = typed_list(typed, "row")
    if typed is None:
        return None
    for ref in typed:
        key = catalog.realm(ref).key
        check_add_on_realm(state, key)
        where = where_realm(state, key)
        if where:
            raise IllegalAction(
                f"realm {key} cannot be dealt: it is {where}", "Each realm is in one place"
            )
    pool = unseen_realms(state, catalog)
    checked_draw(f"row day {state['day'] + 1 if day is None else day}", typed, pool,
                 min(_row_size(state, catalog), len(pool)), lambda r: catalog.realm(r).key, "realms", ROW_RULE)
    return typed


ROW_RULE = "The row holds one realm more than there are players"


def _row_size(state: ElysionState, catalog: Catalog) -> int:
    return min(len(state["players"]) + 1, max(0, deck_size(state, catalog)))


def deal_row(state: ElysionState, catalog: Catalog, chance: Chance, typed: object) -> list[Event]:
    """A new row of players + 1 realms (fewer if the deck runs out).

    The row comes from the deck only: of the realms nobody has seen, as many as the
    players hold secretly are in their hands, so they are never dealt.
    """
    typed = check_row(state, catalog, typed, state["day"])
    pool = unseen_realms(state, catalog)
    size = _row_size(state, catalog)
    row = draw_cards(
        chance,
        f"row day {state['day']}",
        pool,
        size,
        typed,
        lambda r: catalog.realm(r).key,
        "realms",
        ROW_RULE,
    )
    state["row"] = sorted(row, key=realm_order)
    text = f"Row for day {state['day']}: " + (", ".join(state["row"]) or "empty (the deck is out)")
    return [event(text, row=state["row"])]


def refill_shades(state: ElysionState, catalog: Catalog, chance: Chance, typed: object) -> list[Event]:
    """Beyond the Styx: two Shades face up by the row, and the deck's top card visible."""
    typed = typed_list(typed, "shades")
    visible = [state["shade_top"]] if state["shade_top"] else []
    moves = max(0, SHADES_UP - len(state["shades_up"]))
    needed = moves if state["shade_top"] else moves + 1  # each move shows a new deck top
    pool = unseen_shades(state, catalog)
    new = draw_cards(
        chance,
        f"shades day {state['day']}",
        pool,
        needed,
        typed,
        lambda s: catalog.shade(s).key,
        "Shades",
        "Beyond the Styx: two Shades by the row, refilled at the day's end",
    )
    state["shades_seen"] += new
    queue = visible + new
    before = (list(state["shades_up"]), state["shade_top"])
    while len(state["shades_up"]) < SHADES_UP and queue:
        state["shades_up"].append(queue.pop(0))
    state["shade_top"] = queue[0] if queue else None
    if (state["shades_up"], state["shade_top"]) == before:
        return []
    top = state["shade_top"] or "none (the deck is out)"
    return [event(f"Shades by the row: {', '.join(state['shades_up'])}; next in the deck: {top}")]
