"""`referee kleos card ...`: the Kleos minion card library, kept in the store across sessions
(still written by hand; the generated `referee kleos` group mounts it, as its declaration
says: referee/games/kleos/commands.py). The store is reached only through the record
layer's `Library`."""

from __future__ import annotations

import click

from referee.cli import context, output
from referee.cli.common import emit_calculation, json_option
from referee.games.kleos.cards import GODS
from referee.model.errors import InputError
from referee.record.library import Library

GAME = "kleos"
KIND = "minion"


def _library() -> Library:
    return Library(context.get().store(), GAME, KIND)


@click.group("card", context_settings={"help_option_names": ["-h", "--help"]})
def group() -> None:
    """The minion card library, kept in the store across sessions.

    The rulebook prints only a few facts about a few cards (e.g. Myrina's
    Disposition 1, the Minotaur's Hunter +2/+1); type each card's printed
    stats once with `card add`, and every session after that can name it.
    """



@group.command("add")
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
    _library().put(card["name"], dict(card))
    emit_calculation({"card": card}, f"Card library: {cards.describe(card)}")


@group.command("list")
@json_option
def card_list() -> None:
    """The cards in the library, and what the rulebook itself says about named cards."""
    from referee.games.kleos import cards

    lib = _library().cards()
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


@group.command("import")
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
    store = _library()
    before = store.cards()
    known = {n.lower() for n in before}
    replaced = [c["name"] for c in found if c["name"].lower() in known]
    if not dry_run:
        store.put_many({c["name"]: c for c in found})
    emit_calculation({"imported": len(found), "replaced": replaced, "cards": found, "dry_run": dry_run},
                     ("(dry run: nothing stored) " if dry_run else "")
                     + f"Card library: {len(found)} card(s) imported from {file}"
                     + (f" ({len(replaced)} replaced: {', '.join(replaced)})" if replaced else "") + ".")


@group.command("export")
@click.option("-o", "--output", "out", type=click.Path(dir_okay=False), help="Write to this file (else print).")
@FORMAT
@click.option("--force", is_flag=True, help="Overwrite an existing file.")
@json_option
def card_export(out: str | None, fmt: str | None, force: bool) -> None:
    """Write the card library as TOML (default) or CSV, for `card import` on another store."""
    from referee.after import export
    from referee.games.kleos import library_file

    lib = list(_library().cards().values())
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


@group.command("remove")
@click.argument("name")
@json_option
def card_remove(name: str) -> None:
    """Take a card out of the library. Sessions keep the stats they copied when it was played."""
    from difflib import get_close_matches

    store = _library()
    removed = store.delete(name)
    if removed is None:
        names = list(store.cards())
        close = get_close_matches(name.strip(), names, n=3, cutoff=0.5)
        hint = f" (did you mean {' or '.join(repr(n) for n in close)}?)" if close else ""
        raise InputError(f"no card '{name}' in the card library{hint}; see `referee kleos card list`")
    emit_calculation({"removed": removed}, f"Card library: {removed} removed.")


