"""What a new user met on the graded walk-through of issue 37 (a fresh clone, 80x24, bash, zsh
and fish, all five games, French, the phone, after the game), each fixed where it is said:

- in `referee play`, a command pasted whole from the README or from a message (`referee kleos
  card import FILE`) runs instead of "no command 'referee'", and what the referee tells the
  table to type is said as the shell types it (`card add ...`, `verify --head ...`,
  `status --full`);
- a compact view says so in the table's language (`vue compacte` on a French table);
- what `undo`, `redo` and the shell's own errors say is wrapped between words at 80 columns,
  never cut inside a word by the terminal;
- `log` names who took each action in a game whose hands the referee dealt (the table's view
  hides the cards, which left the player column empty);
- `serve` tells phones to scan a code only when one is drawn;
- `hint` says once that the player's name follows the verb where it must be typed
  (Elysion's `take Ann 24`, shown as `Ann may take: 24 ...`), and Kleos's moves by a card's
  effect stay their own group instead of a note of twenty pairs;
- a French table reads a dealt Crôa! hand in its words (`mégabond`, `croa main Ann`);
- `sessions` shows no empty name column, so a session keeps one line at 80 columns."""

from __future__ import annotations

import json
import re

import midgame
import pexpect
import pytest
from click.testing import CliRunner
from test_elysion_shortcuts import _after_day_one
from test_screen_room import Terminal, _prompt_at_rest

from referee.cli import cli
from referee.cli.context import Referee
from referee.cli.shell import Shell
from referee.model import i18n


@pytest.fixture(autouse=True)
def _the_default_language():
    """A `--lang fr` run in this process sets the language for the next: each test starts in English."""
    i18n.set_language(None)
    yield
    i18n.set_language(None)


KLEOS_NEW = "new --player Ann:ares --player Bob:athena --champion ares=4/3/2/1 --champion athena=3/3/4/2"


def _shell(db, game: str) -> Shell:
    ref = Referee()
    ref.configure(str(db), None, False)
    return Shell(ref, game=game)


def _run(db, *args: str, columns: int | None = None):
    env = {"COLUMNS": str(columns)} if columns else {}
    result = CliRunner().invoke(cli, ["--db", str(db), *args], env=env)
    assert result.exit_code == 0, result.output
    return result.output


# -- the shell speaks as it is typed there -----------------------------------------------------

def test_shell_runs_a_command_pasted_with_referee_in_front(db, capsys):
    shell = _shell(db, "kleos")
    assert shell.execute(f"referee kleos {KLEOS_NEW}") == 0
    assert shell.execute("referee kleos card add Runner --stats 2/2/1/1") == 0
    out, err = capsys.readouterr()
    assert "Session kleos-1 started" in out and "no command" not in err
    assert "Runner" in _run(db, "kleos", "card", "list")


def test_shell_says_the_missing_kleos_cards_as_the_shell_types_them(db, capsys):
    shell = _shell(db, "kleos")
    assert shell.execute(KLEOS_NEW) == 0
    capsys.readouterr()
    assert shell.execute("hint") == 0
    out = capsys.readouterr().out
    assert "No minion card is known to deploy" in out
    assert "`card add NAME --stats A/D/C/T`" in out and "`card import FILE`" in out
    assert "`referee kleos" not in out
    # outside the shell the same line names the whole command
    assert "`referee kleos card add NAME --stats A/D/C/T`" in _run(db, "kleos", "hint")


def test_shell_names_the_head_of_the_record_check_as_the_shell_types_it(db, capsys):
    shell = _shell(db, "croa")
    shell.run_script(midgame.lines("croa"))
    out = capsys.readouterr().out
    assert "Game over · winner: Ann" in out
    head = re.search(r"Head of the record: ([0-9a-f]{16})", out).group(1)
    assert f"(keep it: `verify --head {head}` checks" in out and "`referee verify" not in out


def test_new_in_play_at_80x24_points_to_status_full_as_the_shell_types_it(tmp_path):
    t = Terminal(tmp_path / "referee.db", "play", "croa")
    assert t.wait(lambda: _prompt_at_rest(t, "croa> ")), t.lines
    t.child.send("new --player Ann:red --player Bob:blue --seed 1\r")
    assert t.wait(lambda: "Session croa-1 started" in t.text and _prompt_at_rest(t, "croa> ")), t.lines
    text = t.text.replace("\r\n", "\n")
    assert "Crôa! · compact view (`status --full`: all of it)" in text, text
    assert "`referee croa status --full`" not in text
    t.child.sendcontrol("d")
    t.child.expect(pexpect.EOF)


# -- one language per screen -------------------------------------------------------------------

def test_compact_view_is_said_in_french_on_a_french_table_at_80x24(tmp_path):
    db = tmp_path / "referee.db"
    midgame.build(db, "croa")
    t = Terminal(db, "--lang", "fr", "croa", "mare")
    lines = t.to_end()
    assert any(line.startswith("Crôa! · session croa-1 · vue compacte (--full\u00a0: tout)") for line in lines), lines
    assert "compact view" not in t.text and "all of it" not in t.text


def test_new_on_a_french_table_at_80x24_says_its_compact_view_in_french(tmp_path):
    t = Terminal(tmp_path / "referee.db", "--lang", "fr", "croa", "new", "--player", "Ann:rouge",
                 "--player", "Bob:bleu", "--seed", "1")
    lines = t.to_end()
    assert "Crôa! · vue compacte (`referee croa status --full`\u00a0: tout)" in lines, lines
    assert "compact view" not in t.text


# -- wrapped between words -----------------------------------------------------------------------

def test_undo_and_redo_say_what_they_did_wrapped_between_words_at_80_columns(db):
    _run(db, "croa", "new", "--player", "Ann:red", "--player", "Bob:blue", "--seed", "1")
    _run(db, "croa", "move", "a2", "a3", "-t", "lilypad", "--bounce", "b3:reeds")
    for verb, said in (("undo", "Undo in croa-1 (Crôa!, Ann vs Bob): took back #1 move a2 -> a3 (lilypad)"),
                       ("redo", "Redo in croa-1 (Crôa!, Ann vs Bob): put back #1 move a2 -> a3 (lilypad)")):
        out = _run(db, verb, columns=80)
        lines = out.splitlines()
        assert all(len(line) <= 80 for line in lines), out
        first = next(i for i, line in enumerate(lines) if line.startswith(verb.capitalize()))
        joined = " ".join(line.strip() for line in lines[first:first + 3])
        assert said in joined and "Last action now: #" in joined, out


def test_a_shell_error_is_wrapped_between_words_at_80_columns(db, capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")
    shell = _shell(db, "kleos")
    assert shell.execute("eploy ares Runner Slinger") == 2
    err = capsys.readouterr().err
    assert "no command 'eploy' here. Did you mean 'deploy'" in " ".join(err.split())
    assert all(len(line) <= 80 for line in err.splitlines()) and "\n 'help'" not in err, err


# -- who took each action --------------------------------------------------------------------------

def test_log_names_who_acted_in_a_game_whose_hands_the_referee_dealt(db):
    _run(db, "croa", "new", "--player", "Ann:red", "--player", "Bob:blue", "--digital", "--cards",
         "--seed", "11")
    _run(db, "croa", "move", "a1", "b2")
    _run(db, "croa", "move", "h8", "g7")
    log = json.loads(_run(db, "--json", "log"))["result"]["log"]
    assert [row["player"] for row in log] == [None, "Ann", "Bob"]
    assert '"?"' in json.dumps(log[0]["results"])  # the dealt hands stay hidden in the table's view
    table = _run(db, "log", columns=80).splitlines()
    assert re.match(r"^1\s+Ann\s+move a1 -> b2", next(line for line in table if line.startswith("1 ")))
    assert re.match(r"^2\s+Bob\s+move h8 -> g7", next(line for line in table if line.startswith("2 ")))


# -- serve --------------------------------------------------------------------------------------------

class _Code:
    def terminal(self, out, compact: bool, border: int | None = None) -> None:
        out.write("█\n" * 19)


def test_serve_asks_phones_to_scan_only_a_code_it_drew(capsys):
    from referee.cli.serve import banner

    banner("http://h:1/t/", "0.0.0.0", _Code(), None, "croa-1", None, (80, 24))
    drawn = capsys.readouterr().out
    banner("http://h:1/t/", "0.0.0.0", _Code(), None, "croa-1", {"Ann": "http://h:1/u/seat/Ann"} | {
        name: f"http://h:1/u/seat/{name}" for name in ("Bob", "Cy", "Dee")}, (80, 24))
    left_out = capsys.readouterr().out
    assert "█" in drawn and "scan this or open the address" in drawn
    assert "█" not in left_out and "No room for the QR code in 24 rows" in left_out
    assert "scan" not in left_out.replace("QR code", "") and "phones on the same Wi-Fi open the address" in left_out


# -- hint: the player's name where it must be typed --------------------------------------------------

def test_hint_says_the_player_follows_the_verb_where_it_must_be_typed(db):
    t = _after_day_one()
    t.ok("reveal Ann=32* Bob=33 Cy=7")
    out = CliRunner().invoke(cli, ["--db", str(t.path), "--session", str(t.sid), "elysion", "hint"]).output
    assert "Cy may take: " in out and "Cy may take: Cy" not in out
    assert re.search(r"\(The player's name follows the verb: `take Cy \S+`\.\)", out), out


def test_hint_has_no_such_line_where_the_player_may_be_left_out(db):
    _run(db, "cerebria", "new", "--player", "Ann", "--player", "Bob", "--seed", "3")
    out = _run(db, "cerebria", "hint")
    assert re.search(r"^(Ann|Bob) may impulse: 1 2 3$", out, re.M) and "follows the verb" not in out
    _run(db, "croa", "new", "--player", "Ann:red", "--player", "Bob:blue", "--seed", "1")
    assert "follows the verb" not in _run(db, "croa", "hint")


def test_hint_in_french_says_the_player_follows_the_verb(db):
    t = _after_day_one()
    t.ok("reveal Ann=32* Bob=33 Cy=7")
    out = CliRunner().invoke(cli, ["--db", str(t.path), "--session", str(t.sid), "--lang", "fr", "elysion",
                                   "hint"]).output
    assert re.search(r"\(Le nom du joueur suit le verbe\u00a0: `take Cy \S+`\.\)", out), out


def test_root_session_help_says_a_view_counts():
    out = CliRunner().invoke(cli, ["--lang", "en", "--help"], env={"COLUMNS": "200"}).output
    assert "the one this store last showed or acted on" in " ".join(out.split())


# -- a dealt hand in the table's words ------------------------------------------------------------

def test_a_french_table_reads_a_dealt_hand_in_its_own_words(db):
    from referee.games.croa.cards import SAID

    _run(db, "croa", "new", "--player", "Ann:red", "--player", "Bob:blue", "--digital", "--cards", "--seed", "11")
    hand = json.loads(_run(db, "--json", "croa", "hand", "Ann"))["result"]["hand"]
    assert hand == ["mating_season", "mega_jump", "not_even_dead"]  # the seed's deal, kept by its keys
    french = _run(db, "--lang", "fr", "croa", "main", "Ann")
    assert french.startswith("Main d'Ann\u00a0: saison des amours, mégabond, même pas mort.\n"), french
    assert "Jouables maintenant (`croa carte NOM ...`)" in french
    assert '\n  "même pas mort": --from a1 --to b2\n' in french and "\n  mégabond: --from a1 " in french
    assert not any(key in french for key in SAID)  # no English key left
    english = _run(db, "--lang", "en", "croa", "hand", "Ann")
    assert english.startswith("Ann's hand: mating_season, mega_jump, not_even_dead.\n")
    assert "\n  not_even_dead: --from a1 --to b2\n" in english
    seat = _run(db, "--lang", "fr", "--as", "Ann", "croa", "status")
    assert "Main d'Ann (pour Ann seulement)\u00a0: " in seat and "alone" not in seat
    assert "Ann's hand (for Ann alone): " in _run(db, "--lang", "en", "--as", "Ann", "croa", "status")
    pond = _run(db, "--lang", "fr", "croa", "mare")  # where to look, in the words the table types
    assert "(distribuées par l'arbitre\u00a0: `croa main Ann` les montre)" in pond and "croa hand" not in pond
    # the French words are typed as they are shown
    assert "Même pas mort" in _run(db, "--lang", "fr", "croa", "carte", "même pas mort", "--from", "a1", "--to", "b2")


def test_sessions_at_80_columns_keep_one_line_a_session_without_an_empty_name_column(db):
    _run(db, *KLEOS_NEW.replace("new", "kleos new", 1).split())
    for game, players in (("kreus", ["Ann", "Bob", "Cy", "Dee"]), ("croa", ["Ann:red", "Bob:blue"])):
        _run(db, game, "new", *[w for p in players for w in ("--player", p)], "--seed", "1")
    lines = _run(db, "sessions", columns=80).splitlines()
    assert lines[0].split() == ["id", "game", "players", "turn", "status", "updated"], lines
    assert len(lines) == 2 + 3 and all(re.search(r"\d{4}-\d\d-\d\d \d\d:\d\d$", line) for line in lines[2:]), lines
    _run(db, "sessions", "rename", "croa-1", "friday")
    named = _run(db, "sessions", columns=80).splitlines()
    assert named[0].split()[:3] == ["id", "game", "name"] and "friday" in "\n".join(named)


def test_kleos_hint_lists_moves_by_a_cards_effect_as_their_own_group_not_twenty_pairs(db):
    """Bob's champion and first minion at the port, Ann with no minion deployed: half of the moves a
    card's effect allows are also plain moves. They were folded into `with --effect too:` and twenty
    `minion place` pairs; they are the `move --effect` group, as on any other day."""
    _run(db, *KLEOS_NEW.replace("new", "kleos new", 1).split(), "--seed", "1")
    _run(db, "kleos", "card", "import", str(midgame.EXAMPLES / "kleos-cards.toml"))
    for isle, card in (("isle1", "Bronze Colossus"), ("isle2", "Night Hound"), ("isle3", "Shield Maiden"),
                       ("isle4", "Stone Giant"), ("isle5", "Storm Harpy")):
        _run(db, "kleos", "isle", isle, card)
    _run(db, "kleos", "deploy", "athena", "Spearman", "Shieldbearer")
    for _ in range(3):
        _run(db, "kleos", "next")
    _run(db, "kleos", "move", "b:c", "p")
    _run(db, "kleos", "move", "b:1", "p")
    text = _run(db, "kleos", "hint", columns=80)
    assert ("Bob may move:\n  athena:champion athena:1 -> h1 h5 market theater isle1 isle2 isle3 isle4 isle5\n"
            "  athena:2 -> port market\nBob may move --effect:\n"
            "  ares:champion -> h1 port market arena theater isle1 isle2 isle3 isle4 isle5\n") in text, text
    assert "too:" not in text
    # a flag every choice may take is still one note under them (Kreus: `each also with --no-token`)
    _run(db, "kreus", "new", "--player", "Ann", "--player", "Bob", "--player", "Cy", "--player", "Dee", "--seed", "1")
    for line in ("tokens Ann 2", "tokens Bob 2", "tokens Cy 2"):  # Dee, last, takes the rest
        _run(db, "kreus", *line.split())
    assert "\n  each also with --no-token\n" in _run(db, "kreus", "hint", columns=80)


def test_the_cards_to_type_are_wrapped_between_words_each_command_whole_at_80_columns(db):
    _run(db, *KLEOS_NEW.replace("new", "kleos new", 1).split())
    text = _run(db, "kleos", "hint", columns=80)
    lines = text.splitlines()
    assert all(len(line) <= 80 for line in lines), text
    for command in ("`referee kleos card add NAME --stats A/D/C/T --epic --disposition N`",
                    "`referee kleos card add NAME --stats A/D/C/T`", "`referee kleos card import FILE`"):
        assert any(command in line for line in lines), text  # on one line, never split
