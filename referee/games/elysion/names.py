"""Names as printed: what the table typed (`ann`, `gatekeeper`, ` 12 `) as the log should show it.

The engine's `normalize` passes every action through `canonical` before it is
recorded, so the log and the exports read "Cy takes Shade Gatekeeper" whatever
the case typed.
A name that does not resolve is left as typed: the rules refuse it, with the reason.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from referee.errors import RefereeError
from referee.games.elysion.catalog import Catalog


def _or_typed(resolve: Callable[[Any], str], value: Any) -> Any:
    try:
        return resolve(value)
    except (RefereeError, TypeError, ValueError):
        return value


def canonical(state: dict, catalog: Catalog, action: dict) -> dict:
    """The action with its players, realms, Blessings and Shades named as printed."""

    def seat(name: Any) -> Any:
        for p in state["players"]:
            if isinstance(name, str) and p.lower() == name.strip().lower():
                return p
        return name

    def realm(ref: Any) -> Any:
        return _or_typed(lambda r: catalog.realm(r).key, ref)

    def blessing(ref: Any) -> Any:
        return _or_typed(lambda b: catalog.blessing(b).key, ref)

    def shade(ref: Any) -> Any:
        return _or_typed(lambda s: catalog.shade(s).key, ref)

    def each(resolve: Callable[[Any], Any], value: Any) -> Any:
        return [resolve(v) for v in value] if isinstance(value, list) else value

    out = dict(action)
    for key, resolve in (
        ("player", seat),
        ("realm", realm),
        ("blessing", blessing),
        ("keep", blessing),
        ("shade", shade),
    ):
        if key in out:
            out[key] = resolve(out[key])
    for key, resolve in (("drawn", blessing), ("row", realm), ("shades", shade)):
        if key in out:
            out[key] = each(resolve, out[key])
    if isinstance(out.get("realms"), dict):
        out["realms"] = {seat(p): realm(r) for p, r in out["realms"].items()}
    if isinstance(out.get("give_up"), dict):
        out["give_up"] = {
            seat(p): (
                {realm(r): each(blessing, b) for r, b in plans.items()}
                if isinstance(plans, dict)
                else plans
            )
            for p, plans in out["give_up"].items()
        }
    return out
