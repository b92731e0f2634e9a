"""The board map: temples H1-H5, the four city locations, the five Greek Isles.

The rulebook does not print the map, so the default is a data file
(`default_board.json`) that `new --board FILE` replaces. Whatever the map, the
Movement rule holds: an Isle connects to the Port and to nothing else.
"""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

from referee.games.kleos.state import Board, Location
from referee.model import shipped
from referee.model.errors import InputError
from referee.model.i18n import ngettext

TEMPLES = ("h1", "h2", "h3", "h4", "h5")
CITY = ("port", "market", "arena", "theater")
ISLES = ("isle1", "isle2", "isle3", "isle4", "isle5")
REQUIRED = (*TEMPLES, *CITY, *ISLES)
KINDS = ("temple", "city", "isle")
TEMPLES_USED = {2: ("h1", "h5"), 3: ("h1", "h3", "h5"), 4: ("h1", "h2", "h4", "h5"), 5: TEMPLES}
LABELS = {"theatre": "theater", "temple1": "h1", "temple2": "h2", "temple3": "h3",
          "temple4": "h4", "temple5": "h5"}


@lru_cache(maxsize=1)
def _default_text() -> str:
    return shipped.text(__file__, "default_board.json")


def default_board() -> Board:
    """The shipped map, checked like any other."""
    return validate(json.loads(_default_text()))


def validate(data: Any) -> Board:
    """Check a map and return it as {"name", "locations": {key: {...}}, "adjacent": {key: [...]}}.

    Errors name the location or link at fault.
    """
    if not isinstance(data, dict):
        raise InputError("board: the file must hold a JSON object with 'locations' and 'adjacent'")
    locs = data.get("locations")
    links = data.get("adjacent")
    if not isinstance(locs, dict) or not locs:
        raise InputError("board: 'locations' must be an object of location name -> {kind, label}")
    if not isinstance(links, list):
        raise InputError("board: 'adjacent' must be a list of [location, location] pairs")
    out: dict[str, Location] = {}
    for key, info in locs.items():
        k = str(key).strip().lower()
        if not isinstance(info, dict):
            raise InputError(f"board: location '{key}' must be an object with a 'kind'")
        kind = info.get("kind")
        if kind not in KINDS:
            raise InputError(f"board: location '{key}' has kind {kind!r}; "
                             f"kinds: {', '.join(KINDS)}")
        glory = info.get("glory", 0)
        if isinstance(glory, bool) or not isinstance(glory, int) or not 0 <= glory <= 9:
            raise InputError(f"board: location '{key}' glory must be a number 0-9, not {glory!r}")
        if kind != "city" and glory:
            raise InputError(f"board: only city locations give glory at Dusk ('{key}' is a {kind})")
        out[k] = {"kind": kind, "label": str(info.get("label") or k), "glory": glory}
    missing = [k for k in REQUIRED if k not in out]
    if missing:
        raise InputError(f"board: missing {ngettext('location', 'locations', len(missing))} {', '.join(missing)} (a Kleos map has "
                         "h1-h5, port, market, arena, theater and isle1-isle5)")
    for k in REQUIRED:
        want = "temple" if k in TEMPLES else "city" if k in CITY else "isle"
        if out[k]["kind"] != want:
            raise InputError(f"board: '{k}' must be of kind '{want}', not '{out[k]['kind']}'")
    adj: dict[str, list[str]] = {k: [] for k in out}
    for pair in links:
        if (not isinstance(pair, list) or len(pair) != 2
                or not all(isinstance(p, str) for p in pair)):
            raise InputError(f"board: each link is a pair of location names, not {pair!r}")
        a, b = (p.strip().lower() for p in pair)
        for p in (a, b):
            if p not in out:
                raise InputError(f"board: link {pair!r} names no location '{p}'")
        if a == b:
            raise InputError(f"board: link {pair!r} joins a location to itself")
        kinds = {out[a]["kind"], out[b]["kind"]}
        if "isle" in kinds and "port" not in (a, b):
            raise InputError(f"board: link {a}-{b} is not allowed: "
                             "an Isle connects only to the Port")
        if b not in adj[a]:
            adj[a].append(b)
            adj[b].append(a)
    for k, info in out.items():
        if info["kind"] == "isle" and "port" not in adj[k]:
            raise InputError(f"board: Isle '{k}' must connect to the Port")
        if not adj[k]:
            raise InputError(f"board: location '{k}' connects to nothing")
    name = str(data.get("name") or "custom board")
    return {"name": name, "locations": out,
            "adjacent": {k: sorted(v, key=_order(out)) for k, v in adj.items()}}


def _order(locs: dict[str, Location]) -> Any:
    keys = list(locs)
    return keys.index


def location(board: Board, text: Any) -> str:
    """A typed location name in normal form (`Isle 1`, `isle-1`, `Theatre`, `H1` all work;
    so does a unique prefix: `th` for the theater, `p` for the port)."""
    if isinstance(text, str) and text in board["locations"]:
        return text
    if text is None or isinstance(text, bool):
        raise InputError(f"name a location ({', '.join(board['locations'])})")
    raw = str(text).strip().lower()
    key = "".join(ch for ch in raw if ch.isalnum())
    if key in board["locations"]:
        return key
    key = LABELS.get(key, key)
    if key in board["locations"]:
        return key
    labels = {k: "".join(ch for ch in info["label"].lower() if ch.isalnum())
              for k, info in board["locations"].items()}
    for k, shown in labels.items():
        if shown == key:
            return k
    found = sorted({k for k, shown in labels.items()
                    if key and (k.startswith(key) or shown.startswith(key))},
                   key=list(board["locations"]).index)
    if len(found) == 1:
        return found[0]
    if found:
        raise InputError(f"'{str(text)[:20]}' could be {' or '.join(found)}: type more of it")
    raise InputError(f"no location '{str(text)[:40]}' (locations: "
                     f"{', '.join(board['locations'])})")


def label(board: Board, key: str) -> str:
    return board["locations"][key]["label"]


def kind(board: Board, key: str) -> str:
    return board["locations"][key]["kind"]
