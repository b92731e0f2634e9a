"""The players' colours as the table gave them (`new --player Ann:red --player Bob:blue`): names in
the terminal and the report's chart are drawn in them, never swapped; without colour, names stay."""

from __future__ import annotations

import click
import midgame

from referee import colours, report
from referee.cli import output


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
    from referee.store import Store

    rep = report.gather(Store(db, readonly=True), "croa-1")
    assert rep.chart.colours == {"Ann": "red", "Bob": "blue"}
    svg = report.chart_svg(rep.chart)
    red, blue = colours.COLOURS["red"][1], colours.COLOURS["blue"][1]
    assert svg.index(red) < svg.index(blue)  # the first series (Ann) is red


def test_hex_colours_keep_given_ones_and_fill_the_rest_without_clashing():
    out = colours.hex_for(["Ann", "Bob", "Cy"], {"Bob": "blue"})
    assert out[1] == colours.COLOURS["blue"][1] and len(set(out)) == 3
