"""Elysion play-test findings (issue 10): realms listed in the log, Shade refusals as whole
sentences, the look back's give-up choices, and the look back "if we looked back now"."""

from __future__ import annotations

import csv
import io

from click.testing import CliRunner
from elysion_table import Journey as Game
from test_elysion_rules import _styx_three_days

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
    rows = list(csv.DictReader(io.StringIO(run("export", "--format", "csv"))))
    assert any(r.get("result_row_day_2") == "6, 7, 8" for r in rows), rows[-1]

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
    message = g.refusal("shade", player="Ann", shade="Stone Giant", rule="Beyond the Styx: goal met, and today's realm or Blessing adds to it")
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
    message = g.refusal("shade", player="Ann", shade="Stone Giant", rule="Beyond the Styx: goal met, and today's realm or Blessing adds to it")
    assert message.endswith(
        "neither today's realm 20 nor Blessing Athena's Owl adds to its goal"
    ), message


# -- the look back: which Blessing the referee gave up, and the other choices ----------------


def test_look_back_says_which_blessing_the_referee_gave_up_and_what_the_others_score():
    from test_elysion_lookback import play

    # Ann's 32* asks 1 Blessing (worked out in test_elysion_lookback: 51 giving up Nectar).
    # Aegis (4): 51 - 4 + 2 (Nectar scores 1 per sea: 63, 68) = 49.
    # Ambrosia (1 per earth: 12, 42, 22 = 3): 51 - 3 + 2 = 50.
    # Olive Branch (4): its fleece still counts for 22 (day 5 turns back before 32*): 49.
    # Nothing given up: 32* unscored, Nectar scores 2: 51 - 10 + 2 = 43.
    state, evs, _ = play()
    choices = state["lookback"]["players"]["Ann"]["choices"]
    assert choices == [
        {
            "realm": "32*",
            "chosen": ["Nectar"],
            "glory": 51,
            "others": [
                {"give_up": ["Aegis"], "glory": 49},
                {"give_up": ["Ambrosia"], "glory": 50},
                {"give_up": ["Olive Branch"], "glory": 49},
                {"give_up": None, "glory": 43},
            ],
        }
    ]
    assert state["lookback"]["players"]["Bob"]["choices"] == []  # no constellation
    text = "\n".join(e["text"] for e in evs)
    assert "Ann's 32*: the referee gave up Nectar, for 51 glory (no other choice scores more)." in text
    assert (
        "Other choices, in glory: Aegis 49; Ambrosia 50; Olive Branch 49; "
        "nothing (32* unscored) 43." in text
    )


def test_look_back_lists_no_choices_for_a_give_up_the_table_typed():
    from test_elysion_lookback import play

    state, evs, _ = play(give_up={"Ann": {"32*": ["Aegis"]}})
    assert state["lookback"]["players"]["Ann"]["choices"] == []
    assert "the referee gave up" not in "\n".join(e["text"] for e in evs)


# -- status: the look back "if we looked back now" ------------------------------------------


def test_status_shows_each_players_look_back_if_we_looked_back_now():
    # End of day 3. Ann: 2 earth CL, 12 earth A, 17 earth + Stone Giant (A); Aegis, Ambrosia.
    #   17: sets(amphora 1, fleece 0) = 0; Stone Giant 5 (5). 12: earth 2 < 3 -> 0 (5).
    #   2: 1 per earth, 3 in sight -> 3 (8). Aegis 4 (12), Ambrosia 1 per earth 3 -> 15.
    # Bob: 7 earth, 13 sea, 19 sky; Olive Branch (F, 4), Siren Song (L, 1 per sea).
    #   19: coin 0 < 3 -> 2. 13: max(2 x 0 coins, 2 realms) = 2 (4). 7: min(3 x 1 lotus, 8)
    #   = 3 (7). Olive Branch 4 (11), Siren Song 1 sea -> 12.
    g = Game(styx=True, hand=8, shades=["Stone Giant", "Ferryman", "Old Sailor"])
    _styx_three_days(g, ann_takes_shade=True)
    text = E.render(g.state)
    assert "look back: the glory each journey would score if we looked back now" in text
    rows = {line.split()[0]: line for line in text.splitlines() if line[:4] in ("Ann ", "Bob ")}
    header = next(line for line in text.splitlines() if line.startswith("player"))
    column = header.index("look back")
    assert rows["Ann"][column:].split()[0] == "15"
    assert rows["Bob"][column:].split()[0] == "12"


def test_status_has_no_look_back_column_once_the_game_is_scored():
    from test_elysion_lookback import play

    state, _, _ = play()
    assert "if we looked back now" not in E.render(state)


def test_status_fits_80_columns_with_seven_players_and_long_rules():
    import random

    from referee.record import session

    opts = {
        "players": ["Annabel", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus"],
        "constellations": True,
        "styx": True,
    }
    # in memory, as the shared playouts do: ~100 renders of a 7-player journey stay fast
    state, _, _ = session.run(E, None, {"verb": "new", **opts}, "w", 0)
    rng = random.Random(3)
    for ply in range(1, 200):
        for line in E.render(state).splitlines():
            assert len(line) <= 80, line
        actions = E.playout_choices(state)
        if not actions:
            break
        state, _, _ = session.run(E, E.copy(state), rng.choice(actions), "w", ply)
    assert state["phase"] == "over"
