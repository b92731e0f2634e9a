"""`referee kleos ...` through Click: exit codes, --json, the card library, --board, calculators."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from referee.cli import cli


def run(*args: str):
    return CliRunner().invoke(cli, list(args))


def js(*args: str) -> dict:
    res = run("--json", *args)
    return json.loads(res.output)


def library():
    run("kleos", "card", "add", "Achilles", "--stats", "4/3/2/1", "--hero", "--champion", "ares")
    run("kleos", "card", "add", "Odysseus", "--stats", "3/3/4/2", "--champion", "athena")
    run("kleos", "card", "add", "Hoplite Warrior", "--stats", "2/2/1/1")
    run("kleos", "card", "add", "Centaur", "--stats", "2/2/2/1", "--swift")
    run("kleos", "card", "add", "Amazonian Queen Myrina", "--stats", "3/2/2/1", "--epic")


def start():
    library()
    res = run("kleos", "new", "--player", "Ann:ares", "--player", "Bob:athena",
              "--temple", "ares:h1", "--seed", "4")
    assert res.exit_code == 0, res.output
    return res


ISLE_CARDS = {"isle2": ("Minotaur", "3/3/1/-1", "2"), "isle3": ("Medusa", "3/2/2/0", "3"),
              "isle4": ("Hydra", "4/3/1/-1", "2"), "isle5": ("Chimera", "4/2/1/-1", "2")}


def fill_isles(myrina: bool = True) -> None:
    """Setup's Epic card on each Isle (Deployment cannot end before): Myrina on isle1 unless
    the test puts her there itself."""
    if myrina:
        assert run("kleos", "isle", "isle1", "Amazonian Queen Myrina").exit_code == 0
    for isle, (name, stats, disposition) in ISLE_CARDS.items():
        run("kleos", "card", "add", name, "--stats", stats, "--epic", "--disposition", disposition)
        assert run("kleos", "isle", isle, name).exit_code == 0


def test_card_add_keeps_the_card_and_fills_rulebook_facts(db):
    res = js("kleos", "card", "add", "Minotaur", "--stats", "4/3/1/1", "--tactics-neg", "--epic")
    card = res["result"]["card"]
    # the rulebook gives the Minotaur Hunter +2/+1 (and nothing about its keywords)
    assert card["tactics"] == -1 and card["hunter"] == [2, 1]
    assert card["keywords"] == ["epic"]
    listed = js("kleos", "card", "list")["result"]["cards"]
    assert [c["name"] for c in listed] == ["Minotaur"]
    text = run("kleos", "card", "list").output
    assert "Minotaur" in text and "Priest of the Olympian Gods: Tactics 3" in text


def test_card_library_ships_only_what_the_rulebook_states():
    """The rulebook names a Minotaur, Theseus and a Siren but never their keywords; it implies
    a Centaur is a Monster (a Nymph's Offering upgrades one) and Heracles a Hero (he takes a
    Mount); Myrina waits on an Isle (Epic, Disposition 1) but is never called a Hero."""
    from referee.games.kleos import cards

    facts = cards.rulebook_facts()
    assert facts["minotaur"].get("keywords") is None and facts["minotaur"]["hunter"] == [2, 1]
    assert facts["theseus"].get("keywords") is None and facts["siren"].get("keywords") is None
    assert facts["centaur"]["keywords"] == ["monster"] and facts["heracles"]["keywords"] == ["hero"]
    assert facts["myrina"]["keywords"] == ["epic"] and facts["myrina"]["disposition"] == 1


def test_card_add_refuses_bad_stats(db):
    res = run("kleos", "card", "add", "X", "--stats", "3/2/1")
    assert res.exit_code == 2 and "A/D/C/T" in res.output
    res = run("kleos", "card", "add", "X", "--stats", "3/2/1/0", "--hero", "--monster")
    assert res.exit_code == 2


def test_new_uses_library_champions_and_prints_the_board(db):
    res = start()
    assert "Day 1 of 5 · Deployment" in res.output and "Achilles" in res.output
    state = js("kleos", "status")["state"]
    assert state["summary"]["game"] == "kleos" and state["summary"]["phase"] == "deployment"
    assert [p["name"] for p in state["summary"]["players"]] == ["Ann", "Bob"]


def test_new_without_champion_stats_is_a_usage_error(db):
    res = run("--json", "kleos", "new", "--player", "Ann:ares", "--player", "Bob:athena")
    assert res.exit_code == 2
    assert "champion" in json.loads(res.output)["error"]["message"]


def test_new_with_inline_champion_stats(db):
    res = run("kleos", "new", "--player", "Ann:ares", "--player", "Bob:athena",
              "--champion", "ares=4/3/2/1", "--champion", "athena=3/3/4/2")
    assert res.exit_code == 0 and "Ares' Champion" in res.output


def test_actions_copy_card_stats_and_unknown_cards_get_a_hint(db):
    start()
    res = js("kleos", "deploy", "ares", "hoplite warrior", "Centaur")
    assert res["result"]["action"]["stats"][0]["attack"] == 2  # copied in: replays without library
    res = js("kleos", "deploy", "athena", "Hop")  # a unique prefix names the card
    assert res["result"]["action"]["cards"] == ["Hoplite Warrior"]
    res = run("--json", "kleos", "deploy", "athena", "plite")
    assert res.exit_code == 2
    msg = json.loads(res.output)["error"]["message"]
    assert "card add" in msg and "Hoplite Warrior" in msg


def test_exit_codes_illegal_and_usage(db):
    start()
    run("kleos", "deploy", "ares", "Hoplite Warrior")
    fill_isles()
    run("kleos", "next")
    res = run("--json", "kleos", "move", "ares:1", "port")
    assert res.exit_code == 1
    err = json.loads(res.output)["error"]
    assert err["kind"] == "illegal" and "Action Phase" in err["rule"]
    res = run("kleos", "move", "ares:9", "port")
    assert res.exit_code == 2 and "slot" in res.output
    res = run("kleos", "attack", "ares:1")
    assert res.exit_code == 2  # Click: missing TARGET


def test_attack_prints_the_combat_table_and_json_carries_it(db):
    start()
    run("kleos", "deploy", "ares", "Hoplite Warrior")
    run("kleos", "deploy", "athena", "Hoplite Warrior")
    fill_isles()
    for _ in range(3):
        run("kleos", "next")
    run("kleos", "move", "ares:1", "port")
    run("kleos", "next")
    run("kleos", "move", "athena:1", "h5", "--dry-run")
    res = run("kleos", "move", "athena:champion", "port")
    assert res.exit_code == 0
    res = run("kleos", "attack", "athena:champion", "ares:1", "--dice", "ssg",
              "--retaliation", "bs")
    assert res.exit_code == 0, res.output
    assert "faces" in res.output and "ssg" in res.output and "falls" in res.output
    state = js("kleos", "status")["state"]
    assert state["summary"]["players"][1]["score"] == 1  # Bob: kill 1
    res = js("kleos", "ledger")
    assert res["result"]["ledger"][0]["reason"].startswith("kill ares:1")


def test_typed_dice_are_validated(db):
    start()
    run("kleos", "deploy", "ares", "Centaur")
    run("kleos", "isle", "isle1", "Amazonian Queen Myrina")
    fill_isles(myrina=False)
    for _ in range(3):
        run("kleos", "next")
    assert run("kleos", "move", "ares:1", "port", "isle1").exit_code == 0  # Swift
    res = run("kleos", "recruit", "ares:1", "--dice", "sx")
    assert res.exit_code == 2 and "no die face 'x'" in res.output
    res = run("kleos", "recruit", "ares:1", "--dice", "s")
    assert res.exit_code == 2 and "2 dice are rolled here, 1 were typed" in res.output
    res = run("kleos", "recruit", "ares:1", "--dice", "bs")
    assert res.exit_code == 0 and "recruited" in res.output


def test_opportunity_attack_pending_and_answer(db):
    start()
    run("kleos", "deploy", "ares", "Hoplite Warrior")
    run("kleos", "deploy", "athena", "Hoplite Warrior")
    fill_isles()
    for _ in range(3):
        run("kleos", "next")
    run("kleos", "move", "ares:1", "market")
    run("kleos", "next")
    run("kleos", "move", "athena:1", "theater")
    run("kleos", "move", "athena:1", "market")
    run("kleos", "next")  # Dusk of Day 1; Day 2, Bob first
    run("kleos", "next")
    run("kleos", "next")
    run("kleos", "next")  # Ann's Action Phase
    res = js("kleos", "move", "ares:1", "arena")
    pending = res["state"]["summary"]["pending"]
    assert pending == [{"player": "Bob", "decision": "opportunity-attack",
                        "choices": ["athena:1", "pass"]}]
    res = run("kleos", "next")
    assert res.exit_code == 1 and "pending" in res.output.lower()
    res = run("kleos", "oa", "athena:1", "--dice", "-b")
    assert res.exit_code == 0 and "opportunity attack" in res.output
    assert "WAITING" not in run("kleos", "status").output
    assert js("kleos", "status")["state"]["summary"]["pending"] == []


def test_glory_verb_accepts_negative_delta(db):
    start()
    fill_isles()
    assert run("kleos", "next").exit_code == 0  # Day 1: cards are played from now on
    run("kleos", "glory", "ares", "+3", "--reason", "Zeus card")
    res = run("kleos", "glory", "ares", "-1", "--reason", "Curse")
    assert res.exit_code == 0, res.output
    assert js("kleos", "status")["state"]["glory"]["ares"] == 2


def test_board_file_is_read_and_validated(db, tmp_path):
    library()
    bad = tmp_path / "bad.json"
    bad.write_text('{"locations": {}, "adjacent": []}')
    res = run("kleos", "new", "--player", "Ann:ares", "--player", "Bob:athena", "--board", str(bad))
    assert res.exit_code == 2 and "board" in res.output
    notjson = tmp_path / "x.json"
    notjson.write_text("{oops")
    res = run("kleos", "new", "--player", "Ann:ares", "--player", "Bob:athena", "--board",
              str(notjson))
    assert res.exit_code == 2 and "not JSON" in res.output
    from referee.games.kleos import board

    good = tmp_path / "good.json"
    data = json.loads(Path(board.__file__).with_name("default_board.json").read_text())
    data["adjacent"].append(["h1", "arena"])
    good.write_text(json.dumps(data))
    res = js("kleos", "new", "--player", "Ann:ares", "--player", "Bob:athena", "--temple",
             "ares:h1", "--board", str(good))
    assert "arena" in res["state"]["board"]["adjacent"]["h1"]


def test_odds_calculator_json_keys(db):
    res = js("kleos", "odds", "--dice", "5", "--need", "1")
    assert res["result"] == {"probability": 211 / 243, "exact": "211/243"}
    assert "211/243" in run("kleos", "odds", "--dice", "5", "--need", "1").output


def test_combat_calculator_json_keys(db):
    res = js("kleos", "combat", "--attack", "2", "--defense", "2", "--tactics", "4")
    assert set(res["result"]) == {"dice", "kill", "slaughter", "exact"}
    assert res["result"]["exact"] == {"kill": "473/729", "slaughter": "13/729"}
    res = js("kleos", "combat", "--attack", "9", "--defense", "1", "--champion", "--godly")
    assert res["result"]["slaughter"] == 0.0
    assert run("kleos", "odds", "--dice", "-1", "--need", "1").exit_code == 2


def test_every_kleos_verb_explains_itself_in_its_help(db):
    verbs = ["new", "isle", "deploy", "next", "play", "attach", "move", "oa", "pass", "attack",
             "recruit", "replace", "kill", "glory", "favor", "check", "ledger", "status", "odds",
             "combat"]
    for verb in verbs:
        res = run("kleos", verb, "--help")
        assert res.exit_code == 0 and "Usage: " in res.output, verb
        summary = res.output.split("\n\n")[1].strip()
        assert len(summary) > 20, (verb, summary)
    for verb in ("move", "attack", "recruit", "oa", "attach", "play", "isle", "deploy", "glory"):
        assert "Example" in run("kleos", verb, "--help").output, verb
    res = run("kleos", "card", "add", "--help")
    assert res.exit_code == 0 and "--tactics-neg" in res.output


def test_godly_flag_is_recorded_in_the_action(db):
    start()
    fill_isles()
    assert run("kleos", "next").exit_code == 0  # Day 1: cards are played from now on
    out = js("kleos", "check", "ares:c", "cunning", "--dice", "g-", "--godly")
    assert out["result"]["action"]["godly"] is True
    assert out["result"]["events"][0]["check"][0]["successes"] == 1
    out = js("kleos", "check", "ares:c", "cunning", "--dice", "g-")
    assert "godly" not in out["result"]["action"]  # absent, not false: the log stays short
