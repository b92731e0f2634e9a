"""Combat: Tactics tally, Attack checks, kill, slaughter, retaliation, Olympus' Favor.

Rules implemented (rulebook "Combat" and docs/rulings/kleos.md):
- each side's Tactics tally is the sum of the Tactics of its non-combatant
  minions at the location (the champion included, negatives too);
- attack dice = Attack + tally + bonuses, never below 0; Godly under Olympus' Favor;
- successes >= Defense kills; on the first attack only, successes - Defense >= 3
  slaughters (instant, no retaliation, +1 glory, may take Olympus' Favor), never
  a champion;
- otherwise the defender retaliates with the same tallies and cannot slaughter;
  both may die;
- an opportunity attack is the same minus Tactics and minus retaliation.
"""

from __future__ import annotations

from typing import Any

from referee.games.kleos import dice
from referee.games.kleos import minions as mn
from referee.games.kleos import state as st
from referee.games.kleos.state import Minion, State
from referee.model.chance import Chance
from referee.model.engine import event
from referee.model.verbs import Event
from referee.scorers.kleos import SLAUGHTER_MARGIN

HEADERS = ["roll", "minion", "dice", "tactics", "faces", "successes", "defense", "result"]


def tally(state: State, location: str, god: str, combatants: tuple[str, ...]) -> int:
    """Tactics of a player's non-combatant minions at the location (negatives count)."""
    return sum(mn.stat(state, m, "tactics") for m in st.at(state, location)
               if m["god"] == god and m["ref"] not in combatants)


def _check(state: State, chance: Chance, label: str, roller: Minion, target: Minion, tactics: int,
           bonus: int, typed: Any, godly: bool = False) -> dict[str, Any]:
    """One Attack check of `roller` against `target`'s Defense (Godly under Olympus' Favor,
    or when a card says so)."""
    attack = mn.stat(state, roller, "attack")
    count = max(0, attack + tactics + bonus)
    godly = godly or state["favor"] == roller["ref"]
    faces = dice.roll(chance, label, count, typed)
    hits = dice.successes(faces, godly)
    defense = mn.stat(state, target, "defense")
    return {"label": label, "roller": roller, "count": count, "attack": attack, "tactics": tactics,
            "bonus": bonus, "godly": godly, "faces": faces, "hits": hits, "defense": defense}


def _row(c: dict[str, Any], result: str) -> list[Any]:
    parts = f"{c['attack']}" + (f"{c['tactics']:+d}" if c["tactics"] else "") + (
        f"{c['bonus']:+d}" if c["bonus"] else "")
    shown = str(c["count"]) if parts == str(c["count"]) else f"{c['count']} ({parts})"
    return [c["label"], st.name(c["roller"]), shown, f"{c['tactics']:+d}",
            dice.show(c["faces"]) + (" godly" if c["godly"] else ""), c["hits"], c["defense"],
            result]


def _favor(state: State, m: Minion, take: bool) -> list[Event]:
    """Olympus' Favor after a slaughter, at the winner's choice; only one holder.
    A minion already holding it keeps it: nothing changes hands."""
    before = state["favor"]
    if before == m["ref"]:
        return [event(f"{st.name(m)} already holds Olympus' Favor and keeps it")]
    if not take:
        return [event(f"{st.name(m)} declines Olympus' Favor")]
    state["favor"] = m["ref"]
    lost = f" ({before} loses it)" if before else ""
    return [event(f"{st.name(m)} takes Olympus' Favor{lost}")]


def _data(c: dict[str, Any]) -> dict[str, Any]:
    return {"minion": c["roller"]["ref"], "dice": c["count"], "tactics": c["tactics"],
            "bonus": c["bonus"], "godly": c["godly"], "faces": c["faces"], "successes": c["hits"],
            "defense": c["defense"]}


def attack(state: State, chance: Chance, attacker: Minion, target: Minion, typed: Any = None,
           typed_retaliation: Any = None, favor: bool = True, bonus: int = 0,
           retaliation_bonus: int = 0, godly: bool = False) -> tuple[list[Event], bool]:
    """An Attack action (`godly`: a card makes the attacker's dice Godly).
    Returns (events, target_killed)."""
    loc = attacker["location"]
    pair = (attacker["ref"], target["ref"])
    a_tac = tally(state, loc, attacker["god"], pair)
    d_tac = tally(state, loc, target["god"], pair)
    # the retaliation's typed dice, checked before the attack rolls (it need not happen)
    dice.check_typed("retaliation", max(0, mn.stat(state, target, "attack") + d_tac + retaliation_bonus),
                     typed_retaliation)
    first = _check(state, chance, "attack", attacker, target, a_tac, bonus, typed, godly)
    margin = first["hits"] - first["defense"]
    kills_target = first["hits"] >= first["defense"]
    slaughter = margin >= SLAUGHTER_MARGIN and not st.is_champion(target)
    rows = []
    evs: list[Event] = []
    if slaughter:
        rows.append(_row(first, "SLAUGHTER"))
        table = {"headers": HEADERS, "rows": rows}
        evs.append(event(f"{st.name(attacker)} attacks {st.name(target)} at {loc}: slaughter!",
                         table=table, combat=[_data(first)]))
        evs.append(event(mn.defeated(state, target)))
        evs += mn.kill_glory(state, attacker["god"], target, True, "attack")
        evs += _favor(state, attacker, favor)
        if typed_retaliation not in (None, "", []):
            evs.append(event("(the typed retaliation dice are not used: a slaughtered minion "
                             "does not retaliate)"))
        return evs, True
    rows.append(_row(first, "kill" if kills_target else "miss"))
    second = _check(state, chance, "retaliation", target, attacker, d_tac, retaliation_bonus,
                    typed_retaliation)
    kills_attacker = second["hits"] >= second["defense"]
    rows.append(_row(second, "kill" if kills_attacker else "miss"))
    outcome = {(True, True): "both fall", (True, False): f"{target['ref']} falls",
               (False, True): f"{attacker['ref']} falls", (False, False): "both stand"}
    evs.append(event(f"{st.name(attacker)} attacks {st.name(target)} at {loc}: "
                     f"{outcome[(kills_target, kills_attacker)]}",
                     table={"headers": HEADERS, "rows": rows},
                     combat=[_data(first), _data(second)]))
    if kills_target:
        evs.append(event(mn.defeated(state, target)))
    if kills_attacker:
        evs.append(event(mn.defeated(state, attacker)))
    if kills_target:
        evs += mn.kill_glory(state, attacker["god"], target, False, "attack")
    if kills_attacker:
        evs += mn.kill_glory(state, target["god"], attacker, False, "retaliation")
    return evs, kills_target


def opportunity(state: State, chance: Chance, attacker: Minion, target: Minion, typed: Any = None,
                favor: bool = True, bonus: int = 0, godly: bool = False) -> tuple[list[Event], bool]:
    """An opportunity attack: no Tactics, no retaliation; may still slaughter."""
    c = _check(state, chance, "opportunity attack", attacker, target, 0, bonus, typed, godly)
    killed = c["hits"] >= c["defense"]
    slaughter = c["hits"] - c["defense"] >= SLAUGHTER_MARGIN and not st.is_champion(target)
    result = "SLAUGHTER" if slaughter else "kill" if killed else "miss"
    evs = [event(f"{st.name(attacker)} makes an opportunity attack on {st.name(target)}: {result}",
                 table={"headers": HEADERS, "rows": [_row(c, result)]}, combat=[_data(c)])]
    if killed:
        evs.append(event(mn.defeated(state, target)))
        evs += mn.kill_glory(state, attacker["god"], target, slaughter, "opportunity attack")
        if slaughter:
            evs += _favor(state, attacker, favor)
    return evs, killed
