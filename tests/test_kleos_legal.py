"""Kleos's legal list is exact (tests/test_legal_exact.py checks it on random playouts): the
rules it needed pinned down, and the table's card effects listed with their free fields."""

from __future__ import annotations

from kleos_table import action_phase, do, minion, new_game, place
from test_kleos_playtest import EPICS, LIBRARY, hint, table

from referee.games.kleos import ENGINE


def test_recruit_names_a_slot_to_replace_only_when_four_minions_are_in_play():
    g = new_game(deploy={"ares": ["Hoplite Warrior", "Centaur"], "athena": ["Hoplite Warrior"]})
    action_phase(g)
    place(g, "ares:1", "isle1")
    g.refuse(do("recruit", minion="ares:1", dice="s", replace="2"), "Minion limit: replace only when four minions")
    g.refuse(do("recruit", minion="ares:1", dice="s", replace="zzz"), "Minion limit: replace only when four minions")
    g.act(do("recruit", minion="ares:1", dice="s"))
    assert minion(g, "ares:3")["card"]["name"] == "Amazonian Queen Myrina"


def test_a_fifth_minion_is_listed_with_each_slot_that_may_make_room():
    # Ann's four minions (no curse): a card played or recruited is listed without `replace`
    # (she is asked then) and with each of slots 1-4 or `new`
    g = new_game(deploy={"ares": ["Hoplite Warrior", "Centaur", "Cyclops", "Hoplite Warrior"]})
    g.act(do("next"))
    plays = [a for a in ENGINE.legal_actions(g.state) if a["verb"] == "play" and a["card"] == "Centaur"]
    assert [a.get("replace") for a in plays] == [None, "1", "2", "3", "4", "new"]


def test_an_attachment_named_in_play_is_listed_on_each_minion_without_it():
    # CARD stands for every other name: a name already attached to a minion is refused there
    # (one of a name per minion) and listed by name on the others
    g = new_game(deploy={"ares": ["Hoplite Warrior"], "athena": ["Hoplite Warrior"]})
    g.act(do("next"))
    g.act(do("attach", god="ares", card="Curse of Strife", to="athena:1", **{"as": "curse"}))
    listed = [(a["card"], a["to"], a["as"]) for a in ENGINE.legal_actions(g.state) if a["verb"] == "attach"]
    assert ("Curse of Strife", "athena:1", "curse") not in listed
    assert ("Curse of Strife", "ares:1", "blessing") in listed and ("CARD", "athena:1", "curse") in listed
    spec = ENGINE.verbs["attach"].field("card")
    assert not spec.within(g.state, "curse of strife") and spec.within(g.state, "Spear of Ares")
    assert not spec.within(g.state, "x" * 61)


def test_hint_lists_the_tables_card_effects_with_what_they_take():
    with table(*LIBRARY) as t:
        for where, card in zip(("isle1", "isle2", "isle3", "isle4", "isle5"), sorted(EPICS), strict=False):
            t.ok(["isle", where, card])
        t.ok(["next"])
        actions = hint(t)["actions"]
        glory = [a for a in actions if a["command"].startswith("glory ")]
        gods = list(ENGINE.seats(t.state))  # in seat order
        assert [a["command"] for a in glory] == [f"glory {g} DELTA --reason TEXT" for g in gods]
        assert glory[0]["player"] is None and set(glory[0]["free"]) == {"DELTA", "TEXT"}
        attack_free = {"--favor", "--bonus BONUS", "--godly"}
        kill = next(a for a in actions if a["command"] == f"kill {gods[0]}:champion --reason TEXT")
        assert set(kill["free"]) == {"TEXT", "--by GOD"}  # a champion is never slaughtered
        assert not attack_free & set(kill["free"])
        assert "favor none" not in [a["command"] for a in actions]  # no minion holds it yet


def test_hint_text_groups_the_long_kleos_list_within_80_columns(tmp_path):
    # examples/kleos.txt, Bob's Action Phase before his attack: his moves, then the moves a
    # card may make (every minion to every other location) as one group, minions with the same
    # choices on one row; the table's card effects each in a few lines; nothing cut
    import midgame
    from click.testing import CliRunner

    from referee.cli import cli

    db = tmp_path / "s.db"
    lines = midgame.lines("kleos")
    midgame.build(db, "kleos", cut=next(i for i, line in enumerate(lines) if line.startswith("attack ")))
    shown = CliRunner().invoke(cli, ["--db", str(db), "kleos", "hint"], catch_exceptions=False).output
    rows = shown.splitlines()
    assert max(map(len, rows)) <= 80 and "and more" not in shown
    assert rows.index("Bob may move:") < rows.index("Bob may move --effect:")
    assert "  ares:2 ares:3 -> h1 h5 port market arena theater isle2 isle3 isle4 isle5" in rows
    assert "The table may glory: ares athena -> DELTA --reason TEXT" in rows
    assert "The table may kill: ares:champion athena:champion ares:1 ares:2 athena:1" in rows
    assert "--slaughter (the card slaughters it)" in " ".join(shown.split())
