"""The page a phone shows: one HTML document with its CSS and script inline (a strict
Content-Security-Policy allows exactly those two, by hash), and the table fragment the server
pushes on every change. Built only from what `status` shows: the summary, the engine's
public board (`board_html`) and the words of the last actions; never the seed or a hidden pile.
"""

from __future__ import annotations

import base64
import hashlib
import re
from html import escape
from typing import Any

from referee.model import view
from referee.model.boardstyle import BOARD_CSS
from referee.model.i18n import _, language, ngettext, pgettext
from referee.model.registry import engine
from referee.model.spoken import words

LAST = 8  # actions shown in words, most recent first

CSS = """
:root{color-scheme:light dark;--bg:#fbfaf6;--fg:#16181d;--mute:#5a6270;--line:#d6d3c8;--card:#fff;
--accent:#1f6fd1;--wait:#fff3c4;--win:#d8f5dc}
@media (prefers-color-scheme:dark){:root{--bg:#14161a;--fg:#eceae4;--mute:#a9b0bb;--line:#3a3f48;
--card:#1d2026;--accent:#7fb0ff;--wait:#4a3f12;--win:#1f4a29}}
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%;text-size-adjust:100%}
body{margin:0;background:var(--bg);color:var(--fg);font:18px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"DejaVu Sans",sans-serif;
overflow-wrap:anywhere}
header{position:sticky;top:0;z-index:1;background:var(--bg);border-bottom:1px solid var(--line);
padding:.5rem .8rem;display:flex;gap:.5rem;align-items:baseline;justify-content:space-between}
header b{font-size:1.05rem}
#live{font-size:.8rem;color:var(--mute)}#live.on::before{content:"\\25CF ";color:#2a9d3c}
#live.off::before{content:"\\25CF ";color:#d7263d}
main{padding:.6rem .8rem 2rem;max-width:720px;margin:0 auto}
h1{font-size:1.35rem;margin:.2rem 0 .4rem}h2{font-size:1.15rem;margin:1.2rem 0 .4rem}
h3{font-size:1.05rem;margin:1rem 0 .3rem}h3 small,th small{color:var(--mute);font-weight:normal}
.status{font-size:1.25rem;font-weight:600;background:var(--card);border:1px solid var(--line);
border-radius:.6rem;padding:.6rem .8rem;margin:.4rem 0}
.over{background:var(--win);border-radius:.6rem;padding:.7rem .8rem;font-size:1.3rem;font-weight:700}
table{border-collapse:collapse;width:100%;margin:.3rem 0;font-size:.95rem;overflow-wrap:normal}
th,td{text-align:left;padding:.3rem .35rem;border-bottom:1px solid var(--line);vertical-align:top}
thead th{font-size:.8rem;color:var(--mute);font-weight:600}
.score{font-size:1.3rem;font-weight:700;text-align:right}
ol.log{padding-left:2.4rem;margin:.3rem 0}ol.log li{margin:.25rem 0}ol.log li p{margin:0;color:var(--mute);font-size:.9rem}
a{color:var(--accent)}
ul.tables{list-style:none;padding:0}ul.tables li{margin:.5rem 0}
section.mine{border:2px solid var(--accent);border-radius:.7rem;padding:.1rem .8rem .5rem;margin:.6rem 0}
section.mine h2{margin:.5rem 0 .2rem}ul.hand{list-style:none;padding:0;margin:.3rem 0}
ul.hand li{background:var(--card);border:1px solid var(--line);border-radius:.6rem;padding:.45rem .7rem;margin:.4rem 0}
ul.hand li p{margin:.2rem 0;font-size:.9rem}ul.hand li.playable{border:2px solid #2a9d3c}
p.now{color:#1d7a30;font-weight:600}@media (prefers-color-scheme:dark){p.now{color:#7ed68f}}
ol.log li.latest{background:var(--card);border-left:4px solid var(--accent);border-radius:.3rem;padding:.2rem .5rem}
.who{color:var(--accent)}p.last{border-left:4px solid var(--accent);padding:.2rem .6rem;margin:.4rem 0}
p.scoreline{background:var(--card);border:1px solid var(--line);border-radius:.6rem;padding:.4rem .8rem;margin:.4rem 0}
.hint p{margin:.25rem 0}.hint p.sub{margin-left:1rem;font-size:.95rem}
ul.tables a{display:block;background:var(--card);border:1px solid var(--line);border-radius:.6rem;padding:.6rem .8rem;text-decoration:none}
.league section{background:var(--card);border:1px solid var(--line);border-radius:.6rem;padding:.2rem .7rem .5rem;margin:.6rem 0}
.league td.n,.league th.n{text-align:right;font-variant-numeric:tabular-nums}
.league .seat{border-top:1px solid var(--line);padding:.4rem 0}.league .seat:first-of-type{border-top:0}
.league .seat p{margin:.15rem 0}
@media (min-width:1200px){main:has(>.league){max-width:1880px;font-size:1.15rem}
.league{display:grid;grid-template-columns:1.2fr 1fr 1.4fr;gap:0 1.2rem;align-items:start}
.league>h1,.league>p.note{grid-column:1/-1}}
""" + BOARD_CSS

SCRIPT = """
(function(){
var main=document.getElementById('table'),live=document.getElementById('live');
var say=function(k){return live.getAttribute('data-'+k);};
if(!window.EventSource){live.textContent=say('reload');return;}
var src=new EventSource(main.getAttribute('data-events'));
src.addEventListener('table',function(e){
var d=JSON.parse(e.data);
if(d.v!==main.getAttribute('data-v')){main.innerHTML=d.html;main.setAttribute('data-v',d.v);document.title=d.title;}
live.textContent=say('live');live.className='on';});
src.onopen=function(){live.textContent=say('live');live.className='on';};
src.onerror=function(){live.textContent=say('reconnecting');live.className='off';};
})();
"""


def _sha256(text: str) -> str:
    return "sha256-" + base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode()


# Nothing may be fetched: no other origin, no inline code but these two blocks.
CSP = ("default-src 'none'; "
       f"style-src '{_sha256(CSS)}'; script-src '{_sha256(SCRIPT)}'; "
       "connect-src 'self'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
HEADERS = {"Content-Security-Policy": CSP, "X-Content-Type-Options": "nosniff",
           "Referrer-Policy": "no-referrer", "Cache-Control": "no-store",
           "X-Frame-Options": "DENY"}


def document(title: str, fragment: str, version: str, events: str, heading: str | None = None) -> str:
    """The whole page: the fragment now, and the script that swaps in each pushed one. Its
    words are the table's language; the script's (live, reconnecting) are read from `#live`,
    so the script, and its hash in the CSP, stay the same in every language. `heading`: the
    header's words (a seat's page names its player)."""
    said = {"live": _("live"), "reconnecting": _("reconnecting"), "reload": _("reload to update")}
    words = "".join(f' data-{k}="{escape(v)}"' for k, v in said.items())
    return (f"<!doctype html><html lang=\"{language()}\"><head><meta charset=\"utf-8\">"
            "<meta name=\"viewport\" content=\"width=device-width,initial-scale=1\">"
            "<meta name=\"color-scheme\" content=\"light dark\">"
            "<link rel=\"icon\" href=\"data:,\">"
            f"<title>{escape(title)}</title><style>{CSS}</style></head><body>"
            f"<header><b>{escape(heading or _('referee · live table'))}</b><span id=\"live\"{words}>{escape(_('connecting'))}</span></header>"
            f"<main id=\"table\" data-events=\"{escape(events)}\" data-v=\"{escape(version)}\">"
            f"{fragment}</main><script>{SCRIPT}</script></body></html>")


def _players(summary: dict) -> str:
    """The summary's players: name, what the game says about each (god, colour...), score."""
    winners = set(summary.get("winners") or [])
    rows = []
    has_score = any(p.get("score") is not None for p in summary["players"])
    for p in summary["players"]:
        extra = [f"{_(k)} {v}" if not isinstance(v, str) else _word(k, v) for k, v in p.items()
                 if k not in ("name", "score") and isinstance(v, str | int) and not isinstance(v, bool)]
        if p.get("alive") is False:
            extra.append(_("out"))
        mark = " ★" if p["name"] in winners else ""
        cls = ' class="win"' if p["name"] in winners else ""
        score = f'<td class="score">{p["score"]}</td>' if has_score else ""
        rows.append(f"<tr{cls}><th>{escape(str(p['name']))}{mark} <small>{escape(', '.join(map(str, extra)))}</small>"
                    f"</th>{score}</tr>")
    head = f"<tr><th>{escape(_('player'))}</th>" + (f"<th>{escape(_('score'))}</th>" if has_score else "") + "</tr>"
    return f'<table class="players"><thead>{head}</thead><tbody>{"".join(rows)}</tbody></table>'


def _pending(summary: dict, say: Any = str) -> str:
    items = []
    for p in summary.get("pending") or []:
        choices = ", ".join(map(str, (p.get("choices") or [])[:12]))
        who = f'<b>{escape(str(p.get("player")))}</b>'
        items.append('<p class="wait">' + escape(_("Waiting for {player}: {decision}")).format(
                     player=who, decision=escape(say(_(str(p.get("decision")))))) + (f" ({escape(say(choices))})" if choices else "") + "</p>")
    return "".join(items)


def _who(players: list[dict], action: dict, events: list[dict]) -> str | None:
    """Who took an action, from the record alone: the player it names, the god it names or
    whose minion it moves (`athena:2`), else the player its first words are about."""
    names = {str(p.get("name")).casefold(): str(p.get("name")) for p in players}
    gods = {str(p["god"]).casefold(): str(p.get("name")) for p in players if p.get("god")}
    named = action.get("player")
    if isinstance(named, str) and named.casefold() in names:
        return names[named.casefold()]
    for value in action.values():
        if isinstance(value, str) and value.split(":", 1)[0].casefold() in gods:
            return gods[value.split(":", 1)[0].casefold()]
    for e in events:
        first = re.match(r"^([^\s']+)", str(e.get("text") or ""))
        if first and first.group(1).casefold() in names:
            return names[first.group(1).casefold()]
    return None


def _last(engine: Any, records: list[dict], players: list[dict]) -> str:
    """The last actions in words, each with the player who took it, the latest marked: what
    the referee said after each (the `log`'s words, as a page says them)."""
    shown = [r for r in records if r["action"].get("verb") != "new"][-LAST:]
    if not shown:
        return f'<p class="note">{escape(_("No action yet."))}</p>'
    items = []
    for n, r in enumerate(reversed(shown)):
        events = r.get("events") or []
        said = "".join(f"<p>{escape(text)}</p>" for text in
                       (engine.screens.spoken(str(e.get("text") or "")) for e in events) if text)
        who = _who(players, r["action"], events)
        head = _described(engine, r["action"], who)
        latest = ' class="latest"' if n == 0 else ""
        items.append(f'<li value="{r["idx"]}"{latest}><b>{head}</b>{said}</li>')
    return f'<ol class="log" reversed>{"".join(items)}</ol>'


def _described(engine: Any, action: dict, who: str | None) -> str:
    """An action in short, as HTML: who took it first, then what, without naming them twice
    (`invoke Ann ...` on Ann's line reads `invoke ...`), options without their dashes."""
    what = words(engine.screens.spoken(engine.describe(action)))
    if not who:
        return escape(what)
    if what.casefold().startswith(who.casefold() + " ") or what.casefold().startswith(who.casefold() + "'"):
        return f'<span class="who">{escape(who)}</span>{escape(what[len(who):])}'
    what = re.sub(rf"(?<!\S){re.escape(who)}(?!\S)", "", what, flags=re.IGNORECASE)
    return f'<span class="who">{escape(who)}</span>: {escape(" ".join(what.split()))}'


def _just_now(engine: Any, records: list[dict], players: list[dict]) -> str:
    """The last move, under the status: who did what (its first words), marked as the latest."""
    played = [r for r in records if r["action"].get("verb") != "new"]
    if not played:
        return ""
    r = played[-1]
    events = r.get("events") or []
    who = _who(players, r["action"], events)
    first = next((t for t in (engine.screens.spoken(str(e.get("text") or "")) for e in events) if t), "")
    what = first or engine.screens.spoken(engine.describe(r["action"]))
    said = _("Last move: {what}").format(what=what) if not who or what.startswith(who) else \
        _("Last move, {player}: {what}").format(player=who, what=what)
    return f'<p class="last">{escape(said)}</p>'


def _score_line(engine: Any, state: Any) -> str:
    """A game scored only at its end: its numbers as they would stand now (`Screens.scores_now`)."""
    now = engine.screens.scores_now(state)
    if not now:
        return ""
    what, scores = now
    line = " · ".join(f"{name} {value}" for name, value in scores.items())
    return f'<p class="scoreline"><b>{escape(_(what))}:</b> {escape(line)}</p>'


def table_fragment(loaded: Any, mine: str = "") -> tuple[str, str]:
    """(title, fragment) of one session's table, from its summary and board as the session's
    viewer may see them (`loaded.seen_by(seat)`; the table's by default); `mine`: a seat's own
    part (`seat.seat_part`), under the status on that seat's page."""
    engine, summary = loaded.engine, loaded.summary
    over_now = engine.is_over(loaded.state)
    records = [view.record(engine, r, loaded.viewer, over_now) for r in loaded.records]  # as the viewer reads them
    played = [r for r in records if r["action"].get("verb") != "new"]
    name = loaded.meta.get("name")
    title = f"{engine.title} · {loaded.id}" + (f" ({name})" if name else "")
    parts = [f"<h1>{escape(title)}</h1>"]
    if summary.get("over"):
        winners = ", ".join(summary.get("winners") or []) or _("nobody")
        outcome = f" · {summary['outcome']}" if summary.get("outcome") else ""
        over = ngettext("Game over · winner: {winners}", "Game over · winners: {winners}",
                        max(len(summary.get("winners") or []), 1)).format(winners=winners)
        parts.append(f'<p class="over">{escape(over)}{escape(outcome)}</p>')
        parts.append(f"<h2>{escape(_('Final scores'))}</h2>")
    else:
        current = summary.get("current")
        head = _("{player} to play").format(player=current) + " · " if current else ""
        parts.append(f'<p class="status">{escape(head)}{escape(_(engine.turn_word))} {escape(str(summary.get("turn")))}'
                     f' · {escape(_(str(summary.get("phase"))))}</p>')
        parts.append(_just_now(engine, records, summary["players"]))
        parts.append(_pending(summary, engine.screens.spoken))
        parts.append(_score_line(engine, loaded.shown_state))
    parts.append(mine)
    if summary.get("over") or any(p.get("score") is not None for p in summary["players"]):
        parts.append(_players(summary))
    board = engine.screens.board_html_after(loaded.shown_state, played[-1]["action"] if played else None)
    parts.append(f"<h2>{escape(_('The table'))}</h2>" + board)
    held = view.held_text(engine, loaded.state, loaded.viewer)
    if held:
        parts.append("".join(f'<p class="held">{escape(line)}</p>' for line in held.splitlines()))
    parts.append(f"<h2>{escape(_('Last actions'))}</h2>" + _last(engine, records, summary["players"]))
    return title, "".join(parts)


def chooser_fragment(sessions: list[dict], base: str) -> tuple[str, str]:
    """Every open session of the store, each a link to its table."""
    if not sessions:
        none, start = _("No open game"), _("Start one at the terminal; it shows here.")
        return none, f'<h1>{escape(none)}</h1><p class="note">{escape(start)}</p>'
    items = []
    for s in sessions:
        players = ", ".join(str(p.get("name")) for p in (s.get("summary") or {}).get("players", []))
        label = f"{s['game']} · {s['id']}" + (f" ({s['name']})" if s.get("name") else "")
        items.append(f'<li><a href="{escape(base)}s/{escape(s["id"])}"><b>{escape(label)}</b><br>'
                     f"<small>{escape(players)}</small></a></li>")
    title = _("Open games")
    return title, f'<h1>{escape(title)}</h1><ul class="tables">{"".join(items)}</ul>'


def _word(key: str, value: str) -> str:
    """A player's word from the summary (a colour, a god) in the table's language."""
    if key in ("color", "colour"):
        return pgettext("colour", value)
    return _(value)


def message_fragment(title: str, text: str) -> tuple[str, str]:
    return title, f"<h1>{escape(title)}</h1><p>{escape(text)}</p>"


def _num(value: Any) -> str:
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return escape(str(value))


def league_fragment(view: dict, base: str) -> tuple[str, str]:
    """(title, fragment) of a league's night: standings, ratings, the round's tables live."""
    game = engine(view["game"]).title
    title = _("League {name}").format(name=view["league"]) + f" · {game}"
    parts = [f"<h1>{escape(title)}</h1>"]
    table = view["standings"]
    for bad in table["left_out"]:
        parts.append(f'<p class="note">{escape(_("{id} is not counted: it fails its check").format(id=bad["id"]))}</p>')
    key = table["tie_break"]
    rows = "".join(
        f'<tr><td class="n">{i}</td><th>{escape(str(r["player"]))}</th><td class="n"><b>{_num(r["points"])}</b></td>'
        f'<td class="n">{r["plays"]}</td><td class="n">{r["wins"]}</td><td class="n">{r["shared"]}</td>'
        f'<td class="n">{_num(r[key])}</td></tr>' for i, r in enumerate(table["rows"], 1))
    heads = ["#", _("player"), _("points"), _("plays"), _("wins"), _("shared"), pgettext("series", key)]
    head = "".join(f'<th{"" if h == _("player") else " class=n"}>{escape(h)}</th>' for h in heads)
    body = (f'<table><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>' if table["rows"]
            else f'<p class="note">{escape(_("No finished games yet."))}</p>')
    parts.append(f'<section id="standings"><h2>{escape(_("Standings"))}</h2>{body}</section>')
    if view["ratings"] is not None:
        rated = "".join(
            f'<tr><th>{escape(str(r["player"]))}</th><td class="n"><b>{r["rating"]:.1f}</b></td>'
            f'<td class="n">{r["sigma"]:.1f}</td><td class="n">{r["games"]}</td><td class="n">{r["change"]:+.1f}</td></tr>'
            for r in view["ratings"])
        heads = [_("player"), _("rating"), _("sigma"), _("games"), _("change")]
        head = "".join(f'<th{"" if h == _("player") else " class=n"}>{escape(h)}</th>' for h in heads)
        body = (f'<table><thead><tr>{head}</tr></thead><tbody>{rated}</tbody></table>' if rated
                else f'<p class="note">{escape(_("No finished games yet."))}</p>')
        parts.append(f'<section id="ratings"><h2>{escape(_("Ratings"))}</h2>{body}</section>')
    parts.append(_round(view["round"], base, engine(view["game"]).turn_word))
    return title, '<div class="league">' + "".join(parts) + "</div>"


def _round(current: dict | None, base: str, turn_word: str) -> str:
    if current is None:
        return (f'<section id="round"><h2>{escape(_("Tables"))}</h2><p class="note">'
                f'{escape(_("No seating drawn yet: `referee club seat --league NAME --player ...`."))}</p></section>')
    seats = []
    for i, t in enumerate(current["tables"], 1):
        who = escape(", ".join(t["players"]))
        played = t["session"]
        if played is None:
            state = f'<p class="note">{escape(_("not started yet"))}</p>'
        else:
            link = f'<a href="{escape(base)}s/{escape(played["id"])}">{escape(played["id"])}</a>'
            scores = " · ".join(f'{escape(str(p["name"]))} {escape(str(p["score"]))}' for p in played["players"]
                                if p["score"] is not None)
            if played["over"]:
                won = ", ".join(played["winners"]) or _("nobody")
                said = escape(_("Game over · winner: {winners}").format(winners=won))
                state = f'<p class="over">{link} · {said}</p>'
            else:
                now = (_("{player} to play").format(player=played["current"]) + " · " if played["current"] else "")
                state = (f'<p class="status">{link} · {escape(now)}{escape(_(turn_word))} {escape(str(played["turn"]))}'
                         f' · {escape(_(str(played["phase"])))}</p>')
            if scores:
                state += f"<p>{scores}</p>"
        seats.append(f'<div class="seat"><h3>{escape(_("Table {n}").format(n=i))}</h3><p>{who}</p>{state}</div>')
    head = _("Round {n}").format(n=current["round"])
    note = _("Draw {id}, commitment {c}").format(id=current["id"], c=current["commitment"][:24] + "…")
    return (f'<section id="round"><h2>{escape(head)}</h2>{"".join(seats)}'
            f'<p class="note">{escape(note)}</p></section>')
