"""Cards as printed: what the table typed (`gatekeeper`, `gate`, ` 12 `) as the log should show it.

The engine's `normalize` passes every action through `canonical` before it is
recorded, so the log and the exports read "Cy takes Shade Gatekeeper" whatever
the case typed or however short the unique prefix. Player names are the core's
(`Engine.resolve`). A name that does not resolve is left as typed: the rules
refuse it, with the reason.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from referee.games.elysion.catalog import Catalog
from referee.games.elysion.deck import drawn as just_drawn
from referee.games.elysion.state import ElysionState
from referee.model.errors import RefereeError
from referee.model.verbs import Action


def _or_typed(resolve: Callable[[Any], str], value: Any) -> Any:
    try:
        return resolve(value)
    except (RefereeError, TypeError, ValueError):
        return value


def canonical(state: ElysionState, catalog: Catalog, action: Action) -> Action:
    """The action with its realms, Blessings and Shades named as printed.

    A prefix is read where it is typed: a Blessing kept among those drawn, a Shade
    among those face up, a Blessing given up among the player's own."""

    def realm(ref: Any) -> Any:
        return _or_typed(lambda r: catalog.realm(r).key, ref)

    def blessing(among: Iterable[str] = ()) -> Callable[[Any], Any]:
        return lambda ref: _or_typed(lambda b: catalog.blessing(b, among).key, ref)

    def shade(ref: Any) -> Any:
        return _or_typed(lambda s: catalog.shade(s, state["shades_up"]).key, ref)

    def each(resolve: Callable[[Any], Any], value: Any) -> Any:
        return [resolve(v) for v in value] if isinstance(value, list) else value

    out = dict(action)
    for key, resolve in (("drawn", blessing()), ("row", realm), ("shades", shade)):
        if key in out:
            out[key] = each(resolve, out[key])
    typed = out.get("drawn")
    typed_drawn = [b for b in typed if isinstance(b, str)] if isinstance(typed, list) else []
    for key, resolve in (
        ("realm", realm),
        ("blessing", blessing(typed_drawn or just_drawn(state))),
        ("keep", blessing(typed_drawn)),
        ("shade", shade),
    ):
        if key in out:
            out[key] = resolve(out[key])
    if isinstance(out.get("realms"), dict):
        out["realms"] = {p: realm(r) for p, r in out["realms"].items()}
    if isinstance(out.get("give_up"), dict):
        out["give_up"] = {
            p: (
                {
                    realm(r): each(blessing(state["blessings"].get(p, [])), b)
                    for r, b in plans.items()
                }
                if isinstance(plans, dict)
                else plans
            )
            for p, plans in out["give_up"].items()
        }
    return out
