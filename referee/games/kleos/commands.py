"""Kleos's commands beside its verbs (declared like them: referee.model.verbs.Command): `new`
(champions from the card library), the glory ledger, the odds and combat calculators, and the
card library (`card ...`, still written by hand: referee/cli/kleos_cards.py). Pure: each
returns the new session's options or an Answer (data for --json, parts for people); the card
library comes in as `library`, the record layer's small interface to it."""

from __future__ import annotations

from typing import Any

from referee.model.errors import InputError
from referee.model.verbs import Answer, Command, Field, Table

from .cards import GODS

HELP = """Kleos: gods, minions, dice combat, glory (2-5 players).

\b
Start:   card add NAME --stats A/D/C/T ... (once; kept across sessions),
         or card import FILE (practice cards: examples/kleos-cards.toml)
         new --player Ann:ares --player Bob:athena [--seed N]
Setup:   isle ISLE CARD (x5), deploy GOD CARD..., next
A day:   play / attach (Play Phase), move / attack / recruit (Action Phase),
         next [PLAYER] (refused if it is not PLAYER's phase)
Answers: oa MINION | pass [all] (opportunity attack), replace SLOT (four-minion limit)
Effects: kill, glory, favor, move --effect, check (the card's text wins)
Views:   status, ledger; odds and combat need no session

\b
Minions are GOD:1-4 or GOD:champion (GOD:c); a player's name works for the god,
and a unique prefix for a name, a god, a location or a card (`move ann:c th`).
Locations: port market arena theater isle1-isle5 h1-h5 (temples).
Dice faces: s success, g godly, - or b blank; rolled from the seed if not typed.
Example game: examples/kleos.txt."""

KIND = "minion"  # the card library's kind in the store


def pick_champions(library: Any, given: list[str], gods: list[str]) -> dict:
    """Each god's champion: typed here (stats or a library card), else the library's."""
    from . import cards

    out: dict[str, dict] = {}
    for item in given:
        god, sep, what = item.partition("=")
        god = god.strip().lower()
        if not sep or god not in GODS:
            raise InputError(f"--champion is GOD=CARD or GOD=A/D/C/T, not '{item}'")
        if "/" in what:
            out[god] = cards.parse_stats(what)  # the engine names it "<God>'s Champion"
        else:
            card = library.get(what)
            if card is None:
                raise cards.unknown_card(what.strip())
            out[god] = card
    lib = None
    for god in gods:
        if god not in out:
            lib = lib if lib is not None else library.cards()
            found = [c for c in lib.values() if c.get("god") == god and "champion" in c["keywords"]]
            if found:
                out[god] = found[0]
    return out


def new(players: list[str] | None, temples: list[str] | None, champions: list[str] | None,
        board: Any, library: Any) -> dict[str, Any]:
    """The options of a new Contest, as typed; champions not typed come from the library."""
    ps = []
    for p in players or ():
        pname, sep, god = p.rpartition(":")
        if not sep or not pname.strip():
            raise InputError(f"--player is NAME:GOD (e.g. Ann:ares), not '{p}'")
        ps.append({"name": pname.strip(), "god": god.strip().lower()})
    chosen = {}
    for t in temples or ():
        god, sep, where = t.partition(":")
        if not sep:
            raise InputError(f"--temple is GOD:H1, not '{t}'")
        chosen[god.strip().lower()] = where.strip().lower()
    options: dict[str, Any] = {"players": ps}
    if chosen:
        options["temples"] = chosen
    options["champions"] = pick_champions(library, list(champions or ()), [p["god"] for p in ps])
    if board is not None:
        options["board"] = board
    return options


def ledger(engine: Any, state: Any) -> Answer:
    """The glory ledger: every gain with its day and reason, then the totals."""
    from . import state as st

    entries = state["ledger"]
    if not entries:
        return Answer({"ledger": entries}, ("No glory gained yet.",))
    rows = tuple((e["day"], st.who(state, e["god"]), f"{e['delta']:+d}", e["reason"]) for e in entries)
    totals = ", ".join(f"{st.who(state, g)} {v}" for g, v in state["glory"].items())
    return Answer({"ledger": entries}, (Table(("day", "player", "glory", "reason"), rows),
                                        f"Totals: {totals}"))


def _within(option: str, value: int, low: int, high: int) -> int:
    if not low <= value <= high:
        raise InputError(f"Invalid value for '{option}': {value} is not in the range {low}<=x<={high}.")
    return value


def odds(n: int, need: int, godly: bool) -> Answer:
    """The chance of at least NEED successes on N dice."""
    from scorers import kleos as sc

    result = sc.odds(_within("--dice", n, 0, 200), _within("--need", need, 0, 200), godly)
    return Answer(result, (f"P(at least {need} successes on {n} {'Godly ' if godly else ''}"
                           f"dice) = {result['exact']} ≈ {result['probability']:.1%}",))


def combat(attack: int, defense: int, tactics: int, bonus: int, godly: bool, champion: bool) -> Answer:
    """The chances to kill and to slaughter with one Attack check."""
    from scorers import kleos as sc

    r = sc.combat(_within("--attack", attack, 0, 99), _within("--defense", defense, 0, 99),
                  _within("--tactics", tactics, -99, 99), _within("--bonus", bonus, -99, 99), godly, champion)
    return Answer(r, (f"{r['dice']} {'Godly ' if godly else ''}dice against Defense {defense}: "
                      f"kill {r['exact']['kill']} ≈ {r['kill']:.1%}, slaughter "
                      f"{r['exact']['slaughter']} ≈ {r['slaughter']:.1%}"
                      + (" (a champion is never slaughtered)" if champion else ""),))


def _flag(option: str, help_: str) -> Field:
    return Field(option.removeprefix("--"), help_, kind="flag", option=option, required=False,
                 default=False)


def _number(name: str, option: str, help_: str, default: int | None = None) -> Field:
    return Field(name, help_, kind="int", option=option, required=default is None, default=default)


COMMANDS = (
    Command("new", "new", """Start a Kleos Contest (2-5 players): Day 1, Deployment.

Temples follow the player count (2P H1,H5; 3P H1,H3,H5; 4P H1,H2,H4,H5;
5P all); the player on Temple 1 goes first. Champions' stats are not in
the rulebook: type them once (`card add NAME --stats A/D/C/T --champion
GOD`) or give them here with --champion. Then put an Epic card on each
Isle (`isle isle1 CARD`), deploy minions (`deploy GOD CARD...`) and `next`.

\b
Example:
  new --player Ann:ares --player Bob:athena --temple ares:h1 --seed 42""", new, fields=(
        Field("players", "A player and their god, in seating (clockwise) order; 2-5 times.",
              kind="player", option="--player", multiple=True, metavar="NAME:GOD"),
        Field("temples", "Put GOD's temple on H1..H5 (others are dealt at random from the seed).",
              option="--temple", required=False, multiple=True, metavar="GOD:H1"),
        Field("champions", "GOD's champion: a library card, or its printed stats. Without it, the "
              "library card added with `card add ... --champion GOD` is used.", option="--champion",
              required=False, multiple=True, metavar="GOD=CARD|A/D/C/T"),
        Field("board", "A board map replacing the default (the rulebook prints none, so the default "
              "is a reconstruction): JSON {\"locations\": {KEY: {\"kind\": temple|city|isle, "
              "\"label\", \"glory\"}}, \"adjacent\": [[KEY, KEY], ...]}; see "
              "referee/games/kleos/default_board.json.", kind="json", option="--board",
              required=False, metavar="FILE")), library=KIND),
    Command("card", "mount", "The minion card library, kept in the store across sessions.",
            module="referee.cli.kleos_cards"),
    Command("ledger", "view", "The glory ledger: every gain with its day and reason.", ledger,
            state=True),
    Command("odds", "tool", "Chance of at least NEED successes on N dice (no session needed).", odds,
            fields=(_number("n", "--dice", "Dice rolled."),
                    _number("need", "--need", "Successes needed."),
                    _flag("--godly", "Godly dice: the godly face succeeds too."))),
    Command("combat", "tool", "Chances to kill and to slaughter with one Attack check (no session "
            "needed).", combat,
            fields=(_number("attack", "--attack", "The attacker's Attack."),
                    _number("defense", "--defense", "The target's Defense."),
                    _number("tactics", "--tactics", "The Tactics tally.", default=0),
                    _number("bonus", "--bonus", "Other bonuses or penalties.", default=0),
                    _flag("--godly", "Godly dice (Olympus' Favor)."),
                    _flag("--champion", "The target is a champion (never slaughtered)."))),
)
