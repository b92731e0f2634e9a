"""The players' colours as the table gave them (`new --player Ann:red --player Bob:blue`): names in
the terminal and the report's chart are drawn in them, never swapped; without colour, names stay."""

from __future__ import annotations

import click
import midgame

from referee.after import report
from referee.cli import output
from referee.model import colours


def test_a_name_is_painted_in_the_colour_the_table_gave_it():
    painted = output.paint("Ann moves, then Bob", {"Ann": "blue", "Bob": "red"})
    assert click.style("Ann", fg="blue", bold=True) in painted
    assert click.style("Bob", fg="red", bold=True) in painted


def test_players_without_a_colour_take_seat_colours_not_used_by_the_others():
    painted = output.paint("Ann Bob", {"Ann": "cyan-ish", "Bob": None})
    assert "\x1b[" in painted and click.unstyle(painted) == "Ann Bob"


def test_the_report_chart_draws_each_colony_in_its_own_colour(tmp_path):
    db = tmp_path / "s.db"
    midgame.build(db, "croa", cut=6)  # Ann:red, Bob:blue
    from referee.record.store import Store

    rep = report.gather(Store(db, readonly=True), "croa-1")
    assert rep.chart.colours == {"Ann": "red", "Bob": "blue"}
    svg = report.chart_svg(rep.chart)
    red, blue = colours.COLOURS["red"][1], colours.COLOURS["blue"][1]
    assert svg.index(red) < svg.index(blue)  # the first series (Ann) is red


def test_hex_colours_keep_given_ones_and_fill_the_rest_without_clashing():
    out = colours.hex_for(["Ann", "Bob", "Cy"], {"Bob": "blue"})
    assert out[1] == colours.COLOURS["blue"][1] and len(set(out)) == 3


def test_the_pond_draws_each_colonys_frogs_in_its_colour_and_leaves_tiles_alone(tmp_path):
    from click.testing import CliRunner

    from referee.cli import cli

    db = tmp_path / "s.db"
    midgame.build(db, "croa", cut=6)  # Ann:red (R/r), Bob:blue (B/b)
    out = CliRunner().invoke(cli, ["--db", str(db), "--color", "croa", "pond"]).output
    rows = [line for line in out.split("\n") if output.BOARD_ROW.match(click.unstyle(line))]
    assert any(click.style("B", fg="blue", bold=True) in row for row in rows)
    assert any(click.style("r", fg="red", bold=True) in row for row in rows)
    assert not any("\x1b" in part for row in rows for part in row.split() if part in ("Rd", "Ly", "Mq"))
    plain = CliRunner().invoke(cli, ["--db", str(db), "--no-color", "croa", "pond"]).output
    assert "\x1b" not in plain and click.unstyle(out) == plain  # without colour the letters stay


def test_a_view_on_a_store_an_older_referee_wrote_upgrades_it_then_reads(tmp_path):
    import sqlite3

    from click.testing import CliRunner

    from referee.cli import cli
    from referee.record.store import SCHEMA_VERSION

    db = tmp_path / "s.db"
    midgame.build(db, "croa", cut=6)
    con = sqlite3.connect(db)
    con.execute(f"PRAGMA user_version = {SCHEMA_VERSION - 1}")  # as an older referee left it
    con.commit()
    con.close()
    r = CliRunner().invoke(cli, ["--db", str(db), "croa", "pond"])
    assert r.exit_code == 0 and "read-only" not in r.output
