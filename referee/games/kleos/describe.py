"""One log line per action, as the table would say it (`referee log`, exports)."""

from __future__ import annotations

from collections.abc import Callable


def _lines(a: dict) -> dict[str, Callable[[], str]]:
    return {
        "new": lambda: "new Contest: " + ", ".join(
            f"{p.get('name')} ({p.get('god')})" if isinstance(p, dict) else str(p)
            for p in a.get("players") or []),
        "isle": lambda: f"{a.get('card')} placed on {a.get('isle')}",
        "deploy": lambda: f"{a.get('god')} deploys {', '.join(map(str, a.get('cards') or []))}",
        "next": lambda: "next (end of phase)" if not a.get("god")
        else f"next: ends the phase of {a['god']}",
        "play": lambda: f"{a.get('god')} plays {a.get('card')}"
        + (f" replacing slot {a['replace']}" if a.get("replace") else ""),
        "attach": lambda: f"{a.get('god')} attaches {a.get('card')} ({a.get('as')}) "
                          f"to {a.get('to')}",
        "move": lambda: f"{a.get('minion')} moves to {a.get('to')}"
        + (f" then {a['to2']}" if a.get("to2") else "")
        + (" by a card's effect" if a.get("effect") else ""),
        "oa": lambda: f"{a.get('minion')} makes an opportunity attack",
        "pass": lambda: "pass (no opportunity attack)" if not a.get("god")
        else f"pass: {', '.join(a['god']) if isinstance(a['god'], list) else a['god']} "
             "(no opportunity attack)",
        "attack": lambda: f"{a.get('minion')} attacks {a.get('target')}",
        "recruit": lambda: f"{a.get('minion')} recruits",
        "replace": lambda: ("the card entering goes to Hades (four minions kept)"
                            if str(a.get("slot")).strip().lower() == "new"
                            else f"slot {a.get('slot')} goes to Hades to make room"),
        "kill": lambda: f"{a.get('minion')} killed by {a.get('by') or 'an effect'}: "
                        f"{a.get('reason')}",
        "glory": lambda: f"{a.get('god')} {a.get('delta')} glory: {a.get('reason')}",
        "favor": lambda: f"Olympus' Favor to {a.get('minion')}",
        "check": lambda: f"{a.get('minion')} makes a {a.get('stat')} check"
        + (f" against {a['against']}" if a.get("against") else ""),
    }


def describe(action: dict) -> str:
    """The log line for a Kleos action, with the typed dice ('' for an unknown verb)."""
    line = _lines(action).get(str(action.get("verb")))
    if line is None:
        return ""
    dice = [f"{k}={action[k]}" for k in ("dice", "retaliation", "against_dice")
            if action.get(k)]
    if action.get("godly") is True:
        dice.append("Godly by a card")
    return line() + (f" ({', '.join(dice)})" if dice else "")
