"""`referee kleos ...`: thin Click verbs over the Kleos engine (referee.games.kleos).

This module parses arguments into actions (or `new` options), copies card
stats from the card library into them so a log replays without the library,
and leaves every rule to the engine.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any

import click

from referee.cli import context, output
from referee.cli.common import (
    action_command,
    calculator,
    emit_calculation,
    game_group,
    json_option,
    new_options,
    start,
)
from referee.games.kleos.cards import GODS
from referee.model.errors import InputError

if TYPE_CHECKING:
    from referee.record.protocol import RecordStore

GAME = "kleos"
KIND = "minion"
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

group = game_group(GAME, help=HELP)


def _missing_cards() -> None:
    """After `status` and `hint` (text): what to type when the next step needs cards the
    referee does not know (an Epic card for a waiting Isle, minion cards to deploy)."""
    from referee.cli.common import load_current
    from referee.cli.complete import library

    ref = context.get()
    if ref.as_json:
        return
    _, loaded = load_current(GAME)
    listing = loaded.engine.with_library(loaded.state, library(ref.reader(), GAME))
    import textwrap

    width = output.width()  # None: to a pipe or file, lines stay whole
    for line in loaded.engine.missing_cards(listing):
        click.echo(textwrap.fill(line, max(40, width), break_long_words=False,
                                 break_on_hyphens=False) if width else line)


def _then_missing_cards(command: click.Command) -> None:
    inner = command.callback
    assert inner is not None

    @functools.wraps(inner)
    def callback(*args: Any, **kwargs: Any) -> None:
        inner(*args, **kwargs)
        _missing_cards()

    command.callback = callback


for _view in ("status", "hint"):
    _then_missing_cards(group.commands[_view])

DICE = "Typed dice faces (s success, g godly, - or b blank), e.g. ssg--; rolled if omitted."
FAVOR = "On a slaughter, the winner takes Olympus' Favor (default) or not."
REPLACE = "With four minions in play: the slot (1-4) sent to Hades, or 'new' for this card."


def godly_option(fn: Any) -> Any:
    return click.option("--godly", is_flag=True, default=None,
                        help="A card makes these dice Godly (g succeeds too); "
                             "Olympus' Favor does so anyway.")(fn)


# -- card library ---------------------------------------------------------------------

def _card(store: RecordStore, name: str) -> dict | None:
    return store.library_get(GAME, KIND, name.strip())


def _known(store: Any) -> Any:
    """The current session's cards, read only when the library does not hold the card."""
    from referee.cli.generate import Lazy
    from referee.record import session

    def load() -> Any:
        sid = session.resolve(store, GAME, context.get().session_id)
        return session.load(store, sid).state["cards"]

    return Lazy(load)


def _with_stats(store: RecordStore, action: dict) -> dict:
    """Copy the card's stats into the action, so the log replays without the library."""
    from referee.games.kleos.lookup import with_stats

    return with_stats(store.library_list(GAME, KIND), _known(store), action)


def _with_many(store: Any, action: dict) -> dict:
    from referee.games.kleos.lookup import with_many

    return with_many(store.library_list(GAME, KIND), _known(store), action)


@group.group("card", context_settings={"help_option_names": ["-h", "--help"]})
def card_group() -> None:
    """The minion card library, kept in the store across sessions.

    The rulebook prints only a few facts about a few cards (e.g. Myrina's
    Disposition 1, the Minotaur's Hunter +2/+1); type each card's printed
    stats once with `card add`, and every session after that can name it.
    """


@card_group.command("add")
@click.argument("name")
@click.option("--stats", required=True, metavar="A/D/C/T",
              help="Attack/Defense/Cunning/Tactics as printed, e.g. 3/2/2/1 or 4/3/1/-1.")
@click.option("--disposition", type=click.IntRange(0, 20),
              help="Successes needed to recruit it from an Isle.")
@click.option("--epic", is_flag=True, help="An Epic minion (Isles, Divine Deck).")
@click.option("--hero", is_flag=True, help="Keyword Hero (can take a Heroic Mount).")
@click.option("--monster", is_flag=True, help="Keyword Monster (can take a Monstrous Offering).")
@click.option("--swift", is_flag=True, help="Moves two locations with its first move of the day.")
@click.option("--hunter", metavar="A/D",
              help="Hunter bonus when no ally is at its location, e.g. 2/1.")
@click.option("--tactics-neg", is_flag=True,
              help="The printed Tactics is negative (flip its sign).")
@click.option("--champion", "champion", type=click.Choice(GODS, case_sensitive=False),
              help="This is GOD's Champion: `new` uses it for GOD when no --champion is given.")
@json_option
def card_add(name: str, stats: str, disposition: int | None, epic: bool, hero: bool,
             monster: bool, swift: bool, hunter: str | None, tactics_neg: bool,
             champion: str | None) -> None:
    """Add (or correct) a minion card in the library: NAME as printed.

    Fields the rulebook states about a named card (Myrina's Disposition, the
    Minotaur's Hunter bonus) are filled in when left out.

    \b
    Examples:
      card add "Hoplite Warrior" --stats 2/2/1/1
      card add Minotaur --stats 3/3/1/-1 --epic --hunter 2/1 --disposition 2
      card add Achilles --stats 4/3/2/1 --champion ares
    """
    from referee.games.kleos import cards, library_file

    if hero and monster:
        raise InputError("a card is a Hero or a Monster: give --hero or --monster, not both")
    parsed = cards.parse_stats(stats)
    if tactics_neg:
        parsed["tactics"] = -abs(parsed["tactics"])
    keywords = [k for k, on in (("epic", epic), ("hero", hero), ("monster", monster)) if on]
    card = library_file.build_card(name, "{attack}/{defense}/{cunning}/{tactics}".format(**parsed), disposition,
                                   keywords, swift, hunter, champion)
    context.get().store().library_put(GAME, KIND, card["name"], dict(card))
    emit_calculation({"card": card}, f"Card library: {cards.describe(card)}")


@card_group.command("list")
@json_option
def card_list() -> None:
    """The cards in the library, and what the rulebook itself says about named cards."""
    from referee.games.kleos import cards

    lib = context.get().store().library_list(GAME, KIND)
    if context.get().as_json:
        output.emit_json(output.envelope({"cards": list(lib.values())}))
        return
    if lib:
        rows = [[c["name"], f"{c['attack']}/{c['defense']}/{c['cunning']}/{c['tactics']:+d}",
                 c.get("disposition") if c.get("disposition") is not None else "",
                 ", ".join(k for k in c["keywords"] if k != "basic")
                 + (f" ({c['god']})" if c.get("god") else ""),
                 ("Swift " if c.get("swift") else "")
                 + ("Hunter +{}/+{}".format(*c["hunter"]) if c.get("hunter") else "")]
                for c in lib.values()]
        click.echo(output.table(["card", "A/D/C/T", "disposition", "keywords", "abilities"], rows))
    else:
        click.echo("The card library is empty: `referee kleos card add NAME --stats A/D/C/T`.")
    facts = sorted({cards.facts_text(n) for n in cards.rulebook_facts()})
    click.echo("\nThe rulebook names (stats are on the printed cards):")
    for line in facts:
        click.echo(f"  {line}")


def _format_of(path: str | None, fmt: str | None) -> str:
    if fmt:
        return fmt
    suffix = (path or "").rsplit(".", 1)[-1].lower() if path and "." in path else ""
    if suffix in ("toml", "csv"):
        return suffix
    if path is None:
        return "toml"
    raise click.UsageError(f"cannot tell the format of '{path}' from its name: give --format toml or csv")


FORMAT = click.option("--format", "fmt", type=click.Choice(["toml", "csv"]),
                      help="The file's format (default: from its name, .toml or .csv).")


@card_group.command("import")
@click.argument("file", type=click.Path(exists=True, dir_okay=False))
@FORMAT
@click.option("--dry-run", is_flag=True, help="Check the file and say what it holds; store nothing.")
@json_option
def card_import(file: str, fmt: str | None, dry_run: bool) -> None:
    """Load cards into the library from a TOML or CSV file (as `card export` writes it).

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
           Minotaur,3/3/1/-1,2,epic monster,,2/1,
    """

    from referee.cli.datafile import read_text
    from referee.games.kleos import library_file

    text = read_text(file)
    found = library_file.parse(text, _format_of(file, fmt), source=file)
    store = context.get().store()
    before = store.library_list(GAME, KIND)
    known = {n.lower() for n in before}
    replaced = [c["name"] for c in found if c["name"].lower() in known]
    if not dry_run:
        store.library_put_many(GAME, KIND, {c["name"]: c for c in found})
    emit_calculation({"imported": len(found), "replaced": replaced, "cards": found, "dry_run": dry_run},
                     ("(dry run: nothing stored) " if dry_run else "")
                     + f"Card library: {len(found)} card(s) imported from {file}"
                     + (f" ({len(replaced)} replaced: {', '.join(replaced)})" if replaced else "") + ".")


@card_group.command("export")
@click.option("-o", "--output", "out", type=click.Path(dir_okay=False), help="Write to this file (else print).")
@FORMAT
@click.option("--force", is_flag=True, help="Overwrite an existing file.")
@json_option
def card_export(out: str | None, fmt: str | None, force: bool) -> None:
    """Write the card library as TOML (default) or CSV, for `card import` on another store."""
    from referee.after import export
    from referee.games.kleos import library_file

    lib = list(context.get().store().library_list(GAME, KIND).values())
    fmt = _format_of(out, fmt)
    text = library_file.to_toml(lib) if fmt == "toml" else library_file.to_csv(lib)
    if out:
        path = export.write_atomic(out, text, force=force)
        emit_calculation({"written": str(path), "format": fmt, "cards": len(lib)},
                         f"Wrote {len(lib)} card(s) to {path} ({fmt}).")
    elif context.get().as_json:
        output.emit_json(output.envelope({"format": fmt, "text": text, "cards": len(lib)}))
    else:
        click.echo(text, nl=False)


@card_group.command("remove")
@click.argument("name")
@json_option
def card_remove(name: str) -> None:
    """Take a card out of the library. Sessions keep the stats they copied when it was played."""
    from difflib import get_close_matches

    store = context.get().store()
    removed = store.library_delete(GAME, KIND, name.strip())
    if removed is None:
        names = list(store.library_list(GAME, KIND))
        close = get_close_matches(name.strip(), names, n=3, cutoff=0.5)
        hint = f" (did you mean {' or '.join(repr(n) for n in close)}?)" if close else ""
        raise InputError(f"no card '{name}' in the card library{hint}; see `referee kleos card list`")
    emit_calculation({"removed": removed}, f"Card library: {removed} removed.")


# -- new ------------------------------------------------------------------------------

def _champions(store: RecordStore, given: tuple[str, ...], gods: list[str]) -> dict:
    """Each god's champion: typed here (stats or a library card), else the library's."""
    from referee.games.kleos import cards

    out: dict[str, dict] = {}
    for item in given:
        god, sep, what = item.partition("=")
        god = god.strip().lower()
        if not sep or god not in GODS:
            raise InputError(f"--champion is GOD=CARD or GOD=A/D/C/T, not '{item}'")
        if "/" in what:
            out[god] = cards.parse_stats(what)  # the engine names it "<God>'s Champion"
        else:
            card = _card(store, what)
            if card is None:
                raise cards.unknown_card(what.strip())
            out[god] = card
    lib = None
    for god in gods:
        if god not in out:
            lib = lib if lib is not None else store.library_list(GAME, KIND)
            found = [c for c in lib.values()
                     if c.get("god") == god and "champion" in c["keywords"]]
            if found:
                out[god] = found[0]
    return out


def _board(path: str) -> Any:
    from referee.cli.datafile import read_json

    return read_json(path, "--board")


@group.command("new")
@click.option("--player", "players", multiple=True, required=True, metavar="NAME:GOD",
              help="A player and their god, in seating (clockwise) order; 2-5 times.")
@click.option("--temple", "temples", multiple=True, metavar="GOD:H1",
              help="Put GOD's temple on H1..H5 (others are dealt at random from the seed).")
@click.option("--champion", "champions", multiple=True, metavar="GOD=CARD|A/D/C/T",
              help="GOD's champion: a library card, or its printed stats. Without it, the "
                   "library card added with `card add ... --champion GOD` is used.")
@click.option("--board", "board_file", type=click.Path(exists=True, dir_okay=False),
              help="A board map replacing the default (the rulebook prints none, so the default "
                   "is a reconstruction): JSON {\"locations\": {KEY: {\"kind\": temple|city|isle, "
                   "\"label\", \"glory\"}}, \"adjacent\": [[KEY, KEY], ...]}; see "
                   "referee/games/kleos/default_board.json.")
@new_options
def new(players: tuple[str, ...], temples: tuple[str, ...], champions: tuple[str, ...],
        board_file: str | None, seed: str | None, name: str, dry_run: bool) -> None:
    """Start a Kleos Contest (2-5 players): Day 1, Deployment.

    Temples follow the player count (2P H1,H5; 3P H1,H3,H5; 4P H1,H2,H4,H5;
    5P all); the player on Temple 1 goes first. Champions' stats are not in
    the rulebook: type them once (`card add NAME --stats A/D/C/T --champion
    GOD`) or give them here with --champion. Then put an Epic card on each
    Isle (`isle isle1 CARD`), deploy minions (`deploy GOD CARD...`) and `next`.

    \b
    Example:
      new --player Ann:ares --player Bob:athena --temple ares:h1 --seed 42
    """
    ps = []
    for p in players:
        pname, sep, god = p.rpartition(":")
        if not sep or not pname.strip():
            raise InputError(f"--player is NAME:GOD (e.g. Ann:ares), not '{p}'")
        ps.append({"name": pname.strip(), "god": god.strip().lower()})
    chosen = {}
    for t in temples:
        god, sep, where = t.partition(":")
        if not sep:
            raise InputError(f"--temple is GOD:H1, not '{t}'")
        chosen[god.strip().lower()] = where.strip().lower()
    options: dict[str, Any] = {"players": ps}
    if chosen:
        options["temples"] = chosen
    store = context.get().store()
    options["champions"] = _champions(store, champions, [p["god"] for p in ps])
    if board_file:
        options["board"] = _board(board_file)
    start(GAME, options, seed=seed, name=name, dry_run=dry_run)


# -- Deployment and the Play Phase ------------------------------------------------------

@action_command(group, "isle", prepare=_with_stats)
@click.argument("isle")
@click.argument("card")
def isle(isle: str, card: str) -> dict:
    """Put the Epic card CARD face up on ISLE (isle1-isle5).

    At setup every Isle waits for a card, and Deployment cannot end until each
    of the five has one; from Day 2, Daybreak asks for one on each Isle left
    with no card and no minion. Only an Epic minion (one with a Disposition in
    the card library) lies on an Isle, and never a card already in play (each
    Epic card exists once).
    Example: `isle isle1 Myrina`.
    """
    return {"verb": "isle", "isle": isle, "card": card}


@action_command(group, "deploy", prepare=_with_many)
@click.argument("god")
@click.argument("cards", nargs=-1, required=True)
def deploy(god: str, cards: tuple[str, ...]) -> dict:
    """Deployment: GOD puts minion CARDS from hand on their temple (four at most).

    Only before Day 1; players may deploy in any order and more than once.
    An Epic card lying on an Isle, or already in play, is not in a hand.
    Example: `deploy ares "Hoplite Warrior" Centaur`.
    """
    return {"verb": "deploy", "god": god, "cards": list(cards)}


@action_command(group, "next")
@click.argument("god", required=False, metavar="[PLAYER]")
def next_(god: str | None) -> dict:
    """End Deployment (once each Isle has its Epic card), a phase, or the day.

    Play Phases go in turn order, then Action Phases; after the last Action
    Phase, Dusk scores the city and Daybreak starts the next day (the first
    player passes clockwise, Isles ask for cards, Zeus' Pity is announced).
    After the Dusk of Day 5 the Contest ends and the winner is named.
    `next PLAYER` (a name or god) ends only that player's phase: a `next`
    too many is refused instead of ending the next player's phase.
    """
    return {"verb": "next", "god": god}


@action_command(group, "play", prepare=_with_stats)
@click.argument("god")
@click.argument("card")
@click.option("--replace", metavar="SLOT", help=REPLACE)
def play(god: str, card: str, replace: str | None) -> dict:
    """Play Phase: GOD plays minion CARD onto their temple.

    With four minions in play, --replace names the one sent to Hades (never a
    cursed one) or 'new'. An Epic card lying on an Isle, or already in play,
    cannot be played. Example: `play athena Centaur --replace 2`.
    """
    return {"verb": "play", "god": god, "card": card, "replace": replace}


@action_command(group, "attach")
@click.argument("god")
@click.argument("card")
@click.option("--to", "to", required=True, metavar="MINION", help="The minion it goes on.")
@click.option("--as", "as_", required=True, help="What kind of card it is.",
              type=click.Choice(["blessing", "curse", "mount", "offering"], case_sensitive=False))
@click.option("--mod", metavar="atk=+1,def=+1,cun=+2,tac=+1,swift",
              help="What it changes on the minion's stats, as the card says.")
def attach(god: str, card: str, to: str, as_: str, mod: str | None) -> dict:
    """Play Phase: GOD attaches CARD to a minion.

    A curse goes on an opposing minion, never on a champion; a mount on your
    own Hero, an offering on your own Monster (a new one replaces the old);
    one card of a name per minion.
    Example: `attach ares "Spear of Ares" --to ares:1 --as blessing --mod atk=+1`.
    """
    return {"verb": "attach", "god": god, "card": card, "to": to, "as": as_.lower(), "mod": mod}


# -- the Action Phase -----------------------------------------------------------------

@action_command(group, "move")
@click.argument("minion")
@click.argument("to")
@click.argument("to2", required=False)
@click.option("--effect", is_flag=True,
              help="Moved by a card's effect: no action spent, not adjacency-bound.")
def move(minion: str, to: str, to2: str | None, effect: bool) -> dict:
    """Move MINION to the adjacent location TO (one action).

    The Port reaches every Isle; an Isle leads only back to the Port. A Swift
    minion's first move of the day may go on to TO2. Leaving a location with
    opposing minions (not the Port) offers them an opportunity attack first.
    Example: `move ares:2 port isle1`.
    """
    return {"verb": "move", "minion": minion, "to": to, "to2": to2, "effect": effect or None}


@action_command(group, "oa")
@click.argument("minion")
@click.option("--dice", help=DICE)
@click.option("--favor/--no-favor", default=True, help=FAVOR)
@click.option("--bonus", type=int, default=0, help="Extra dice from a card.")
@godly_option
def oa(minion: str, dice: str | None, favor: bool, bonus: int, godly: bool | None) -> dict:
    """Answer a pending opportunity attack: MINION attacks the fleeing minion.

    An Attack check without Tactics, and the fleeing minion does not
    retaliate; a slaughter is still possible. One per minion per day.
    Example: `oa athena:2 --dice s-g`.
    """
    return {"verb": "oa", "minion": minion, "dice": dice, "favor": favor,
            "bonus": bonus or None, "godly": godly}


@action_command(group, "pass")
@click.argument("god", nargs=-1, metavar="[GOD...|all]")
def pass_(god: tuple[str, ...]) -> dict:
    """Answer a pending opportunity attack: no attack.

    GOD (optional) is the player passing, checked against the one asked;
    the next player in turn order with a minion there able to attack is
    asked in turn (a player with none is never asked). `pass all` declines
    for everyone still to be asked, each pass recorded in the log.
    """
    return {"verb": "pass", "god": (god[0] if len(god) == 1 else list(god)) if god else None}


@action_command(group, "attack")
@click.argument("minion")
@click.argument("target")
@click.option("--dice", help=DICE)
@click.option("--retaliation", help="The retaliation's typed faces; rolled if omitted.")
@click.option("--favor/--no-favor", default=True, help=FAVOR)
@click.option("--bonus", type=int, default=0,
              help="Extra attack dice from a card (may be negative).")
@click.option("--retaliation-bonus", type=int, default=0, help="Extra retaliation dice.")
@godly_option
def attack(minion: str, target: str, dice: str | None, retaliation: str | None, favor: bool,
           bonus: int, retaliation_bonus: int, godly: bool | None) -> dict:
    """MINION attacks TARGET at the same location (one action).

    Each side adds the Tactics of its other minions there. Successes >=
    Defense kill; 3 or more over Defense slaughter (no retaliation, +1 glory,
    Olympus' Favor; never a champion). Otherwise TARGET retaliates; both may
    fall. Example: `attack ares:c athena:1 --dice ssg-- --retaliation s-`.
    """
    return {"verb": "attack", "minion": minion, "target": target, "dice": dice,
            "retaliation": retaliation, "favor": favor, "bonus": bonus or None,
            "retaliation_bonus": retaliation_bonus or None, "godly": godly}


@action_command(group, "recruit")
@click.argument("minion")
@click.option("--dice", help=DICE)
@click.option("--replace", metavar="SLOT", help=REPLACE)
@godly_option
def recruit(minion: str, dice: str | None, replace: str | None, godly: bool | None) -> dict:
    """MINION tries to recruit the Epic card on its Isle (one action).

    A Cunning check: successes >= the card's Disposition recruit it (+1
    glory); it joins at the Isle, exhausted today. With four minions in play,
    --replace (or a `replace` answer) says which goes to Hades.
    Example: `recruit ares:2 --dice s-`.
    """
    return {"verb": "recruit", "minion": minion, "dice": dice, "replace": replace,
            "godly": godly}


@action_command(group, "replace")
@click.argument("slot")
def replace(slot: str) -> dict:
    """Answer the four-minion limit: SLOT (1-4) goes to Hades, or 'new' (the minion entering).

    A cursed minion cannot be sent to Hades this way.
    """
    return {"verb": "replace", "slot": slot}


# -- card effects (the Golden Rule: the card's text wins) --------------------------------

@action_command(group, "kill")
@click.argument("minion")
@click.option("--by", metavar="GOD", help="The player whose card killed it (gains the glory).")
@click.option("--reason", required=True, help="The card or effect.")
@click.option("--slaughter", is_flag=True,
              help="The card slaughters it (+1 glory; not a champion).")
def kill(minion: str, by: str | None, reason: str, slaughter: bool) -> dict:
    """A card's effect kills MINION (glory to --by: 1, a champion 2, +1 slaughter).

    A champion is never removed: it goes back to its temple, attachments to
    Hades. Example: `kill athena:2 --by hermes --reason Trickster`.
    """
    return {"verb": "kill", "minion": minion, "by": by, "reason": reason,
            "slaughter": slaughter or None}


@action_command(group, "glory", context_settings={"ignore_unknown_options": True})
@click.argument("god")
@click.argument("delta")
@click.option("--reason", required=True, help="The card or effect.")
def glory(god: str, delta: str, reason: str) -> dict:
    """A card changes GOD's glory by DELTA (+2, -1); the track stops at 0.

    Example: `glory athena +3 --reason "Zeus card"`.
    """
    return {"verb": "glory", "god": god, "delta": delta, "reason": reason}


@action_command(group, "favor")
@click.argument("minion")
def favor(minion: str) -> dict:
    """A card gives Olympus' Favor to MINION ('none' returns it to Olympus).

    One minion holds it at a time; its dice are Godly (g succeeds too).
    """
    return {"verb": "favor", "minion": minion}


@action_command(group, "check")
@click.argument("minion")
@click.argument("stat", type=click.Choice(["attack", "defense", "cunning", "tactics"],
                                          case_sensitive=False))
@click.option("--need", type=click.IntRange(0, 99), help="Successes the card asks for.")
@click.option("--against", metavar="MINION", help="A competing check against this minion.")
@click.option("--dice", help=DICE)
@click.option("--against-dice", help="The other minion's typed faces.")
@godly_option
def check(minion: str, stat: str, need: int | None, against: str | None, dice: str | None,
          against_dice: str | None, godly: bool | None) -> dict:
    """A stat check a card calls for: one die per point of STAT.

    Alone, against --need successes, or a competing check --against another
    minion (most successes wins; a tie has no winner). Spends no action and
    changes nothing on the board. Example: `check ares:c cunning --need 2`.
    """
    return {"verb": "check", "minion": minion, "stat": stat.lower(), "need": need,
            "against": against, "dice": dice, "against_dice": against_dice, "godly": godly}


# -- views and calculators ------------------------------------------------------------

@group.command("ledger")
@json_option
def ledger() -> None:
    """The glory ledger: every gain with its day and reason."""
    from referee.cli.common import load_current
    from referee.games.kleos import state as st

    ref = context.get()
    sid, loaded = load_current(GAME)
    entries = loaded.state["ledger"]
    if ref.as_json:
        output.emit_json(output.envelope({"ledger": entries}, sid, loaded.state_json()))
        return
    if not entries:
        click.echo("No glory gained yet.")
        return
    rows = [[e["day"], st.who(loaded.state, e["god"]), f"{e['delta']:+d}", e["reason"]]
            for e in entries]
    click.echo(output.table(["day", "player", "glory", "reason"], rows))
    totals = ", ".join(f"{st.who(loaded.state, g)} {v}" for g, v in loaded.state["glory"].items())
    click.echo(f"Totals: {totals}")


@calculator(group, "odds")
@click.option("--dice", "n", type=click.IntRange(0, 200), required=True, help="Dice rolled.")
@click.option("--need", type=click.IntRange(0, 200), required=True, help="Successes needed.")
@click.option("--godly", is_flag=True, help="Godly dice: the godly face succeeds too.")
def odds(n: int, need: int, godly: bool) -> None:
    """Chance of at least NEED successes on N dice (no session needed)."""
    from scorers import kleos as sc

    result = sc.odds(n, need, godly)
    emit_calculation(result, f"P(at least {need} successes on {n} {'Godly ' if godly else ''}"
                             f"dice) = {result['exact']} ≈ {result['probability']:.1%}")


@calculator(group, "combat")
@click.option("--attack", type=click.IntRange(0, 99), required=True, help="The attacker's Attack.")
@click.option("--defense", type=click.IntRange(0, 99), required=True, help="The target's Defense.")
@click.option("--tactics", type=click.IntRange(-99, 99), default=0, help="The Tactics tally.")
@click.option("--bonus", type=click.IntRange(-99, 99), default=0,
              help="Other bonuses or penalties.")
@click.option("--godly", is_flag=True, help="Godly dice (Olympus' Favor).")
@click.option("--champion", is_flag=True, help="The target is a champion (never slaughtered).")
def combat(attack: int, defense: int, tactics: int, bonus: int, godly: bool,
           champion: bool) -> None:
    """Chances to kill and to slaughter with one Attack check (no session needed)."""
    from scorers import kleos as sc

    r = sc.combat(attack, defense, tactics, bonus, godly, champion)
    emit_calculation(r, f"{r['dice']} {'Godly ' if godly else ''}dice against Defense {defense}: "
                        f"kill {r['exact']['kill']} ≈ {r['kill']:.1%}, slaughter "
                        f"{r['exact']['slaughter']} ≈ {r['slaughter']:.1%}"
                        + (" (a champion is never slaughtered)" if champion else ""))
