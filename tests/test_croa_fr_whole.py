"""A whole Crôa! game in French leaves no English behind (issue 27).

Every message the catalog knows has its French (test_i18n walks the catalog); here a French
table plays examples/croa-fr.txt through the shell, then asks for everything a table asks for
around a game (hint, status, the log, cards, rules, odds, every --help, mistakes Click catches,
refusals, the chat summary, the report), and the output must hold neither a fixed piece of an
English message of the catalog nor an English sentence at all (English's small words: `the`,
`and`, `with`... which French never writes). The log keeps its English action words, which
this does not count: they are what a table types (and the record), not sentences.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from referee.model import i18n, registry, view

babel = pytest.importorskip("babel")  # the `check` extra

ROOT = Path(__file__).resolve().parent.parent
PO = ROOT / "referee" / "locale" / "fr" / "LC_MESSAGES" / "referee.po"
OTHER_GAMES = tuple(g for g in [*registry.GAMES, *registry.TEST_GAMES] if g != "croa")  # their words stay English

# English's small words, which French never writes (a player's name or a log's action word is
# none of them)
ENGLISH_WORDS = re.compile(r"\b(the|The|and|with|is|are|was|were|has|have|your|you|which|this|"
                           r"should|could|would|cannot|there|when|only|from|into|of|Show|Try|New|game|games|"
                           r"turn|turns|draws|dice|yet|winner|queen|servant|colony|eliminated|stuck)\b")
ENGLISH_PIECES = ["Usage:", "Commands:", "Error:", "error:", "rule:", "refused:",
                  "Head of the record", "tile(s)", "frog(s)", "action(s)"]


@pytest.fixture(autouse=True)
def french(monkeypatch):
    for var in ("REFEREE_LANG", "LC_ALL", "LC_MESSAGES", "LANGUAGE"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    monkeypatch.setenv("COLUMNS", "100")
    i18n.set_language(None)
    yield
    i18n.set_language(None)


def _cli(args: list[str]) -> str:
    from referee.cli import cli
    from referee.cli.run import invoke

    runner = CliRunner()
    with runner.isolation() as streams:
        invoke(cli, args)
        return streams[0].getvalue().decode() + streams[1].getvalue().decode()


def _help_of_every_command() -> list[list[str]]:
    """`--help` of the root, of every command and subcommand (the other games' verbs aside)."""
    from referee.cli import cli

    paths: list[list[str]] = []

    def walk(cmd: click.Command, path: list[str]) -> None:
        paths.append([*path, "--help"])
        if isinstance(cmd, click.Group):
            ctx = click.Context(cmd, info_name=(path or ["referee"])[-1])
            for name in cmd.list_commands(ctx):
                if not path and name in OTHER_GAMES:
                    continue
                sub = cmd.get_command(ctx, name)
                if sub is not None and not sub.hidden:
                    walk(sub, [*path, name])

    walk(cli, [])
    return paths


def english_pieces() -> set[str]:
    """The fixed pieces (between placeholders) of every English message of the catalog, four
    words or longer, that its French does not keep as they are (a command in backquotes)."""
    from babel.messages.pofile import read_po

    with PO.open("rb") as fh:
        catalog = read_po(fh)
    pieces: set[str] = set()
    for m in catalog:
        if not m.id:
            continue
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        french = " ".join(m.string if isinstance(m.string, tuple) else (m.string,))
        for text in ids:
            for piece in re.split(r"\{[^}]*\}|`[^`]*`|\n", text):
                piece = piece.strip(" .,;:()'\"")
                if len(re.findall(r"[A-Za-z]{2,}", piece)) >= 4 and piece not in french:
                    pieces.add(piece)
    return pieces


def _said(text: str) -> str:
    """The output without what is not a sentence: the lines typed (echoed by the shell), the
    script's French comments, and the log's English action words (the record's)."""
    from referee.model import registry

    test_games = [game.help.split(":")[0] + ":" for game in registry.TEST_GAMES.values()]
    kept = []
    for line in text.splitlines():
        if line.startswith(("croa> ", "#")) or any(name in line for name in test_games):
            continue  # a typed line, a comment, or the root help's line for a game only the tests play
        line = re.sub(r'(?:^|\| )\d+\s+(?:[A-Z]\w*\s+)?(new|move|bounce|mosquito|pass|remove|card)\b.*?(?=  |\||$)',
                      "", line)  # a log line, its player column or not
        line = re.sub(r"#\d+ (new|move|bounce|mosquito|pass|remove|card)\b[^,]*", "", line)  # an action undone or redone
        line = re.sub(r"\| (move|bounce|mosquito|pass|remove|card) [^|]*", "| ", line)  # a report's log cell
        line = re.sub(r"^\s*card \w+( \w+=\S+)*\s*$", "", line)  # a log line wrapped onto its own
        line = re.sub(r"^\s+\w+( \w+=[^\s,]+)+,", "", line)  # an undone action's words wrapped onto the next line
        line = re.sub(r"--[\w-]+", "", line)  # an option's name
        line = re.sub(r"/\S+", "", line)  # a file's path
        line = re.sub(r"`[^`]*`", "", line)  # a command quoted, as typed
        line = re.sub(r"\b[a-h][1-8]:(servant|queen)\b", "", line)  # a frog as the log writes it
        kept.append(line)
    return "\n".join(kept)


@pytest.fixture(scope="module")
def transcript(tmp_path_factory) -> str:
    """Everything a French table sees in one game (built once: the shell, then the CLI)."""
    mp = pytest.MonkeyPatch()
    tmp = tmp_path_factory.mktemp("fr")
    db = tmp / "referee.db"
    mp.setenv("REFEREE_DB", str(db))
    mp.setenv("LANG", "fr_FR.UTF-8")
    mp.setenv("COLUMNS", "100")
    for var in ("REFEREE_LANG", "LC_ALL", "LC_MESSAGES", "LANGUAGE", "REFEREE_SESSION"):
        mp.delenv(var, raising=False)
    i18n.set_language(None)
    try:
        parts = [_cli(["croa", "move", "a1", "a2"]), _cli(["log"]), _cli(["show", "croa-9"])]  # no game yet
        parts.append(_shell(db))
        for line in ("undo --steps 3", "croa hint", "croa status", "croa pond", "croa deplacer c2 d3",
                     "croa passer", "redo --steps 3", "croa hint", "log", "log -v", "show", "croa cards",
                     "croa rules", "croa rules vase", "croa rules zzz", "croa odds b",
                     "export --format summary", "export --format md", f"report -o {tmp / 'r.md'}",
                     f"report -o {tmp / 'r.html'}", "sessions --all", "sessions --game kleos", "stats",
                     "verify", "croa nosuch", "croa move", "croa deplacer a1 a2", "crao",
                     "croa move a1 a2 --tiel x", "undo --steps x"):
            parts.append(_cli(line.split()))
        parts.append((tmp / "r.md").read_text(encoding="utf-8"))
        page = (tmp / "r.html").read_text(encoding="utf-8")
        page = re.sub(r"<(style|svg)\b.*?</\1>", "", page, flags=re.S)  # the chart's own labels are checked apart
        parts.append(re.sub(r"<[^>]+>", "\n", page))
        parts += [_cli(path) for path in _help_of_every_command()]
        parts += _around_the_game(tmp)
    finally:
        mp.undo()
        i18n.set_language(None)
    return "\n".join(parts)


def _around_the_game(tmp: Path) -> list[str]:
    """What a French table meets around its finished game: the CSV's columns, the live page,
    a league, a push to the club's store, corrections (tried and refused, then made) and the
    log that keeps them."""
    parts = [_cli(["export", "--format", "csv"]).splitlines()[0], _served_page(), _banner()]
    for line in ("league new Été --game croa", "league add Été croa-1", "league add Été croa-1",
                 "league standings Été", "league standings Hiver", "league new Été --game croa",
                 "league new X --game croa --points win=a", "league add Été nosuch",
                 f"push --to {tmp / 'club.db'}", f"push --to {tmp / 'club.db'}", "push croa-1 --all --to x",
                 "strike 1 --dry-run", "strike 1 --dry-run --cut", "amend 99 -- move a1 a2", "amend 1 --",
                 "amend 1 -- pond", "amend 1 --dry-run -- move a2 a3 -t vase", "insert 0 -- pass"):
        parts.append(_cli(line.split()))
    (tmp / "notes.txt").write_text("not a store\n", encoding="utf-8")
    _cli(["croa", "new", "--player", "Ann:red", "--player", "Bob:blue", "--seed", "1"])
    for line in ("croa move a2 a3 -t roseaux", "croa move h7 g6 -t vase",
                 "amend 1 --reason oubli -- move a2 b2 -t roseaux", "strike 2 --reason erreur",
                 "insert 2 -- move h7 h6 -t roseaux", "log --all", "sessions --all",
                 "sessions delete croa-2 --yes", "show croa-2", "log croa-2", "sessions restore croa-2",
                 "show croa-1 --session croa-1", "undo --steps 0", "croa --session croa-1 status",
                 f"export croa-1 --format csv -o {tmp / 'r.md'}", f"export croa-1 --format csv -o {tmp}",
                 "verify croa-1 --head xyz", "verify --all --head 0123456789abcdef",
                 f"export croa-1 --format json -o {tmp / 'g.json'}", f"import {tmp / 'g.json'}",
                 f"import {tmp / 'notes.txt'}", "export --format pgn"):
        parts.append(_cli(line.split()))
    for store in (tmp, tmp / "notes.txt"):  # a folder, a file of another kind: storage errors
        parts.append(_cli(["--db", str(store), "sessions"]))
    return parts


def _served_page() -> str:
    """The live page of `referee serve` as a phone gets it (its words, without its style and
    script), for the finished game, the chooser and the page of a missing table."""
    from referee.cli.web import app, page
    from referee.record import session
    from referee.record.stores import open_store

    store = open_store(os.environ["REFEREE_DB"], readonly=True)
    try:
        fragments = [page.table_fragment(session.load(store, "croa-1")), page.chooser_fragment([], "/t/"),
                     app.render_key(store, "s:croa-9", None, "/t/")]
    finally:
        store.close()
    text = "\n".join(page.document(title, fragment, "v", "/t/events") for title, fragment in fragments)
    assert '<html lang="fr">' in text
    text = re.sub(r"<(style|script)\b.*?</\1>", "", text, flags=re.S)
    return re.sub(r"<[^>]+>", "\n", text)


def _banner() -> str:
    import contextlib
    import io

    from referee.cli.serve import banner

    class Code:  # the QR code's own drawing is no text
        def terminal(self, out, compact: bool, border: int | None = None) -> None:
            pass

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        for host in ("127.0.0.1", "0.0.0.0"):
            banner("http://h/t/", host, Code(), Path("qr.svg"), None)
        banner("http://h/t/", "::", Code(), None, "croa-1")
    return out.getvalue()


def _shell(db: Path) -> str:
    import contextlib
    import io

    from referee.cli.context import Referee
    from referee.cli.shell import Shell

    ref = Referee()
    ref.configure(str(db), None, False)
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        shell = Shell(ref, game="croa")
        with (ROOT / "examples" / "croa-fr.txt").open(encoding="utf-8") as script:
            shell.run_script(script)
        for line in ("help", "help move", "help use", "frobnicate", 'move "a1', "set board maybe", "use croa"):
            shell.execute(line)
        bar = shell.toolbar()
    ref.close()
    return out.getvalue() + err.getvalue() + bar


def test_whole_game_in_french_holds_no_english_message_of_the_catalog(transcript):
    said = _said(transcript)
    left = sorted(piece for piece in english_pieces() if piece in said)
    assert not left, f"English messages left in the French game: {left[:20]}"


def test_whole_game_in_french_holds_no_english_sentence(transcript):
    said = _said(transcript)
    left = [line for line in said.splitlines() if ENGLISH_WORDS.search(line)]
    left += [piece for piece in ENGLISH_PIECES if piece in said]
    assert not left, "English left in the French game:\n" + "\n".join(left[:40])


def test_whole_game_in_french_is_the_english_game(transcript):
    """The French game ends as examples/croa.txt does, and speaks French all along."""
    assert "Il ne reste que la Reine d'Ann\u00a0: Ann gagne\u202f!" in transcript
    assert "Afficher ce message et quitter." in transcript  # Click's own words
    assert "Usage\u00a0: referee croa move" in transcript and "Erreur\u00a0: Argument manquant" in transcript
    assert "Pas de commande 'nosuch'." in transcript


def test_json_refusal_names_its_rule_in_english_and_in_the_table_s_language(db):
    import json

    assert _cli(["croa", "new", "--player", "Ann:red", "--player", "Bob:blue", "--seed", "1"])
    _cli(["croa", "move", "a2", "a3", "-t", "roseaux"])
    _cli(["croa", "move", "h7", "g6", "-t", "vase"])
    _cli(["croa", "move", "a1", "a2", "-t", "roseaux"])
    error = json.loads(_cli(["--json", "croa", "move", "g6", "f5", "-t", "ros"]))["error"]
    assert error["rule"] == "Mud (vase): a stuck frog cannot move on its owner's next turn"
    assert error["rule_text"].startswith("La Vase\u00a0: ")
    assert error["message"].startswith("la grenouille en g6 est enlisée")


def test_french_numbers_dates_and_plurals():
    i18n.set_language("fr")
    assert i18n.number(1234567) == "1\u202f234\u202f567" and i18n.number(0.5, 1) == "0,5"
    assert i18n.percent(0.0625) == "6,2\u00a0%"
    assert i18n.day("2026-12-01") == "1er déc. 2026" and i18n.day("2026-03-14 20:05") == "14 mars 2026 20:05"
    assert i18n.ngettext("{zone} pile: {n} tile left", "{zone} pile: {n} tiles left", 1) == "La pioche {zone}\u00a0: {n} tuile restante"
    i18n.set_language("en")
    assert i18n.number(1234.5, 1) == "1,234.5" and i18n.percent(0.25) == "25.0%" and i18n.day("2026-12-01") == "2026-12-01"


def test_compact_view_colony_lines_in_french():
    from referee.record import session
    from referee.testing import Table

    i18n.set_language("fr")
    t = Table("croa", "--player Ann:red --player Bob:blue")
    t.ok("move a2 a3 -t roseaux")
    loaded = session.load(t.store, t.sid)
    lines = loaded.engine.screens.compact(loaded.state).splitlines()
    assert "1 Ann (rouge, R/r) attend · reine a1 · mare 2 · réserve 4 · mâles 123456" in lines
    assert "2 Bob (bleu, B/b) à jouer · reine h8 · mare 2 · réserve 4 · mâles 123456" in lines
    assert not [line for line in lines if ENGLISH_WORDS.search(line)]
    assert view.text(loaded.records[0]["events"][0]) == "Nouvelle partie\u00a0: Crôa!"  # said when read


def test_json_refusal_in_english_is_as_it_was(db):
    import json

    i18n.set_language("en")
    _cli(["croa", "new", "--player", "Ann:red", "--player", "Bob:blue", "--seed", "1"])
    error = json.loads(_cli(["--lang", "en", "--json", "croa", "move", "a1", "c3", "-t", "reeds"]))["error"]
    assert set(error) == {"kind", "message", "rule"}


def test_csv_export_names_its_columns_in_french_and_in_english_with_lang_en(db):
    """A spreadsheet's columns in the table's language; `--lang en` keeps the English names
    (stable for tools); the record's own words (verbs, fields, draws) stay as recorded."""
    import csv
    import io

    _cli(["croa", "new", "--player", "Ann:red", "--player", "Bob:blue", "--seed", "1"])
    _cli(["croa", "move", "a2", "a3", "-t", "roseaux"])
    french = list(csv.reader(io.StringIO(_cli(["export", "--format", "csv"]))))
    assert french[0][:5] == ["numéro", "heure", "tour", "joueur", "verbe"]
    assert french[0][-4:] == ["origine_tirages", "grenouilles_Ann", "grenouilles_Bob", "tête"]
    assert "tirage_tuile_a3" in french[0] and french[1][4] == "new" and french[2][4] == "move"
    assert "faux" in french[1]  # a yes/no cell (new --digital not given)
    english = list(csv.reader(io.StringIO(_cli(["--lang", "en", "export", "--format", "csv"]))))
    assert english[0][:5] == ["number", "time", "turn", "player", "verb"]
    assert english[0][-4:] == ["results_from", "frogs_Ann", "frogs_Bob", "head"]
    assert "result_tile_a3" in english[0] and "false" in english[1]
    assert [row[5:-1] for row in english[1:]] == [
        [{"faux": "false", "vrai": "true"}.get(c, c) for c in row[5:-1]] for row in french[1:]]
