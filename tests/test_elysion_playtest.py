"""Elysion play-test findings (issue 10): realms listed in the log, Shade refusals as whole
sentences, the look back's give-up choices, and the look back "if we looked back now"."""

from __future__ import annotations

from click.testing import CliRunner
from test_elysion_rules import Game, _styx_three_days

from referee.cli import cli
from referee.games.elysion import ENGINE as E


def run(*args: str) -> str:
    result = CliRunner().invoke(cli, list(args))
    assert result.exit_code == 0, result.output
    return result.output


# -- the log lists a row of realms, one number each -------------------------------------------


def test_log_and_exports_list_a_row_of_single_digit_realms(db):
    run("elysion", "new", "--player", "Ann", "--player", "Bob", "--row", "3,4,5", "--seed", "2")
    run("elysion", "reveal", "Ann=1", "Bob=2")
    run("elysion", "take", "Ann", "3")
    run("elysion", "take", "Bob", "4")
    run("elysion", "next", "--row", "6,7,8")
    for out in (run("log"), run("export", "--format", "md"), run("export", "--format", "csv")):
        assert "=345" not in out and "=678" not in out
    log = run("log")
    assert 'row day 1=["3", "4",' in log and "new journey: Ann, Bob; row 3, 4, 5" in log
    md = run("export", "--format", "md")
    assert 'row day 1=["3", "4", "5"] (table)' in md
    assert 'row day 2=["6", "7", "8"] (table)' in md
    assert 'row day 1=[""3"", ""4"", ""5""] (table)' in run("export", "--format", "csv")

# -- Beyond the Styx: a refusal reads as a sentence in every case -----------------------------


def _day_four(g: Game, ann_realm: str, drawn: list[str] | None = None, keep: str | None = None):
    g("next", row=["57", "58", "59", "61"])
    g("reveal", realms={"Ann": ann_realm, "Bob": "21", "Cy": "1"})
    g("take", player="Cy", realm="57")
    g("take", player="Ann", realm="58", drawn=drawn, keep=keep)


def test_shade_refusal_without_a_kept_blessing_names_only_todays_realm():
    g = Game(styx=True, hand=8, shades=["Stone Giant", "Ferryman", "Old Sailor"])
    _styx_three_days(g, ann_takes_shade=False)
    _day_four(g, "5")  # sky 5 < 17: no Blessing drawn, nothing kept today
    message = g.refused("shade", player="Ann", shade="Stone Giant")
    assert message.endswith(
        "today's realm 5 does not add to its goal (no Blessing kept today)"
    ), message
    assert "neither" not in message


def test_shade_refusal_with_a_kept_blessing_says_neither_nor():
    g = Game(styx=True, hand=8, shades=["Stone Giant", "Ferryman", "Old Sailor"])
    _styx_three_days(g, ann_takes_shade=False)
    # sky 20 > 17: Ann draws 1 + her coins (realm 2's coin) = 2 and keeps Athena's Owl,
    # which counts sky, not earth: neither card adds to Stone Giant's earth >= 3.
    _day_four(g, "20", drawn=["Athena's Owl", "Thread of Ariadne"], keep="Athena's Owl")
    message = g.refused("shade", player="Ann", shade="Stone Giant")
    assert message.endswith(
        "neither today's realm 20 nor Blessing Athena's Owl adds to its goal"
    ), message
