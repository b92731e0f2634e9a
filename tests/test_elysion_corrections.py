"""A dry run of a correction gives the real correction's outcome (play-test issue 20, item 15).

Correcting the past: the later actions keep the results they recorded, and an amended action
may reuse the draw it recorded (rolled again at the same place, as the real amend does), so
a dry run shows exactly what the real amend, insert or strike will do, and stores nothing.
A result the table has not seen yet is still never shown by a dry run (Hidden things stay
hidden). Checked for Elysion's Blessing draws and for Kleos dice.
"""

from __future__ import annotations

from corrections_support import root, scripted
from test_elysion_shortcuts import _after_day_one

from referee.testing import Table


def _stored(t: Table) -> list[tuple]:
    """Every stored row of the session, with its status (what a dry run must not touch)."""
    from referee.record.store import ALL_STATUSES

    rows = t.store.actions(t.sid, ALL_STATUSES)
    return [(r["idx"], r["status"], r["action"], r["results"]) for r in rows]


def _same_as_real(t: Table, command: str) -> dict:
    """The dry run of `command`, then the real one: the same outcome; the dry run stores
    nothing. Returns the real outcome."""
    before = _stored(t)
    dry = root(t, command.replace(" -- ", " --dry-run -- ", 1) if " -- " in command
               else command + " --dry-run")
    assert dry.code == 0, dry.error
    assert _stored(t) == before, "a dry run stored something"
    real = root(t, command)
    assert real.code == 0, real.error
    assert {**dry.result, "dry_run": False} == real.result
    assert dry.result["dry_run"] is True
    return real.result


def _day_two_bob_drawn_by_the_referee() -> Table:
    """Day 2 of the example, Bob's one Blessing drawn by the referee (action 9), then `next`."""
    t = _after_day_one()  # actions 1-5
    for line in ("reveal Ann=32* Bob=33 Cy=7", "take Cy 7*", "take Ann 44 --drawn Nectar,Aegis",
                 "keep Ann Aegis", "take Bob 15", "next --row 17,22,42,61"):
        t.ok(line)
    return t


def test_correcting_the_past_dry_run_of_an_amend_reuses_the_recorded_draw():
    t = _day_two_bob_drawn_by_the_referee()
    drawn = t.loaded.records[10]["results"]
    assert drawn[0]["source"] == "referee" and len(drawn[0]["value"]) == 1
    # Bob took 15, but meant 57: the dry run is not refused, and says what the amend does.
    real = _same_as_real(t, "amend 10 --reason slip -- take Bob 57")
    assert real["command"].startswith("Bob takes 57") and real["rechecked"] == 1
    assert t.loaded.records[10]["results"][0]["value"] == drawn[0]["value"]  # the same Blessing
    assert t.state["hands"]["Bob"]["known"][-1] == "57"


def test_correcting_the_past_dry_run_of_a_strike_and_an_insert_match_the_real_ones():
    t = _day_two_bob_drawn_by_the_referee()
    t.ok("reveal Ann=12 Bob=15 Cy=7*")
    t.ok('take Cy 17 --drawn "Argo Plank"')
    # strike Cy's typed draw of day 3, then insert it back as typed: both dry runs are exact
    _same_as_real(t, "strike 13")
    _same_as_real(t, 'insert 13 -- take Cy 17 --drawn "Argo Plank"')
    assert t.state["blessings"]["Cy"] == ["Argo Plank"]


def test_hidden_things_stay_hidden_a_dry_run_never_shows_a_new_draw():
    # Ann's two Blessings of day 2 were typed at the table (action 8): amended to a take left
    # to the referee, they would be drawn anew, so the dry run refuses to show them.
    t = _day_two_bob_drawn_by_the_referee()
    before = _stored(t)
    out = root(t, "amend 8 --dry-run -- take Ann 44")
    assert out.code == 1 and out.error["rule"] == "Hidden things stay hidden", out.error
    assert "a dry run never shows one" in out.error["message"]
    assert _stored(t) == before


def test_correcting_the_past_kleos_dry_run_reuses_the_recorded_dice():
    # Kleos: the example's recruit of Myrina, its dice rolled by the referee this time, then
    # amended to itself: the dry run shows the real amend's outcome (the same dice).
    from corrections_support import opening

    actions = opening("kleos", 500)[2]
    first = next(i for i, line in enumerate(actions) if line.startswith("recruit "))
    t, _ = scripted("kleos", first)
    recruit = actions[first].split(" --dice")[0]
    at = t.log_length()
    t.ok(recruit)
    t.ok(actions[first + 1])  # a later action, re-checked
    rolled = t.loaded.records[at]["results"]
    assert rolled and all(r["source"] == "referee" for r in rolled)
    real = _same_as_real(t, f"amend {at} --reason retyped -- {recruit}")
    assert real["changed"] == [] and real["rechecked"] == 1
    assert t.loaded.records[at]["results"] == rolled
