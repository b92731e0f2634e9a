"""The style of a board drawn as HTML (`Screens.board_html`: Crôa!'s SVG pond, Kleos's
locations, the text boards' tables), shared by the live page (`referee serve`) and the report.

It reads the colours from CSS variables its page sets: --fg, --card, --line, --mute, --wait,
--win."""

BOARD_CSS = """
.wait{background:var(--wait);border-radius:.6rem;padding:.5rem .8rem;margin:.4rem 0}
.lead{font-weight:600}.note{color:var(--mute);font-size:.9rem;margin:.3rem 0}
table.grid{font-size:.85rem}table.grid th,table.grid td{padding:.3rem .2rem}
tr.sub td{font-size:.85rem;color:var(--mute);border-bottom-width:1px;padding-top:0}
tr.winner th,tr.winner td,tr.win th,tr.win td{background:var(--win)}
tr.eliminated{opacity:.55}
.dot{width:.8em;height:.8em;vertical-align:-.05em}
svg.pond{display:block;width:100%;height:auto;max-width:560px;margin:.3rem auto;color:var(--fg)}
svg.pond text{font:600 9px system-ui,"DejaVu Sans",sans-serif;fill:#1b2430}
svg.pond text.l{fill:currentColor;font-size:10px;text-anchor:middle}
svg.pond text.q{font-size:9px;text-anchor:middle;font-weight:800}
svg.pond text.n{font-size:10px;font-weight:800}
ul.inline{list-style:none;padding:0;margin:.3rem 0;display:flex;flex-wrap:wrap;gap:.2rem .9rem;font-size:.9rem}
pre.board{white-space:pre-wrap;font-size:.8rem;line-height:1.3;background:var(--card);border:1px solid var(--line);
border-radius:.5rem;padding:.5rem;overflow-wrap:anywhere}
.textboard p{margin:.35rem 0}
section.loc{background:var(--card);border:1px solid var(--line);border-radius:.6rem;padding:.2rem .6rem;margin:.5rem 0}
section.loc h3{margin:.4rem 0 .1rem}
.kind{text-transform:capitalize}
"""
