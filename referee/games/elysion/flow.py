"""The journey: the day's reveal, the take turns (realm, Blessing, Shade), the day's end.

One day (rulebook, RULINGS):
1. `reveal`: every player's realm at once, placed at the end of the journey;
   Blessings to draw = 1 + coins on the journey and kept Blessings, when the
   realm is higher than yesterday's (never on day 1); take order lowest first.
2. take turns in that order: take a realm from the row (not on day 8), draw the
   Blessings and keep one, then (Beyond the Styx) maybe take a Shade.
3. `next`: the untaken realm leaves, the Shades by the row are refilled to two,
   a new row is dealt, the next day begins. After day 8 comes the look back.
Setup is in `setup`, the draws in `deck`, the Shade rules in `styx`, the look
back in `lookback`.
"""

from __future__ import annotations

from referee.chance import Chance
from referee.engine import Event, event
from referee.errors import IllegalAction, InputError
from referee.games.elysion import deck
from referee.games.elysion.catalog import Catalog
from referee.games.elysion.sight import coins as sight_coins
from referee.games.elysion.styx import shade_choices, shade_verdict
from scorers.elysion import DAYS, blessings_drawn

# -- reveal ----------------------------------------------------------------------------


def reveal(state: dict, action: dict, catalog: Catalog) -> list[Event]:
    """Everyone's realm for the day, revealed together."""
    if state["phase"] != "reveal":
        raise IllegalAction(not_now(state), "A day: reveal, then take in order, then next")
    typed = action.get("realms")
    if not isinstance(typed, dict) or not typed:
        raise InputError("reveal needs every player's realm: NAME=REALM ...")
    chosen: dict[str, str] = {}
    for name, ref in typed.items():
        p = player(state, name)
        if p in chosen:
            raise InputError(f"{p} is named twice")
        chosen[p] = catalog.realm(ref).key
    expected = [p for p in state["players"] if deck.hand_count(state, p) > 0]
    missing = [p for p in expected if p not in chosen]
    if missing:
        raise IllegalAction(
            f"every player reveals at once: {', '.join(missing)} missing",
            "Realms are revealed together",
        )
    for p, key in chosen.items():
        if p not in expected:
            raise IllegalAction(f"{p} has no realm left in hand", "A realm is played from the hand")
        deck.check_add_on_realm(state, key)
        others = [q for q, k in chosen.items() if k == key and q != p]
        if others:
            raise IllegalAction(
                f"{p} and {others[0]} cannot both play realm {key}", "Each card is unique"
            )
        hand = state["hands"][p]
        if key not in hand["known"]:
            where = deck.where_realm(state, key)
            if where:
                raise IllegalAction(
                    f"{p} cannot play realm {key}: it is {where}", "A realm is played from the hand"
                )
            if hand["secret"] == 0:
                held = ", ".join(hand["known"])
                raise IllegalAction(
                    f"{p} has played every starting realm; {p} holds only {held}",
                    "A realm is played from the hand",
                )
    rows = []
    for p in state["players"]:
        if p not in chosen:
            continue
        key = chosen[p]
        hand = state["hands"][p]
        if key in hand["known"]:
            hand["known"].remove(key)
        else:
            hand["secret"] -= 1
        journey = state["journeys"][p]
        previous = catalog.realms[journey[-1]["realm"]] if journey else None
        journey.append({"realm": key, "shade": None})
        card = catalog.realms[key]
        coins = sight_coins(catalog, journey, state["blessings"][p])
        state["draws"][p] = blessings_drawn(
            state["day"],
            previous.number if previous else None,
            card.number,
            coins,
            previous_star=bool(previous and previous.star),
            played_star=card.star,
        )
        higher = "-" if previous is None else ("yes" if state["draws"][p] else "no")
        rows.append(
            [
                p,
                key,
                card.faction,
                card.icon_text() or "-",
                previous.key if previous else "-",
                higher,
                state["draws"][p],
            ]
        )
    state["order"] = sorted(chosen, key=lambda q: deck.realm_order(chosen[q]))
    state["phase"], state["turn"] = "take", 0
    evs = [
        event(
            f"Day {state['day']}: realms revealed.",
            table={
                "headers": [
                    "player",
                    "realm",
                    "faction",
                    "icons",
                    "yesterday",
                    "higher",
                    "Blessings to draw",
                ],
                "rows": rows,
            },
        )
    ]
    verb = "take" if state["day"] < DAYS else "keep Blessings"
    evs.append(
        event(f"Order to {verb}: " + ", ".join(f"{q} ({chosen[q]})" for q in state["order"]))
    )
    evs += _start_turn(state, catalog)
    return evs


# -- take turns --------------------------------------------------------------------------


def _current(state: dict) -> str | None:
    if state["phase"] != "take" or state["turn"] >= len(state["order"]):
        return None
    return state["order"][state["turn"]]


def needs_realm(state: dict) -> bool:
    return state["day"] < DAYS and bool(state["row"])


def _start_turn(state: dict, catalog: Catalog) -> list[Event]:
    """Begin the current player's take turn, skipping turns with nothing to do (day 8)."""
    evs: list[Event] = []
    while (p := _current(state)) is not None:
        state["drawn"] = []
        if needs_realm(state) or state["draws"][p]:
            state["stage"] = "take"
            return evs
        if state["day"] < DAYS:
            evs.append(event(f"The row is empty: {p} takes no realm."))
        if state["day"] < DAYS and shade_choices(state, catalog, p):
            state["stage"] = "shade"
            return evs
        state["turn"] += 1
    return evs + _end_turns(state)


def _end_turns(state: dict) -> list[Event]:
    state["stage"], state["drawn"] = None, []
    if state["day"] < DAYS:
        state["phase"] = "day-end"
        return [event(f"Day {state['day']} is done: type `next` for the next row.")]
    return _end_journey(state, "the journey is over")


def _end_journey(state: dict, why: str) -> list[Event]:
    state["phase"], state["stage"], state["order"], state["turn"] = "lookback", None, [], 0
    return [event(f"Day {state['day']}: {why}; type `lookback` for the final scoring.")]


def _check_turn(state: dict, name: object, stage: str) -> str:
    """The acting player, checked against the take order and the turn's stage."""
    p = player(state, name)
    if state["phase"] != "take":
        raise IllegalAction(not_now(state), "A day: reveal, then take in order, then next")
    cur = _current(state)
    if p != cur:
        realm = state["journeys"][cur][-1]["realm"]
        waiting = f": {_stage_text(state, cur)}" if state["stage"] in ("keep", "shade") else ""
        raise IllegalAction(
            f"it is {cur}'s turn (realm {realm}), not {p}'s{waiting}",
            "Take order: lowest realm played first",
        )
    if state["stage"] != stage:
        raise IllegalAction(
            _stage_text(state, cur), "A take turn: realm, then Blessing, then Shade"
        )
    return p


def take(state: dict, action: dict, catalog: Catalog, chance: Chance) -> list[Event]:
    """A take turn: a realm from the row, the Blessings drawn, the one kept."""
    p = _check_turn(state, action.get("player"), "take")
    ref = action.get("realm")
    evs: list[Event] = []
    if needs_realm(state):
        if ref in (None, ""):
            raise InputError(f"name the realm {p} takes from the row ({', '.join(state['row'])})")
        key = catalog.realm(ref).key
        if key not in state["row"]:
            raise IllegalAction(
                f"realm {key} is not in the row ({', '.join(state['row'])})",
                "A realm is taken from the row",
            )
    elif ref not in (None, ""):
        if state["day"] >= DAYS:
            raise IllegalAction("on day 8 nobody takes a realm", "Day 8: no realm is taken")
        raise IllegalAction(
            "the row is empty: there is no realm to take", "A realm is taken from the row"
        )
    else:
        key = None
    drawn_typed = deck.typed_list(action.get("drawn"), "drawn")
    keep_ref = action.get("keep")
    if not state["draws"][p] and (drawn_typed or keep_ref):
        raise IllegalAction(
            f"{p} draws no Blessings today ({_why_no_draw(state, catalog, p)})",
            "Blessings: only when the realm is higher than yesterday's",
        )
    if key is not None:
        state["row"].remove(key)
        state["hands"][p]["known"].append(key)
        evs.append(event(f"{p} takes realm {key} from the row."))
    if state["draws"][p]:
        evs += _draw_blessings(state, catalog, chance, p, drawn_typed, keep_ref)
        if state["stage"] == "keep":
            return evs
    return evs + _after_keep(state, catalog, p)


def _draw_blessings(
    state: dict, catalog: Catalog, chance: Chance, p: str, typed: list | None, keep_ref: object
) -> list[Event]:
    n = state["draws"][p]
    pool = deck.unseen_blessings(state, catalog)
    if typed is not None:
        typed = [catalog.blessing(b).key for b in typed]
        gone = [b for b in typed if b not in pool]
        if gone:
            owner = next((q for q in state["players"] if gone[0] in state["blessings"][q]), None)
            raise IllegalAction(
                f"Blessing {gone[0]} cannot be drawn: {owner or 'someone'} keeps it",
                "Each card is unique",
            )
    keep = catalog.blessing(keep_ref).key if keep_ref not in (None, "") else None
    drawn = deck.draw_blessings(
        chance,
        f"blessings {p} day {state['day']}",
        state,
        catalog,
        n,
        typed,
        "Blessings: draw 1 + Charon's coins when today's realm is higher",
    )
    if not drawn:
        return [event(f"{p} should draw {n} Blessing(s) but the deck is empty.")]
    if keep is not None and keep not in drawn:
        raise IllegalAction(
            f"{p} can keep only a Blessing just drawn ({', '.join(drawn)})",
            "Keep one of the Blessings drawn",
        )
    evs = [event(f"{p} draws {len(drawn)} Blessing(s): {', '.join(drawn)}.", drawn=drawn)]
    if keep is None and len(drawn) > 1:
        state["stage"], state["drawn"] = "keep", drawn
        evs.append(event(f"{p} keeps one of them: type `keep {p} BLESSING`."))
        return evs
    return evs + _keep_blessing(state, p, keep or drawn[0], drawn)


def _keep_blessing(state: dict, p: str, b: str, drawn: list[str]) -> list[Event]:
    """Keep one Blessing; the others drawn go back under the deck."""
    state["blessings"][p].append(b)
    state["kept_today"][p], state["drawn"] = b, []
    back = [d for d in drawn if d != b]
    if back:
        deck.blessings_under(state).append(back)
    return [event(f"{p} keeps Blessing {b}.")]


def keep(state: dict, action: dict, catalog: Catalog, chance: Chance) -> list[Event]:
    """Keep one Blessing of those drawn (or, on day 8, draw and keep in one go)."""
    if state["phase"] == "take" and state["stage"] == "take" and not needs_realm(state):
        return take(
            state,
            {
                "player": action.get("player"),
                "drawn": action.get("drawn"),
                "keep": action.get("blessing"),
            },
            catalog,
            chance,
        )
    p = _check_turn(state, action.get("player"), "keep")
    if action.get("drawn"):
        raise IllegalAction(
            "the Blessings are drawn already: " + ", ".join(state["drawn"]),
            "Keep one of the Blessings drawn",
        )
    if action.get("blessing") in (None, ""):
        raise InputError(f"name the Blessing {p} keeps ({', '.join(state['drawn'])})")
    b = catalog.blessing(action.get("blessing")).key
    if b not in state["drawn"]:
        raise IllegalAction(
            f"{p} can keep only a Blessing just drawn ({', '.join(state['drawn'])})",
            "Keep one of the Blessings drawn",
        )
    return _keep_blessing(state, p, b, state["drawn"]) + _after_keep(state, catalog, p)


def _after_keep(state: dict, catalog: Catalog, p: str) -> list[Event]:
    """End of the take turn: a Shade may answer (Beyond the Styx), else the next player."""
    choices = shade_choices(state, catalog, p)
    if choices:
        state["stage"] = "shade"
        return [
            event(f"{p} may take a Shade ({', '.join(choices)}): `shade {p} NAME` or `pass {p}`.")
        ]
    state["turn"] += 1
    return _start_turn(state, catalog)


# -- Beyond the Styx: taking a Shade or passing -----------------------------------------


def take_shade(state: dict, action: dict, catalog: Catalog) -> list[Event]:
    """Take one face-up Shade; it goes under the realm played today."""
    deck.check_styx(state)
    name = catalog.shade(action.get("shade")).key
    p = player(state, action.get("player"))
    if state["day"] >= DAYS and state["phase"] != "over":
        raise IllegalAction(
            "no Shade is taken on day 8: a Shade ends a take turn, and nobody takes a realm",
            "Beyond the Styx: a Shade is taken at the end of a take turn",
        )
    if name not in state["shades_up"]:
        shown = ", ".join(state["shades_up"]) or "none"
        raise IllegalAction(
            f"Shade {name} is not face up by the row (face up: {shown})",
            "Beyond the Styx: take one of the two face-up Shades",
        )
    rule = "Beyond the Styx: goal met, and today's realm or Blessing adds to it"
    took_turn = state["phase"] == "take" and p in state["order"][: state["turn"]]
    under = state["journeys"][p][-1]["shade"] if state["journeys"][p] else None
    if took_turn and under:
        raise IllegalAction(
            f"{p} took Shade {under} this turn already", "Beyond the Styx: one Shade a turn"
        )
    if (_current(state) == p and state["stage"] == "shade") or took_turn:
        why = shade_verdict(state, catalog, p, name)
        if why:
            raise IllegalAction(f"{p} cannot take Shade {name}: {why}", rule)
    if took_turn:
        raise IllegalAction(
            f"{p}'s take turn is over: a Shade is taken at the end of one's own turn", rule
        )
    p = _check_turn(state, p, "shade")
    state["journeys"][p][-1]["shade"] = name
    state["shades_up"].remove(name)
    state["turn"] += 1
    realm = state["journeys"][p][-1]["realm"]
    return [event(f"{p} takes Shade {name}; it goes under realm {realm}.")] + _start_turn(
        state, catalog
    )


def pass_shade(state: dict, action: dict, catalog: Catalog) -> list[Event]:
    """Decline the Shades that answer this turn."""
    p = _check_turn(state, action.get("player"), "shade")
    state["turn"] += 1
    return [event(f"{p} takes no Shade.")] + _start_turn(state, catalog)


# -- the day's end -----------------------------------------------------------------------


def next_day(state: dict, action: dict, catalog: Catalog, chance: Chance) -> list[Event]:
    """The untaken realm leaves, the Shades are refilled to two, a new row, the next day."""
    if state["phase"] != "day-end":
        raise IllegalAction(not_now(state), "A day: reveal, then take in order, then next")
    evs: list[Event] = []
    if state["row"]:
        evs.append(event(f"Realm(s) {', '.join(state['row'])} leave the game."))
    if action.get("shades"):
        deck.check_styx(state)
    state["discard"] += state["row"]
    state["row"] = []
    if not any(deck.hand_count(state, p) for p in state["players"]):
        return evs + _end_journey(state, "nobody holds a realm any more: the journey ends early")
    if state["styx"]:
        evs += deck.refill_shades(state, catalog, chance, action.get("shades"))
    state["day"] += 1
    if state["day"] < DAYS:
        evs += deck.deal_row(state, catalog, chance, action.get("row"))
    elif action.get("row"):
        raise IllegalAction(
            "no row is dealt for day 8: nobody takes a realm", "Day 8: no realm is taken"
        )
    state["phase"], state["order"], state["turn"], state["stage"] = "reveal", [], 0, None
    state["draws"] = {p: 0 for p in state["players"]}
    state["kept_today"] = {}
    evs.append(event(f"Day {state['day']}: everyone picks a realm; then `reveal NAME=REALM ...`."))
    return evs


# -- shared helpers ----------------------------------------------------------------------


def player(state: dict, name: object) -> str:
    """A seat by its name (any case)."""
    if isinstance(name, str):
        for p in state["players"]:
            if p.lower() == name.strip().lower():
                return p
    raise InputError(f"no player '{name}' (players: {', '.join(state['players'])})")


def _why_no_draw(state: dict, catalog: Catalog, p: str) -> str:
    journey = state["journeys"][p]
    if state["day"] == 1 or len(journey) < 2:
        return "no Blessings on day 1"
    return f"realm {journey[-1]['realm']} is not higher than yesterday's {journey[-2]['realm']}"


def _stage_text(state: dict, p: str) -> str:
    if state["stage"] == "keep":
        return f"{p} first keeps one of the Blessings drawn: {', '.join(state['drawn'])}"
    if state["stage"] == "shade":
        return f"{p} is choosing a Shade or passing (`shade {p} NAME` / `pass {p}`)"
    if needs_realm(state):
        return f"{p} first takes a realm from the row ({', '.join(state['row'])})"
    return f"{p} first draws the Blessings (`take {p}`)"


def not_now(state: dict) -> str:
    phase = state["phase"]
    if phase == "reveal":
        return f"day {state['day']}: the realms are not revealed yet (`reveal NAME=REALM ...`)"
    if phase == "take":
        p = _current(state)
        return f"day {state['day']} is still in its take turns: {_stage_text(state, p)}"
    if phase == "day-end":
        return f"day {state['day']} is done: type `next` to deal the next row"
    if phase == "lookback":
        return "the journey is over: type `lookback` for the final scoring"
    return "the game is over"
