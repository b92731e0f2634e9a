"""The `referee kreus ...` commands through Click: exit codes, --json, calculators, views."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from referee.cli import cli


def run(*args: str):
    return CliRunner().invoke(cli, list(args))


def _new(*extra: str):
    result = run("kreus", "new", "--player", "Ann", "--player", "Bob", "--player", "Cy",
                 "--player", "Dee", "--first", "Bob", "--seed", "3", *extra)
    assert result.exit_code == 0, result.output
    return result


def _setup_tokens():
    for who, n in (("Bob", "2"), ("Cy", "2"), ("Dee", "2")):
        assert run("kreus", "tokens", who, n).exit_code == 0


def test_new_prints_the_table(db):
    out = _new().output
    assert "Deck: 40 Universe cards, 10 dealt to each player" in out
    assert "Bob  [First Player]" in out and "tokens Bob N" in out


def test_new_json_carries_the_summary(db):
    result = run("--json", "kreus", "new", "--player", "A", "--player", "B", "--player", "C")
    data = json.loads(result.output)
    assert data["ok"] and data["state"]["summary"]["game"] == "kreus"
    assert data["state"]["summary"]["phase"] == "setup"
    assert data["state"]["total_tokens"] == 3


def test_new_refuses_two_players_with_exit_1(db):
    result = run("--json", "kreus", "new", "--player", "A", "--player", "B")
    assert result.exit_code == 1
    err = json.loads(result.output)["error"]
    assert err["kind"] == "illegal" and "3 to 6" in err["rule"]


def test_a_whole_turn_through_the_cli(db):
    _new()
    _setup_tokens()
    for who in ("Ann", "Bob", "Cy", "Dee"):
        assert run("kreus", "ready", who).exit_code == 0
    assert run("kreus", "next").exit_code == 0
    result = run("kreus", "reveal", "Bob", "Atmosphere")
    assert result.exit_code == 0 and "puts it into play" in result.output
    result = run("--json", "kreus", "reveal", "Cy", "water")
    data = json.loads(result.output)
    assert data["state"]["in_play"]["atmosphere"]["elements"][0]["card"] == "water"
    assert data["state"]["summary"]["current"] == "Dee"
    status = run("kreus", "status")
    assert status.exit_code == 0 and "Atmosphere" in status.output and "needs Air" in status.output


def test_refusal_exit_1_names_the_rule(db):
    _new()
    _setup_tokens()
    result = run("--json", "kreus", "reveal", "Ann", "fire")
    assert result.exit_code == 1
    err = json.loads(result.output)["error"]
    assert err["kind"] == "illegal" and err["rule"]


def test_bad_card_name_is_a_usage_error(db):
    _new()
    _setup_tokens()
    run("kreus", "ready", "Bob")
    result = run("--json", "kreus", "discard", "Bob", "dragon")
    assert result.exit_code == 2
    assert "unknown card 'dragon'" in json.loads(result.output)["error"]["message"]
    assert run("kreus", "tokens", "Ann", "lots").exit_code == 2


def test_choice_needed_is_a_usage_error_with_the_choices(db):
    _new()
    _setup_tokens()
    for who in ("Ann", "Bob", "Cy", "Dee"):
        run("kreus", "ready", who)
    run("kreus", "reveal", "Bob", "comet")
    run("kreus", "reveal", "Cy", "atmosphere")
    run("kreus", "reveal", "Dee", "fire")
    # Ann: Bird stands for Air (Atmosphere) or Earth (Comet): which?
    result = run("kreus", "reveal", "Ann", "bird")
    assert result.exit_code == 2 and "--as air --on atmosphere" in result.output


def test_dry_run_records_nothing(db):
    _new()
    _setup_tokens()
    result = run("kreus", "discard", "Ann", "fire", "--dry-run")
    assert result.exit_code == 0 and "dry run" in result.output
    data = json.loads(run("--json", "kreus", "status").output)
    assert data["state"]["discard"] == []


def test_no_session_is_exit_3(db):
    assert run("kreus", "ready", "Ann").exit_code == 3


def test_tree_and_paths_views(db):
    _new()
    tree = run("kreus", "tree")
    assert tree.exit_code == 0 and "Planet" in tree.output and "unlocked by" in tree.output
    paths = run("--json", "kreus", "paths")
    data = json.loads(paths.output)["result"]
    assert len(data["routes"]) == 6 and data["unseen_elements"]["fire"] == 6


def test_cards_file_replaces_the_tree(db, tmp_path):
    from referee.games.kreus.data import default_tree

    nature = [dict(c) for c in default_tree()]
    nature[1] = {**nature[1], "elements": ["fire", "fire"]}
    path = tmp_path / "cards.json"
    path.write_text(json.dumps({"nature": nature}))
    result = run("--json", "kreus", "new", "--player", "A", "--player", "B", "--player", "C",
                 "--cards", str(path))
    assert json.loads(result.output)["state"]["tree"]["comet"]["elements"] == ["fire", "fire"]


def test_bad_cards_file_is_a_clear_usage_error(db, tmp_path):
    path = tmp_path / "cards.json"
    path.write_text("{not json")
    result = run("kreus", "new", "--player", "A", "--player", "B", "--player", "C",
                 "--cards", str(path))
    assert result.exit_code == 2 and "not valid JSON" in result.output
    path.write_text(json.dumps({"nature": [{"name": "moon"}]}))
    result = run("kreus", "new", "--player", "A", "--player", "B", "--player", "C",
                 "--cards", str(path))
    assert result.exit_code == 2 and "moon" in result.output


def test_incarnation_titan_and_power_verbs(db):
    _new("--incarnation")
    _setup_tokens()
    for who, titan in (("Ann", "cronus"), ("Bob", "theia"), ("Cy", "coeus"), ("Dee", "tethys")):
        assert run("kreus", "titan", who, titan).exit_code == 0
    result = run("kreus", "power", "Cy", "coeus", "--direction", "right")
    assert result.exit_code == 0 and "from Bob to Ann" in result.output
    result = run("--json", "kreus", "power", "Bob", "--to", "Ann", "--to", "Cy")
    assert json.loads(result.output)["state"]["titans"]["Bob"]["used"] == 1
    assert run("kreus", "power", "Dee").exit_code == 1  # Tethys: Creation phase


def test_outcome_calculator_json_keys(db):
    result = run("--json", "kreus", "outcome", "--planet", "--elements", "4",
                 "--cards-left", "2,2,3,2")
    assert json.loads(result.output) == {"ok": True, "session": None,
                                         "result": {"outcome": "perfection"}}
    assert json.loads(run("--json", "kreus", "outcome").output)["result"] == {
        "outcome": "critical-defeat"}
    held = run("--json", "kreus", "outcome", "--elements", "4", "--aggression-held")
    assert json.loads(held.output)["result"]["outcome"] == "defeat"
    text = run("kreus", "outcome", "--elements", "2")
    assert text.exit_code == 0 and "may-sustain-life" in text.output


def test_outcome_calculator_usage_errors(db):
    assert run("kreus", "outcome", "--cards-left", "2,x").exit_code == 2
    assert run("kreus", "outcome", "--elements", "x").exit_code == 2


@pytest.mark.parametrize(("args", "rule"), [
    (("--elements", "5"), "Judgement of Uranus: the Planet needs four Elements"),
    (("--elements", "-1"), "Judgement of Uranus: the Planet needs four Elements"),
    (("--no-planet", "--elements", "2"), "Judgement of Uranus: Elements lie under the Planet in play"),
])
def test_outcome_calculator_refuses_what_the_rules_rule_out(db, args, rule):
    result = run("--json", "kreus", "outcome", *args)
    assert result.exit_code == 1, result.output
    assert json.loads(result.output)["error"]["rule"] == rule


def test_end_answers_the_final_question(db):
    _new()
    _setup_tokens()
    result = run("--json", "kreus", "end")
    assert result.exit_code == 1
    assert json.loads(result.output)["error"]["rule"].startswith("End of the game")


def test_negative_tokens_reach_the_command_and_are_refused_clearly(db):
    _new()
    result = run("kreus", "tokens", "Bob", "-1")
    assert result.exit_code == 1  # a count the rules rule out: refused by a rule
    assert "No such option" not in result.output and "0 or more" in result.output
    assert "rule: Setup: only the Reserve's tokens can be taken" in result.output
    assert run("kreus", "tokens", "Bob", "2").exit_code == 0


def test_titan_drawn_by_the_referee_through_the_cli(db):
    _new("--incarnation")
    _setup_tokens()
    result = run("--json", "kreus", "titan", "Ann", "draw")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    card = data["state"]["titan_cards"][data["state"]["drawn"]["Ann"]]
    assert data["result"]["results"][0]["source"] == "referee"
    assert run("kreus", "titan", "Ann", card["male"]["name"]).exit_code == 0
    assert "(referee)" in run("log").output


def test_log_writes_an_exchange_as_it_is_typed():
    from referee.games.kreus import ENGINE

    assert ENGINE.describe({"verb": "exchange", "player": "Dee", "with": "Ann"}) == \
        "exchange Dee Ann"


def test_log_lines_are_the_commands_the_table_types(db):
    """Every action of a seeded 5-player Incarnation + Altered playout, written as the log
    writes it (`describe`), replays through `referee play` to the same table."""
    import random

    from referee.games.kreus import ENGINE
    from referee.model.chance import Chance

    rng = random.Random(7)
    opts = {"players": ["Ann", "Bob", "Cy", "Dee", "Eve"], "first": "Cy",
            "incarnation": True, "altered": True}
    state = ENGINE.start(opts, Chance("s", 0))
    lines = [ENGINE.describe({"verb": "new", **opts})]
    for ply in range(1, 400):
        actions = [a for a in ENGINE.legal_actions(state) if a.get("titan") != "draw"]
        if not actions:
            break
        action = rng.choice(actions)
        state, _ = ENGINE.apply(ENGINE.copy(state), action, Chance("s", ply))
        lines.append(ENGINE.describe(action))
    assert state["over"]
    result = CliRunner().invoke(cli, ["play", "--bail", "kreus"], input="\n".join(lines) + "\n")
    assert result.exit_code == 0, result.output[-2000:]
    shown = json.loads(run("--json", "kreus", "status").output)["state"]
    assert {k: v for k, v in shown.items() if k != "summary"} == state


def test_log_writes_a_titan_power_as_it_is_typed():
    from referee.games.kreus import ENGINE

    line = ENGINE.describe({"verb": "power", "player": "Ann", "titan": "themis", "on": "Bob",
                            "card": "fire", "gain": 1, "direction": None})
    assert line == "power Ann themis --on Bob --card fire --gain 1"


def test_outcome_elements_zero_puts_the_planet_in_play(db):
    """The help says the Planet is in play when --elements is given: 0 Elements is unstable,
    and only leaving both --planet and --elements out means it never entered play."""
    for args, expected in ((["--elements", "0"], "unstable"), (["--planet"], "unstable"),
                           (["--no-planet", "--elements", "0"], "critical-defeat"),
                           ([], "critical-defeat")):
        result = run("--json", "kreus", "outcome", *args)
        assert json.loads(result.output)["result"]["outcome"] == expected, args


def test_outcome_cards_left_is_one_count_per_player(db):
    for counts in ("2,2", "2", "2,2,2,2,2,2,2"):
        result = run("kreus", "outcome", "--elements", "4", "--cards-left", counts)
        assert result.exit_code == 1 and "3 to 6" in result.output, counts
        assert "rule: Setup: 3 to 6 players" in result.output
    for counts, expected in (("2,2,2", "perfection"), ("2,2,2,2,2,1", "success")):
        result = run("--json", "kreus", "outcome", "--elements", "4", "--cards-left", counts)
        assert json.loads(result.output)["result"]["outcome"] == expected
