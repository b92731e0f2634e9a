"""Revelation (scoring, the win check) and the preparation of the next Cycle.

The vibe bonus and the winner come from `referee.scorers.cerebria`, the same functions the
`cerebria vibes|winner` calculators use.
"""

from __future__ import annotations

from referee.games.cerebria import drawing, impulse, mindset, names, zones
from referee.games.cerebria.state import State
from referee.model.chance import Chance
from referee.model.engine import Event, event
from referee.model.errors import IllegalAction, InputError
from referee.model.i18n import ngettext
from referee.scorers import cerebria as scoring

HAND = 4
MOODS = ("bliss", "gloom")
KEEP_RULE = "Preparing for the next Cycle: a hand above 4 keeps 4 cards"


def stack_size(state: State) -> int:
    """Each Impulse stack holds players + 2 cards."""
    return len(state["players"]) + 2


def toss(chance: Chance, typed: object = None) -> str:
    """The Mood Marker coin: typed at the table or tossed from the seed."""
    return chance.choice("mood marker", list(MOODS), typed_mood(typed))


def typed_mood(typed: object) -> object:
    """The Mood Marker as typed, checked (None: not typed): `next-cycle` checks it before it turns
    any card, so a mistyped mood is refused before anything is drawn."""
    if isinstance(typed, str):
        typed = typed.strip().lower()
    if typed is not None and typed not in MOODS:
        raise InputError(f"mood marker: '{typed}' is not one of {', '.join(MOODS)}")
    return typed


def reveal(state: State, trigger: str) -> list[Event]:
    """Score every Mindset, check the winning conditions, end the turn (Revelation)."""
    order = clockwise_from(state, trigger)
    mood = state["mood"]
    rows = []
    collected: dict[str, dict[str, int]] = {}
    for name in state["players"]:
        got = {"bliss": 0, "gloom": 0}
        for emo in state["mindsets"][name]:
            got[mindset.affiliation(emo)] += emo["fragments"] + emo["absorbed"]
            emo["fragments"] = emo["absorbed"] = 0
        collected[name] = got
    bonuses: dict[str, dict] = {}
    short = False
    for name in order:  # clockwise from the player who triggered it, if the supply runs short
        vibes = [mindset.vibe(e) for e in state["mindsets"][name]]
        combo = scoring.vibe_combination(vibes)
        given = mindset.supply_take(state, mood, combo["bonus"])
        short = short or given < combo["bonus"]
        bonuses[name] = {**combo, "given": given, "vibes": vibes}
    for name in state["players"]:
        got, mine = dict(collected[name]), bonuses[name]
        got[mood] += mine["given"]
        for aff in MOODS:
            state["scored"][name][aff] += got[aff]
        state["last"][name] = got["bliss"] + got["gloom"]
        combination = mine["combination"] if mine["combination"] != "none" else "-"
        bonus_text = f"+{mine['given']} {mood}" if mine["given"] else "0"
        if mine["given"] < mine["bonus"]:
            bonus_text += f" (of {mine['bonus']})"
        rows.append([name, collected[name]["bliss"], collected[name]["gloom"],
                     " ".join(mine["vibes"]) or "-", combination, bonus_text,
                     state["scored"][name]["bliss"], state["scored"][name]["gloom"],
                     state["scored"][name]["bliss"] + state["scored"][name]["gloom"]])
    state["revelations"] += 1
    events = [event(
        f"Revelation {state['revelations']} (Cycle {state['cycle']}, "
        f"Mood Marker: {mood.capitalize()})",
        table={"headers": ["player", "collected bliss", "collected gloom", "vibes",
                           "combination", "bonus", "scored bliss", "scored gloom", "total"],
               "rows": rows},
    )]
    if short:
        events.append(event(f"The {mood} supply ran out: not every bonus fragment was placed "
                            f"(they were handed out clockwise from {trigger}, who triggered the "
                            f"Revelation)"))
    events += _decide(state)
    state["pending"] = []
    state["current"] = (state["players"].index(trigger) + 1) % len(state["players"])
    state["turn"] += 1
    state["actions_left"] = 0
    state["abilities_used"] = []
    if state["phase"] != "over":
        state["phase"] = "revelation"
        nxt = state["players"][state["current"]]
        events.append(event(f"Nobody wins yet. Prepare the next Cycle with `next-cycle`; "
                            f"{nxt} starts it."))
    return events


def _decide(state: State) -> list[Event]:
    """The win check, through the scorer the `winner` calculator uses (every fragment is
    off the Mindsets now: the supply is spent exactly when 40 of each kind are scored)."""
    table: list[scoring.Score] = [(n, state["scored"][n]["bliss"], state["scored"][n]["gloom"],
                                   state["last"][n]) for n in state["players"]]
    result = scoring.decide(table)
    if not result["winners"]:
        return []
    state["phase"] = "over"
    state["winners"] = result["winners"]
    state["condition"] = result["condition"]
    state["tie_break"] = result["tie_break"]
    return [event(describe_result(result), result=result)]


def describe_result(result: dict) -> str:
    who = " and ".join(result["winners"])
    verb = "share the victory" if len(result["winners"]) > 1 else "wins"
    how = {"single-minded": "Single-minded (12+ fragments of one kind)",
           "balanced": "Balanced (7+ Bliss and 7+ Gloom)",
           None: "the most fragments once the supply is spent"}[result["condition"]]
    tie = {None: "", "total": "; tie broken by the most fragments in total",
           "last-revelation": "; tie broken by the most scored in the final Revelation",
           "shared": "; still tied after every tie-break"}[result["tie_break"]]
    return f"{who} {verb}: {how}{tie}"


def clockwise_from(state: State, name: str) -> list[str]:
    """The seats in turn order, starting with NAME."""
    players = state["players"]
    i = players.index(name)
    return players[i:] + players[:i]


def kept_cards(state: State, typed: object) -> dict[str, list[str]]:
    """The shown cards each trimmed hand keeps (`--keep [NAME:]CARD`), checked.

    A bare CARD belongs to the one hand above 4 that shows it; a hand keeps at most 4."""
    if typed is None:
        return {}
    if isinstance(typed, str):
        typed = [typed]
    if not isinstance(typed, list):
        raise InputError("--keep is a list of [NAME:]CARD")
    trimmed = [p for p in state["players"] if state["hands"][p]["count"] > HAND]
    kept: dict[str, list[str]] = {}
    for item in typed:
        who, sep, text = str(item).rpartition(":")
        if sep:
            name = names.player_named(state, who)
            card = names.card(state, text, state["hands"][name]["known"],
                              f"shown in {name}'s hand", KEEP_RULE)
            if name not in trimmed:
                raise IllegalAction(f"{name} holds {state['hands'][name]['count']} cards: only a "
                                    f"hand above {HAND} is trimmed", KEEP_RULE)
        else:
            shown = [c for p in trimmed for c in state["hands"][p]["known"]]
            card = names.card(state, text, shown, "shown in a hand above 4", KEEP_RULE)
            holders = [p for p in trimmed if card in state["hands"][p]["known"]]
            if not holders:
                raise IllegalAction(f"no hand above {HAND} is known to hold {card}", KEEP_RULE)
            if len(holders) > 1:
                raise InputError(f"{card} is shown in {' and '.join(holders)}'s hands: write "
                                 f"{holders[0]}:{card}")
            name = holders[0]
        mine = kept.setdefault(name, [])
        mine.append(card)
        shown = state["hands"][name]["known"]
        if card not in shown:
            raise IllegalAction(f"{card} is not a shown card of {name}'s hand (shown: "
                                f"{', '.join(shown) or 'none'}); --keep names only cards the "
                                f"table saw", KEEP_RULE)
        if mine.count(card) > shown.count(card):
            times = "once" if shown.count(card) == 1 else f"{shown.count(card)} times"
            raise IllegalAction(f"{name}'s hand shows {card} only {times}", KEEP_RULE)
    for name, mine in kept.items():
        if len(mine) > HAND:
            raise IllegalAction(f"{name} keeps {HAND} cards; --keep names {len(mine)}", KEEP_RULE)
    return kept


def _trim(state: State, name: str, kept: list[str]) -> str:
    """Step 4: a hand above 4 keeps 4. Named shown cards stay shown; when all 4 are named,
    the other shown cards are known to be discarded, otherwise they are hidden again."""
    hand = state["hands"][name]
    extra = hand["count"] - HAND
    rest = list(hand["known"])
    for card in kept:
        rest.remove(card)
    if len(kept) == HAND:
        zones.discard(state, *rest)
        zones.discard_hidden(state, extra - len(rest))
    else:
        zones.discard_hidden(state, extra)
    hand["count"], hand["known"] = HAND, list(kept)
    line = f"{name} keeps {HAND} cards and discards {extra}"
    if kept:
        line += f"; kept in sight: {', '.join(kept)}"
    return line


def next_cycle(state: State, action: dict, chance: Chance) -> list[Event]:
    """Prepare the next Cycle, in the rulebook's order (steps 1-6)."""
    lines: list[str] = []
    kept = kept_cards(state, action.get("keep"))  # checked before anything changes
    typed_mood(action.get("mood"))
    reveals = impulse.Reveals(action.get("reveal"))
    reshuffled = False
    # 1. the Impulse is discarded and refilled from the main deck
    for idx, card in enumerate(state["impulse"]):
        if card:
            zones.discard(state, card)
        state["impulse"][idx] = None
    for idx in range(impulse.SLOTS):
        got, again = zones.draw_face_down(state, 1)
        reshuffled |= again
        if got:
            state["impulse"][idx] = drawing.reveal(state, chance, f"impulse {idx + 1}",
                                                 reveals.next())
    lines.append("Impulse: " + ", ".join(c or "(none: no card left)" for c in state["impulse"]))
    # 2. each stack back to players + 2
    for idx in range(impulse.SLOTS):
        got, again = zones.draw_face_down(state, stack_size(state) - state["stacks"][idx])
        reshuffled |= again
        state["stacks"][idx] += got
    stacks = state["stacks"]
    if all(n == stack_size(state) for n in stacks):
        lines.append(f"Impulse stacks refilled to {stack_size(state)} cards each")
    else:
        lines.append(f"Impulse stacks refilled to {', '.join(map(str, stacks))} cards "
                     f"(no more cards to reach {stack_size(state)})")
    # 3. Mindsets discarded
    for name in state["players"]:
        while state["mindsets"][name]:
            mindset.remove(state, name, 0)
    lines.append("Every Mindset is discarded")
    # 4-5. hands to 4
    for name in state["players"]:
        hand = state["hands"][name]
        if hand["count"] > HAND:
            lines.append(_trim(state, name, kept.get(name, [])))
        elif hand["count"] < HAND:
            got, again = zones.draw_face_down(state, HAND - hand["count"])
            reshuffled |= again
            hand["count"] += got
            lines.append(f"{name} draws {got} {ngettext('card', 'cards', got)}")
    if reshuffled:
        lines.insert(0, "The main deck ran out: the discard pile was shuffled into a new one")
    reveals.check_all_used()
    # 6. the Mood Marker is tossed
    state["mood"] = toss(chance, action.get("mood"))
    state["cycle"] += 1
    state["phase"] = "cycle"
    state["actions_left"] = 2
    state["abilities_used"] = []
    lines.append(f"Mood Marker: {state['mood'].capitalize()}. Cycle {state['cycle']} begins; "
                 f"{state['players'][state['current']]} to play.")
    return [event(line) for line in lines]
