"""Crôa! at a French table and its card answers (issue 35, items 15-19): what may be done while a
colony's answer is pending, `pass all` in the hint, the cards' French titles and `--unknown`,
French colours, zones and `passer tous`, and a referee that answers in French words only."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from referee.games.croa import ENGINE
from referee.games.croa.cards import played_key
from referee.model import i18n
from referee.testing import Table

NB = "\u00a0"  # French sets a no-break space before a colon
THREE = "--player Ann:red --player Bob:blue --player Cy:green --cards"


@pytest.fixture(autouse=True)
def english_unless_told(monkeypatch):
    for var in ("REFEREE_LANG", "LC_ALL", "LC_MESSAGES", "LANGUAGE", "LANG"):
        monkeypatch.delenv(var, raising=False)
    i18n.set_language(None)
    yield
    i18n.set_language(None)


def _cli(db: Path, *args: str, lang: str = "en") -> tuple[int, str]:
    """What a table reads (text, standard output and error) after `referee --lang LANG ...`."""
    from referee.cli.root import cli
    from referee.cli.run import invoke

    runner = CliRunner()
    with runner.isolation() as (out, err, *_):
        code = invoke(cli, ["--db", str(db), "--lang", lang, *args])
        text = out.getvalue().decode() + err.getvalue().decode()
    i18n.set_language(None)
    return code, text


def _table(new: str, db: Path) -> Table:
    return Table("croa", new, path=db)


def _hint(t: Table) -> dict:
    return t.run("hint").result


# -- 15: losing the force while another colony's answer is pending -----------------------------

def _force_then_a_guarded_bounce(db: Path) -> Table:
    """Ann's force lies in front of her; in her next turn she plays her one card, then lands on
    a lily pad: the bounce waits, and only Bob is asked for a Thunderclap."""
    t = _table("--player Ann:red --player Bob:blue --cards", db)
    t.ok("card the_force")
    t.ok("pass")
    t.ok("move a2 a3 -t reeds")
    t.ok("move h7 h6 -t reeds")
    t.ok("card Tornade --unknown")
    t.ok("move a1 b2 -t lilypad")
    assert [(p["player"], p["decision"]) for p in t.summary["pending"]] == [
        ("Ann", "bounce"), ("Bob", "thunderclap")]
    return t


def test_pending_decision_losing_the_force_waits_with_or_without_player(tmp_path):
    t = _force_then_a_guarded_bounce(tmp_path / "s.db")
    for typed in ("card the_force --lost", "card the_force --lost --player Ann"):
        out = t.refused(typed, rule="Pending decision")
        assert "Bob must answer the thunderclap, not Ann" in out.error["message"]
    commands = [a["command"] for a in _hint(t)["actions"]]
    assert not [c for c in commands if "--lost" in c]  # listed <=> accepted
    assert "card thunderclap --player Bob" in commands


def test_pending_decision_losing_the_force_is_listed_and_accepted_for_a_colony_asked(tmp_path):
    t = _table("--player Ann:red --player Bob:blue --cards", tmp_path / "s.db")
    t.ok("card the_force")
    t.ok("pass")
    t.ok("move a2 a3 -t reeds")
    t.ok("move h7 h6 -t reeds")
    t.ok("move a1 b2 -t lilypad")  # Ann has played no card this turn: she is asked too
    assert "card the_force --lost" in [a["command"] for a in _hint(t)["actions"]]
    t.ok("card the_force --lost")
    assert not t.state["colonies"][0]["force"] and t.summary["pending"][0]["decision"] == "bounce"


# -- 16: `pass all` belongs to every colony asked ----------------------------------------------

def test_pass_all_in_the_hint_belongs_to_every_colony_asked(tmp_path):
    t = _table(THREE, tmp_path / "s.db")
    t.ok("card the_force")  # Bob and Cy may cancel it
    actions = _hint(t)["actions"]
    assert {"player": None, "players": ["Bob", "Cy"], "command": "pass all"} in actions
    assert {"player": "Bob", "command": "pass Bob"} in actions
    code, text = _cli(tmp_path / "s.db", "croa", "hint")
    assert code == 0 and "Bob and Cy may pass: all Bob Cy" in text
    assert "Ann may pass" not in text and "may pass: pass" not in text and "all Ann" not in text
    code, text = _cli(tmp_path / "s.db", "croa", "hint", lang="fr")
    assert f"Bob et Cy peuvent taper passer{NB}: tous Bob Cy" in text


# -- 17: the cards' French titles, and a card the referee does not know ------------------------

@pytest.mark.parametrize(("typed", "key"), [
    ("Coup de tonnerre", "thunderclap"), ("COUP DE TONNERRE", "thunderclap"), ("coup de", "thunderclap"),
    ("mégabond", "mega_jump"), ("megabond", "mega_jump"), ("jumeaux", "twins"), ("JUM", "twins"),
    ("garde du corps", "bodyguard"), ("même pas mort", "not_even_dead"),
    ("meme pas mort", "not_even_dead"), ("une de plus", "one_more_frog"),
    ("Une de plus !", "one_more_frog"), ("ça marche pas", "doesnt_work"),
    ("ÇA MARCHE PAS !", "doesnt_work"), ("que la force", "the_force"),
    ("Que la force...", "the_force"), ("saison des amours", "mating_season"),
    ("Saison des amours !", "mating_season"), ("sai", "mating_season"),
    ("mega jump", "mega_jump"), ("Doesn't work!", "doesnt_work"), ("May the force...", "the_force"),
])
def test_card_module_a_card_is_named_by_its_french_or_english_title(typed, key):
    assert played_key(typed) == key


def test_card_module_a_french_title_plays_the_known_card_and_is_logged_in_english(tmp_path):
    t = _table("--player Ann:red --player Bob:blue --cards", tmp_path / "s.db")
    t.ok("move a1 b2 -t lilypad")
    t.ok('carte "Coup de tonnerre" --player Bob')  # the title the referee prints in French
    assert t.loaded.records[-1]["action"]["card"] == "thunderclap"
    out = t.ok("pass")  # Ann lets it work
    assert "the frog stays on the lily pad at b2" in out.text and t.summary["current"] == "Bob"


def test_card_module_a_name_the_referee_does_not_know_needs_unknown(tmp_path):
    t = _table("--player Ann:red --player Bob:blue --cards", tmp_path / "s.db")
    out = t.refused('card "Frog Rain"', code=2)
    assert "--unknown" in out.error["message"]
    out = t.refused('card "coup de tonnerre" --unknown', code=2)  # a known card is never unknown
    assert "Thunderclap, a card the referee knows" in out.error["message"]
    t.refused("card megajum --unknown", code=2, message="did you mean mega_jump")
    out = t.ok('card "Frog Rain" --unknown')
    assert "a card the referee does not know" in out.text
    assert t.loaded.records[-1]["action"]["card"] == "Frog Rain"
    assert t.loaded.records[-1]["action"]["unknown"] is True


def test_card_module_an_older_log_s_unknown_name_stays_unknown_on_replay():
    # logs written before the French titles were read kept `jumeaux` as a card the referee did
    # not know: it replays as that, not as Twins (which would need a male)
    from referee.record import session

    records = [{"action": {"verb": "new", "players": ["Ann:red", "Bob:blue"], "cards": True}, "results": []},
               {"action": {"verb": "card", "card": "jumeaux"}, "results": []}]
    state = session.replay(ENGINE, "old", records)
    assert state["discard"] == {"jumeaux": 1} and state["colonies"][0]["played_card"]


# -- 18: French colours, zones and `passer tous` -----------------------------------------------

def test_setup_a_colour_typed_in_french_is_kept_in_english(tmp_path):
    t = _table("--player Ann:rouge --player Bob:Bleue --player Cy:ver", tmp_path / "s.db")
    assert t.loaded.records[0]["action"]["players"] == ["Ann:red", "Bob:blue", "Cy:green"]
    assert [c["color"] for c in t.state["colonies"]] == ["red", "blue", "green"]
    refused = Table("croa", "--player Ann:red --player Bob:blue", path=tmp_path / "t.db")
    out = refused.run(["new", "--player", "Ann:ro", "--player", "Bob:bleu"])
    assert out.code == 2 and "could be rouge or rose" in out.error["message"]


def test_pending_decision_passer_tous_and_a_colony_named_by_its_french_colour(tmp_path):
    t = _table(THREE, tmp_path / "s.db")
    t.ok("card the_force")
    t.ok("passer tous")
    assert t.state["colonies"][0]["force"] and t.loaded.records[-1]["action"]["player"] == "all"
    t.ok("move a2 a3 -t reeds")
    t.ok("card Tornade --unknown --player vert")  # Cy, by her colour in French
    assert t.loaded.records[-1]["action"]["player"] == "Cy"


@pytest.mark.parametrize(("typed", "zone"), [("bleu", "blue"), ("rose", "pink"), ("jaune", "yellow"),
                                             ("vert", "green"), ("Verte", "green"), ("b", "blue"),
                                             ("j", "yellow")])
def test_odds_a_zone_typed_in_french(typed, zone, tmp_path):
    code, text = _cli(tmp_path / "s.db", "--json", "croa", "odds", typed)
    assert code == 0 and json.loads(text)["result"]["zone"] == zone


def test_odds_answers_in_french(tmp_path):
    code, text = _cli(tmp_path / "s.db", "croa", "odds", "bleu", "--revealed", "brochet", lang="fr")
    assert code == 0 and f"La pioche bleue{NB}: 15 tuiles restantes" in text
    assert "nénuphar" in text and "lilypad" not in text
    code, text = _cli(tmp_path / "s.db", "croa", "odds", "bleu", "--revealed", "brochet",
                      "--revealed", "brochet", lang="fr")
    assert code == 1 and "la pioche bleue n'a plus de brochet à montrer" in text
    code, text = _cli(tmp_path / "s.db", "croa", "odds", "violet", lang="fr")
    assert code == 2 and "aucune zone 'violet' (zones\u00a0: bleue, verte, rose, jaune)" in text


# -- 19: a French table meets no English word but the log's -------------------------------------

def test_french_hint_says_verbs_tiles_cards_and_free_fields_in_french(tmp_path):
    db = tmp_path / "s.db"
    t = _table("--player Ann:red --player Bob:blue --cards", db)
    t.ok("move a2 a3 -t lilypad")
    code, text = _cli(db, "croa", "hint", lang="fr")
    assert code == 0
    assert f"En attente d'Ann{NB}: rebond (a4, b4, b3, b2)" in text  # elided, as French writes it
    assert '(carte "coup de tonnerre" --player Bob)' in text
    assert f"Ann peut taper rebond{NB}:" in text and ":nénuphar" in text and ":lilypad" not in text
    assert 'carte "coup de tonnerre"' in text and "thunderclap" not in text.replace("coup-de", "")
    t.ok("bounce b3:reeds")
    code, text = _cli(db, "croa", "hint", lang="fr")
    assert "déplacer" in text and " move" not in text and "--tile" in text
    assert f"CARD{NB}: la carte, par son titre anglais ou français" in text
    assert "the card" not in text and "may add" not in text


def test_french_status_line_and_pond_say_the_pending_choices_in_french(tmp_path):
    db = tmp_path / "s.db"
    t = _table(THREE, db)
    t.ok("card the_force")
    code, text = _cli(db, "croa", "status", "--full", lang="fr")
    assert code == 0
    assert 'attente\u00a0: Bob — ça-marche-pas (carte "ça marche pas" --player Bob, passer)' in text
    assert "Bob et Cy peuvent annuler Que la force..." in text  # plural and agreement
    assert "`passer tous` (ou `passer NOM`, une par une)" in text
    assert "doesnt_work" not in text and "pass all" not in text


def test_french_board_legend_codes_and_letters(tmp_path):
    db = tmp_path / "s.db"
    t = _table("--player Ann:red --player Bob:green --player Cy:yellow", db)
    t.ok("move a2 a3 -t reeds")
    code, text = _cli(db, "croa", "status", "--full", lang="fr")
    assert code == 0
    assert "Ro r" in text and "Rd" not in text  # roseaux, Ann's servant
    assert "Né nénuphar, Mo moustique, Va vase, Br brochet, Ro roseaux, Rn rondin" in text
    assert "V/v" in text and "J/j" in text and "G/g" not in text and "Y/y" not in text
    assert "zone bleue a1-d4" in text and "bleue  15 restantes" in text
    _code, text = _cli(db, "croa", "status", "--full")
    assert "Rd r" in text and "G/g" in text and "Y/y" in text  # English as it was


def test_french_help_lists_the_verbs_in_french_and_help_deplacer_is_move_s(tmp_path, monkeypatch):
    code, text = _cli(tmp_path / "s.db", "croa", "--help", lang="fr")
    assert code == 0 and "  déplacer " in text and "  rebond " in text and "  move " not in text
    assert f"Commandes{NB}:" in text
    from referee.cli.context import Referee
    from referee.cli.shell import Shell

    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    ref = Referee()
    ref.configure(str(tmp_path / "s.db"), None, False)
    import contextlib
    import io

    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
        shell = Shell(ref, game="croa")
        assert shell.execute("help deplacer") == 0
        assert shell.execute("help") == 0
    ref.close()
    said = out.getvalue()
    assert f"Usage{NB}: deplacer [OPTIONS] FROM TO" in said and "Le déplacement du tour" in said
    assert "  déplacer " in said and "  move " not in said and "pas de commande" not in said


def test_french_typography_a_refusal_sets_a_no_break_space_before_its_colons(tmp_path):
    db = tmp_path / "s.db"
    t = _table("--player Ann:red --player Bob:blue", db)
    t.ok("move a2 a3 -t reeds")
    code, text = _cli(db, "croa", "deplacer", "a3", "a5", "-t", "roseaux", lang="fr")
    assert code == 1 and f"refusé{NB}: " in text and f"règle{NB}: " in text
    assert "refusé: " not in text and " : " not in text
