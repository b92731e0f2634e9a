"""Cerebria, the fourth play-test (issue 35, items 9-13): Deprive may take the same slot twice
and is listed so; a Drain that moves nothing stays legal but says so before it is recorded
and is listed last, marked; an answer from a player the window never asks says why; the
winner calculator takes 2-5 players; a hidden hand's hint fits a screen."""

from __future__ import annotations

from cerebria_table import Layout, do, said

from referee.games.cerebria import ENGINE
from referee.testing import Table

COUNTER = "Counter-act: discard a hand emotion of the same vibe"


def listed(t: Table, verb: str) -> list[dict]:
    return [a for a in ENGINE.legal_actions(t.state) if a["verb"] == verb]


# -- 9. Deprive: the same slot twice -------------------------------------------------------------

def test_deprive_the_same_slot_twice_discards_its_refill_and_is_listed():
    p = Layout()
    p.place("Ann", "mild-bliss-green-deprive")
    t = p.table()
    forms = [a["args"] for a in listed(t, "ability") if a["ability"] == "deprive"
             and "absorb" not in a]
    assert [1, 1] in forms and [2, 2] in forms and [3, 3] in forms
    first = t.state["impulse"][0]
    events = t.act(do("ability", player="Ann", pos=1, ability="deprive", args=[1, 1]))
    events += t.act(do("pass"))
    # slot 1's card goes, its refill turns up, and that one goes too: two cards discarded
    # from slot 1 (its stack of 5 gives two cards), a third face up there now
    assert t.state["stacks"][0] == 3 and t.state["discard"]["known"][0] == first
    assert len(t.state["discard"]["known"]) == 2
    assert said(events).count("discarded from Impulse slot 1") == 2


# -- 10. a Drain that moves nothing --------------------------------------------------------------

def idle_drain() -> Table:
    """Ann's Drain emotion (Bliss) may drain Bob's Bliss Summon, which holds no fragment, onto
    her Swap emotion (1 empty Fragment slot): nothing would move."""
    p = Layout()
    p.place("Ann", "mild-bliss-yellow-drain")
    p.place("Ann", "strong-bliss-red-swap", fragments=1)
    p.place("Bob", "strong-bliss-red-summon", fragments=0)
    p.place("Bob", "strong-bliss-blue-draw")
    return p.table()


def test_drain_moving_nothing_stays_legal_and_says_so_before_it_is_recorded():
    t = idle_drain()
    dry = t.act(do("ability", player="Ann", pos=1, ability="drain", args=["Bob:1", 2]),
                dry_run=True)
    assert ("Note: this Drain moves nothing (Bob's strong-bliss-red-summon holds no fragment); "
            "the fragment is spent all the same.") in said(dry)
    assert t.log_length() == 1  # a dry run: nothing recorded
    t.act(do("ability", player="Ann", pos=1, ability="drain", args=["Bob:1", 2]))
    assert t.state["mindsets"]["Ann"][0]["fragments"] == 0  # the fragment is spent


def test_drain_moving_nothing_is_listed_last_and_marked():
    t = idle_drain()
    legal = ENGINE.legal_actions(t.state)
    drains = [a for a in legal if a.get("ability") == "drain"]
    # from Bob's empty Summon, or from Ann's Drain emotion once its one fragment is spent
    idle = [a for a in drains if a["args"][0] in ("Bob:1", "Ann:1")]
    moving = [a for a in drains if a["args"][0] in ("Bob:2", "Ann:2")]
    assert len(idle) == 6 and len(moving) == 6
    assert legal[-len(idle):] == idle  # after every other action, end-turn included
    assert ENGINE.hints.note(t.state, idle[0], 1) == "moves nothing"
    assert ENGINE.hints.note(t.state, moving[0], 1) is None
    shown = t.run(["hint", "--limit", "0"]).result["actions"]
    assert shown[-1]["command"].startswith("ability Ann 1 drain Bob:1")


def test_drain_onto_a_full_host_moves_nothing():
    p = Layout()
    p.place("Ann", "mild-bliss-yellow-drain")
    p.place("Ann", "strong-bliss-red-swap")  # its 2 Fragment slots full, no Absorb slot
    p.place("Bob", "strong-bliss-red-summon")
    t = p.table()
    dry = t.act(do("ability", player="Ann", pos=1, ability="drain", args=["Bob:1", 2]),
                dry_run=True)
    assert "Ann's strong-bliss-red-swap has no empty slot" in said(dry)
    # onto the Drain emotion itself: its spent fragment leaves the slot that takes one
    dry = t.act(do("ability", player="Ann", pos=2, ability="swap", args=[2, "Bob:1"]),
                dry_run=True)
    assert "moves nothing" not in said(dry)


# -- 11. an answer from a player the window never asks ---------------------------------------------

def test_counter_act_a_player_never_asked_cannot_answer():
    # Bob's whole hand is known and holds no red card: only Cy is asked
    p = Layout()
    p.hidden("Bob", 0)
    p.give("Bob", "bleakness-blue")
    p.place("Ann", "mild-bliss-red-draw")
    t = p.table()
    t.act(do("ability", player="Ann", pos=1, ability="draw", args=[]))
    assert t.state["pending"][0]["data"]["order"] == ["Cy"]
    t.refused("pass Bob", rule=COUNTER,
              message="Bob cannot answer: their hand is known and holds no red card")
    t.refused("cancel Bob --discard bleakness-blue", rule=COUNTER, message="Bob cannot answer")
    t.refused("pass Ann", rule=COUNTER, message="Ann cannot answer: it is their own ability")
    t.ok("pass Cy")


# -- 12. the winner calculator: 2-5 players ----------------------------------------------------------

def test_winner_calculator_needs_two_to_five_players():
    t = Table("cerebria")
    out = t.refused(["winner", "--player", "Ann=12/0"], rule="Players: 2 to 5")
    assert "1 player given" in out.error["message"]
    assert t.run(["winner", "--player", "Ann=12/0", "--player", "Bob=3/3"]).code == 0


# -- 13. a hidden hand's hint fits a screen --------------------------------------------------------

def test_hint_with_a_hidden_hand_fits_a_screen_and_json_keeps_every_choice(tmp_path):
    """examples/cerebria.txt, Ann's turn in Cycle 2: her hand is hidden, so every unseen card
    is a choice of invoke and of Summon (with each --merge, --absorb and --discard): about
    2,000 commands. The text shows each choice by its shape (CARD for a card) within 80x24;
    `hint --json` lists every command."""
    import json

    import midgame
    from click.testing import CliRunner

    from referee.cli import cli

    db = tmp_path / "s.db"
    midgame.build(db, "cerebria", cut=44)
    out = CliRunner().invoke(cli, ["--db", str(db), "cerebria", "hint"], env={"COLUMNS": "80"})
    assert out.exit_code == 0, out.output
    lines = out.output.splitlines()
    assert len(lines) <= 24 and all(len(line) <= 80 for line in lines), out.output
    assert "Ann may invoke: CARD [--discard 1|2] [--merge CARD]" in lines
    assert "Ann may ability: 1 summon CARD [--absorb 2] [--discard 1|2] [--merge CARD]" in lines
    data = json.loads(CliRunner().invoke(cli, ["--db", str(db), "--json", "cerebria", "hint"]).output)
    commands = [a["command"] for a in data["result"]["actions"]]
    assert len(commands) > 2000
    assert "ability Ann 1 summon strong-gloom-red-drain --absorb 2 --merge bleakness-blue " \
           "--discard 2" in commands
    assert "invoke Ann mild-bliss-blue-drain --merge brightness-red --discard 1" in commands
