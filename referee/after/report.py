"""A session's report, worth sharing: standings, how the score went, the final board, the log,
in players' words (`Screens.spoken`: no terminal syntax, Cerebria's cards by name).

HTML: one self-contained file (inline CSS, the chart as inline SVG drawn by pygal without
its JavaScript; nothing is fetched). Markdown: the same text, with the chart as an SVG
file beside it and a text sparkline per line of the chart.

The chart comes from one replay of the log (`referee.after.records.walk`): the engine's `series`
at the end of each turn (scores, or what a game without a score charts), or the running
totals of a scoring done at the end (`Results.final_steps`, Elysion's look back).
"""

from __future__ import annotations

import datetime as _dt
import html
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from referee.after import ratings, records, standings
from referee.after.export import results_text, write_atomic
from referee.model import colours, view
from referee.model.boardstyle import BOARD_CSS
from referee.model.errors import InputError
from referee.model.i18n import _, day, language, ngettext, pgettext
from referee.record import session
from referee.record.integrity import load_checked
from referee.record.protocol import RecordStore

MAX_POINTS = 30
# pygal's defaults draw black dashed guides and 1px lines (its tooltips, not shipped, thicken
# them on hover): quiet guides and lines that read from across the table
CHART_CSS = ("#{id} .axis .guide.line{{stroke:#e4e4e0;stroke-dasharray:none}}"
             "#{id} .axis .major.guide.line{{stroke:#d6d6d0;stroke-dasharray:none}}"
             "#{id} .series .line.reactive{{stroke-opacity:1}}"
             "#{id} .dot.reactive{{stroke-width:1;fill-opacity:1}}")
# one player's line drawn over another's must not hide it: the first series widest, each next
# one narrower and dashed its own way, so a line under another shows at its edges and between
# the dashes (the legend shows each line's dashes)
DASHES = ("none", "12,6", "4,5", "16,5,4,5", "2,7", "9,4,2,4,2,4")
NARROW = 390  # a phone's width in CSS pixels: the chart drawn for it, its words at their size
SPARKS = "▁▂▃▄▅▆▇█"


@dataclass
class Chart:
    title: str
    x_title: str
    labels: list[str]
    series: dict[str, list[float | None]]
    colours: dict[str, str] = field(default_factory=dict)  # series name -> the table's colour


@dataclass
class Report:
    """Everything a report shows, gathered with one replay."""

    loaded: session.Loaded
    steps: list[records.Step]
    chart: Chart
    summary: dict
    ratings: Chart | None = None  # the players' ratings at this game over time (a finished game)

    @property
    def when(self) -> str:
        ts = self.loaded.meta.get("updated") or 0
        return day(_dt.datetime.fromtimestamp(ts).strftime("%Y-%m-%d %H:%M"))


def chart_of(engine: Any, steps: list[records.Step], state: Any) -> Chart:
    """The chart's points: a scoring at the end charted step by step, else the series at the
    start and at the end of each turn (in a long game, only the turns that changed something,
    then every n-th of those)."""
    final = engine.results.final_steps(state)
    if final:
        length = max(len(v) for v in final.values())
        return Chart(_("The look back: running {word}").format(word=pgettext("series", engine.series_word)), _("cards turned back"),
                     [str(i + 1) for i in range(length)], {k: list(v) for k, v in final.items()})
    points: list[tuple[str, dict]] = [(_("start"), steps[0].series)] if steps else []
    previous: int | None = None
    for n, step in enumerate(steps[1:], start=1):
        label = f"{_(engine.turn_word)} {step.turn if step.turn is not None else n}"
        if len(points) > 1 and step.turn is not None and step.turn == previous:
            points[-1] = (label, step.series)  # the numbers at the end of the turn
        else:
            points.append((label, step.series))
        previous = step.turn
    kept = points
    if len(points) > MAX_POINTS:  # a long game: only the turns that changed something
        kept = [p for i, p in enumerate(points) if i in (0, len(points) - 1) or p[1] != points[i - 1][1]]
    if len(kept) > MAX_POINTS:
        every = -(-len(kept) // MAX_POINTS)
        kept = kept[:-1:every] + kept[-1:]
    keys = list(dict.fromkeys(k for _label, s in kept for k in s))
    word = _("{series} by {turn}").format(series=pgettext("series", engine.series_word), turn=_(engine.turn_word))
    return Chart(f"{word[:1].upper()}{word[1:]}", _("end of each {turn}").format(turn=_(engine.turn_word)),
                 [label for label, _series in kept], {k: [s.get(k) for _label, s in kept] for k in keys})


def gather(store: RecordStore, sid: str, viewer: str | None = None) -> Report:
    """The report as `viewer` may read it (None: the table): while the game runs, what one seat
    alone may see is left out (`referee.model.view`)."""
    checked = load_checked(store, sid)  # the chain and the seal first: a report shows only a sound record
    meta, engine, recs = checked.meta, checked.engine, checked.records
    steps, state = records.walk(engine, meta["seed"], recs)
    loaded = session.Loaded(sid, meta["game"], meta["seed"], engine, recs, state, meta, head=checked.head)
    loaded.seen_by(viewer)
    over = engine.is_over(state)
    steps = [records.Step(view.record(engine, st.record, viewer, over), st.turn, st.player, st.series) for st in steps]
    chart = chart_of(engine, steps, state)
    chart.colours = colours.of_players(loaded.summary.get("players") or [])
    rated = rating_chart(store, loaded.stored_summary, meta["game"], sid, engine.title)
    if rated is not None:
        rated.colours = chart.colours
    return Report(loaded, steps, chart, loaded.stored_summary if over else loaded.summary, rated)


def rating_chart(store: RecordStore, summary: dict, game: str, sid: str, title: str) -> Chart | None:
    """Each player's rating at this game after each of the game's sessions, up to this one (the
    last MAX_POINTS of them); None for an unfinished game, one the ratings leave out, or without
    the openskill library (the report is then written without it)."""
    if not summary.get("over"):
        return None
    try:
        found = ratings.compute(store, game)
    except InputError:
        return None
    tracks = [t for t in (found.track(str(p.get("name")), game) for p in summary.get("players", [])) if t]
    moments = sorted({(h["at"], h["id"]) for t in tracks for h in t.history})
    ids = [one for _at, one in moments]
    if sid not in ids:
        return None
    upto = ids[:ids.index(sid) + 1]
    kept = upto[-MAX_POINTS:]
    series: dict[str, list[float | None]] = {}
    for t in tracks:
        after = {h["id"]: h["rating"] for h in t.history}
        values: list[float | None] = []
        last: float | None = None
        for one in upto:  # a session without the player: their rating as it stood
            last = after.get(one, last)
            values.append(last)
        series[t.player] = values[-len(kept):]
    return Chart(_("Ratings after each {game} session (openskill, mu - 3 sigma)").format(game=title),
                 _("{game} sessions, in the order they ended").format(game=title), kept, series)


# -- the chart ---------------------------------------------------------------------------

def chart_svg(chart: Chart, ident: str = "chart-referee", narrow: bool = False) -> str:
    """The chart as a standalone SVG (pygal, with no script and the fixed id `ident`). `narrow`:
    drawn for a phone's width (390 px), so that its words read at their own size there: fewer
    labels along the bottom, the legend in three columns."""
    import pygal  # loaded only when a report is written
    from pygal.style import Style

    size = 12 if narrow else 13
    style = Style(background="#ffffff", plot_background="#ffffff", foreground="#444444",
                  foreground_strong="#222222", foreground_subtle="#e4e4e0",
                  colors=tuple(colours.hex_for(chart.series, chart.colours)),
                  font_family="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
                  label_font_size=size, major_label_font_size=size, legend_font_size=size + 1,
                  title_font_size=size + 3, value_font_size=size - 1, opacity=".9", opacity_hover="1")
    every = max(1, -(-len(chart.labels) // (5 if narrow else 12)))  # at most about 5 (12) labels
    many = every > 1
    ident = f"{ident}-narrow" if narrow else ident
    count = len(chart.series)
    columns = min(count, 3 if narrow else 4) or 1
    rows = -(-count // columns)  # pygal leaves room for one row of the legend: the others below
    line = pygal.Line(disable_xml_declaration=True, js=[], style=style,
                      width=NARROW if narrow else 900, height=360 if narrow else 420,
                      show_dots=True, dots_size=3 if narrow else 3.5, legend_at_bottom=True,
                      legend_at_bottom_columns=columns, truncate_legend=-1,
                      x_label_rotation=0 if narrow else 35 if many else 0, show_minor_x_labels=not many,
                      x_labels_major_every=every if many else None, truncate_label=-1,
                      show_x_guides=False, margin=8 if narrow else 18, include_x_axis=True,
                      margin_bottom=(14 if narrow else 18) + 22 * (rows - 1),
                      allow_interruptions=True, title=chart.title, x_title=chart.x_title, print_values=False)
    line.x_labels = chart.labels
    for i, (name, values) in enumerate(chart.series.items()):
        width = 2.5 + 2 * (count - 1 - i) if count > 1 else 3
        line.add(str(name), values, stroke_style={"width": width, "dasharray": DASHES[i % len(DASHES)],
                                                  "linecap": "round"})
    svg = line.render(is_unicode=True)
    svg = re.sub(r"<script.*?</script>", "", svg, flags=re.DOTALL)
    svg = re.sub(r"<!--.*?-->", "", svg, flags=re.DOTALL)
    svg = re.sub(r"chart-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}", ident, svg)
    return svg.replace("</style>", CHART_CSS.format(id=ident) + "</style>", 1)


def sparkline(values: list[float | None], low: float, high: float) -> str:
    """▁▂▄█ over [low, high]; a blank where there is no value."""
    span = (high - low) or 1
    return "".join(" " if v is None else SPARKS[round((v - low) / span * (len(SPARKS) - 1))] for v in values)


def sparklines(chart: Chart) -> list[str]:
    found = [v for vs in chart.series.values() for v in vs if v is not None]
    if not found:
        return []
    low, high = min(found), max(found)
    width = max(len(str(k)) for k in chart.series)
    lines = []
    for name, values in chart.series.items():
        last = next((v for v in reversed(values) if v is not None), None)
        lines.append(f"{str(name).ljust(width)}  {sparkline(values, low, high)}  {'' if last is None else last}")
    return lines


# -- shared pieces -------------------------------------------------------------------------

def _extra_columns(summary: dict) -> list[str]:
    """Player facts beyond name and score worth a column (god, bliss, gloom, colour...)."""
    cols: list[str] = []
    for p in summary.get("players", []):
        for k, v in p.items():
            if k not in ("name", "score") and isinstance(v, (str, int, bool)) and k not in cols:
                cols.append(k)
    return cols


def _cell(value: Any) -> str:
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    return "" if value is None else pgettext("colour", value) if isinstance(value, str) else str(value)


def _log_rows(rep: Report) -> list[list[str]]:
    engine = rep.loaded.engine
    rows = []
    for step in rep.steps:
        rec = step.record
        rows.append([str(rec.get("idx", "")), _cell(step.turn), _cell(step.player),
                     engine.screens.spoken(engine.describe(rec["action"])), engine.screens.spoken(results_text(rec.get("results", []), short=True)),
                     " ".join(engine.screens.spoken(e.get("text", "")) for e in rec.get("events", []))])
    return rows


def _facts(rep: Report) -> str:
    engine, summary = rep.loaded.engine, rep.summary
    turns = summary.get("turn")
    actions = len(rep.steps) - 1
    word = ngettext("{word}", "{word}s", turns if isinstance(turns, int) else 2).format(word=_(engine.turn_word))
    return (ngettext("{n} action over {turns} {word}", "{n} actions over {turns} {word}", actions).format(
        n=actions, turns=turns, word=word)
        + " · " + _("last played {when}").format(when=rep.when) + f" · {_seed_fact(rep.loaded.meta)} · "
        + _("head {head}").format(head=rep.loaded.head))


def _seed_fact(meta: dict) -> str:
    """The seed once it may be shown; the commitment while a secret game runs."""
    shown = session.seed_shown(meta)
    return (_("seed {seed}").format(seed=shown) if shown is not None
            else _("seed commitment {commitment}").format(commitment=meta.get("commitment") or ""))


# -- HTML ------------------------------------------------------------------------------------

CSS = """
:root { --ink: #1f2328; --muted: #667085; --line: #e4e4e0; --accent: #3b6fb6; --badge: #b8860b;
        --fg: #1f2328; --mute: #667085; --card: #fbfbf8; --wait: #fff3c4; --win: #eef8ef; }
* { box-sizing: border-box; }
body { margin: 0; background: #f6f5f1; color: var(--ink);
       font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
       overflow-wrap: break-word; }
.facts { overflow-wrap: anywhere; }  /* a hash (the commitment, the head) breaks, never widens the page */
main { max-width: 960px; margin: 0 auto; padding: 32px 24px 48px; }
header { border-bottom: 3px solid var(--accent); margin-bottom: 24px; padding-bottom: 12px; }
h1 { font-size: 30px; margin: 0 0 4px; }
h1 small { color: var(--muted); font-weight: 400; font-size: 18px; }
h2 { font-size: 20px; margin: 32px 0 12px; }
.facts { color: var(--muted); margin: 0; }
.verdict { font-size: 22px; font-weight: 650; margin: 0 0 12px; }
section { background: #fff; border: 1px solid var(--line); border-radius: 10px; padding: 18px 22px; margin: 18px 0; }
section h2 { margin-top: 0; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; padding: 6px 10px; border-bottom: 1px solid var(--line); vertical-align: top; }
th.num { text-align: right; }
th { font-size: 13px; text-transform: uppercase; letter-spacing: .04em; color: var(--muted); }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
th.narrow, td.narrow { width: 1%; white-space: nowrap; }
tr.winner td { font-weight: 650; }
.badge { display: inline-block; margin-left: 8px; padding: 0 8px; border-radius: 9px; font-size: 12px;
         font-weight: 600; color: #fff; background: var(--badge); vertical-align: 2px; }
ul.deciding { margin: 12px 0 0; padding-left: 20px; color: #333; }
.chart svg { width: 100%; height: auto; display: block; }
.chart .narrow { display: none; }
#board h3 { font-size: 17px; margin: 14px 0 6px; }
pre { background: #fbfbf8; border: 1px solid var(--line); border-radius: 8px; padding: 14px; overflow-x: auto;
      font: 13px/1.35 ui-monospace, "DejaVu Sans Mono", Menlo, Consolas, monospace; margin: 0; }
table.log { table-layout: fixed; }
table.log td { font-size: 14px; overflow-wrap: anywhere; }
table.log col.n { width: 3.2em; } table.log col.t { width: 3.6em; } table.log col.p { width: 5.5em; }
table.log col.a { width: 30%; } table.log col.r { width: 18%; }
footer { color: var(--muted); font-size: 13px; text-align: center; margin-top: 28px; }
.wide { overflow-x: auto; }
@media (max-width: 600px) {  /* a phone: narrower margins, the log as one block per action */
  main { padding: 16px 8px 32px; }
  section { padding: 12px 10px; border-radius: 8px; }
  h1 { font-size: 24px; } h1 small { font-size: 15px; }
  .verdict { font-size: 18px; }
  th, td { padding: 4px 6px; }
  th { font-size: 11px; letter-spacing: 0; }
  pre { font-size: 11px; padding: 8px; }
  .chart .narrow { display: block; } .chart .broad { display: none; }
  table.log, table.log tbody, table.log tr, table.log td { display: block; width: auto; }
  table.log colgroup, table.log thead { display: none; }
  table.log tr { border-bottom: 1px solid var(--line); padding: 6px 0; }
  table.log td { border: 0; padding: 0 4px; }
  table.log td:empty { display: none; }
  table.log td:nth-child(-n+3) { display: inline; color: var(--muted); }
}
"""


def _th(label: str, numeric: set[str], shown: str | None = None) -> str:
    css = ' class="narrow"' if label == "place" else ' class="num"' if label in numeric else ""
    return f"<th{css}>{html.escape((shown or label).replace('_', ' '))}</th>"


def to_html(rep: Report) -> str:
    e = html.escape
    loaded, summary = rep.loaded, rep.summary
    engine = loaded.engine
    name = loaded.meta.get("name") or ""
    extra = _extra_columns(summary)
    rows = standings.standings(summary)
    scored = any(r["score"] is not None for r in rows)
    head = ["place", "player", *([engine.series_word] if scored else []), *extra]
    numeric = {engine.series_word} | {k for k in extra if all(
        isinstance(p.get(k), int) and not isinstance(p.get(k), bool) for p in summary.get("players", []))}
    body = []
    for r in rows:
        badge = f'<span class="badge">{e(_("winner"))}</span>' if r["winner"] else ""
        cells = [f'<td class="num narrow">{r["place"]}</td>', f"<td>{e(str(r['name']))}{badge}</td>"]
        if scored:
            cells.append(f'<td class="num">{e(_cell(r["score"]))}</td>')
        cells += [('<td class="num">' if k in numeric else "<td>") + f"{e(_cell(r['player'].get(k)))}</td>"
                  for k in extra]
        body.append(f'<tr class="{"winner" if r["winner"] else ""}">' + "".join(cells) + "</tr>")
    deciding = "".join(f"<li>{e(line)}</li>" for line in standings.deciding(summary))
    log = "".join("<tr>" + "".join(f"<td>{e(c)}</td>" for c in row) + "</tr>" for row in _log_rows(rep))
    svg = (f'<div class="broad">{chart_svg(rep.chart)}</div>'
           f'<div class="narrow">{chart_svg(rep.chart, narrow=True)}</div>')
    title = f"{engine.title} · {loaded.id}" + (f" · {name}" if name else "")
    return f"""<!DOCTYPE html>
<html lang="{language()}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
<title>{e(title)}</title>
<style>{CSS}{BOARD_CSS}</style>
</head>
<body>
<main>
<header>
<h1>{e(engine.title)} <small>{e(loaded.id or "")}{" · " + e(name) if name else ""}</small></h1>
<p class="facts">{e(_facts(rep))}</p>
</header>
<section id="standings">
<h2>{e(_("Final standings") if summary.get("over") else _("Standings so far"))}</h2>
<p class="verdict">{e(standings.verdict(summary))}</p>
<div class="wide"><table><thead><tr>{"".join(_th(h, numeric, _(h)) for h in head)}</tr></thead><tbody>{"".join(body)}</tbody></table></div>
{f'<ul class="deciding">{deciding}</ul>' if deciding else ""}
</section>
<section id="chart" class="chart">
<h2>{e(_("How it went"))}</h2>
{svg}
</section>
{_ratings_html(rep)}<section id="board">
<h2>{e(_("The final board") if summary.get("over") else _("The board now"))}</h2>
<div class="board">{engine.screens.board_html(loaded.shown_state)}</div>
</section>
<section id="log">
<h2>{e(_("The log"))}</h2>
<table class="log"><colgroup><col class="n"><col class="t"><col class="p"><col class="a"><col class="r"><col>
</colgroup><thead><tr><th>#</th><th>{e(_(engine.turn_word))}</th><th>{e(_("player"))}</th><th>{e(_("action"))}</th>
<th>{e(_("dice and draws"))}</th><th>{e(_("what happened"))}</th></tr></thead><tbody>{log}</tbody></table>
</section>
<footer>{e(_("Written by referee · {game} rules version {version}").format(
    game=engine.title, version=engine.rules_version))}</footer>
</main>
</body>
</html>
"""


def _ratings_html(rep: Report) -> str:
    if rep.ratings is None:
        return ""
    return (f'<section id="ratings" class="chart">\n<h2>{html.escape(_("Ratings"))}</h2>\n'
            f'<div class="broad">{chart_svg(rep.ratings, "chart-ratings")}</div>'
            f'<div class="narrow">{chart_svg(rep.ratings, "chart-ratings", narrow=True)}</div>\n</section>\n')


# -- Markdown -------------------------------------------------------------------------------

def _md(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def to_markdown(rep: Report, svg_name: str) -> str:
    loaded, summary = rep.loaded, rep.summary
    engine = loaded.engine
    name = loaded.meta.get("name") or ""
    rows = standings.standings(summary)
    scored = any(r["score"] is not None for r in rows)
    extra = _extra_columns(summary)
    head = ["place", "player", *([engine.series_word] if scored else []), *extra]
    out = [f"# {engine.title} — {loaded.id}" + (f" ({name})" if name else ""), "", _facts(rep), "",
           "## " + (_("Final standings") if summary.get("over") else _("Standings so far")), "",
           f"**{standings.verdict(summary)}**", "",
           "| " + " | ".join(_(h) for h in head) + " |", "|" + "---|" * len(head)]
    for r in rows:
        who = f"**{r['name']}** ({_('winner')})" if r["winner"] else str(r["name"])
        cells = [str(r["place"]), who, *([_cell(r["score"])] if scored else []),
                 *(_cell(r["player"].get(k)) for k in extra)]
        out.append("| " + " | ".join(_md(c) for c in cells) + " |")
    lines = standings.deciding(summary)
    if lines:
        out += ["", *[f"- {line}" for line in lines]]
    out += ["", "## " + _("How it went"), "", f"![{rep.chart.title}]({svg_name})", ""]
    spark = sparklines(rep.chart)
    if spark:
        out += ["```", f"{rep.chart.title} ({rep.chart.labels[0]} → {rep.chart.labels[-1]})", *spark, "```"]
    if rep.ratings is not None:
        out += ["", "## " + _("Ratings"), "", "```", f"{rep.ratings.title} ({rep.ratings.labels[0]} → "
                f"{rep.ratings.labels[-1]})", *sparklines(rep.ratings), "```"]
    out += ["", "## " + _("The final board"), "", "```",
            engine.render(loaded.shown_state), "```", "", "## " + _("The log"), "",
            "| # | " + " | ".join(_(h) for h in (engine.turn_word, "player", "action", "dice and draws",
                                                 "what happened")) + " |",
            "|---|---|---|---|---|---|"]
    out += ["| " + " | ".join(_md(c) for c in row) + " |" for row in _log_rows(rep)]
    return "\n".join(out) + "\n"


def write(store: RecordStore, sid: str, path: str, force: bool = False, viewer: str | None = None) -> list[Path]:
    """Write the report to `path` (.html, or .md with the chart beside it as .svg)."""
    target = Path(path)
    kind = target.suffix.lower()
    if kind not in (".html", ".htm", ".md", ".markdown"):
        raise InputError(f"a report is written to FILE.html or FILE.md, not '{target.name}'")
    rep = gather(store, sid, viewer)
    if kind in (".html", ".htm"):
        return [write_atomic(target, to_html(rep), force=force)]
    svg_path = target.with_suffix(".svg")
    if not force:
        for p in (target, svg_path):
            if p.exists():
                raise InputError(f"{p} exists; use --force to overwrite it")
    svg = chart_svg(rep.chart)
    written = [write_atomic(svg_path, '<?xml version="1.0" encoding="utf-8"?>\n' + svg + "\n", force=force)]
    written.append(write_atomic(target, to_markdown(rep, svg_path.name), force=force))
    return written
