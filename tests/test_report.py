"""`referee report`: one self-contained HTML page (checked in headless Chromium) or Markdown
with the chart beside it; the chart's points come from one replay of the log."""

from __future__ import annotations

import re
from itertools import pairwise
from pathlib import Path

import pytest
from click.testing import CliRunner
from club import EXAMPLES, KREUS_DEFEAT, play
from example_runner import example_games

from referee.after import report
from referee.cli import cli
from referee.record.store import Store


@pytest.fixture(scope="module")
def games(tmp_path_factory) -> dict:
    db = tmp_path_factory.mktemp("report") / "r.db"
    ids = {g: play(db, g, (EXAMPLES / f"{g}.txt").read_text(encoding="utf-8"))
           for g in example_games()}
    ids["kreus-defeat"] = play(db, "kreus", KREUS_DEFEAT)
    return {"db": db, "ids": ids}


def run(db: Path, *args: str):
    return CliRunner().invoke(cli, ["--db", str(db), *args])


def test_kleos_chart_is_glory_at_the_end_of_each_day(games):
    # the example's Dusk scores (see examples/kleos.txt): Ann 2, 8, 12, 16, 16; Bob 4, 4, 6, 12, 16
    rep = report.gather(Store(games["db"]), games["ids"]["kleos"])
    assert rep.chart.title == "Glory by day"
    assert rep.chart.labels == ["start", "day 1", "day 2", "day 3", "day 4", "day 5"]
    assert rep.chart.series == {"Ann": [0, 2, 8, 12, 16, 16], "Bob": [0, 4, 4, 6, 12, 16]}


def test_elysion_chart_is_the_look_back_running_totals(games):
    rep = report.gather(Store(games["db"]), games["ids"]["elysion"])
    assert rep.chart.title == "The look back: running glory"
    final = {p["name"]: p["score"] for p in rep.summary["players"]}
    assert {name: values[-1] for name, values in rep.chart.series.items()} == final == {"Ann": 60, "Bob": 75, "Cy": 52}
    assert all(a <= b for values in rep.chart.series.values() for a, b in pairwise(values))


def test_games_without_a_score_chart_their_own_numbers(games):
    store = Store(games["db"])
    kreus = report.gather(store, games["ids"]["kreus"]).chart
    assert set(kreus.series) == {"Planet elements", "Energy tokens held"} and kreus.series["Planet elements"][-1] == 4
    croa = report.gather(store, games["ids"]["croa"]).chart
    assert croa.title == "Frogs by turn" and croa.series["Ann"][0] == 2 and croa.series["Bob"][-1] == 0
    cerebria = report.gather(store, games["ids"]["cerebria"]).chart
    assert cerebria.series["Ann"][-1] == 14 and cerebria.labels[0] == "start"


def test_html_report_is_one_self_contained_file(games, tmp_path):
    for key, sid in games["ids"].items():
        out = tmp_path / f"{key}.html"
        result = run(games["db"], "report", sid, "-o", str(out))
        assert result.exit_code == 0, result.output
        page = out.read_text(encoding="utf-8")
        assert "<script" not in page and "<link" not in page and "@import" not in page
        assert not re.search(r"""(src|href)\s*=\s*["']?(https?:|//)""", page), key
        assert "default-src 'none'" in page  # a Content-Security-Policy: nothing may be fetched
        start = page.index('<section id="chart"')
        chart = page[start:page.index("</section>", start)]
        assert chart.count("<svg") == 2  # drawn twice: for a wide screen and for a phone
        assert "Final standings" in page and "The final board" in page and "The log" in page
        board = page[page.index('<section id="board"'):page.index('<section id="log"')]
        assert '<div class="board">' in board  # the board as the live page draws it, not terminal text
        ratings = page[page.index('<section id="ratings"'):page.index('<section id="board"')]
        assert ratings.count("<svg") == 2  # the players' ratings over time, wide and for a phone


def test_markdown_report_keeps_the_chart_beside_it_and_a_sparkline(games, tmp_path):
    out = tmp_path / "kleos.md"
    result = run(games["db"], "report", games["ids"]["kleos"], "-o", str(out))
    assert result.exit_code == 0, result.output
    text = out.read_text(encoding="utf-8")
    assert (tmp_path / "kleos.svg").read_text(encoding="utf-8").count("<svg") == 1
    assert "![Glory by day](kleos.svg)" in text
    assert "Ann  ▁▂▅▆██  16" in text and "Bob  ▁▃▃▄▆█  16" in text
    assert "| 1 | **Bob** (winner) | 16 | athena |" in text


def test_report_never_overwrites_without_force_and_wants_html_or_md(games, tmp_path):
    out = tmp_path / "r.md"
    (tmp_path / "r.svg").write_text("precious")
    result = run(games["db"], "report", games["ids"]["croa"], "-o", str(out))
    assert result.exit_code == 2 and "--force" in result.output
    assert (tmp_path / "r.svg").read_text() == "precious" and not out.exists()
    assert run(games["db"], "report", games["ids"]["croa"], "-o", str(out), "--force").exit_code == 0
    assert (tmp_path / "r.svg").read_text() != "precious"
    bad = run(games["db"], "report", games["ids"]["croa"], "-o", str(tmp_path / "r.pdf"))
    assert bad.exit_code == 2 and "FILE.html or FILE.md" in bad.output
    assert run(games["db"], "report", "nope-1", "-o", str(tmp_path / "x.html")).exit_code == 3


def _console(page) -> list[str]:
    """Every console message and script error of `page` from now on (none is expected at all)."""
    said: list[str] = []
    page.on("console", lambda m: said.append(f"{m.type}: {m.text}"))
    page.on("pageerror", lambda e: said.append(str(e)))
    return said


def test_html_report_renders_in_headless_chromium_with_its_chart(games, tmp_path, browser):
    out = tmp_path / "kleos.html"
    assert run(games["db"], "report", games["ids"]["kleos"], "-o", str(out)).exit_code == 0
    page = browser.new_page(viewport={"width": 1000, "height": 1400})
    said = _console(page)
    page.goto(out.as_uri(), wait_until="load")
    shot = tmp_path / "kleos.png"
    page.screenshot(path=str(shot))
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and shot.stat().st_size > 20_000
    dom = page.content()
    page.close()
    assert said == []  # no console message at all, errors included
    svg = dom[dom.index("<svg"):dom.index("</svg>")]
    assert "Glory by day" in svg and ">Ann<" in svg and ">Bob<" in svg
    assert svg.count('class="line reactive nofill"') == 2  # one line per player


PHONE = (390, 844)  # an iPhone 12-15's viewport, in CSS pixels


def _phone_probe(page: str) -> str:
    """The report in a 390 px wide frame, with a script measuring it once loaded; the report's
    own policy (no script) left out."""
    import html

    page = re.sub(r'<meta http-equiv="Content-Security-Policy"[^>]*>', "", page)
    width, height = PHONE
    return (f'<!DOCTYPE html><html><body style="margin:0"><iframe id="f" width="{width}" '
            f'height="{height}" style="border:0" srcdoc="{html.escape(page, quote=True)}"></iframe>'
            "<script>window.addEventListener('load', () => setTimeout(() => {"
            " const d = document.getElementById('f').contentDocument.documentElement;"
            " const wide = [...d.querySelectorAll('body *')]"
            "   .filter(e => e.getBoundingClientRect().right > d.clientWidth + 0.5).map(e => e.tagName);"
            " document.body.setAttribute('data-measured', d.scrollWidth + ' ' + d.clientWidth + ' '"
            "   + wide.join(','));"
            "}, 300));</script></body></html>")


def test_html_report_declares_a_phone_layout(games, tmp_path):
    out = tmp_path / "croa.html"
    assert run(games["db"], "report", games["ids"]["croa"], "-o", str(out)).exit_code == 0
    page = out.read_text(encoding="utf-8")
    assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in page
    assert "@media (max-width: 600px)" in page and '<div class="wide"><table>' in page


@pytest.mark.parametrize("key", example_games())
def test_html_report_reads_on_a_390_px_phone_without_scrolling_sideways(games, tmp_path, key, browser):
    out = tmp_path / f"{key}.html"
    assert run(games["db"], "report", games["ids"][key], "-o", str(out)).exit_code == 0
    probe = tmp_path / f"{key}-phone.html"
    probe.write_text(_phone_probe(out.read_text(encoding="utf-8")), encoding="utf-8")
    page = browser.new_page(viewport={"width": PHONE[0], "height": PHONE[1]})
    page.goto(probe.as_uri(), wait_until="load")
    page.wait_for_selector("body[data-measured]", state="attached", timeout=30_000)
    measured = re.fullmatch(r"(\d+) (\d+) ?(.*)", page.get_attribute("body", "data-measured") or "")
    assert measured, page.content()[-2000:]
    scroll, client, wide = int(measured[1]), int(measured[2]), measured[3]
    assert client <= PHONE[0] and scroll <= client, f"wider than the phone: {wide}"
    shot = tmp_path / f"{key}-phone.png"
    page.screenshot(path=str(shot))
    page.close()
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.fixture(scope="module")
def secret_kleos(games) -> str:
    """A Kleos game under way with a seed kept secret: its report shows the seed's commitment,
    one unbroken hash of some 80 characters."""
    lines = (EXAMPLES / "kleos.txt").read_text(encoding="utf-8").splitlines()[:62]
    return play(games["db"], "kleos", "\n".join(re.sub(r" --seed \d+", "", line) for line in lines))


@pytest.mark.parametrize("key", [*example_games(), "secret-kleos"])
def test_report_at_390_px_holds_its_width_its_pond_and_a_chart_read_at_its_own_size(games, secret_kleos, tmp_path,
                                                                                    key, browser):
    """Issue 37, item 14: opened on a 390 px phone, no report is wider than the phone (a long
    hash breaks), Crôa!'s board is its SVG pond, the chart shown is the one drawn for the
    phone's width (its 12 px labels near their size) and each player's line has dashes of its own."""
    sid = secret_kleos if key == "secret-kleos" else games["ids"][key]
    out = tmp_path / f"{key}.html"
    assert run(games["db"], "report", sid, "-o", str(out)).exit_code == 0
    page = browser.new_page(viewport={"width": PHONE[0], "height": PHONE[1]})
    page.goto(out.as_uri(), wait_until="load")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE[0]
    assert page.evaluate("document.body.scrollWidth") <= PHONE[0]
    if key == "secret-kleos":
        assert "seed commitment" in page.locator("header .facts").inner_text()
    if key == "croa":
        assert page.locator("#board svg.pond").count() == 1 and page.locator("#board pre").count() == 0
    shown = page.locator("#chart svg:visible")
    assert shown.count() == 1
    scale = page.evaluate("document.querySelector('#chart .narrow svg').getBoundingClientRect().width") / 390
    assert scale > 0.85  # 12 px labels drawn at 10 px or more
    legend = page.evaluate("(() => { const box = document.querySelector('#chart .narrow svg').getBoundingClientRect();"
                           " return [...document.querySelectorAll('#chart .narrow .legends text')]"
                           ".map(t => t.getBoundingClientRect().bottom <= box.bottom + 0.5); })()")
    assert len(legend) >= 2 and all(legend)  # every player's name in the legend, none cut off below
    page.screenshot(path=str(tmp_path / f"{key}-390.png"), full_page=True)
    page.close()
    svg = out.read_text(encoding="utf-8")
    start = svg.index('<div class="narrow">')  # the score's chart (the ratings' follows it)
    narrow = svg[start:svg.index("</div>", start)]
    dashes = re.findall(r"\.serie-\d+\{[^}]*stroke-dasharray:([^;}]+)", narrow)
    assert len(dashes) == len(set(dashes)) >= 2  # each line its own dashes, each its own width below


def test_html_report_speaks_to_players_cards_by_name_no_command_to_type(games, tmp_path):
    """Issue 37, item 13 in the report: its board and its log in players' words (Cerebria's cards
    by name, no command in backticks), while `log` keeps the words the terminal said."""
    from referee.games.cerebria.cards import SLUG

    for key in ("cerebria", "elysion"):
        out = tmp_path / f"{key}.html"
        assert run(games["db"], "report", games["ids"][key], "-o", str(out)).exit_code == 0
        page = out.read_text(encoding="utf-8")
        body = re.sub(r"<(style|svg)\b.*?</\1>", "", page[page.index("<body>"):], flags=re.S)
        assert "`" not in body, re.findall(r".{40}`.{40}", body)[:3]
        assert not SLUG.search(body), SLUG.search(body)
        logged = run(games["db"], "log", "-v", games["ids"][key]).output
        assert "`" in logged or SLUG.search(logged)
