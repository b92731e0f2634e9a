"""`referee GAME rules [TOPIC]`: each rule the referee checks, by the name its refusals give, so a
refusal can be followed by `rules NAME` (the Table harness checks every refusal's rule is listed)."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from referee.cli import cli
from referee.model import registry, rulebook
from referee.testing import Table


def run(*args: str):
    return CliRunner().invoke(cli, list(args))


@pytest.mark.parametrize("game", registry.names())
def test_every_game_lists_its_rules_and_the_cores_in_its_words(game):
    r = run("--json", game, "rules")
    assert r.exit_code == 0, r.output
    book = json.loads(r.output)["result"]["rules"]
    engine = registry.engine(game)
    assert engine.rule("over") in book[rulebook.topic(engine.rule("over"))]
    assert len(book) >= 5


def test_a_refusal_names_a_rule_that_rules_then_explains(db):
    t = Table("croa", "--player Ann:red --player Bob:blue", seed="7")
    out = t.refused("move h8 g7 --tile reeds", rule="Pond rules (règles de la mare): a colony moves only its own frogs")
    named = out.error["rule"]
    shown = run("croa", "rules", rulebook.topic(named))
    assert shown.exit_code == 0 and named.split(":", 1)[1].strip() in " ".join(shown.output.split())


def test_a_topic_is_found_by_the_start_of_its_name_in_any_case():
    r = run("croa", "rules", "mu")
    assert r.exit_code == 0 and "Mud" in r.output and "Lily pad" not in r.output


def test_an_unknown_topic_is_a_usage_error_with_did_you_mean():
    r = run("croa", "rules", "lilly")
    assert r.exit_code == 2 and "Did you mean 'Lily pad" in r.output
