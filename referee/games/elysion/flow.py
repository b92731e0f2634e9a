"""The journey: the day's reveal, the take turns (realm, Blessing, Shade), the day's end.

One day (the rulebook, and docs/rulings/elysion.md):
1. `reveal`: every player's realm at once, placed at the end of the journey;
   Blessings to draw = 1 + coins on the journey and kept Blessings, when the
   realm is higher than yesterday's (never on day 1); take order lowest first.
2. take turns in that order: take a realm from the row (not on day 8), draw the
   Blessings and keep one, then (Beyond the Styx) maybe take a Shade. The Blessing
   to keep and the Shade are the state's pending decisions.
3. `next`: the untaken realm leaves, the Shades by the row are refilled to two,
   a new row is dealt, the next day begins. After day 8 comes the look back.
The core refuses what the flow does not allow (the phase, the turn, the pending
decision) before a handler runs; `not_yours` words those refusals in the day's terms.
Setup is in `setup`, the draws in `deck`, the Shade rules in `styx`, the look
back in `lookback`.
"""

from __future__ import annotations

from referee.games.elysion import deck
from referee.games.elysion.catalog import Catalog, norm, of_state
from referee.games.elysion.deck import KEEP, drawn
from referee.games.elysion.sight import coins as sight_coins
from referee.games.elysion.state import ElysionState
from referee.games.elysion.styx import shade_choices, shade_verdict
from referee.model.chance import Chance
from referee.model.engine import event
from referee.model.errors import IllegalAction, InputError
from referee.model.i18n import ngettext
from referee.model.verbs import Action, Event, pending
from referee.scorers.elysion import DAYS, blessings_drawn

DAY_RULE = "A day: reveal, then take in order, then next"
TURN_RULE = "Take order: lowest realm played first"
STAGE_RULE = "A take turn: realm, then Blessing, then Shade"
LOOKBACK_RULE = "The look back comes after day 8"
ONE_REALM_RULE = "Each player reveals one realm a day"
SHADE = "take-shade"  # the pending decision after a take turn (KEEP: in deck)


# -- where the day stands --------------------------------------------------------------


def current(state: ElysionState) -> str | None:
    """The player whose take turn it is (None outside the take turns)."""
    if state["phase"] != "take" or state["turn"] >= len(state["order"]):
        return None
    return state["order"][state["turn"]]


def stage(state: ElysionState) -> str | None:
    """Where the current take turn stands: take (a realm, Blessings), keep, or shade."""
    if current(state) is None:
        return None
    waiting = state["pending"][0]["decision"] if state["pending"] else None
    return {KEEP: "keep", SHADE: "shade"}.get(waiting or "", "take")


def needs_realm(state: ElysionState) -> bool:
    return state["day"] < DAYS and bool(state["row"])


# -- reveal ----------------------------------------------------------------------------


def reveal(state: ElysionState, action: Action, chance: Chance) -> list[Event]:
    """Everyone's realm for the day, revealed together (names resolved by the engine)."""
    catalog = of_state(state)
    typed = action.get("realms")
    if not isinstance(typed, dict) or not typed:
        raise InputError("reveal needs every player's realm: NAME=REALM ...")
    chosen: dict[str, str] = {}
    for p, ref in typed.items():
        if p not in state["players"]:
            raise InputError(f"no player '{p}' (players: {', '.join(state['players'])})")
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
    headers = ["player", "realm", "faction", "icons", "yesterday", "higher", "Blessings to draw"]
    evs = [event(f"Day {state['day']}: realms revealed.", table={"headers": headers, "rows": rows})]
    verb = "take" if state["day"] < DAYS else "keep Blessings"
    evs.append(
        event(f"Order to {verb}: " + ", ".join(f"{q} ({chosen[q]})" for q in state["order"]))
    )
    evs += _start_turn(state, catalog)
    return evs


# -- take turns --------------------------------------------------------------------------


def _start_turn(state: ElysionState, catalog: Catalog) -> list[Event]:
    """Begin the current player's take turn, skipping turns with nothing to do (day 8)."""
    evs: list[Event] = []
    state["pending"] = []
    while (p := current(state)) is not None:
        if needs_realm(state) or state["draws"][p]:
            return evs
        if state["day"] < DAYS:
            evs.append(event(f"The row is empty: {p} takes no realm."))
        if state["day"] < DAYS and (choices := shade_choices(state, catalog, p)):
            state["pending"] = [pending(p, SHADE, [*choices, "pass"])]
            return evs
        state["turn"] += 1
    return evs + _end_turns(state)


def _end_turns(state: ElysionState) -> list[Event]:
    state["pending"] = []
    if state["day"] < DAYS:
        state["phase"] = "day-end"
        return [event(f"Day {state['day']} is done: type `next` for the next row.")]
    return _end_journey(state, "the journey is over")


def _end_journey(state: ElysionState, why: str) -> list[Event]:
    state["phase"], state["pending"], state["order"], state["turn"] = "lookback", [], [], 0
    return [event(f"Day {state['day']}: {why}; type `lookback` for the final scoring.")]


def _actor(state: ElysionState, action: Action) -> str:
    """The acting player (the core has checked the turn and the pending decision)."""
    p = action.get("player")
    if p != current(state):
        raise IllegalAction(f"it is {current(state)}'s turn, not {p}'s", TURN_RULE)
    return str(p)


def take(state: ElysionState, action: Action, chance: Chance) -> list[Event]:
    """A take turn: a realm from the row, the Blessings drawn, the one kept."""
    catalog = of_state(state)
    p = _actor(state, action)
    ref = action.get("realm")
    evs: list[Event] = []
    if needs_realm(state):
        if ref in (None, ""):
            raise IllegalAction(
                f"{p} takes a realm from the row first ({', '.join(state['row'])})",
                "A realm is taken from the row",
            )
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
            f"{p} draws no Blessings today ({_why_no_draw(state, p)})",
            "Blessings: only when the realm is higher than yesterday's",
        )
    if key is not None:
        state["row"].remove(key)
        state["hands"][p]["known"].append(key)
        evs.append(event(f"{p} takes realm {key} from the row."))
    if state["draws"][p]:
        drew = chance.drawn
        try:
            evs += _draw_blessings(state, catalog, chance, p, drawn_typed, keep_ref)
        except (IllegalAction, InputError):  # the Blessing to keep, checked among those the referee drew
            if chance.drawn > drew and keep_ref not in (None, ""):
                raise _not_among_drawn(p, keep_ref) from None
            raise
        if state["pending"]:
            return evs
    return evs + _after_keep(state, catalog, p)


def _draw_blessings(
    state: ElysionState,
    catalog: Catalog,
    chance: Chance,
    p: str,
    typed: list | None,
    keep_ref: object,
) -> list[Event]:
    n = state["draws"][p]
    if typed is None and keep_ref not in (None, "") and not chance.replaying:
        _check_keepable(state, catalog, p, n, keep_ref)
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
    drawn = deck.draw_blessings(
        chance,
        f"blessings {p} day {state['day']}",
        state,
        catalog,
        n,
        typed,
        "Blessings: draw 1 + Charon's coins when today's realm is higher",
        to=p,  # the player's alone until one is kept
    )
    if not drawn:
        return [event(f"{p} should draw {n} {ngettext('Blessing', 'Blessings', n)} but the deck is empty.")]
    keep = catalog.blessing(keep_ref, among=drawn).key if keep_ref not in (None, "") else None
    if keep is not None and keep not in drawn:
        raise IllegalAction(
            f"{p} can keep only a Blessing just drawn ({', '.join(drawn)})",
            "Keep one of the Blessings drawn",
        )
    evs = [event(f"{p} draws {len(drawn)} {ngettext('Blessing', 'Blessings', len(drawn))}: {', '.join(drawn)}.",
                 drawn=drawn, to=p, others=f"{p} draws {len(drawn)} {ngettext('Blessing', 'Blessings', len(drawn))}.")]
    if keep is None and len(drawn) > 1:
        state["pending"] = [pending(p, KEEP, drawn)]
        evs.append(event(f"{p} keeps one of them: type `keep {p} BLESSING`."))
        return evs
    return evs + _keep_blessing(state, p, keep or drawn[0], drawn)


def _not_among_drawn(p: str, ref: object) -> IllegalAction:
    """`take --keep B` refused once the referee drew and B was not among the Blessings drawn (or
    named several of them): in the same words whatever was drawn (the draw is then used up and
    never shown: the next try draws afresh)."""
    exc = IllegalAction(
        f"{p} keeps one of the Blessings just drawn, and '{ref}' is not one of them: take the realm "
        f"without --keep, then `keep {p} BLESSING` among those it shows",
        "Keep one of the Blessings drawn",
    )
    exc.blind = True  # worded without the draw (`referee.model.errors.blind`)
    return exc


def _check_keepable(state: ElysionState, catalog: Catalog, p: str, n: int, ref: object) -> None:
    """A Blessing to keep named before the referee draws (`take --keep`): refused now when
    this draw cannot bring it (kept by someone, under Blessings not drawn yet, none left),
    not only once drawn, so a dry run, which stops at the draw, refuses it too. Among those
    drawn it is checked again (a prefix is read there)."""
    pool = deck.may_come_up(state, catalog, n)
    if not pool:
        raise IllegalAction(
            f"the Blessing deck is empty: {p} draws nothing to keep (drop --keep)",
            "Keep one of the Blessings drawn",
        )
    try:
        b = catalog.blessing(ref).key
    except InputError:  # no such Blessing, or a prefix of several: one of them may come up
        typed = norm(ref) if isinstance(ref, str) else ""
        if typed and any(norm(k).startswith(typed) for k in pool):
            return
        raise
    if b in pool:
        return
    owner = next((q for q in state["players"] if b in state["blessings"][q]), None)
    why = f"{owner} keeps it" if owner else "put back under the deck, below Blessings not drawn yet"
    raise IllegalAction(
        f"{p} keeps one of the Blessings drawn, and {b} cannot come up in this draw ({why})",
        "Keep one of the Blessings drawn",
    )


def _keep_blessing(state: ElysionState, p: str, b: str, drawn: list[str]) -> list[Event]:
    """Keep one Blessing; the others drawn go back under the deck."""
    state["blessings"][p].append(b)
    state["kept_today"][p], state["pending"] = b, []
    back = [d for d in drawn if d != b]
    if back:
        deck.blessings_under(state).append(back)
    return [event(f"{p} keeps Blessing {b}.")]


def keep(state: ElysionState, action: Action, chance: Chance) -> list[Event]:
    """Keep one Blessing of those drawn (or, where no realm is taken, draw and keep in one go:
    `keep P` is then `take P`, and `keep P B` is `take P --keep B`)."""
    catalog = of_state(state)
    p = _actor(state, action)
    if not state["pending"]:
        if needs_realm(state):
            raise IllegalAction(stage_text(state, p), STAGE_RULE)
        drawing = {"player": p, "drawn": action.get("drawn"), "keep": action.get("blessing")}
        return take(state, drawing, chance)
    choices = drawn(state)
    # the Blessings drawn are the drawer's alone (docs/rulings/elysion.md): whoever types, a
    # refusal names none of them, so it reads the same whatever was drawn
    mine = f"{p}'s own screen shows them: `--as {p}`"
    if action.get("drawn"):
        raise IllegalAction(f"the Blessings are drawn already ({mine})", "Keep one of the Blessings drawn")
    if action.get("blessing") in (None, ""):
        raise IllegalAction(f"{p} keeps one of the Blessings drawn: name it ({mine})",
                            "Keep one of the Blessings drawn")
    try:
        b = catalog.blessing(action.get("blessing"), among=choices).key
    except InputError:  # an unknown name, or a beginning several Blessings share (those drawn among them)
        raise InputError(f"'{action.get('blessing')}' names no one Blessing: type its whole name ({mine})") from None
    if b not in choices:
        raise IllegalAction(f"{p} can keep only a Blessing just drawn ({mine})", "Keep one of the Blessings drawn")
    return _keep_blessing(state, p, b, choices) + _after_keep(state, catalog, p)


def _after_keep(state: ElysionState, catalog: Catalog, p: str) -> list[Event]:
    """End of the take turn: a Shade may answer (Beyond the Styx), else the next player."""
    choices = shade_choices(state, catalog, p)
    if choices:
        state["pending"] = [pending(p, SHADE, [*choices, "pass"])]
        return [
            event(f"{p} may take a Shade ({', '.join(choices)}): `shade {p} NAME` or `pass {p}`.")
        ]
    state["turn"] += 1
    return _start_turn(state, catalog)


# -- Beyond the Styx: taking a Shade or passing -----------------------------------------


def take_shade(state: ElysionState, action: Action, chance: Chance) -> list[Event]:
    """Take one face-up Shade; it goes under the realm played today."""
    catalog = of_state(state)
    deck.check_styx(state)
    name = catalog.shade(action.get("shade"), among=state["shades_up"]).key
    p = action.get("player")
    if p not in state["players"]:
        raise InputError(f"name the player who takes the Shade ({', '.join(state['players'])})")
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
    deciding = current(state) == p and stage(state) == "shade"
    if deciding or took_turn:
        why = shade_verdict(state, catalog, p, name)
        if why:
            raise IllegalAction(f"{p} cannot take Shade {name}: {why}", rule)
    if took_turn:
        raise IllegalAction(
            f"{p}'s take turn is over: a Shade is taken at the end of one's own turn", rule
        )
    if not deciding:
        raise not_yours(state, "shade", p)
    state["journeys"][p][-1]["shade"] = name
    state["shades_up"].remove(name)
    state["turn"] += 1
    realm = state["journeys"][p][-1]["realm"]
    took = event(f"{p} takes Shade {name}; it goes under realm {realm}.")
    return [took, *_start_turn(state, catalog)]


def pass_shade(state: ElysionState, action: Action, chance: Chance) -> list[Event]:
    """Decline the Shades that answer this turn (no name: the one deciding passes)."""
    p = _actor(state, {**action, "player": action.get("player") or current(state)})
    state["turn"] += 1
    return [event(f"{p} takes no Shade."), *_start_turn(state, of_state(state))]


# -- the day's end -----------------------------------------------------------------------


def next_day(state: ElysionState, action: Action, chance: Chance) -> list[Event]:
    """The untaken realm leaves, the Shades are refilled to two, a new row, the next day."""
    catalog = of_state(state)
    left = f" {ngettext('Realm', 'Realms', len(state['row']))} {', '.join(state['row'])} {ngettext('leaves', 'leave', len(state['row']))} the game." if state["row"] else ""
    evs: list[Event] = [event(f"Day {state['day']} is over.{left}")]
    if action.get("shades"):
        deck.check_styx(state)
    state["discard"] += state["row"]
    state["row"] = []
    if not any(deck.hand_count(state, p) for p in state["players"]):
        return evs + _end_journey(state, "nobody holds a realm any more: the journey ends early")
    # the typed row is checked before the Shades are drawn (a refusal after would tell them)
    if state["day"] + 1 < DAYS:
        deck.check_row(state, catalog, action.get("row"))
    elif action.get("row"):
        raise IllegalAction(
            "no row is dealt for day 8: nobody takes a realm", "Day 8: no realm is taken"
        )
    if state["styx"]:
        evs += deck.refill_shades(state, catalog, chance, action.get("shades"))
    state["day"] += 1
    if state["day"] < DAYS:
        evs += deck.deal_row(state, catalog, chance, action.get("row"))
    state["phase"], state["order"], state["turn"], state["pending"] = "reveal", [], 0, []
    state["draws"] = dict.fromkeys(state["players"], 0)
    state["kept_today"] = {}
    nobody = " (no row: nobody takes a realm)" if state["day"] == DAYS else ""
    evs.append(
        event(f"Day {state['day']}{nobody}: everyone picks a realm; then `reveal NAME=REALM ...`.")
    )
    return evs


# -- what the table waits for, in words ---------------------------------------------------


def _why_no_draw(state: ElysionState, p: str) -> str:
    journey = state["journeys"][p]
    if state["day"] == 1 or len(journey) < 2:
        return "no Blessings on day 1"
    return f"realm {journey[-1]['realm']} is not higher than yesterday's {journey[-2]['realm']}"


def stage_text(state: ElysionState, p: str) -> str:
    """What the current player does first."""
    if stage(state) == "keep":
        # the Blessings drawn are p's alone: a refusal anyone may read does not name them
        return (f"{p} first keeps one of the Blessings drawn (`keep {p} BLESSING`; "
                f"`referee --as {p} elysion status` shows them)")
    if stage(state) == "shade":
        return f"{p} is choosing a Shade or passing (`shade {p} NAME` / `pass {p}`)"
    if needs_realm(state):
        return f"{p} first takes a realm from the row ({', '.join(state['row'])})"
    return f"{p} first draws the Blessings (`take {p}`)"


def not_now(state: ElysionState) -> str:
    """Where the day stands: what is still to be done before the next step."""
    phase, day = state["phase"], state["day"]
    if phase == "reveal":
        return f"day {day}: the realms are not revealed yet (`reveal NAME=REALM ...`)"
    if phase == "take":
        p = current(state) or "?"
        waiting = state["order"][state["turn"] :]
        what = "to take a realm" if needs_realm(state) else "to take their turn"
        return (
            f"day {day} is still in its take turns ({', '.join(waiting)} still {what}): "
            f"{stage_text(state, p)}"
        )
    if phase == "day-end":
        return f"day {day} is done: type `next` to deal the next row"
    if phase == "lookback":
        return "the journey is over: type `lookback` for the final scoring"
    return "the game is over"


def not_yours(state: ElysionState, verb: str, p: object) -> IllegalAction:
    """A verb the day does not allow now (out of its phase, out of turn, not the decision
    waiting), said in the day's terms: the core decided it, this words it."""
    if verb == "lookback":
        return IllegalAction(not_now(state), LOOKBACK_RULE)
    cur = current(state)
    if cur is None or verb not in ("take", "keep", "shade", "pass"):
        return IllegalAction(not_now(state), DAY_RULE)
    if p is not None and p != cur:
        realm = state["journeys"][cur][-1]["realm"]
        waiting = f": {stage_text(state, cur)}" if state["pending"] else ""
        return IllegalAction(f"it is {cur}'s turn (realm {realm}), not {p}'s{waiting}", TURN_RULE)
    return IllegalAction(stage_text(state, cur), STAGE_RULE)
