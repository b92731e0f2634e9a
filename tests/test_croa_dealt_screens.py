"""Crôa! hands the referee dealt belong to their players, on every shared screen: the hint
and Tab never name a card in a hand (they show `card CARD`), a window shows every colony it
asks that holds a card, refusals point to `croa hand NAME` instead of spelling a hand out, and
`croa hand NAME` (its player's own look) shows how each card can be played now."""

from __future__ import annotations

import json

from click.testing import CliRunner

from referee.cli import cli
from referee.games.croa import cards as croa_cards
from referee.games.croa.cardlist import card_options
from referee.testing import Table

NEW = "--player Ann:red --player Bob:blue --digital --cards"
FORCE = "May the force..."


def _table_where(pred, new: str = NEW) -> Table:
    """The first seeded table whose deal satisfies `pred` (deterministic: seeds 1, 2, ...)."""
    for seed in range(1, 400):
        t = Table("croa", new, seed=str(seed))
        if pred(t.state):
            return t
    raise AssertionError("no seed deals such hands")


def _hint(t: Table) -> tuple[str, list[dict]]:
    text = CliRunner().invoke(cli, ["--db", str(t.path), "croa", "hint"]).output
    data = json.loads(CliRunner().invoke(cli, ["--db", str(t.path), "--json", "croa", "hint"]).output)
    return text, data["result"]["actions"] if "result" in data else data["actions"]


def _names(state) -> set[str]:
    return {card for col in state["colonies"] for card in col["hand"]}


def test_the_hint_shows_that_a_card_may_be_played_never_which():
    t = _table_where(lambda s: any(a["card"] != "CARD" for a in card_options(s)))
    assert any(a["card"] not in ("CARD", "the_force") for a in card_options(t.state))  # Ann could play one
    text, actions = _hint(t)
    cards = [a["command"] for a in actions if a["command"].startswith("card")]
    assert cards == ["card CARD"], cards
    for name in _names(t.state):
        assert name not in text, (name, text)


def test_tab_offers_every_card_name_not_the_hand():
    t = _table_where(lambda s: len(set(s["colonies"][0]["hand"])) == 3)
    words = t.engine.words(t.state, "card", {}, "card")
    assert words == sorted(croa_cards.CARDS)  # the whole deck's names: the hand is not told apart


def test_a_window_shows_every_colony_asked_that_holds_a_card():
    """Ann plays a card Doesn't work! may answer; Bob holds cards but no Doesn't work!: the
    screen still shows that Bob may play one (being asked tells the table nothing)."""
    def ann_plays_bob_cannot_answer(state) -> bool:
        bob = state["colonies"][1]["hand"]
        return "doesnt_work" not in bob and any(
            a["card"] in ("twins", "one_more_frog", "mating_season") and "player" not in a
            for a in card_options(state))
    t = _table_where(ann_plays_bob_cannot_answer)
    play = next(a for a in card_options(t.state)
                if a["card"] in ("twins", "one_more_frog", "mating_season") and "player" not in a)
    t.act({"verb": "card", **play})
    assert t.state["pending"], "the card opened a window for Bob"
    legal = [a for a in t.engine.legal_actions(t.state) if a["verb"] == "card"]
    assert not any(a.get("player") == "Bob" and a["card"] == "doesnt_work" for a in legal)
    _, actions = _hint(t)
    commands = [a["command"] for a in actions]
    assert "card CARD --player Bob" in commands, commands


def test_losing_the_force_with_four_cards_points_to_the_hand_instead_of_naming_it():
    """The force: with four cards a discard is needed; the refusal names the rule and sends the
    player to `croa hand NAME`, the cards stay unsaid."""
    t = _table_where(lambda s: "the_force" in s["colonies"][0]["hand"])
    t.ok(["card", "the_force"])
    for _ in range(40):  # play on (moves and answers, no card) until Ann's next turn fills 4
        ann = t.state["colonies"][0]
        if t.state["current"] == 0 and len(ann["hand"]) > croa_cards.HAND and not t.state["pending"]:
            break
        t.act(next(a for a in t.engine.playout_choices(t.state) if a["verb"] != "card"))
    assert len(t.state["colonies"][0]["hand"]) == croa_cards.HAND + 1
    hand = list(t.state["colonies"][0]["hand"])
    out = t.refused(["card", "the_force", "--lost", "--player", "Ann"], rule=FORCE)
    message = out.error["message"]
    assert "croa hand Ann" in message
    assert not any(card in message for card in hand if card != "the_force"), message


def test_croa_hand_shows_how_each_card_can_be_played_now():
    t = _table_where(lambda s: any(a["card"] == "twins" and "player" not in a for a in card_options(s)))
    out = t.run(["hand", "Ann"])
    assert out.code == 0
    twins = out.result["playable"]["twins"]
    assert {w["male"] for w in twins} == {f"male{i}" for i in range(1, 7)}
    text = CliRunner().invoke(cli, ["--db", str(t.path), "croa", "hand", "Ann"]).output
    assert "twins: --male male1|male2|male3|male4|male5|male6" in text


def test_the_force_in_a_hand_is_as_secret_as_any_card():
    """Playing the force from a hand is a card like any other (only the force lying in front
    of a colony is face up)."""
    t = _table_where(lambda s: "the_force" in s["colonies"][0]["hand"])
    _, actions = _hint(t)
    assert [a["command"] for a in actions if a["command"].startswith("card")] == ["card CARD"]


def test_tab_describes_no_card_of_a_dealt_hand():
    from referee.cli.complete import words
    from referee.record.session import load
    from referee.record.store import Store

    t = _table_where(lambda s: any(a["card"] == "twins" and "player" not in a for a in card_options(s)))
    store = Store(t.path)
    live = load(store, t.sid)
    live.listing = lambda: live.state  # what completion reads: the state now
    described = dict(words(live, "card", {}, "card"))
    assert described and all(text == "" for text in described.values()), described
