"""Kleos's commands beside its verbs (declared like them: referee.model.verbs.Command): `new`
(champions from the card library), the glory ledger, the odds and combat calculators, and the
minion card library (`card add|list|import|export|remove`). Pure: each
returns the new session's options or an Answer (data for --json, parts for people); the card
library comes in as `library`, the record layer's small interface to it
(referee.record.library.Library)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from referee.model.errors import InputError
from referee.model.i18n import ngettext
from referee.model.verbs import Answer, Command, Field, FileText, Table, Verbatim, WriteFile
from referee.scorers import kleos as sc

from . import cards
from . import state as st
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


def ledger(engine: Any, state: Any, steps: Iterable[tuple[dict, Any]]) -> Answer:
    """The glory ledger: every gain with its day and reason, then the totals (read from the
    log, replayed: the state keeps only the latest action's gains)."""
    entries = st.ledger(steps, engine.verbs)
    if not entries:
        return Answer({"ledger": entries}, ("No glory gained yet.",))
    rows = tuple((e["day"], st.who(state, e["god"]), f"{e['delta']:+d}", e["reason"]) for e in entries)
    totals = ", ".join(f"{st.who(state, g)} {v}" for g, v in state["glory"].items())
    return Answer({"ledger": entries}, (Table(("day", "player", "glory", "reason"), rows),
                                        f"Totals: {totals}"))


def odds(n: int, need: int, godly: bool) -> Answer:
    """The chance of at least NEED successes on N dice."""
    result = sc.odds(n, need, godly)
    return Answer(result, (f"P(at least {need} successes on {n} {'Godly ' if godly else ''}"
                           f"dice) = {result['exact']} ≈ {result['probability']:.1%}",))


def combat(attack: int, defense: int, tactics: int, bonus: int, godly: bool, champion: bool) -> Answer:
    """The chances to kill and to slaughter with one Attack check."""
    r = sc.combat(attack, defense, tactics, bonus, godly, champion)
    return Answer(r, (f"{r['dice']} {'Godly ' if godly else ''}dice against Defense {defense}: "
                      f"kill {r['exact']['kill']} ≈ {r['kill']:.1%}, slaughter "
                      f"{r['exact']['slaughter']} ≈ {r['slaughter']:.1%}"
                      + (" (a champion is never slaughtered)" if champion else ""),))


# -- the card library ---------------------------------------------------------------------------

def card_add(name: str, stats: str, disposition: int | None, epic: bool, hero: bool, monster: bool,
             swift: bool, hunter: str | None, tactics_neg: bool, champion: str | None,
             library: Any) -> Answer:
    """Add (or correct) a card in the library; rulebook facts fill what is left out."""
    from . import cards, library_file

    if hero and monster:
        raise InputError("a card is a Hero or a Monster: give --hero or --monster, not both")
    parsed = cards.parse_stats(stats)
    if tactics_neg:
        parsed["tactics"] = -abs(parsed["tactics"])
    keywords = [k for k, on in (("epic", epic), ("hero", hero), ("monster", monster)) if on]
    card = library_file.build_card(name, "{attack}/{defense}/{cunning}/{tactics}".format(**parsed),
                                   disposition, keywords, swift, hunter, champion)
    library.put(card["name"], dict(card))
    return Answer({"card": card}, (f"Card library: {cards.describe(card)}",))


def card_list(library: Any) -> Answer:
    """The library's cards, then what the rulebook itself says about named cards."""
    lib = library.cards()
    parts: list[Any] = []
    if lib:
        rows = tuple((c["name"], f"{c['attack']}/{c['defense']}/{c['cunning']}/{c['tactics']:+d}",
                      c.get("disposition") if c.get("disposition") is not None else "",
                      ", ".join(k for k in c["keywords"] if k != "basic")
                      + (f" ({c['god']})" if c.get("god") else ""),
                      ("Swift " if c.get("swift") else "")
                      + ("Hunter +{}/+{}".format(*c["hunter"]) if c.get("hunter") else ""))
                     for c in lib.values())
        parts.append(Table(("card", "A/D/C/T", "disposition", "keywords", "abilities"), rows))
    else:
        parts.append("The card library is empty: `referee kleos card add NAME --stats A/D/C/T`.")
    facts = sorted({cards.facts_text(n) for n in cards.rulebook_facts()})
    parts.append("\n".join(["", "The rulebook names (stats are on the printed cards):",
                            *(f"  {line}" for line in facts)]))
    return Answer({"cards": list(lib.values())}, tuple(parts))


def _format_of(path: str | None, fmt: str | None) -> str:
    if fmt:
        return fmt
    suffix = path.rsplit(".", 1)[-1].lower() if path and "." in path else ""
    if suffix in ("toml", "csv"):
        return suffix
    if path is None:
        return "toml"
    raise InputError(f"cannot tell the format of '{path}' from its name: give --format toml or csv")


def card_import(file: FileText, fmt: str | None, dry_run: bool, library: Any) -> Answer:
    """Cards from a TOML or CSV file: every line checked first, then all stored (or none)."""
    from . import library_file

    found = library_file.parse(file.text, _format_of(file.path, fmt), source=file.path)
    known = {n.lower() for n in library.cards()}
    replaced = [c["name"] for c in found if c["name"].lower() in known]
    if not dry_run:
        library.put_many({c["name"]: c for c in found})
    return Answer({"imported": len(found), "replaced": replaced, "cards": found, "dry_run": dry_run},
                  (("(dry run: nothing stored) " if dry_run else "")
                   + f"Card library: {len(found)} {ngettext('card', 'cards', len(found))} imported from {file.path}"
                   + (f" ({len(replaced)} replaced: {', '.join(replaced)})" if replaced else "") + ".",))


def card_export(out: str | None, fmt: str | None, force: bool, library: Any) -> Answer:
    """The library as TOML or CSV: into a file, or printed."""
    from pathlib import PurePath

    from . import library_file

    lib = list(library.cards().values())
    fmt = _format_of(out, fmt)
    text = library_file.to_toml(lib) if fmt == "toml" else library_file.to_csv(lib)
    if out:
        path = str(PurePath(out))
        return Answer({"written": path, "format": fmt, "cards": len(lib)},
                      (f"Wrote {len(lib)} {ngettext('card', 'cards', len(lib))} to {path} ({fmt}).",), write=WriteFile(out, text, force))
    return Answer({"format": fmt, "text": text, "cards": len(lib)}, (Verbatim(text),))


def card_remove(name: str, library: Any) -> Answer:
    """Take a card out of the library (sessions keep the stats they copied)."""
    from difflib import get_close_matches

    removed = library.delete(name)
    if removed is None:
        close = get_close_matches(name.strip(), list(library.cards()), n=3, cutoff=0.5)
        hint = f" (did you mean {' or '.join(repr(n) for n in close)}?)" if close else ""
        raise InputError(f"no card '{name}' in the card library{hint}; see `referee kleos card list`")
    return Answer({"removed": removed}, (f"Card library: {removed} removed.",))


FORMAT = Field("fmt", "The file's format (default: from its name, .toml or .csv).", option="--format",
               required=False, choices=("toml", "csv"))


def _flag(option: str, help_: str) -> Field:
    return Field(option.removeprefix("--"), help_, kind="flag", option=option, required=False,
                 default=False)


def _number(name: str, option: str, help_: str, limits: tuple[int, int], default: int | None = None) -> Field:
    return Field(name, help_, kind="int", option=option, required=default is None, default=default,
                 limits=limits)


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
    Command("card", "group", """The minion card library, kept in the store across sessions.

The rulebook prints only a few facts about a few cards (e.g. Myrina's
Disposition 1, the Minotaur's Hunter +2/+1); type each card's printed
stats once with `card add`, and every session after that can name it."""),
    Command("add", "tool", """Add (or correct) a minion card in the library: NAME as printed.

Fields the rulebook states about a named card (Myrina's Disposition, the
Minotaur's Hunter bonus) are filled in when left out.

\b
Examples:
  card add "Hoplite Warrior" --stats 2/2/1/1
  card add Minotaur --stats 3/3/1/-1 --epic --hunter 2/1 --disposition 2
  card add Achilles --stats 4/3/2/1 --champion ares""", card_add, group="card", library=KIND, fields=(
        Field("name", "the card's name as printed"),
        Field("stats", "Attack/Defense/Cunning/Tactics as printed, e.g. 3/2/2/1 or 4/3/1/-1.",
              option="--stats", metavar="A/D/C/T"),
        Field("disposition", "Successes needed to recruit it from an Isle.", kind="int",
              option="--disposition", required=False, limits=(0, 20)),
        _flag("--epic", "An Epic minion (Isles, Divine Deck)."),
        _flag("--hero", "Keyword Hero (can take a Heroic Mount)."),
        _flag("--monster", "Keyword Monster (can take a Monstrous Offering)."),
        _flag("--swift", "Moves two locations with its first move of the day."),
        Field("hunter", "Hunter bonus when no ally is at its location, e.g. 2/1.", option="--hunter",
              required=False, metavar="A/D"),
        Field("tactics_neg", "The printed Tactics is negative (flip its sign).", kind="flag",
              option="--tactics-neg", required=False, default=False),
        Field("champion", "This is GOD's Champion: `new` uses it for GOD when no --champion is given.",
              option="--champion", required=False, choices=GODS))),
    Command("list", "tool", "The cards in the library, and what the rulebook itself says about named "
            "cards.", card_list, group="card", library=KIND),
    Command("import", "tool", """Load cards into the library from a TOML or CSV file (as `card export` writes it).

Every line is checked first: a bad one is named with its line and field, and
then nothing is stored. A card already in the library is replaced.

\b
TOML:  [[card]]
       name = "Minotaur"
       stats = "3/3/1/-1"
       disposition = 2
       keywords = ["epic", "monster"]
       hunter = "2/1"
CSV:   name,stats,disposition,keywords,swift,hunter,champion
       Minotaur,3/3/1/-1,2,epic monster,,2/1,""", card_import, group="card", library=KIND, fields=(
        Field("file", "the file to read", kind="file"), FORMAT,
        Field("dry_run", "Check the file and say what it holds; store nothing.", kind="flag",
              option="--dry-run", required=False, default=False))),
    Command("export", "tool", "Write the card library as TOML (default) or CSV, for `card import` on "
            "another store.", card_export, group="card", library=KIND, fields=(
                Field("out", "Write to this file (else print).", kind="path", option="-o",
                      aliases=("--output",), required=False),
                FORMAT, _flag("--force", "Overwrite an existing file."))),
    Command("remove", "tool", "Take a card out of the library. Sessions keep the stats they copied when "
            "it was played.", card_remove, group="card", library=KIND,
            fields=(Field("name", "the card's name"),)),
    Command("ledger", "view", "The glory ledger: every gain with its day and reason.", ledger,
            state=True, log=True),
    Command("odds", "tool", "Chance of at least NEED successes on N dice (no session needed).", odds,
            fields=(_number("n", "--dice", "Dice rolled.", (0, 200)),
                    _number("need", "--need", "Successes needed.", (0, 200)),
                    _flag("--godly", "Godly dice: the godly face succeeds too."))),
    Command("combat", "tool", "Chances to kill and to slaughter with one Attack check (no session "
            "needed).", combat,
            fields=(_number("attack", "--attack", "The attacker's Attack.", (0, 99)),
                    _number("defense", "--defense", "The target's Defense.", (0, 99)),
                    _number("tactics", "--tactics", "The Tactics tally.", (-99, 99), default=0),
                    _number("bonus", "--bonus", "Other bonuses or penalties.", (-99, 99), default=0),
                    _flag("--godly", "Godly dice (Olympus' Favor)."),
                    _flag("--champion", "The target is a champion (never slaughtered)."))),
)
