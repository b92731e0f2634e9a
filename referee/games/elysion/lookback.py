"""The look back: every realm turned back from day 8 to day 1, then every Blessing.

Rules implemented (the rulebook, and docs/rulings/elysion.md):
- a realm scores with the realms from its own day on, plus every kept Blessing;
- constellations, and every realm whose number ends in the same digit as one of
  them, stay face up from the start and are in sight for every realm;
- an offering (fleece, amphora, lotus) must be in sight when the realm turns
  back, else it scores nothing; nothing is spent;
- a constellation's need (4 of one faction, 5 coins, 5 gates...) must be met in sight;
- a constellation may ask to give up Blessings to score: it scores in its own
  day's place; they are given up before it scores and count for nothing
  afterwards (the cards scored before it keep them);
- a Shade scores right after its realm, with the same sight and no offering;
- then every Blessing still held scores with everything in sight.
A card's glory is never below zero. Ties go to the lowest total of the numbers
of the realms on the journey.
"""

from __future__ import annotations

import itertools

from referee.games.elysion import expr
from referee.games.elysion.catalog import Card, Catalog, of_state
from referee.games.elysion.deck import typed_list
from referee.games.elysion.sight import Unit, counts, units
from referee.games.elysion.state import Day, ElysionState, PlayerLookBack
from referee.model.chance import Chance
from referee.model.engine import event
from referee.model.errors import IllegalAction, InputError
from referee.model.i18n import ngettext
from referee.model.verbs import Action, Event

CARD_HEADERS = ["day", "card", "in sight that mattered", "glory", "total"]
RANKING_HEADERS = ["place", "player", "glory", "realm numbers"]
MAX_PLANS = 400  # above this many give-up combinations, choose constellation by constellation


class Score:
    """One player's look back: rows in turn-back order and the glory (a plain class:
    `dataclasses` would cost an action about 16 ms to import)."""

    def __init__(self) -> None:
        self.rows: list[list] = []  # [day, card, in sight, glory, total]
        self.glory = 0
        self.given_up: list[str] = []
        self.plan_ok = True  # False when a planned Blessing was no longer held


def face_up_from_start(journey_units: list[Unit]) -> set[int]:
    """Indices of constellations and realms sharing a constellation's last digit."""
    digits = {(realm.number or 0) % 10 for realm, _ in journey_units if realm.star}
    return {
        i for i, (realm, _) in enumerate(journey_units) if realm.star or (realm.number or 0) % 10 in digits
    }


def _mattered(card: Card, env: dict[str, int]) -> list[str]:
    names: list[str] = []
    for node in (card.needs, card.score):
        if node is not None:
            names += [n for n in expr.names_used(node) if n not in names]
    return [f"{n} {env[n]}" for n in names]


def _offering(card: Card, env: dict[str, int]) -> tuple[bool, str]:
    parts = [f"{r} {env[r]}/{n}" for r, n in card.offering.items()]
    met = all(env[r] >= n for r, n in card.offering.items())
    return met, ("offering met: " if met else "offering missed: ") + ", ".join(parts)


def _glory(card: Card, env: dict[str, int]) -> int:
    return max(0, expr.evaluate(card.score, env))


def score_player(
    catalog: Catalog,
    journey: list[Day],
    kept: list[str],
    plan: dict[str, list[str] | None] | None = None,
) -> Score:
    """Score one journey.

    `plan` maps a give-up constellation to the Blessings given up (None: keep them).
    """
    plan = plan or {}
    out = Score()
    cards = units(catalog, journey)
    always = face_up_from_start(cards)
    active = list(kept)
    for i in range(len(cards) - 1, -1, -1):
        realm, shade = cards[i]
        sight = [u for j, u in enumerate(cards) if j >= i or j in always]
        env = counts(catalog, sight, [catalog.blessings[b] for b in active])
        notes = _mattered(realm, env)
        ok = True
        if realm.offering:
            met, text = _offering(realm, env)
            notes.append(text)
            ok = met
        if ok and realm.needs is not None and not expr.evaluate(realm.needs, env):
            notes.append(f"need not met: {realm.needs_text}")
            ok = False
        if ok and realm.give_up:
            chosen = plan.get(realm.key)
            if chosen is None:
                notes.append(f"no Blessing given up (asks {realm.give_up}): not scored")
                ok = False
            elif any(b not in active for b in chosen):
                out.plan_ok = False
                notes.append("the Blessings to give up are no longer held")
                ok = False
            else:
                for b in chosen:
                    active.remove(b)
                out.given_up += chosen
                notes.append("gave up " + ", ".join(chosen))
                env = counts(catalog, sight, [catalog.blessings[b] for b in active])
        glory = _glory(realm, env) if ok else 0
        out.glory += glory
        label = f"{realm.key} {realm.faction}" + (" (face up)" if i in always else "")
        out.rows.append([i + 1, label, "; ".join(notes) or "-", glory, out.glory])
        if shade is not None:
            g = _glory(shade, env)
            out.glory += g
            out.rows.append(
                [
                    i + 1,
                    f"+ Shade {shade.key}",
                    "; ".join(_mattered(shade, env)) or "-",
                    g,
                    out.glory,
                ]
            )
    env = counts(catalog, cards, [catalog.blessings[b] for b in active])
    for b in active:
        card = catalog.blessings[b]
        g = _glory(card, env)
        out.glory += g
        out.rows.append(
            ["B", f"Blessing {b}", "; ".join(_mattered(card, env)) or "-", g, out.glory]
        )
    for b in out.given_up:
        out.rows.append(["B", f"Blessing {b}", "given up: counts for nothing", 0, out.glory])
    return out


def _options(card: Card, kept: list[str]) -> list[list[str] | None]:
    return [None, *(list(c) for c in itertools.combinations(kept, card.give_up))]


def best_plan(
    catalog: Catalog, journey: list[Day], kept: list[str], fixed: dict[str, list[str] | None]
) -> dict[str, list[str] | None]:
    """The give-up choices (beyond those fixed by the table) that earn the most glory.

    Ties keep the Blessings (declining comes first among the options).
    """
    free = [
        d["realm"]
        for d in reversed(journey)
        if catalog.realms[d["realm"]].give_up and d["realm"] not in fixed
    ]
    if not free:
        return dict(fixed)
    options = [_options(catalog.realms[k], kept) for k in free]
    size = 1
    for o in options:
        size *= len(o)
    best = {**fixed, **dict.fromkeys(free)}
    best_glory = score_player(catalog, journey, kept, best).glory
    if size <= MAX_PLANS:
        for combo in itertools.product(*options):
            plan = {**fixed, **dict(zip(free, combo, strict=True))}
            result = score_player(catalog, journey, kept, plan)
            if result.plan_ok and result.glory > best_glory:
                best, best_glory = plan, result.glory
        return best
    for k, opts in zip(free, options, strict=True):  # one constellation at a time
        for choice in opts:
            plan = {**best, k: choice}
            result = score_player(catalog, journey, kept, plan)
            if result.plan_ok and result.glory > best_glory:
                best, best_glory = plan, result.glory
    return best


def give_up_choices(
    catalog: Catalog,
    journey: list[Day],
    kept: list[str],
    plan: dict[str, list[str] | None],
    fixed: dict[str, list[str] | None],
) -> list[dict]:
    """For each constellation whose give-up the referee chose (not typed by the table): the
    choice made and the total every other choice would have scored, the other constellations'
    choices as made. A choice that is not possible (a Blessing already given up) is left out.

    `[{"realm": "32*", "chosen": ["Nectar"], "glory": 51,
       "others": [{"give_up": ["Aegis"], "glory": 49}, ..., {"give_up": None, "glory": 43}]}]`
    """
    out = []
    for d in reversed(journey):
        card = catalog.realms[d["realm"]]
        if not card.give_up or card.key in fixed:
            continue
        chosen = plan.get(card.key)
        entry: dict = {"realm": card.key, "chosen": chosen, "others": []}
        for choice in [*_options(card, kept)[1:], None]:  # giving nothing up last
            result = score_player(catalog, journey, kept, {**plan, card.key: choice})
            if choice == chosen:
                entry["glory"] = result.glory
            elif result.plan_ok:
                entry["others"].append({"give_up": choice, "glory": result.glory})
        out.append(entry)
    return out


def choice_text(p: str, entry: dict) -> str:
    """One line: what the referee gave up for a constellation, and what the rest would score."""

    def what(give_up: list[str] | None) -> str:
        return " + ".join(give_up) if give_up else f"nothing ({entry['realm']} unscored)"

    others = "; ".join(f"{what(o['give_up'])} {o['glory']}" for o in entry["others"])
    return (
        f"{p}'s {entry['realm']}: the referee gave up {what(entry['chosen'])}, "
        f"for {entry['glory']} glory (no other choice scores more)."
        + (f"\n  Other choices, in glory: {others}." if others else "")
    )


def glory_now(catalog: Catalog, journey: list[Day], kept: list[str]) -> int:
    """The look back's total if it happened now, the referee choosing what is given up."""
    if not journey:
        return 0
    return score_player(catalog, journey, kept, best_plan(catalog, journey, kept, {})).glory


def ranking(glory: dict[str, int], tie_sums: dict[str, int], seats: list[str]) -> list[list]:
    """Rank by glory, then the lowest sum of realm numbers on the journey (a ruling)."""
    ordered = sorted(seats, key=lambda p: (-glory[p], tie_sums[p], seats.index(p)))
    rows: list[list] = []
    for p in ordered:
        key = (glory[p], tie_sums[p])
        place = next((r[0] for r in rows if (glory[r[1]], tie_sums[r[1]]) == key), len(rows) + 1)
        rows.append([place, p, glory[p], tie_sums[p]])
    return rows


# -- the `lookback` verb -----------------------------------------------------------


def look_back(state: ElysionState, action: Action, chance: Chance) -> list[Event]:
    """The final scoring, card by card, then the ranking (the core lets it through only
    after the last day)."""
    catalog = of_state(state)
    fixed = _give_up_plans(state, catalog, action.get("give_up"))
    results: dict[str, PlayerLookBack] = {}
    evs: list[Event] = []
    for p in state["players"]:
        journey, kept = state["journeys"][p], state["blessings"][p]
        plan = best_plan(catalog, journey, kept, fixed.get(p, {}))
        score = score_player(catalog, journey, kept, plan)
        if not score.plan_ok:
            raise IllegalAction(
                f"{p} cannot give up a Blessing twice",
                "Constellations: Blessings given up count for nothing after",
            )
        choices = give_up_choices(catalog, journey, kept, plan, fixed.get(p, {}))
        results[p] = {
            "rows": score.rows,
            "glory": score.glory,
            "given_up": score.given_up,
            "choices": choices,
        }
        evs.append(
            event(
                f"{p}: {score.glory} glory",
                player=p,
                table={
                    "headers": CARD_HEADERS,
                    "rows": score.rows,
                },
            )
        )
        evs += [event(choice_text(p, entry), player=p) for entry in choices]
    glory = {p: results[p]["glory"] for p in state["players"]}
    sums = {
        p: sum(catalog.realms[d["realm"]].number for d in state["journeys"][p])
        for p in state["players"]
    }
    ranked = ranking(glory, sums, state["players"])
    state["lookback"] = {"players": results, "ranking": ranked}
    state["glory"] = glory
    state["winners"] = [row[1] for row in ranked if row[0] == 1]
    state["phase"], state["pending"] = "over", []
    evs.append(
        event(
            "Ranking (ties: lowest sum of realm numbers)",
            table={"headers": RANKING_HEADERS, "rows": ranked},
        )
    )
    evs.append(event(f"{ngettext('Winner', 'Winners', len(state['winners']))}: {', '.join(state['winners'])}"))
    return evs


def _give_up_plans(state: ElysionState, catalog: Catalog, raw: object) -> dict[str, dict]:
    """Blessings given up by the table's choice: {player: {"12*": ["Nectar"] or None}}."""
    if raw in (None, {}):
        return {}
    if not isinstance(raw, dict):
        raise InputError("give-up choices are NAME:REALM=BLESSING[,BLESSING] or NAME:REALM=none")
    out: dict[str, dict] = {}
    for p, plans in raw.items():
        if p not in state["players"]:
            raise InputError(f"no player '{p}' (players: {', '.join(state['players'])})")
        if not isinstance(plans, dict):
            raise InputError(
                "give-up choices are NAME:REALM=BLESSING[,BLESSING] or NAME:REALM=none"
            )
        for ref, chosen in plans.items():
            card = catalog.realm(ref)
            if card.key not in [d["realm"] for d in state["journeys"][p]]:
                raise IllegalAction(
                    f"realm {card.key} is not on {p}'s journey",
                    "Constellations: a player gives up Blessings for their own constellations",
                )
            if not card.give_up:
                raise IllegalAction(
                    f"realm {card.key} asks no Blessing to be given up",
                    "Constellations: giving up Blessings",
                )
            if chosen in (None, "none", []):
                out.setdefault(p, {})[card.key] = None
                continue
            names = [catalog.blessing(b, among=state["blessings"][p]).key
                     for b in typed_list(chosen, "give-up") or []]
            if len(names) != card.give_up or len(set(names)) != len(names):
                raise IllegalAction(
                    f"constellation {card.key} asks exactly {card.give_up} different {ngettext('Blessing', 'Blessings', card.give_up)}",
                    "Constellations: giving up Blessings",
                )
            for b in names:
                if b not in state["blessings"][p]:
                    raise IllegalAction(
                        f"{p} does not hold Blessing {b}", "Constellations: giving up Blessings"
                    )
            out.setdefault(p, {})[card.key] = names
    return out
