"""The table's language (issue 27): gettext catalogs, the language choice, Crôa! in French.

The French catalog must cover every message extracted from the code (babel.cfg), each `.mo`
must be its `.po` compiled, and a French game must print no English sentence, while its log
keeps the English words so it replays like any other.
"""

from __future__ import annotations

import gettext
import io
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from example_runner import run_example

from referee.model import i18n
from referee.record import session
from referee.testing import Table

babel = pytest.importorskip("babel")  # the `check` extra

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "referee" / "locale"
PLAYERS = "--player Ann:red --player Bob:blue"


@pytest.fixture(autouse=True)
def english_unless_told(monkeypatch):
    """Each test starts from the environment it sets (and no --lang left over)."""
    for var in ("REFEREE_LANG", "LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        monkeypatch.delenv(var, raising=False)
    i18n.set_language(None)
    yield
    i18n.set_language(None)


def _po(lang: str = "fr"):
    from babel.messages.pofile import read_po

    with (LOCALE / lang / "LC_MESSAGES" / "referee.po").open("rb") as fh:
        return read_po(fh)


def _extracted() -> set[tuple[str | None, str]]:
    """Every message the code marks (the same method map and keywords as babel.cfg)."""
    from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
    from babel.messages.frontend import parse_mapping_cfg

    with (ROOT / "babel.cfg").open(encoding="utf-8") as fh:
        method_map, options_map = parse_mapping_cfg(fh)
    keywords = {**DEFAULT_KEYWORDS, "N_": None, "NC_": ((1, "c"), 2), "msg": None, "nmsg": (1, 2),
                "pmsg": ((1, "c"), 2)}
    found = set()
    for _file, _line, message, _comments, context in extract_from_dir(
            str(ROOT), method_map, options_map, keywords=keywords):
        found.add((context, message[0] if isinstance(message, tuple) else message))
    return found


# -- the catalogs -----------------------------------------------------------------------------

def test_catalog_every_message_the_code_marks_is_in_the_french_po():
    po = {(m.context, m.id[0] if isinstance(m.id, tuple) else m.id) for m in _po() if m.id}
    missing = sorted(_extracted() - po, key=str)
    assert not missing, f"messages without a French entry (run pybabel extract/update): {missing}"


def test_catalog_every_french_entry_has_its_translation_with_the_same_placeholders():
    for m in _po():
        if not m.id:
            continue
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        strs = m.string if isinstance(m.string, tuple) else (m.string,)
        assert all(strs), f"no French for {ids[0]!r}"
        want = set(re.findall(r"\{(\w+)\}", ids[-1]))
        for s in strs:
            assert set(re.findall(r"\{(\w+)\}", s)) <= want | set(re.findall(r"\{(\w+)\}", ids[0])), (
                f"{s!r} names a placeholder {ids[0]!r} does not give")
        assert not m.fuzzy, f"{ids[0]!r} is marked fuzzy"


def test_catalog_each_mo_is_its_po_compiled():
    from babel.messages.mofile import write_mo

    for po_path in sorted(LOCALE.glob("*/LC_MESSAGES/referee.po")):
        from babel.messages.pofile import read_po

        with po_path.open("rb") as fh:
            catalog = read_po(fh)
        fresh = io.BytesIO()
        write_mo(fresh, catalog)
        fresh.seek(0)
        with po_path.with_suffix(".mo").open("rb") as fh:
            committed = gettext.GNUTranslations(fh)
        compiled = gettext.GNUTranslations(fresh)
        def messages(t: gettext.GNUTranslations) -> dict:
            return {k: v for k, v in t._catalog.items() if k != ""}  # type: ignore[attr-defined]

        stale = f"{po_path.with_suffix('.mo')} is stale: run `pybabel compile -d referee/locale -D referee`"
        assert messages(committed) == messages(compiled), stale  # the header's dates may differ
        assert [committed.plural(n) for n in range(4)] == [compiled.plural(n) for n in range(4)], stale


def test_catalog_is_shipped_as_package_data():
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert "locale/*/LC_MESSAGES/*.mo" in text
    assert (LOCALE / "fr" / "LC_MESSAGES" / "referee.mo").is_file()


# -- the language choice ----------------------------------------------------------------------

def test_language_english_is_the_default():
    assert i18n.language() == "en"
    assert i18n._("refused") == "refused"


@pytest.mark.parametrize("var", ["LANG", "LC_MESSAGES", "LC_ALL"])
def test_language_the_locale_chooses_french(monkeypatch, var):
    monkeypatch.setenv(var, "fr_FR.UTF-8")
    assert i18n.language() == "fr" and i18n._("refused") == "refusé"


def test_language_lc_all_wins_over_lang_and_referee_lang_over_both(monkeypatch):
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    monkeypatch.setenv("LC_ALL", "C.UTF-8")
    assert i18n.language() == "en"
    monkeypatch.setenv("REFEREE_LANG", "fr")
    assert i18n.language() == "fr"


def test_language_the_lang_option_wins_over_the_environment(monkeypatch, db):
    monkeypatch.setenv("REFEREE_LANG", "fr")
    code, _out, err = _cli(["--lang", "en", "croa", "move", "a2", "a3"])
    assert code == 3 and "refus" not in err  # no session yet: an English error


def test_plurals_as_french_counts_them():
    i18n.set_language("fr")
    one = "{name} loses {n} servant from {square} to the reserve."
    many = "{name} loses {n} servants from {square} to the reserve."
    assert i18n.ngettext(one, many, 1).format(name="Bob", n=1, square="b2").startswith("Bob perd 1 servante ")
    assert i18n.ngettext(one, many, 3).format(name="Bob", n=3, square="b2").startswith("Bob perd 3 servantes ")
    assert "0 servante " in i18n.ngettext(one, many, 0).format(name="Bob", n=0, square="b2")  # French: 0 is singular


# -- French words typed -----------------------------------------------------------------------

def _cli(args: list[str]) -> tuple[int, str, str]:
    from referee.cli import cli
    from referee.cli.run import invoke

    runner = CliRunner()
    with runner.isolation() as streams:
        code = invoke(cli, args)
        out, err = streams[0].getvalue().decode(), streams[1].getvalue().decode()
    return code, out, err


def _last_action(t: Table) -> dict:
    return session.load(t.store, t.sid).records[-1]["action"]


def test_french_words_tiles_typed_without_accents_and_by_prefix_are_logged_in_english():
    t = Table("croa", PLAYERS)
    t.ok("deplacer a2 a3 -t nenuphar")
    assert _last_action(t)["verb"] == "move" and _last_action(t)["tile"] == "lilypad"
    t.ok("rebond b3:mous")  # rebond = bounce; mous(tique) = mosquito
    assert _last_action(t)["to"] == "b3:mosquito"
    t.ok("moustique b1-c2:ros")  # ros(eaux) = reeds
    assert _last_action(t)["to"] == "c2:reeds"
    t.ok("déplacer h7 g6 -t Vase")
    assert _last_action(t)["tile"] == "mud"
    t.ok("deplacer a1 b2 -t mâle1")
    assert _last_action(t)["tile"] == "male1"


def test_french_words_a_frog_named_reine_or_servante_is_logged_as_queen_or_servant():
    t = Table("croa", PLAYERS)
    t.ok("move a2 a3 -t roseaux")
    t.ok("move h7 g6 -t roseaux")
    t.ok("move a1 b2 -t mâle1")  # a baby joins the queen on b2
    t.ok("move g6 f5 -t roseaux")
    t.ok("deplacer b2:servante c3 -t tronc")
    assert _last_action(t)["from"] == "b2:servant" and _last_action(t)["tile"] == "log"


def test_french_words_english_prefixes_keep_their_meaning():
    from referee.scorers.croa import parse_tile

    assert parse_tile("r") == "reeds" and parse_tile("mo") == "mosquito" and parse_tile("p") == "pike"
    assert parse_tile("ron") == "log" and parse_tile("t") == "log" and parse_tile("b") == "pike"
    assert parse_tile("NÉNU") == "lilypad" and parse_tile("v") == "mud"


def test_french_words_an_ambiguous_french_prefix_is_a_usage_error():
    t = Table("croa", PLAYERS)
    t.refused("deplacer a2 a3 -t ro", code=2, message="could be log or reeds")  # roseaux, rondin


# -- a refusal in French ----------------------------------------------------------------------

def test_mud_a_refusal_in_french_names_its_rule_in_french(db):
    assert _cli(["croa", "new", *PLAYERS.split(), "--seed", "1"])[0] == 0
    for line in ("move a2 a3 -t roseaux", "move h7 g6 -t vase", "move a1 a2 -t roseaux"):
        assert _cli(["croa", *line.split()])[0] == 0
    code, _out, err = _cli(["--lang", "fr", "croa", "deplacer", "g6", "f5", "-t", "ros"])
    assert code == 1
    assert "refusé\u00a0: la grenouille en g6 est enlisée dans la vase ce tour-ci" in err
    assert "règle\u00a0: La Vase\u00a0: une grenouille enlisée ne bouge pas au tour suivant de sa Colonie" in err
    assert "rule" not in err and "stuck" not in err


# -- the whole French example -----------------------------------------------------------------

ENGLISH = ["refused:", "  rule:", "to play", "is stuck", "stuck in the mud", "(revealed)",
           "must bounce", "Game over", "tiles still in the piles", "Undo done", "Redo done",
           "eliminated", "back to the reserve", "Turn ", "waiting", "No mosquito", "share b2",
           "started (seed", "the current croa session", "dice/draws", "makes a baby",
           "gains a servant", "is free of the mud", "wins!", "queen is the last",
           "frogs: capital", "tiles: Ly", "colony  colour", " left  "]


def _log_actions(loaded) -> list[dict]:
    return [r["action"] for r in loaded.records]


def _games(path) -> list[tuple[dict, list[dict]]]:
    """Each Crôa! session of a store, in order: its summary and its log's actions."""
    from referee.record import session
    from referee.record.store import Store

    store = Store(path, readonly=True)
    try:
        return [(loaded.summary, _log_actions(loaded))
                for loaded in (session.load(store, sid) for sid in ("croa-1", "croa-2"))]
    finally:
        store.close()


def test_example_in_french_ends_as_the_english_one_and_speaks_only_french(db, tmp_path, capsys,
                                                                          monkeypatch):
    english = run_example("croa", tmp_path / "en.db", capsys)
    with_cards = run_example("croa", tmp_path / "en.db", capsys, example="croa-cards")  # its second game
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    french = run_example("croa", db, capsys, example="croa-fr")
    assert [code for _line, code in french.codes] == [code for _line, code in english.codes + with_cards.codes]
    assert french.summary == with_cards.summary and french.summary["winners"] == ["Ann"]
    # both games, the second with the card module typed in French words only: one canonical log
    assert _games(db) == _games(tmp_path / "en.db")
    text = french.out + french.err
    log_lines = {line for line in text.splitlines() if re.match(r"^\d+\s+(new|move|bounce|mosquito|pass)", line)}
    said = "\n".join(line for line in text.splitlines() if line not in log_lines)
    left = [phrase for phrase in ENGLISH if phrase in said]
    assert not left, f"English left in the French game: {left}"
    assert "La Colonie de Bob est éliminée (la Servante d'Ann est arrivée sur la Reine de Bob)." in text
    assert "Partie terminée\u00a0: la Reine d'Ann est la dernière dans la mare." in text
    assert "La Reine d'Ann fait un bébé en b2 (jeton mâle1 défaussé)" in text
    # the second game: every card named by its French title, the colours in French
    for said in ("Bob joue Ça marche pas\u202f!", "Que la force... est annulée.",
                 "Coup de tonnerre\u00a0: la grenouille reste sur le nénuphar en a3",
                 "Une grenouille de plus\u00a0: une servante de Bob entre dans la mare en g7",
                 "Ann joue «\u00a0Tornade\u00a0», une carte que l'arbitre ne connaît pas",
                 "Bob joue Mégabond.", "La Colonie de Bob est éliminée (sa Reine a été mangée par le "
                 "brochet en f6)."):
        assert said in text, said


# -- help and manual --------------------------------------------------------------------------

def test_help_every_croa_help_text_has_its_french():
    import inspect

    import click

    from referee.cli import cli

    ctx = click.Context(cli, info_name="referee")
    group = cli.get_command(ctx, "croa")
    assert isinstance(group, click.Group)
    texts = [group.__dict__.get("_english_help", group.help)]
    for name in group.list_commands(ctx):
        cmd = group.get_command(ctx, name)
        assert cmd is not None
        for item in (cmd, *cmd.params):
            texts.append(item.__dict__.get("_english_help", getattr(item, "help", None)))
    french = {m.id for m in _po() if m.id and m.string}
    missing = [t for t in texts if t and inspect.cleandoc(t) not in french]
    assert not missing, f"--help texts of croa without French: {missing}"


def test_help_of_a_croa_verb_in_french(monkeypatch):
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    code, out, _err = _cli(["croa", "move", "--help"])
    assert code == 0 and "Le déplacement du tour" in out and "The turn's move" not in out
    code, out, _err = _cli(["--lang", "en", "croa", "move", "--help"])
    assert code == 0 and "The turn's move" in out


def test_manual_of_croa_in_french(monkeypatch):
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    code, out, _err = _cli(["manual", "croa"])
    assert code == 0 and "COMMANDES" in out and "Commencer une session de Crôa!" in out
    i18n.set_language(None)
    monkeypatch.setenv("LANG", "C.UTF-8")
    code, out, _err = _cli(["manual", "croa"])
    assert code == 0 and "COMMANDS" in out and "Start a Crôa! session" in out
