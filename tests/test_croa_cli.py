"""Crôa! through the command line: a scripted game to a win, exit codes, --json, calculators."""

from __future__ import annotations

import json

from click.testing import CliRunner

from referee.cli import cli


def run(*args: str):
    return CliRunner().invoke(cli, ["croa", *args])


def jrun(*args: str):
    result = CliRunner().invoke(cli, ["--json", "croa", *args])
    return result, json.loads(result.output)


def ok(*args: str) -> str:
    result = run(*args)
    assert result.exit_code == 0, result.output
    return result.output


def test_scripted_two_player_game_to_a_win(db):
    _, data = jrun("new", "--player", "Ann:red", "--player", "Bob:blue", "--seed", "1")
    sid = data["session"]
    ok("move", "a2", "a3", "--tile", "reeds")
    # Bob's servant lands on a lily pad at h6 and bounces into the mud at g5
    out = ok("move", "h7", "h6", "--tile", "lilypad", "--bounce", "g5:mud")
    assert "stuck in the mud on g5" in out
    out = ok("move", "a3", "b4", "--tile", "mosquito")
    assert "waiting: Ann — mosquito" in out
    ok("mosquito", "b1", "c2", "--tile", "reeds")
    refused = run("move", "g5", "g4", "--tile", "reeds")
    assert refused.exit_code == 1 and "Mud" in refused.output
    ok("move", "h8", "g7", "--tile", "reeds")
    ok("move", "b4", "c5", "--tile", "male2")  # a servant on a male: nothing happens
    ok("move", "g8", "f8", "--tile", "reeds")
    ok("move", "c5", "d6", "--tile", "reeds")
    ok("move", "f8", "e8", "--tile", "reeds")
    ok("move", "d6", "e7", "--tile", "reeds")  # the pink pile's 4th and last reeds
    ok("move", "e8", "d8", "--tile", "reeds")
    ok("move", "e7", "f7", "--tile", "log")
    refused = run("move", "g5", "g6", "--tile", "reeds")
    assert refused.exit_code == 1 and "pink pile has no reeds" in refused.output
    ok("move", "g5", "g6", "--tile", "mosquito")
    ok("pass")
    out = ok("move", "f7", "g7")  # onto Bob's queen: Bob's colony is out
    assert "Bob's colony is eliminated" in out and "Ann wins" in out
    assert "Game over · winner: Ann" in out
    # a finished session is no longer the current one: name it
    result = CliRunner().invoke(cli, ["--json", "show", sid])
    summary = json.loads(result.output)["state"]["summary"]
    assert summary["over"] and summary["winners"] == ["Ann"] and summary["current"] is None
    refused = CliRunner().invoke(cli, ["--session", sid, "croa", "move", "a1", "b2", "--tile",
                                       "reeds"])
    assert refused.exit_code == 1 and "over" in refused.output
    pond = CliRunner().invoke(cli, ["--session", sid, "croa", "pond"]).output
    assert "Game over: Ann's queen is the last in the pond." in pond
    assert "eliminated" in pond and "WINNER" in pond


def test_json_envelope_and_summary(db):
    result, data = jrun("new", "--player", "Ann:red", "--player", "Bob:blue", "--digital",
                        "--seed", "5")
    assert result.exit_code == 0 and data["ok"] and data["session"]
    summary = data["state"]["summary"]
    assert summary["game"] == "croa" and summary["current"] == "Ann"
    assert summary["players"][0] == {"name": "Ann", "score": None, "color": "red", "alive": True}
    result, data = jrun("move", "a2", "a3")
    assert result.exit_code == 0
    assert data["result"]["action"] == {"verb": "move", "from": "a2", "to": "a3"}
    assert data["result"]["results"][0]["label"] == "tile a3"
    assert data["result"]["results"][0]["source"] == "referee"


def test_refusals_give_exit_codes_and_a_rule(db):
    ok("new", "--player", "Ann:red", "--player", "Bob:blue")
    result, data = jrun("move", "a1", "a2")
    assert result.exit_code == 1
    assert data["ok"] is False and data["error"]["kind"] == "illegal"
    assert "own frogs" in data["error"]["rule"]
    result, data = jrun("move", "a2", "q9")
    assert result.exit_code == 2 and data["error"]["kind"] == "usage"
    result = run("move", "a2", "a3")  # no --tile in a physical session
    assert result.exit_code == 2 and "has no tile yet" in result.output
    assert run("move", "a2").exit_code == 2  # Click's own usage error
    assert run("bounce", "b3").exit_code == 1  # no bounce is waiting
    assert run("remove", "b3:blue").exit_code == 1
    assert run("card", "mega_jump").exit_code == 1  # no card module in this session
    result = run("move", "a2", "a3", "--tile", "lilypad", "--bounce", "zz")
    assert result.exit_code == 2 and "Traceback" not in result.output


def test_bad_players_on_new(db):
    assert run("new", "--player", "Ann:red").exit_code == 1
    assert run("new", "--player", "Ann:red", "--player", "Bob:plaid").exit_code == 2
    assert run("new", "--player", "Ann:red", "--player", "Bob:red").exit_code == 2


def test_pending_bounce_shown_on_the_pond_with_its_answer(db):
    ok("new", "--player", "Ann:red", "--player", "Bob:blue")
    ok("move", "a1", "b2", "--tile", "lilypad")
    pond = ok("pond")
    assert "Waiting: Ann — bounce: a3, b3, c3, c2, c1" in pond
    assert "must bounce off the lily pad at b2: `bounce SQ`" in pond
    assert " 2 | . r    Ly R " in pond  # the queen sits on the lily pad at b2 until she bounces


def test_dry_run_records_nothing(db):
    ok("new", "--player", "Ann:red", "--player", "Bob:blue")
    out = ok("move", "a2", "a3", "--tile", "pike", "--dry-run")
    assert "dry run" in out
    ok("move", "a2", "a3", "--tile", "reeds")


def test_card_verbs_in_a_card_session(db):
    ok("new", "--player", "Ann:red", "--player", "Bob:blue", "--cards", "--digital",
       "--seed", "3")
    result, data = jrun("status")
    hand = data["state"]["colonies"][0]["hand"]
    assert len(hand) == 3
    out = ok("cards")
    assert "reconstruction" in out.lower() and "Mega-jump" in out
    result = run("card", "no_such_card")  # a name the referee does not know: said so, or refused
    assert result.exit_code == 2 and "--unknown" in result.output
    result = run("card", "no_such_card", "--unknown")  # the referee dealt the hands: not Ann's to play
    assert result.exit_code == 1 and "Ann cannot play no_such_card (`croa hand Ann`" in result.output


def test_odds_calculator_fixed_keys():
    result = CliRunner().invoke(cli, ["--json", "croa", "odds", "blue", "--revealed", "pike",
                                      "--revealed", "reeds"])
    data = json.loads(result.output)["result"]
    assert set(data) == {"zone", "left", "probabilities", "exact"}
    # 16 - 2 = 14 left: 3 reeds, no pike, 4 lily pads = 2/7
    assert data["left"] == 14
    assert data["exact"]["reeds"] == "3/14" and data["exact"]["pike"] == "0/1"
    assert data["exact"]["lilypad"] == "2/7"
    text = CliRunner().invoke(cli, ["croa", "odds", "green"]).output
    assert "green pile: 16 tiles left" in text and "pike" in text
    bad = CliRunner().invoke(cli, ["croa", "odds", "blue", "--revealed", "pike",
                                   "--revealed", "pike"])
    assert bad.exit_code == 1
    assert CliRunner().invoke(cli, ["croa", "odds", "purple"]).exit_code == 2


def test_males_layout_file_replaces_the_default(db, tmp_path):
    layout = {"blue": ["male4", "male5", "male6"], "green": ["male1", "male2", "male3"],
              "pink": ["male1", "male4", "male2"], "yellow": ["male3", "male5", "male6"]}
    path = tmp_path / "males.json"
    path.write_text(json.dumps(layout))
    ok("new", "--player", "Ann:red", "--player", "Bob:blue", "--males", str(path))
    refused = run("move", "a1", "b2", "--tile", "male1")  # no male1 in blue any more
    assert refused.exit_code == 1 and "blue pile has no male1" in refused.output
    out = ok("move", "a1", "b2", "--tile", "male4")
    assert "makes a baby" in out
    result = CliRunner().invoke(cli, ["--json", "croa", "odds", "blue", "--males", str(path)])
    assert json.loads(result.output)["result"]["exact"]["male5"] == "1/16"


def test_bad_males_layout_is_a_usage_error(db, tmp_path):
    path = tmp_path / "males.json"
    path.write_text(json.dumps({"blue": ["male1", "male1", "male2"]}))
    result = run("new", "--player", "Ann:red", "--player", "Bob:blue", "--males", str(path))
    assert result.exit_code == 2 and "four zones" in result.output
    path.write_text(json.dumps({"blue": ["male1", "male2", "male3"], "green": ["male1", "male2",
                                "male3"], "pink": ["male1", "male4", "male5"],
                                "yellow": ["male4", "male5", "male6"]}))
    result = run("new", "--player", "Ann:red", "--player", "Bob:blue", "--males", str(path))
    assert result.exit_code == 2 and "male1 lies in 3 zones" in result.output
    path.write_text("{not json")
    result = run("new", "--player", "Ann:red", "--player", "Bob:blue", "--males", str(path))
    assert result.exit_code == 2 and "Traceback" not in result.output


def test_a_deck_file_replaces_the_reconstructed_deck(db, tmp_path):
    path = tmp_path / "deck.json"
    path.write_text(json.dumps({"Frog Rain": 10, "mega-jump": 2}))
    _, data = jrun("new", "--player", "Ann:red", "--player", "Bob:blue", "--cards", "--deck",
                   str(path), "--digital", "--seed", "2")
    state = data["state"]
    assert state["deck_size"] == 12 and sum(state["deck"].values()) == 12 - 6
    assert state["colonies"][0]["hand"] == ["?"] * 3  # dealt hands: counts on the screens
    _, mine = jrun("hand", "Ann")
    assert set(mine["result"]["hand"]) <= {"frog_rain", "mega_jump"}
    path.write_text(json.dumps({"Frog Rain": "many"}))
    result = run("new", "--player", "Ann:red", "--player", "Bob:blue", "--cards", "--deck",
                 str(path))
    assert result.exit_code == 2 and "count from 0 to 99" in result.output


def test_mosquito_answer_as_listed_and_the_answer_spelled_out(db):
    ok("new", "--player", "Ann:red", "--player", "Bob:blue")
    out = ok("move", "a2", "b3", "--tile", "mosquito")
    # the pending choices read b1-c2; the action's output says how to answer
    assert "b1-c2" in out and "Ann may move another frog, `mosquito a1-a2`" in out
    assert run("mosquito", "b1").exit_code == 2
    out = ok("mosquito", "b1-c2", "--tile", "reeds")
    assert "Ann's servant b1 -> c2: reeds (revealed)." in out and "Bob to play" in out


def test_real_cards_are_counted_and_deal_shows_the_hands(db):
    ok("new", "--player", "Ann:red", "--player", "Bob:blue", "--cards", "--seed", "4")
    assert "Ann holds 3 cards." in ok("pond")
    ok("new", "--player", "Ann:red", "--player", "Bob:blue", "--cards", "--deal", "--seed", "4")
    assert "Ann holds 3 cards (dealt by the referee: `croa hand Ann` shows them)." in ok("pond")
    assert "Ann's hand: " in ok("hand", "Ann")
    assert run("new", "--player", "Ann:red", "--player", "Bob:blue", "--deal").exit_code == 2


def test_the_force_is_lost_through_the_card_verb(db):
    # Real cards: Ann plays the force (Bob lets it work), fills up to 4 at her next turn, then
    # another card takes it away: 4 - 1 discarded = 3 unseen cards.
    ok("new", "--player", "Ann:red", "--player", "Bob:blue", "--cards", "--seed", "3")
    ok("card", "the_force")
    ok("pass")
    ok("move", "a2", "a3", "--tile", "reeds")
    out = ok("move", "h7", "h6", "--tile", "reeds")
    assert "Ann draws 2 cards (4 in hand)" in out
    assert "4 + force" in ok("status")
    out = ok("card", "the_force", "--lost", "--player", "Ann")
    assert "Ann loses the force" in out and "discards a card (3 left in hand)" in out
    lost, data = jrun("card", "mega_jump", "--lost")  # only the force can be lost: a rule
    assert lost.exit_code == 1 and data["error"]["rule"].startswith("May the force")
    log = CliRunner().invoke(cli, ["log"])
    assert log.exit_code == 0 and "card the_force --lost player=Ann" in log.output



def test_rule_breaks_exit_1_naming_the_rule_and_malformed_input_exit_2():
    """Issue 20: well-formed input that breaks a rule is exit 1 with the rule; only input
    that cannot be read (not a square, no such tile, a missing part) is a usage error."""
    from referee.testing import Table

    t = Table("croa", "--player Ann:red --player Bob:blue", seed="5")
    t.ok("move a2 a3 -t reeds")
    t.ok("move h7 h6 -t reeds")
    t.ok("move a3 a4 -t reeds")
    t.ok("move h6 h5 -t reeds")
    # a3 shows reeds, left face up: typing another tile there is refused by a rule
    t.refused("move a4 a3 -t mud", rule="Tile effects (effets des tuiles)")
    t.ok("move a4 a3 -t reeds")
    t.refused("move h5 q9", code=2)  # not a square
    t.refused("move h5 h4 -t frog", code=2)  # no such tile
    t.refused("move h5 h4", code=2)  # the tile turned over is missing
