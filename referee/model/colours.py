"""The players' colours as the table names them (Crôa! colonies: `Ann:red`), for every place that
draws them: the terminal (a Click colour), the report's chart and the web view (a hex colour).

Pure data; a colour the table names that is not here falls back to the seat's colour."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

# name -> (terminal colour for click.style, hex for charts and pages)
COLOURS: dict[str, tuple[str, str]] = {
    "red": ("red", "#d0453b"),
    "blue": ("blue", "#3b6fb6"),
    "green": ("green", "#3f9b5a"),
    "yellow": ("yellow", "#c9a400"),
    "pink": ("bright_magenta", "#d35a9a"),
    "purple": ("magenta", "#8a4fb5"),
    "orange": ("bright_red", "#e07b22"),
    "black": ("bright_black", "#333333"),
    "white": ("white", "#9a9a9a"),
    "brown": ("yellow", "#8c5a3c"),
}
SEAT_HEX = ("#3b6fb6", "#d0563b", "#3f9b5a", "#b8860b", "#8a4fb5", "#1f9aa8", "#c2487f")


def of_players(players: Iterable[Mapping]) -> dict[str, str]:
    """Player name -> the colour the table gave them (lower case), for those that have one."""
    out: dict[str, str] = {}
    for p in players:
        colour = str(p.get("color") or p.get("colour") or "").lower()
        if p.get("name") and colour in COLOURS:
            out[str(p["name"])] = colour
    return out


def hex_for(names: Iterable[str], given: Mapping[str, str]) -> list[str]:
    """A hex colour per name, in order: the table's colour where given, else a seat colour not
    already taken by a given one."""
    taken = {COLOURS[c][1] for c in given.values()}
    spare = [h for h in SEAT_HEX if h not in taken] or list(SEAT_HEX)
    out, k = [], 0
    for name in names:
        if name in given:
            out.append(COLOURS[given[name]][1])
        else:
            out.append(spare[k % len(spare)])
            k += 1
    return out
