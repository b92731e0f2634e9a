"""Elysion's commands beside its verbs (declared like them: referee.model.verbs.Command): `new`,
the catalog tools, the Blessings calculator, and the look back shown again after the game.
Pure: each returns the new session's options or an Answer (data for --json, parts for people)."""

from __future__ import annotations

from typing import Any

from referee.model.errors import InputError
from referee.model.i18n import ngettext
from referee.model.verbs import Answer, Command, Field, FileText, Table
from referee.scorers.elysion import blessings_drawn

from . import catalog
from .lookback import CARD_HEADERS, RANKING_HEADERS, choice_text
from .render import card_rule

HELP = """Elysion: an eight-day journey and the look back (2-7 players).

\b
A day at the table:
  reveal Ann=12 Bob=7* Cy=30   everyone's realm at once (7* is a constellation)
  take Bob 40                  in order, lowest realm first: a realm from the row,
                               then the Blessings drawn (when higher than yesterday)
  keep Bob Nectar              the one Blessing kept, when several were drawn
  shade Bob Ferryman           Beyond the Styx: a Shade whose goal is met ...
  pass Bob                     ... or none
  next                         the untaken realm leaves, a new row is dealt
Day 8 has no row: Blessings only. Then `lookback` scores every card.
A unique prefix names a player, a Blessing or a Shade (`keep b n`: the Blessing
just drawn that starts with n); the log keeps the names in full.
`status` shows the table; `referee undo` takes back the last action."""

KINDS = ("realm", "constellation", "blessing", "shade")


def new(players: list[str] | None, catalog: FileText | None, constellations: bool | None,
        styx: bool | None, hand: int, row: list[str] | None, shades: list[str] | None) -> dict:
    """The options of a new journey; a catalog's text goes into the session, so it replays
    without the file."""
    options: dict[str, Any] = {"players": list(players or ()), "hand": hand}
    if catalog is not None:
        options["catalog"] = catalog.text
    if constellations:
        options["constellations"] = True
    if styx:
        options["styx"] = True
    if row is not None:
        options["row"] = row
    if shades is not None:
        options["shades"] = shades
    return options


def look_back(state: Any) -> Answer:
    """The look back as the table reads it: one table per player in turn-back order, then
    the ranking (its data: what `lookback --json` adds to its result)."""
    result = state.get("lookback")
    if result is None:
        return Answer({"lookback": None})
    parts: list[Any] = []
    for p in state["players"]:
        mine = result["players"][p]
        parts += [f"{p}: {mine['glory']} glory", Table(tuple(CARD_HEADERS), tuple(map(tuple, mine["rows"])))]
        parts += [choice_text(p, entry) for entry in mine.get("choices", [])] + [""]
    parts += ["Ranking (ties: lowest sum of realm numbers)",
              Table(tuple(RANKING_HEADERS), tuple(map(tuple, result["ranking"])))]
    return Answer({"lookback": result}, tuple(parts))


def catalog_check(file: FileText) -> Answer:
    """Check a catalog file; every problem is reported with its line."""
    problems = catalog.check(file.text)
    if problems:
        lines = "\n".join(f"  {p}" for p in problems)
        raise InputError(f"{file.path}: {len(problems)} {ngettext('problem', 'problems', len(problems))}:\n{lines}")
    cat = catalog.load(file.text)
    stars = sum(1 for c in cat.realms.values() if c.star)
    counts = {"realms": len(cat.realms) - stars, "constellations": stars,
              "blessings": len(cat.blessings), "shades": len(cat.shades)}
    text = (f"{file.path}: catalog '{cat.name}' is sound: {counts['realms']} realms, "
            f"{stars} constellations, {counts['blessings']} Blessings, {counts['shades']} Shades.")
    return Answer({"file": file.path, "name": cat.name, "problems": [], **counts}, (text,))


def catalog_show(file: FileText | None, kind: str | None) -> Answer:
    """A catalog's cards and rules (default: the practice catalog)."""
    cat = catalog.load(file.text) if file is not None else catalog.get(None)
    cards = [*cat.realms.values(), *cat.blessings.values(), *cat.shades.values()]
    rows = [(c.kind, c.key, c.faction or "-", c.icon_text() or "-",
             (f"goal {c.goal_text}; " if c.goal_text else "") + card_rule(c))
            for c in cards if kind is None or c.kind == kind]
    headers = ("kind", "card", "faction", "icons", "rule")
    return Answer({"name": cat.name, "cards": [dict(zip(headers, r, strict=True)) for r in rows]},
                  (f"{cat.name} ({cat.note})", Table(headers, tuple(rows))))


def blessings(day: int, previous: int | None, played: int, coins: int, previous_star: bool,
              played_star: bool) -> Answer:
    """How many Blessings a player draws today."""
    try:
        n = blessings_drawn(day, previous, played, coins, previous_star, played_star)
    except ValueError as exc:
        raise InputError(str(exc)) from None
    if n:
        why = f"higher than yesterday: 1 + {coins} {ngettext('coin', 'coins', coins)}"
    elif day == 1:
        why = "no Blessings on day 1"
    else:
        why = "not higher than yesterday's realm"
    return Answer({"draw": n}, (f"Draw {n} {ngettext('Blessing', 'Blessings', n)} ({why}).",))


def _flag(name: str, help_: str) -> Field:
    return Field(name.removeprefix("--").replace("-", "_"), help_, kind="flag", option=name,
                 required=False, default=False)


FILE = Field("file", "a catalog file (TOML)", kind="file", metavar="FILE")

COMMANDS = (
    Command("new", "new", """Start an Elysion journey (2-7 players).

\b
  referee elysion new --player Ann --player Bob --player Cy --seed 7
  referee elysion new --player Ann --player Bob --constellations --styx
  referee elysion new --player Ann --player Bob --row 4,18,40 --catalog deck.toml

Players pick realms secretly; the referee records what is revealed. The
row, the Blessings and the Shades are typed as dealt at the table, or left
out for the referee to draw from the cards the catalog says are unseen.

Without --catalog the practice catalog is used: invented cards, not the
printed deck (see `elysion catalog show`). A catalog's text is stored in
the session, so it replays without the file.""", new, fields=(
        Field("players", "A player, in seating order (2-7).", kind="player", option="--player",
              multiple=True, metavar="NAME"),
        Field("catalog", "The deck's card catalog (TOML). Default: the practice catalog.",
              kind="file", option="--catalog", required=False, metavar="FILE"),
        Field("constellations", "Play with the Constellations add-on.", kind="flag",
              option="--constellations", required=False),
        Field("styx", "Play with the Beyond the Styx add-on (Shades).", kind="flag",
              option="--styx", required=False),
        Field("hand", "Realms each player starts with in hand.", kind="int", option="--hand",
              required=False, default=3, limits=(1, 10)),
        Field("row", "The first row as dealt at the table (players + 1 realms). Default: drawn.",
              kind="list", option="--row", required=False, metavar="R,R,..."),
        Field("shades", "Beyond the Styx: the two face-up Shades and the deck's top, as dealt.",
              kind="list", option="--shades", required=False, metavar="S,S,S"))),
    Command("catalog", "group", """Card catalogs: check one, or list its cards.

\b
A catalog is a TOML file written once for a deck:
  [catalog]        name, note, factions = ["sky", "sea", ...]
  [[realm]]        number, faction, icons = { coin = 1, lotus = 1 },
                   offering = { fleece = 1 }, score = "2 per lotus"
  [[constellation]] as a realm (same number as a realm), plus
                   needs = "faction_max >= 4" and give_up = 1
  [[blessing]]     name, icons, score
  [[shade]]        name, goal = "coin >= 3", icons, score
Icons: coin, gate, fleece, amphora, lotus. A rule counts what is in sight
(icons, factions, realms, constellations, blessings, shades, faction_max,
factions) with numbers, + - *, per, sets(a, b), min(), max(),
if(condition, then, else), comparisons, and, or, not.
`catalog show` lists the practice catalog (invented cards)."""),
    Command("check", "tool", "Check a catalog file; every problem is reported with its line.",
            catalog_check, fields=(FILE,), group="catalog"),
    Command("show", "tool", "List a catalog's cards and rules (default: the practice catalog).",
            catalog_show, fields=(
                Field("file", FILE.help, kind="file", required=False, metavar="[FILE]"),
                Field("kind", "Only this kind of card.", option="--kind", required=False,
                      choices=KINDS)), group="catalog"),
    Command("blessings", "tool", "How many Blessings a player draws today.", blessings, fields=(
        Field("day", "The day (1-8).", kind="int", option="--day"),
        Field("previous", "Yesterday's realm number.", kind="int", option="--previous",
              required=False),
        Field("played", "Today's realm number.", kind="int", option="--played"),
        Field("coins", "Charon's coins on the journey (today's realm included) and kept Blessings.",
              kind="int", option="--coins", required=False, default=0),
        _flag("--previous-star", "Yesterday's realm was a constellation."),
        _flag("--played-star", "Today's realm is a constellation."))),
)
