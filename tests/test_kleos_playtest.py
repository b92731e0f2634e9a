"""Kleos at the table (a play-test's findings): hints and completion offer every card of the
card library where the rules take it, never a card the hint made up; a broken rule is a
refusal (exit 1, the rule named), not a usage error; and when the next step needs cards
the referee does not know, `hint` and `status` say what to type."""

from __future__ import annotations

import json
import shlex
from pathlib import Path

import midgame
from click.testing import CliRunner

from referee.cli import cli
from referee.testing import Table

STARTER = Path(__file__).resolve().parent.parent / "examples" / "kleos-cards.toml"
NEW = ["new", "--player", "Ann:ares", "--player", "Bob:athena", "--player", "Cat:artemis",
       "--seed", "7"]
CHAMPIONS = ["--champion", "ares=4/3/2/1", "--champion", "athena=3/3/4/2",
             "--champion", "artemis=3/2/3/1"]
# The library of the play-test: six Epic cards (Myrina is Epic by the rulebook's word) and
# two basic minions
LIBRARY = [
    ["Amazonian Queen Myrina", "--stats", "3/2/2/1", "--hero"],
    ["Minotaur", "--stats", "3/3/1/-1", "--epic", "--monster", "--disposition", "2"],
    ["Theseus", "--stats", "3/3/3/2", "--epic", "--hero", "--disposition", "3"],
    ["Cyclops", "--stats", "4/3/0/-2", "--epic", "--monster", "--disposition", "2"],
    ["Medusa", "--stats", "3/2/2/0", "--epic", "--monster", "--disposition", "3"],
    ["Hydra", "--stats", "4/3/1/-1", "--epic", "--monster", "--disposition", "2"],
    ["Hoplite Warrior", "--stats", "2/2/1/1"],
    ["Centaur", "--stats", "2/2/2/1", "--swift"],
]
EPICS = {"Amazonian Queen Myrina", "Minotaur", "Theseus", "Cyclops", "Medusa", "Hydra"}
BASIC = {"Hoplite Warrior", "Centaur"}


def table(*cards: list[str], new: list[str] | None = None) -> Table:
    """A fresh store: each card added to the library, then the play-test's `new`."""
    t = Table("kleos")
    for card in cards:
        assert t.run(["card", "add", *card]).code == 0, card
    out = t.run(new or [*NEW, *CHAMPIONS])
    assert out.code == 0, out.output
    t.sid = out.envelope["session"]
    return t


def hint(t: Table) -> dict:
    out = t.run(["hint", "--limit", "0"])
    assert out.code == 0, out.output
    return out.result


def commands(t: Table, verb: str) -> list[list[str]]:
    return [shlex.split(a["command"]) for a in hint(t)["actions"] if a["command"].startswith(verb + " ")]


def text(t: Table, *command: str) -> str:
    args = ["--db", str(t.path), "--session", str(t.sid), "kleos", *command]
    done = CliRunner().invoke(cli, args, catch_exceptions=False)
    assert done.exit_code == 0, done.output
    return " ".join(done.output.split())


def dry_runs(t: Table, listed: list[list[str]]) -> None:
    """Each listed command, typed back with --dry-run, is accepted; nothing is recorded."""
    before = t.log_length()
    for words in listed:
        out = t.run([*words, "--dry-run"])
        assert out.code == 0, (words, out.error)
    assert t.log_length() == before


# -- 1. the hint draws on the card library ---------------------------------------------------

def test_hint_offers_library_epic_cards_for_waiting_isles():
    with table(*LIBRARY) as t:
        isles = commands(t, "isle")
        # every Epic card of the library for every Isle waiting: 5 x 6, and no basic card
        assert {(w[1], w[2]) for w in isles} == {(f"isle{i}", c) for i in range(1, 6) for c in EPICS}
        assert len(isles) == 30
        dry_runs(t, isles)
        t.ok(["isle", "isle1", "Myrina"])
        t.ok(["isle", "isle2", "Minotaur"])
        t.ok(["isle", "isle3", "Theseus"])
        t.ok(["isle", "isle4", "Cyclops"])
        # the fifth Isle: each Epic card not drawn yet, Medusa among them; none drawn twice
        isles = commands(t, "isle")
        assert sorted(w[2] for w in isles) == ["Hydra", "Medusa"]
        assert {w[1] for w in isles} == {"isle5"}
        dry_runs(t, isles)


def test_hint_offers_every_library_minion_card_to_deploy_but_not_one_lying_on_an_isle():
    with table(*LIBRARY) as t:
        t.ok(["isle", "isle1", "Myrina"])
        deploys = commands(t, "deploy")
        # each of the three gods, each card from the library but Myrina (it lies on Isle 1)
        # and the champions
        assert {(w[1], w[2]) for w in deploys} == {
            (god, card) for god in ("ares", "athena", "artemis") for card in (EPICS | BASIC) - {"Amazonian Queen Myrina"}}
        dry_runs(t, deploys)
        t.ok(["deploy", "ares", "Theseus"])  # an Epic card from a hand exists once too
        assert not [w for w in commands(t, "deploy") if w[2] == "Theseus"]
        assert not [w for w in commands(t, "isle") if w[2] == "Theseus"]


def test_hint_offers_isle_refill_at_daybreak(tmp_path):
    # examples/kleos.txt, Daybreak of Day 4: Isle 1 is empty of card and minions and waits
    # for an Epic card; the Hydra (in the library, never named in this session yet) is the
    # one Epic card neither drawn nor in play
    db = tmp_path / "s.db"
    lines = midgame.lines("kleos")
    midgame.build(db, "kleos", cut=lines.index("isle isle1 Hydra"))
    t = Table("kleos", path=db)
    t.sid = "kleos-1"
    assert [a["command"] for a in hint(t)["actions"] if a["command"].startswith("isle ")] == [
        "isle isle1 Hydra"]
    assert "The table may isle: isle1 -> Hydra" in text(t, "hint")


# -- 2. a hint never invents a card ----------------------------------------------------------

def test_hint_never_invents_an_attached_card(tmp_path):
    # examples/kleos.txt, Ann's first Play Phase: attachments are named at the table (they are
    # not in the library), so the hint shows CARD and MODS for the player to fill in
    db = tmp_path / "s.db"
    lines = midgame.lines("kleos")
    midgame.build(db, "kleos", cut=next(i for i, line in enumerate(lines) if line.startswith("attach ")))
    t = Table("kleos", path=db)
    t.sid = "kleos-1"
    out = t.run(["hint", "--limit", "0"])
    attach = [a for a in out.result["actions"] if a["command"].startswith("attach ")]
    assert attach and "Curse of Strife" not in out.output
    for entry in attach:
        words = shlex.split(entry["command"])
        # what it changes is an option the table may add (--mod MODS), not part of the command
        assert words[:3] == ["attach", "ares", "CARD"] and "MODS" not in words
        assert entry["free"] == {"CARD": "the attached card's printed name",
                                 "--mod MODS": "what it changes on the minion's stats, e.g. atk=-1,swift"}
    # a curse on each of Bob's minions but his champion, a blessing on any minion
    assert {entry["command"] for entry in attach} >= {
        "attach ares CARD --to athena:1 --as curse",
        "attach ares CARD --to athena:champion --as blessing"}
    assert not [e for e in attach if "athena:champion --as curse" in e["command"]]
    # every other command of Ann's is whole, with no `free` key (the table's card effects have
    # their own: a glory change, a reason)
    assert all("free" not in a for a in out.result["actions"] if a not in attach and a["player"])
    shown = text(t, "hint")
    assert "CARD: the attached card's printed name" in shown and "Curse of Strife" not in shown
    # filled in as the table would, the command is accepted
    assert t.run(["attach", "ares", "Spear of Ares", "--to", "ares:1", "--as", "blessing",
                  "--mod", "atk=+1", "--dry-run"]).code == 0


# -- 3 and 7. a broken rule is exit 1, the rule named -----------------------------------------

def test_only_epic_minions_lie_on_the_isles():
    with table(*LIBRARY) as t:
        out = t.refused(["isle", "isle1", "Hoplite Warrior"], rule="Greek Isles: only Epic minions lie on the Isles")
        assert "Hoplite Warrior is not an Epic minion" in out.error["message"]


def test_epic_cards_lie_only_on_the_greek_isles():
    with table(*LIBRARY) as t:
        t.refused(["isle", "port", "Medusa"], rule="Greek Isles: only Epic minions lie on the Isles",
                  message="port is not a Greek Isle")


def test_a_competing_check_is_between_two_different_minions():
    with table(*LIBRARY) as t:
        for where, card in zip(("isle1", "isle2", "isle3", "isle4", "isle5"), sorted(EPICS), strict=False):
            t.ok(["isle", where, card])
        t.ok(["next"])  # Day 1: a card may call for a check from now on
        t.refused(["check", "ares:c", "cunning", "--against", "ann:c"],
                  rule="Stat checks: a competing check is between two different minions")


# -- guidance: what to type when cards are missing --------------------------------------------

def test_hint_and_status_say_how_to_add_cards_when_the_library_is_empty():
    with table() as t:
        # nothing may be done but a card's effect by the table: no card is known
        assert all(a["player"] is None or a["command"].endswith("--effect") for a in hint(t)["actions"])
        for view in ("hint", "status"):
            said = text(t, view)
            assert "No Epic card the referee knows is left for isle1, isle2, isle3, isle4, isle5" in said
            assert "referee kleos card add NAME --stats A/D/C/T --epic --disposition N" in said
            assert "No minion card is known to deploy" in said
            assert "referee kleos card import FILE" in said and "examples/kleos-cards.toml" in said


def test_hint_says_how_to_add_an_epic_card_when_none_is_left_for_an_isle():
    with table(*LIBRARY[:5], *LIBRARY[6:]) as t:  # five Epic cards: none left for a refill
        for isle, card in zip(("isle1", "isle2", "isle3", "isle4"), ("Myr", "Mino", "Thes", "Cyc"),
                              strict=True):
            t.ok(["isle", isle, card])
        assert "No Epic card" not in text(t, "hint")
        t.ok(["deploy", "ares", "Medusa"])  # the last Epic card leaves the Epic deck's reach
        said = text(t, "status")
        assert "No Epic card the referee knows is left for isle5" in said
        assert "No minion card is known to deploy" not in said


# -- the starter card library -------------------------------------------------------------------

def test_the_starter_card_library_plays_setup():
    assert "INVENTED PRACTICE CARDS" in STARTER.read_text(encoding="utf-8")
    t = Table("kleos")
    with t:
        out = t.run(["card", "import", str(STARTER)])
        assert out.code == 0 and out.result["imported"] == 17, out.output
        new = t.run(NEW)  # each god's practice champion comes from the library
        assert new.code == 0, new.output
        t.sid = new.envelope["session"]
        assert "Iron Warlord" in json.dumps(t.state["minions"]["ares:champion"])
        for _ in range(5):  # one Epic card on each Isle, as the hint offers them
            t.ok(commands(t, "isle")[0])
        assert not commands(t, "isle") and len(t.state["epics_drawn"]) == 5
        assert "examples/kleos-cards.toml" not in text(t, "hint")  # nothing is missing
        for god in ("ares", "athena", "artemis"):
            t.ok(["deploy", god, "Spearman", "Slinger"])
        t.ok(["next"])
        assert t.summary["phase"] == "play" and t.summary["turn"] == 1


def test_completion_after_a_freely_named_attached_card_offers_the_minions(tmp_path):
    # the attached card is named at the table: what is typed for it narrows nothing
    db = tmp_path / "s.db"
    lines = midgame.lines("kleos")
    midgame.build(db, "kleos", cut=next(i for i, line in enumerate(lines) if line.startswith("attach ")))
    live = midgame.live(db, "kleos")
    state = live.listing()
    assert live.engine.words(state, "attach", {"god": "ares"}, "card") == []
    targets = live.engine.words(state, "attach", {"god": "ares", "card": "Spear of Ares"}, "to")
    assert {"ares:1", "ares:2", "athena:1", "athena:champion"} <= set(targets)
    curses = live.engine.words(state, "attach", {"god": "ares", "card": "Curse of Ares",
                                                 "as": "curse"}, "to")
    assert "athena:1" in curses and "athena:champion" not in curses and "ares:1" not in curses
