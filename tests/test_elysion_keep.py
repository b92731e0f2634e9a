"""Keep one of the Blessings drawn (docs/rulings/elysion.md). Where no realm is taken (day 8,
or an empty row) `keep P [B]` draws and keeps in one go, as `take P [--keep B]`: the exact
legal list (tests/test_legal_exact.py) holds it, bare and with each Blessing the draw may
bring; a Blessing named before the referee draws is refused at once when that draw cannot
bring it, in a dry run too."""

from __future__ import annotations

from test_elysion_hint import example_day_eight

from referee.games.elysion import deck
from referee.games.elysion.catalog import of_state

KEEP_RULE = "Keep one of the Blessings drawn"
DRAWN = "lyre,bow,star,laur,athena"  # Bob's 5 Blessings on day 8 of the example


def test_keep_one_of_the_blessings_drawn_on_day_eight_keep_draws_and_keeps_in_one_go():
    t = example_day_eight()  # day 8: no realm to take, Bob draws 5 Blessings
    may = deck.may_come_up(t.state, of_state(t.state), t.state["draws"]["Bob"])
    listed = t.engine.legal_for(t.state, "keep")
    assert {"verb": "keep", "player": "Bob"} in listed
    assert sorted(a["blessing"] for a in listed if "blessing" in a) == sorted(may)
    assert "aegis" not in " ".join(may).casefold()  # Ann keeps Aegis: not listed
    t.ok(f"keep Bob lau --drawn {DRAWN}")  # drawn and kept in one command
    assert t.state["blessings"]["Bob"][-1].startswith("Laur") and t.state["phase"] == "lookback"


def test_keep_one_of_the_blessings_drawn_one_this_draw_cannot_bring_is_refused_before_it():
    t = example_day_eight()  # Ann keeps Aegis; Nectar lies under 13 Blessings never drawn
    for dry in (" --dry-run", ""):
        for line in ("take Bob --keep", "keep Bob"):
            t.refused(f"{line} aegis{dry}", rule=KEEP_RULE, message="(Ann keeps it)")
            t.refused(f"{line} nectar{dry}", rule=KEEP_RULE, message="below Blessings not drawn yet")
    t.refused("take Bob --keep zzz --dry-run", code=2, message="there is no Blessing 'zzz'")
    # one the draw may bring: the dry run stops at the draw, which alone says if it came up
    assert "would draw" in t.ok("take Bob --keep lyre --dry-run").text
    assert "would draw" in t.ok("keep Bob lyre --dry-run").text
    assert "would draw" in t.ok("take Bob --keep a --dry-run").text  # a prefix of several


def day_two_ann_draws():
    """examples/elysion.txt, day 2: Ann (realm 32*, higher than yesterday's 2) takes a realm
    from the row and draws 2 Blessings."""
    import midgame

    from referee.testing import Table

    t = Table("elysion", None)
    for line in midgame.lines("elysion")[:9]:
        out = t.run(line, game=not line.startswith(("undo", "redo", "status")))
        assert out.code in (0, 1), line  # the example types refusals too
        if line.startswith("new "):
            t.sid = out.envelope["session"]
    assert t.state["day"] == 2 and t.state["draws"]["Ann"] == 2
    return t


def test_keep_one_of_the_blessings_drawn_named_with_the_take_on_days_two_to_seven_is_listed():
    t = day_two_ann_draws()
    may = deck.may_come_up(t.state, of_state(t.state), 2)
    takes = t.engine.legal_for(t.state, "take")
    row = t.state["row"]
    # each realm of the row, bare and with each Blessing the draw may bring kept
    assert sorted((a["realm"], a.get("keep", "")) for a in takes) == sorted(
        [(r, "") for r in row] + [(r, b) for r in row for b in may])
    assert "Aegis" in may or "aegis" in " ".join(may).casefold()
    for a in takes:  # each accepted as typed (the dry run stops at the draw)
        t.act(a, dry_run=True)
    hint = t.run(["hint", "--limit", "0"]).result["actions"]
    assert any(a["command"] == f"take Ann {row[0]} --keep Nectar" for a in hint)
