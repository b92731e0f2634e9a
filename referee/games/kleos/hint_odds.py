"""The odds a hint shows beside a Kleos attack: how many dice each side would roll against
which Defense, and the chances (referee/scorers/kleos.py), worked out, never rolled."""

from __future__ import annotations

import re
from typing import Any

from referee.model.chance import Chance, NotYetRolled
from referee.scorers import kleos as odds


def attack_odds(engine: Any, state: Any, action: dict, ply: int) -> str | None:
    """For an attack or an opportunity attack: the dice each side would roll and the chances."""
    if action.get("verb") not in ("attack", "oa"):
        return None
    events = _probe(engine, state, action, ply)
    checks = [c for e in events for c in e.get("combat", [])]
    if not checks:
        return None
    first = checks[0]
    # a champion is never slaughtered; an opportunity attack's target is the minion that flees
    fleeing = re.search(r"opportunity attack on (\S+)", " ".join(e.get("text", "") for e in events))
    target = str(action.get("target") or (fleeing.group(1) if fleeing else ""))
    kill = odds.at_least(first["dice"], first["defense"], first["godly"])
    text = f"{first['dice']} dice v Defense {first['defense']}: kill {_pct(kill)}"
    if not target.endswith(":champion"):
        margin = odds.SLAUGHTER_MARGIN  # successes over Defense that slaughter
        text += f", slaughter {_pct(odds.at_least(first['dice'], first['defense'] + margin, first['godly']))}"
    if len(checks) > 1:
        second = checks[1]
        back = odds.at_least(second["dice"], second["defense"], second["godly"])
        text += f"; retaliation {second['dice']} dice v Defense {second['defense']}: kill {_pct(back)}"
    return text


def _pct(p: Any) -> str:
    return f"{float(p) * 100:.0f}%"


class _Probe(Chance):
    """Made-up dice (each die its commonest face), only to read how many dice are rolled."""

    def dice(self, label: str, count: int, faces: Any, typed: Any = None, aliases: Any = None,
             to: str | None = None) -> list[str]:
        pool = list(faces)
        common = max(set(pool), key=pool.count)
        self.results.append({"label": label, "value": [common] * count, "source": "probe"})
        return [common] * count

    def draw(self, label: str, generate: Any, typed: Any = None, check: Any = None,
             what: str = "draw a result", to: str | None = None) -> Any:
        if typed is None:
            raise NotYetRolled(label, what, list(self.results))
        return super().draw(label, generate, typed, check, what, to)


def _probe(engine: Any, state: Any, action: dict, ply: int) -> list[dict]:
    """Play the action on a copy with the made-up dice: the events and their combat data; the
    seed is never used."""
    try:
        state = engine.copy(state)
        _, events = engine.apply(state, engine.normalize(state, action), _Probe("probe", ply, dry=True))
    except Exception:  # no odds then
        return []
    return list(events)
