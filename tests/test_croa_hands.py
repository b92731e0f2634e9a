"""Crôa! --cards dealt by the referee: the screens keep each hand to its player; `croa hand
NAME` shows one colony's cards when its player asks."""

from __future__ import annotations

import json

from referee.testing import Table

NEW = "--player Ann:red --player Bob:blue --digital --cards"


def test_dealt_hands_are_hidden_in_pond_status_and_show():
    from click.testing import CliRunner

    from referee.cli import cli

    t = Table("croa", NEW, seed=None)
    cards = {card for col in t.state["colonies"] for card in col["hand"]}
    for words in (["croa", "pond"], ["croa", "status"], ["show"]):
        for as_json in ([], ["--json"]):
            out = CliRunner().invoke(cli, ["--db", str(t.path), *as_json, *words])
            assert out.exit_code == 0, out.output
            if not as_json:
                assert not any(card in out.output for card in cards), (words, out.output)
                assert "Ann holds 3 cards" in out.output and "Other hands" not in out.output
            else:
                assert [c["hand"] for c in json.loads(out.output)["state"]["colonies"]] == [["?"] * 3] * 2


def test_croa_hand_shows_the_one_hand_asked_for():
    t = Table("croa", NEW, seed=None)
    bob = t.state["colonies"][1]["hand"]
    out = t.run(["hand", "blue"])
    assert out.code == 0 and out.result == {"player": "Bob", "hand": bob, "playable": {}}  # not his turn
    from click.testing import CliRunner

    from referee.cli import cli

    text = CliRunner().invoke(cli, ["--db", str(t.path), "croa", "hand", "Bob"]).output
    assert text.strip() == f"Bob's hand: {', '.join(bob)}."


def test_croa_hand_is_refused_when_the_players_hold_real_cards():
    t = Table("croa", "--player Ann:red --player Bob:blue --cards", seed=None)
    t.refused(["hand", "Ann"], rule="Cards: dealt hands")
