"""The round: Deployment, then per day Daybreak, Play Phases, Action Phases, Dusk.

Rules implemented: Deployment ends only once each of the five Isles holds its
Epic card, and a day goes on only once each Isle its Daybreak refills has one, unless
the table says the Epic Minion Deck is out (docs/rulings/kleos.md); Play Phases then
Action Phases in turn order from the first player; Dusk scores area control (Market/Arena/Theater 1, Port 2: most
minions, a champion counting as one and breaking ties, a true tie scores
nothing); Daybreak of Days 2-5 rotates the first player clockwise, asks for new
Epic cards on Isles empty of card and minions, refreshes every minion and
announces Zeus' Pity (5+ glory behind the leader). The Contest ends after Dusk
of Day 5: most glory, then the four tie-breakers of docs/rulings/kleos.md, else a shared victory.
"""

from __future__ import annotations

from referee.games.kleos import board as bd
from referee.games.kleos import minions as mn
from referee.games.kleos import state as st
from referee.games.kleos.state import State
from referee.model.chance import Chance
from referee.model.engine import event
from referee.model.errors import IllegalAction
from referee.model.verbs import Action, Event

LAST_DAY = 5
SETUP_ISLES = "Setup: one Epic card on each of the five Isles before Deployment ends"
DAYBREAK_ISLES = "Daybreak: every empty Isle gets its Epic card before the day goes on"
PITY_GAP = 5


def next_(state: State, action: Action, chance: Chance) -> list[Event]:
    """Advance: end Deployment, a player's phase, or the day (Dusk and Daybreak); say whose
    phase ended. `next NAME` ends only NAME's phase (the core refuses it otherwise)."""
    n = len(state["players"])
    out = bool(action.get("deck_out"))
    if state["phase"] == "deployment":
        if out:
            raise IllegalAction("the Epic Minion Deck cannot be out at setup (it holds 32 cards): "
                                "put an Epic card on each Isle (isle ISLE CARD)", SETUP_ISLES)
        if state["awaiting"]:
            empty = state["awaiting"]
            raise IllegalAction(
                f"Deployment cannot end while an Isle has no Epic card: {', '.join(empty)} "
                f"still {'waits' if len(empty) == 1 else 'wait'} for one (isle ISLE CARD)",
                SETUP_ISLES)
        return [event("Deployment ends."), *daybreak(state, first_day=True)]
    evs = _deck_out(state) if out else []
    if state["awaiting"]:
        raise IllegalAction(f"{waiting_isles(state)}: Daybreak refills every empty Isle before "
                            "the day goes on (`next --deck-out` when the Epic Minion Deck is out)",
                            DAYBREAK_ISLES)
    god = st.active(state)
    phase = st.phase_name(state)
    ended = f"{st.whose(state, god)} {phase} ends"
    if state["active"] + 1 < n:
        state["active"] += 1
        return [*evs, event(f"{ended}; {st.whose(state, st.active(state))} {phase} begins")]
    if state["phase"] == "play":
        state["phase"], state["active"] = "action", 0
        first = st.active(state)
        return [*evs, event(f"{ended}; Play Phases are over; {st.whose(state, first)} "
                            "Action Phase begins")]
    evs += [event(f"{ended}."), *dusk(state)]
    if state["day"] >= LAST_DAY:
        return evs + finish(state)
    state["day"] += 1
    return evs + daybreak(state)


def _deck_out(state: State) -> list[Event]:
    """`next --deck-out`: the Epic Minion Deck is out, so the Isles waiting stay empty (and no
    later Daybreak asks); said only while an Isle waits."""
    empty = state["awaiting"]
    if not empty:
        raise IllegalAction("no Isle waits for an Epic card: drop --deck-out (a Daybreak that "
                            "finds the Epic Minion Deck out is told so then)", DAYBREAK_ISLES)
    state["awaiting"], state["epic_deck_out"] = [], True
    return [event(f"The Epic Minion Deck is out: {', '.join(empty)} "
                  f"{'stays' if len(empty) == 1 else 'stay'} empty, and no later Daybreak "
                  "refills an Isle")]


def waiting_isles(state: State) -> str:
    """What the table owes before the day goes on ('' when nothing): the Isles waiting."""
    empty = state["awaiting"]
    if not empty or state["phase"] == "over":
        return ""
    return (f"{', '.join(empty)} {'waits' if len(empty) == 1 else 'wait'} for "
            f"{'an Epic card' if len(empty) == 1 else 'Epic cards'} (isle ISLE CARD)")


def daybreak(state: State, first_day: bool = False) -> list[Event]:
    """Daybreak: refresh minions; from Day 2 also rotate, repopulate Isles, Zeus' Pity."""
    evs = [event(f"Daybreak of Day {state['day']}: each player draws a Divine card")]
    for m in state["minions"].values():
        m["actions"], m["exhausted"], m["moves"], m["oa_used"] = mn.ACTIONS_PER_DAY, False, 0, False
    state["phase"], state["active"], state["pity"] = "play", 0, []
    if not first_day:
        state["first"] = (state["first"] + 1) % len(state["players"])
        first = st.turn_order(state)[0]
        evs.append(event(f"The First Player Token passes to {st.who(state, first)}"))
        empty = [isle for isle in bd.ISLES
                 if state["isles"][isle] is None and not st.at(state, isle)]
        state["awaiting"] = [] if state.get("epic_deck_out") else empty
        if state["awaiting"]:
            evs.append(event(f"Draw an Epic card for {', '.join(state['awaiting'])} before the "
                             "day goes on: isle ISLE CARD (or `next --deck-out` when the Epic "
                             "Minion Deck is out)"))
        elif empty:
            evs.append(event(f"The Epic Minion Deck is out: {', '.join(empty)} "
                             f"{'stays' if len(empty) == 1 else 'stay'} empty"))
        lead = max(state["glory"].values())
        state["pity"] = [g for g in st.turn_order(state) if lead - state["glory"][g] >= PITY_GAP]
        for g in state["pity"]:
            evs.append(event(f"Zeus' Pity: {st.who(state, g)} is {lead - state['glory'][g]} glory "
                             "behind the leader and draws a Zeus card"))
    evs.append(event(f"{st.whose(state, st.active(state))} Play Phase begins"))
    return evs


def control(state: State, location: str) -> tuple[str | None, dict[str, int]]:
    """Who controls a location: most minions; a champion breaks a tie; else nobody."""
    counts: dict[str, int] = {}
    champs: set[str] = set()
    for m in st.at(state, location):
        counts[m["god"]] = counts.get(m["god"], 0) + 1
        if st.is_champion(m):
            champs.add(m["god"])
    if not counts:
        return None, counts
    top = max(counts.values())
    tied = [g for g in st.gods(state) if counts.get(g) == top]
    if len(tied) == 1:
        return tied[0], counts
    with_champ = [g for g in tied if g in champs]
    return (with_champ[0] if len(with_champ) == 1 else None), counts


def dusk(state: State) -> list[Event]:
    """Dusk: area control of the city locations, then hands back to three cards."""
    rows = []
    state["city_glory"] = dict.fromkeys(st.gods(state), 0)
    for loc, info in state["board"]["locations"].items():
        if info["kind"] != "city":
            continue
        owner, counts = control(state, loc)
        shown = ", ".join(f"{st.player(state, g)['name']} {counts[g]}"
                          for g in st.gods(state) if g in counts) or "-"
        if owner and info["glory"]:
            st.gain(state, owner, info["glory"], f"Dusk: control {info['label']}")
            state["city_glory"][owner] += info["glory"]
        by_champion = owner is not None and list(counts.values()).count(counts[owner]) > 1
        result = (f"{st.player(state, owner)['name']} +{info['glory']}"
                  + (" (champion breaks the tie)" if by_champion else "") if owner
                  else "tie: nobody" if counts else "nobody")
        rows.append([info["label"], shown, result])
    state["dusk"] = {"day": state["day"], "rows": rows}
    return [event(f"Dusk of Day {state['day']}: area control",
                  table={"headers": ["location", "minions", "glory"], "rows": rows}),
            event("Each player may discard, then draws Fates cards up to three in hand")]


def _champion_value(state: State, god: str) -> int:
    champ = state["minions"][f"{god}:champion"]
    info = state["board"]["locations"][champ["location"]]
    return info["glory"] if info["kind"] == "city" else -1


def tiebreak_keys(state: State, god: str) -> list[int]:
    """The tie-breakers of docs/rulings/kleos.md in order, as numbers where more is better."""
    city = [loc for loc, i in state["board"]["locations"].items() if i["kind"] == "city"]
    return [state["city_glory"].get(god, 0), _champion_value(state, god),
            sum(1 for m in st.minions_of(state, god) if "epic" in m["card"]["keywords"]),
            sum(1 for m in st.minions_of(state, god) if m["location"] in city)]


TIEBREAKS = ("glory from city control on Day 5", "champion on the highest-value city location",
             "most Epic minions", "most minions on city locations")


def finish(state: State) -> list[Event]:
    """The end of the Contest: who won (one player or several) and what decided it."""
    state["phase"], state["pending"] = "over", []
    top = max(state["glory"].values())
    tied = [g for g in st.gods(state) if state["glory"][g] == top]
    decided = "most glory"
    for i, why in enumerate(TIEBREAKS):
        if len(tied) == 1:
            break
        best = max(tiebreak_keys(state, g)[i] for g in tied)
        narrowed = [g for g in tied if tiebreak_keys(state, g)[i] == best]
        if len(narrowed) < len(tied):
            decided = f"tie-breaker {i + 1}: {why}"
        tied = narrowed
    if len(tied) > 1:
        decided = "shared victory: every tie-breaker is equal"
    state["result"] = {"winners": tied, "decided_by": decided}
    names = " and ".join(st.who(state, g) for g in tied)
    return [event(f"The Contest is over after Dusk of Day {state['day']}. "
                  f"Patron God of Kleos: {names} with {top} glory ({decided})")]
