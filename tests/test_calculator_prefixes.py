"""Fewer words (issue 25, item 6): calculators take a unique beginning of a word from a fixed
list, as the game verbs do; an unknown or ambiguous beginning is a usage error (exit 2)."""

from __future__ import annotations

import json

from click.testing import CliRunner

from referee.cli import cli


def run(*args: str):
    return CliRunner().invoke(cli, list(args))


def test_cerebria_vibes_take_one_letter_or_more():
    # two pairs (red, blue): a bonus of 2 fragments, whichever way the vibes are typed
    for words in (["r", "r", "b", "b"], ["re", "re", "bl", "bl"], ["Red", "RED", "blue", "b"]):
        result = run("--json", "cerebria", "vibes", *words)
        assert result.exit_code == 0, result.output
        assert json.loads(result.output)["result"]["combination"] == "two-pairs"


def test_cerebria_vibes_unknown_word_is_a_usage_error():
    result = run("cerebria", "vibes", "r", "x")
    assert result.exit_code == 2 and "'x' is not one of" in result.output


def test_croa_odds_takes_a_zone_prefix():
    full = run("--json", "croa", "odds", "pink")
    short = run("--json", "croa", "odds", "p")
    assert full.exit_code == short.exit_code == 0, short.output
    assert json.loads(short.output)["result"] == json.loads(full.output)["result"]
    assert json.loads(short.output)["result"]["zone"] == "pink"
