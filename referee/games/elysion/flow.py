"""The journey: setup, the day's reveal, the take turns (realm, Blessing, Shade), the day's end.

One day (rulebook, RULINGS):
1. `reveal`: every player's realm at once, placed at the end of the journey;
   Blessings to draw = 1 + coins on the journey and kept Blessings, when the
   realm is higher than yesterday's (never on day 1); take order lowest first.
2. take turns in that order: take a realm from the row (not on day 8), draw the
   Blessings and keep one, then (Beyond the Styx) maybe take a Shade.
3. `next`: the untaken realm leaves, the Shades by the row are refilled to two,
   a new row is dealt, the next day begins. After day 8 comes the look back.
"""

from __future__ import annotations

from referee.chance import Chance
from referee.engine import Event, event
from referee.errors import IllegalAction, InputError
from referee.games.elysion import deck, expr, lookback
from referee.games.elysion.catalog import SAMPLE, Card, Catalog, get
from referee.games.elysion.sight import counts, units
from scorers.elysion import DAYS, blessings_drawn

MIN_PLAYERS, MAX_PLAYERS = 2, 7
SHADES_UP = 2


# -- setup ----------------------------------------------------------------------------


def _names(raw: object) -> list[str]:
    if not isinstance(raw, list) or not all(isinstance(p, str) for p in raw):
        raise InputError("players are a list of names")
    names = [p.strip() for p in raw]
    if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
        raise IllegalAction(
            f"Elysion is for {MIN_PLAYERS}-{MAX_PLAYERS} players, not {len(names)}",
            "Setup: 2 to 7 players",
        )
    for p in names:
        if not p or any(c in p for c in "=,:*") or p.isdigit():
            raise InputError(
                f"player name {p!r}: use letters (no '=', ',', ':' or '*', not a number)"
            )
    if len({p.lower() for p in names}) != len(names):
        raise InputError("two players have the same name")
    return names


def setup(options: dict, chance: Chance) -> dict:
    """A new journey: players, the catalog, add-ons, starting hands, the first row, the Shades."""
    players = _names(options.get("players"))
    source = options.get("catalog") or SAMPLE
    if not isinstance(source, str):
        raise InputError("the catalog is the text of a TOML file")
    catalog = get(source)
    hand = options.get("hand", 3)
    if not isinstance(hand, int) or isinstance(hand, bool) or not 1 <= hand <= 10:
        raise InputError("--hand is the number of realms each player starts with (1-10)")
    stars, styx = bool(options.get("constellations")), bool(options.get("styx"))
    if stars and not any(c.star for c in catalog.realms.values()):
        raise InputError(f"the catalog '{catalog.name}' has no constellations")
    if styx and not catalog.shades:
        raise InputError(f"the catalog '{catalog.name}' has no Shades")
    state = {
        "catalog": source,
        "catalog_name": catalog.name,
        "constellations": stars,
        "styx": styx,
        "hand_size": hand,
        "players": players,
        "day": 1,
        "phase": "reveal",
        "journeys": {p: [] for p in players},
        "blessings": {p: [] for p in players},
        "hands": {p: {"known": [], "secret": hand} for p in players},
        "draws": {p: 0 for p in players},
        "row": [],
        "discard": [],
        "order": [],
        "turn": 0,
        "stage": None,
        "drawn": [],
        "kept_today": {},
        "shades_up": [],
        "shade_top": None,
        "shades_seen": [],
        "lookback": None,
        "glory": None,
        "winners": [],
    }
    _deal_row(state, catalog, chance, options.get("row"))
    if styx:
        _refill_shades(state, catalog, chance, options.get("shades"))
    elif options.get("shades"):
        raise IllegalAction(
            "Shades are used only with the Beyond the Styx add-on (--styx)",
            "Beyond the Styx is an add-on",
        )
    return state


# -- draws -----------------------------------------------------------------------------


def _typed_list(value: object, what: str) -> list | None:
    if value is None:
        return None
    if isinstance(value, str):
        value = [v for v in value.split(",") if v.strip()]
    if not isinstance(value, list):
        raise InputError(f"{what}: a comma-separated list")
    return value


def _deal_row(state: dict, catalog: Catalog, chance: Chance, typed: object) -> list[Event]:
    """A new row of players + 1 realms (fewer if the deck runs out)."""
    typed_list = _typed_list(typed, "row")
    pool = deck.unseen_realms(state, catalog)
    if typed_list is not None:
        for ref in typed_list:
            key = catalog.realm(ref).key
            if key.endswith("*") and not state["constellations"]:
                raise IllegalAction(
                    f"{key} is a constellation: the Constellations add-on is not in play",
                    "Constellations are an add-on",
                )
            where = deck.where_realm(state, key)
            if where:
                raise IllegalAction(
                    f"realm {key} cannot be dealt: it is {where}", "Each realm is in one place"
                )
    size = len(state["players"]) + 1
    row = deck.draw_cards(
        chance,
        f"row day {state['day']}",
        pool,
        size,
        typed_list,
        lambda r: catalog.realm(r).key,
        "realms",
    )
    state["row"] = sorted(row, key=deck.realm_order)
    text = f"Row for day {state['day']}: " + (", ".join(state["row"]) or "empty (the deck is out)")
    return [event(text, row=state["row"])]


def _refill_shades(state: dict, catalog: Catalog, chance: Chance, typed: object) -> list[Event]:
    """Beyond the Styx: two Shades face up by the row, and the deck's top card visible."""
    typed_list = _typed_list(typed, "shades")
    visible = [state["shade_top"]] if state["shade_top"] else []
    moves = max(0, SHADES_UP - len(state["shades_up"]))
    needed = moves if state["shade_top"] else moves + 1  # each move shows a new deck top
    pool = deck.unseen_shades(state, catalog)
    new = deck.draw_cards(
        chance,
        f"shades day {state['day']}",
        pool,
        needed,
        typed_list,
        lambda s: catalog.shade(s).key,
        "Shades",
    )
    state["shades_seen"] += new
    queue = visible + new
    while len(state["shades_up"]) < SHADES_UP and queue:
        state["shades_up"].append(queue.pop(0))
    state["shade_top"] = queue[0] if queue else None
    if not new:
        return []
    top = state["shade_top"] or "none (the deck is out)"
    return [event(f"Shades by the row: {', '.join(state['shades_up'])}; next in the deck: {top}")]


# -- reveal ----------------------------------------------------------------------------


def reveal(state: dict, action: dict, catalog: Catalog) -> list[Event]:
    """Everyone's realm for the day, revealed together."""
    if state["phase"] != "reveal":
        raise IllegalAction(_not_now(state), "A day: reveal, then take in order, then next")
    typed = action.get("realms")
    if not isinstance(typed, dict) or not typed:
        raise InputError("reveal needs every player's realm: NAME=REALM ...")
    chosen: dict[str, str] = {}
    for name, ref in typed.items():
        p = player(state, name)
        if p in chosen:
            raise InputError(f"{p} is named twice")
        chosen[p] = catalog.realm(ref).key
    expected = [p for p in state["players"] if _hand_count(state, p) > 0]
    missing = [p for p in expected if p not in chosen]
    if missing:
        raise IllegalAction(
            f"every player reveals at once: {', '.join(missing)} missing",
            "Realms are revealed together",
        )
    for p, key in chosen.items():
        if p not in expected:
            raise IllegalAction(f"{p} has no realm left in hand", "A realm is played from the hand")
        if key.endswith("*") and not state["constellations"]:
            raise IllegalAction(
                f"{key} is a constellation: the Constellations add-on is not in play",
                "Constellations are an add-on",
            )
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
        coins = counts(
            catalog, units(catalog, journey), [catalog.blessings[b] for b in state["blessings"][p]]
        )["coin"]
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
                    "Blessings",
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
        if shade_choices(state, catalog, p):
            state["stage"] = "shade"
            return evs
        state["turn"] += 1
    return evs + _end_turns(state)


def _end_turns(state: dict) -> list[Event]:
    state["stage"], state["drawn"] = None, []
    if state["day"] < DAYS:
        state["phase"] = "day-end"
        return [event(f"Day {state['day']} is done: type `next` for the next row.")]
    state["phase"] = "lookback"
    return [event("The journey is over: type `lookback` for the final scoring.")]


def _check_turn(state: dict, name: object, stage: str) -> str:
    """The acting player, checked against the take order and the turn's stage."""
    p = player(state, name)
    if state["phase"] != "take":
        raise IllegalAction(_not_now(state), "A day: reveal, then take in order, then next")
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
    drawn_typed = _typed_list(action.get("drawn"), "drawn")
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
    drawn = deck.draw_cards(
        chance,
        f"blessings {p} day {state['day']}",
        pool,
        n,
        typed,
        lambda b: catalog.blessing(b).key,
        "Blessings",
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
    return evs + _keep_blessing(state, p, keep or drawn[0])


def _keep_blessing(state: dict, p: str, b: str) -> list[Event]:
    state["blessings"][p].append(b)
    state["kept_today"][p], state["drawn"] = b, []
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
    return _keep_blessing(state, p, b) + _after_keep(state, catalog, p)


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


# -- Beyond the Styx ---------------------------------------------------------------------


def _journey_env(state: dict, catalog: Catalog, p: str) -> dict[str, int]:
    return counts(
        catalog,
        units(catalog, state["journeys"][p]),
        [catalog.blessings[b] for b in state["blessings"][p]],
    )


def _adds_to(card: Card | None, shade: Card) -> bool:
    """Does this card have something the Shade's goal counts (an icon, its faction, itself)?"""
    if card is None or shade.goal is None:
        return False
    used = set(expr.names_used(shade.goal))
    if any(card.icon(i) for i in used):
        return True
    if card.faction and (card.faction in used or used & {"faction_max", "factions"}):
        return True
    kinds = {"realm": "realms", "constellation": "realms", "blessing": "blessings"}
    return kinds.get(card.kind) in used or (card.star and "constellations" in used)


def shade_verdict(state: dict, catalog: Catalog, p: str, name: str) -> str | None:
    """Why p cannot take this Shade now (None when p can)."""
    shade = catalog.shades[name]
    env = _journey_env(state, catalog, p)
    if not expr.evaluate(shade.goal, env):
        seen = ", ".join(f"{n} {env[n]}" for n in expr.names_used(shade.goal))
        return f"its goal '{shade.goal_text}' is not met ({seen})"
    today = catalog.realms[state["journeys"][p][-1]["realm"]]
    kept_name = state["kept_today"].get(p)
    kept = catalog.blessings[kept_name] if kept_name else None
    if not (_adds_to(today, shade) or _adds_to(kept, shade)):
        return (
            f"neither today's realm {today.key}"
            + (f" nor Blessing {kept.key}" if kept else "")
            + " adds to its goal"
        )
    return None


def shade_choices(state: dict, catalog: Catalog, p: str) -> list[str]:
    """The face-up Shades p may take at the end of this take turn."""
    if not state["styx"] or not state["journeys"][p] or state["journeys"][p][-1]["shade"]:
        return []
    return [s for s in state["shades_up"] if shade_verdict(state, catalog, p, s) is None]


def take_shade(state: dict, action: dict, catalog: Catalog) -> list[Event]:
    """Take one face-up Shade; it goes under the realm played today."""
    if not state["styx"]:
        raise IllegalAction(
            "Shades are used only with the Beyond the Styx add-on", "Beyond the Styx is an add-on"
        )
    name = catalog.shade(action.get("shade")).key
    p = player(state, action.get("player"))
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
        raise IllegalAction(_not_now(state), "A day: reveal, then take in order, then next")
    evs: list[Event] = []
    if state["row"]:
        evs.append(event(f"Realm(s) {', '.join(state['row'])} leave the game."))
    if action.get("shades") and not state["styx"]:
        raise IllegalAction(
            "Shades are used only with the Beyond the Styx add-on (--styx)",
            "Beyond the Styx is an add-on",
        )
    state["discard"] += state["row"]
    state["row"] = []
    if state["styx"]:
        evs += _refill_shades(state, catalog, chance, action.get("shades"))
    state["day"] += 1
    if state["day"] < DAYS:
        evs += _deal_row(state, catalog, chance, action.get("row"))
    elif action.get("row"):
        raise IllegalAction(
            "no row is dealt for day 8: nobody takes a realm", "Day 8: no realm is taken"
        )
    state["phase"], state["order"], state["turn"], state["stage"] = "reveal", [], 0, None
    state["draws"] = {p: 0 for p in state["players"]}
    state["kept_today"] = {}
    evs.append(event(f"Day {state['day']}: everyone picks a realm; then `reveal NAME=REALM ...`."))
    return evs


def look_back(state: dict, action: dict, catalog: Catalog) -> list[Event]:
    """The final scoring, card by card, then the ranking."""
    if state["phase"] != "lookback":
        raise IllegalAction(_not_now(state), "The look back comes after day 8")
    fixed = _give_up_plans(state, catalog, action.get("give_up"))
    results: dict = {}
    evs: list[Event] = []
    for p in state["players"]:
        journey, kept = state["journeys"][p], state["blessings"][p]
        plan = lookback.best_plan(catalog, journey, kept, fixed.get(p, {}))
        score = lookback.score_player(catalog, journey, kept, plan)
        if not score.plan_ok:
            raise IllegalAction(
                f"{p} cannot give up a Blessing twice",
                "Constellations: Blessings given up count for nothing after",
            )
        results[p] = {"rows": score.rows, "glory": score.glory, "given_up": score.given_up}
        evs.append(
            event(
                f"{p}: {score.glory} glory",
                player=p,
                table={
                    "headers": ["day", "card", "in sight that mattered", "glory", "total"],
                    "rows": score.rows,
                },
            )
        )
    glory = {p: results[p]["glory"] for p in state["players"]}
    sums = {
        p: sum(catalog.realms[d["realm"]].number for d in state["journeys"][p])
        for p in state["players"]
    }
    ranking = lookback.ranking(glory, sums, state["players"])
    state["lookback"] = {"players": results, "ranking": ranking}
    state["glory"] = glory
    state["winners"] = [row[1] for row in ranking if row[0] == 1]
    state["phase"], state["stage"] = "over", None
    evs.append(
        event(
            "Ranking (ties: lowest sum of realm numbers)",
            table={"headers": ["place", "player", "glory", "realm numbers"], "rows": ranking},
        )
    )
    evs.append(event(f"Winner(s): {', '.join(state['winners'])}"))
    return evs


def _give_up_plans(state: dict, catalog: Catalog, raw: object) -> dict[str, dict]:
    """Blessings given up by the table's choice: {player: {"12*": ["Nectar"] or None}}."""
    if raw in (None, {}):
        return {}
    if not isinstance(raw, dict):
        raise InputError("give-up choices are NAME:REALM=BLESSING[,BLESSING] or NAME:REALM=none")
    out: dict[str, dict] = {}
    for name, plans in raw.items():
        p = player(state, name)
        if not isinstance(plans, dict):
            raise InputError(
                "give-up choices are NAME:REALM=BLESSING[,BLESSING] or NAME:REALM=none"
            )
        for ref, chosen in plans.items():
            card = catalog.realm(ref)
            if card.key not in [d["realm"] for d in state["journeys"][p]]:
                raise IllegalAction(f"realm {card.key} is not on {p}'s journey", "The look back")
            if not card.give_up:
                raise IllegalAction(
                    f"realm {card.key} asks no Blessing to be given up",
                    "Constellations: giving up Blessings",
                )
            if chosen in (None, "none", []):
                out.setdefault(p, {})[card.key] = None
                continue
            names = [catalog.blessing(b).key for b in _typed_list(chosen, "give-up") or []]
            if len(names) != card.give_up or len(set(names)) != len(names):
                raise IllegalAction(
                    f"constellation {card.key} asks exactly {card.give_up} different Blessing(s)",
                    "Constellations: giving up Blessings",
                )
            for b in names:
                if b not in state["blessings"][p]:
                    raise IllegalAction(
                        f"{p} does not hold Blessing {b}", "Constellations: giving up Blessings"
                    )
            out.setdefault(p, {})[card.key] = names
    return out


# -- shared helpers ----------------------------------------------------------------------


def player(state: dict, name: object) -> str:
    """A seat by its name (any case)."""
    if isinstance(name, str):
        for p in state["players"]:
            if p.lower() == name.strip().lower():
                return p
    raise InputError(f"no player '{name}' (players: {', '.join(state['players'])})")


def _hand_count(state: dict, p: str) -> int:
    hand = state["hands"][p]
    return hand["secret"] + len(hand["known"])


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


def _not_now(state: dict) -> str:
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
