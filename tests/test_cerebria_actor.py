"""Fewer words (issue 25, item 6): the player to act may be left out of Cerebria's actions
(`impulse 2`, `invoke CARD`, `ability 1 draw`, `deprive 2`): the core fills in the only player
who may act, and the log still names them."""

from __future__ import annotations

from cerebria_table import Layout, table, turn_of


def test_impulse_without_a_name_is_the_player_whose_turn_it_is():
    t = table()
    assert turn_of(t) == "Ann"
    t.ok("impulse 2")
    action = t.loaded.records[-1]["action"]
    assert action["player"] == "Ann" and action["slot"] in (2, "2")
    assert t.engine.describe(action).startswith("impulse Ann 2")


def test_invoke_without_a_name_puts_the_card_in_the_turn_players_mindset():
    p = Layout()
    p.give("Ann", "mild-bliss-red-draw")
    t = p.table()
    t.ok("invoke mild-bliss-red-draw")
    assert [e["card"] for e in t.state["mindsets"]["Ann"]] == ["mild-bliss-red-draw"]
    assert t.loaded.records[-1]["action"]["player"] == "Ann"


def test_ability_without_a_name_uses_the_turn_players_emotion():
    p = Layout()
    p.place("Ann", "strong-bliss-blue-draw", fragments=2)
    t = p.table()
    t.ok("ability 1 draw")
    action = t.loaded.records[-1]["action"]
    assert action["player"] == "Ann" and action["ability"] == "draw"
    t.ok("pass all")
    assert t.state["mindsets"]["Ann"][0]["fragments"] == 1


def test_the_name_may_still_be_given_and_another_players_is_refused_by_turn_order():
    t = table()
    t.refused("impulse Bob 2", rule="Turn order")
    t.ok("impulse Ann 2")


def test_no_name_while_an_answer_is_awaited_is_refused_by_the_pending_rule():
    p = Layout()
    p.place("Ann", "strong-bliss-blue-draw", fragments=2)
    t = p.table()
    t.ok("ability 1 draw")  # the counter-act window opens: Bob and Cy may cancel
    t.refused("impulse 2", rule="Pending decisions")


def test_pass_completes_to_all_and_to_the_player_who_may_answer():
    import click

    from referee.cli import cli
    from referee.cli.complete import Live, words
    from referee.record import session
    from referee.record.store import Store

    p = Layout()
    p.place("Ann", "strong-bliss-blue-draw", fragments=2)
    t = p.table()
    t.ok("ability 1 draw")  # Bob is asked first
    store = Store(t.path, readonly=True)
    try:
        live = Live.of(session.load(store, session.resolve(store, "cerebria", None)), store)
        group = cli.get_command(click.Context(cli), "cerebria")
        cmd = group.get_command(click.Context(group), "pass")
        assert [w for w, _ in words(live, "pass", {}, "player", cmd)] == ["all", "Bob"]
    finally:
        store.close()


def test_completion_offers_the_short_form_without_the_player():
    from referee.cli.context import Referee
    from referee.cli.shell import click_words

    p = Layout()
    p.give("Ann", "mild-bliss-red-draw")
    p.place("Ann", "strong-bliss-blue-draw", fragments=2)
    t = p.table()
    ref = Referee()
    ref.configure(str(t.path), None, False)

    def offered(*typed: str) -> list[str]:
        args = ["--db", str(t.path), "--session", t.sid, "cerebria", *typed]
        return [w for w, _ in click_words(ref, args, "")]

    assert offered("impulse") == ["Ann", "1", "2", "3"]  # Ann, or straight to the slot
    assert offered("invoke")[:2] == ["Ann", "mild-bliss-red-draw"]
    assert offered("ability") == ["Ann", "1"]
    assert offered("ability", "1") == ["draw"] == offered("ability", "Ann", "1")
