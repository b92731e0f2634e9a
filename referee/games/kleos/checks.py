"""Stat checks a card calls for: one die per point of the stat, successes tallied.

A plain check may name the successes needed; a competing check rolls two
minions on the same stat and the most successes wins (a tie has no winner).
Olympus' Favor makes a minion's dice Godly here too. A check spends no action
and changes nothing on the board: the table applies the card's effect.
"""

from __future__ import annotations

from typing import Any

from referee.games.kleos import dice
from referee.games.kleos import minions as mn
from referee.games.kleos import state as st
from referee.games.kleos.actions import flag
from referee.games.kleos.cards import STATS
from referee.games.kleos.state import Minion, State
from referee.model.chance import Chance
from referee.model.engine import event
from referee.model.errors import IllegalAction, InputError
from referee.model.verbs import Action, Event

HEADERS = ["roll", "minion", "stat", "dice", "faces", "successes"]


def _roll(state: State, chance: Chance, label: str, m: Minion, stat: str, typed: Any,
          godly: bool = False) -> dict[str, Any]:
    count = max(0, mn.stat(state, m, stat))
    godly = godly or state["favor"] == m["ref"]
    faces = dice.roll(chance, label, count, typed)
    return {"minion": m["ref"], "stat": stat, "dice": count, "godly": godly, "faces": faces,
            "successes": dice.successes(faces, godly)}


def check(state: State, action: Action, chance: Chance) -> list[Event]:
    """Roll MINION's STAT; against a number of successes, or against another minion."""
    stat = str(action.get("stat") or "").strip().lower()
    if stat not in STATS:
        raise InputError(f"a check rolls one of {', '.join(STATS)}, not '{stat}'")
    m = st.minion(state, action.get("minion"))
    against = action.get("against")
    other = st.minion(state, against) if against not in (None, "") else None
    need = action.get("need")
    if need is not None:
        if other is not None:
            raise InputError("a check is either against a number (--need) or a minion (--against)")
        try:
            need = int(need)
        except (TypeError, ValueError):
            raise InputError(f"--need must be a whole number, not {need!r}") from None
        if not 0 <= need <= 99:
            raise InputError("--need is 0-99 successes")
    godly = flag(action, "godly")
    if other is not None:  # all checked before the first roll (a refusal after it would tell it)
        if other["ref"] == m["ref"]:
            raise IllegalAction(f"{st.name(m)} cannot compete against itself: a competing check "
                                "is between two minions", "Stat checks: a competing check is "
                                "between two different minions")
        dice.check_typed("competing check", max(0, mn.stat(state, other, stat)), action.get("against_dice"))
    rolls = [_roll(state, chance, "check", m, stat, action.get("dice"), godly)]
    if other is not None:
        rolls.append(_roll(state, chance, "competing check", other, stat,
                           action.get("against_dice")))
    rows = [[("check" if i == 0 else "competing"), st.name(state["minions"][r["minion"]]), stat,
             r["dice"], dice.show(r["faces"]) + (" godly" if r["godly"] else ""), r["successes"]]
            for i, r in enumerate(rolls)]
    if other is not None:
        a, b = rolls[0]["successes"], rolls[1]["successes"]
        outcome = (f"{m['ref']} wins" if a > b else f"{other['ref']} wins" if b > a
                   else "a tie: no winner unless the card says otherwise")
    elif need is not None:
        outcome = ("success" if rolls[0]["successes"] >= need else "failure") + f" (needs {need})"
    else:
        outcome = f"{rolls[0]['successes']} success(es)"
    return [event(f"{stat.capitalize()} check: {outcome}", table={"headers": HEADERS, "rows": rows},
                  check=rolls)]
