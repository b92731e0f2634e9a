"""`keep` answers the Blessings `take` drew (docs/rulings/elysion.md): before the draw it is
refused, so where `take` is the action (day 8, or an empty row) the exact legal list
(tests/test_legal_exact.py) holds `take` alone; a Blessing named with `take --keep` is refused
before the referee draws when that draw cannot bring it, in a dry run too."""

from __future__ import annotations

from test_elysion_hint import example_day_eight

from referee.games.elysion import ENGINE as E
from referee.record import session
from referee.testing import refused_by

STAGE_RULE = "A take turn: realm, then Blessing, then Shade"
KEEP_RULE = "Keep one of the Blessings drawn"
DRAWN = "lyre,bow,star,laur,athena"  # Bob's 5 Blessings on day 8 of the example


def test_a_take_turn_realm_then_blessing_then_shade_keep_before_the_draw_is_refused():
    t = example_day_eight()  # day 8: no realm to take, Bob draws 5 Blessings
    for line in ("keep Bob", "keep Bob lyre", "keep Bob --dry-run", "keep Bob lyre --dry-run"):
        t.refused(line, rule=STAGE_RULE, message="Bob first draws the Blessings (`take Bob`)")
    t.refused(f"keep Bob lyre --drawn {DRAWN}", code=2)  # `keep` draws nothing: no such option
    assert t.engine.legal_for(t.state, "keep") == []
    assert t.engine.legal_actions(t.state) == [{"verb": "take", "player": "Bob"}]
    t.ok(f"take Bob --drawn {DRAWN} --keep lau")  # drawn and kept in one command
    assert t.state["blessings"]["Bob"][-1].startswith("Laur") and t.state["phase"] == "lookback"


def test_a_take_turn_realm_then_blessing_then_shade_an_older_log_whose_keep_drew_replays():
    # rules version 2 let `keep` draw on day 8; such a record still replays from its results
    t = example_day_eight()
    state, ply = t.state, t.log_length()
    names = E.normalize(state, {"verb": "take", "player": "Bob", "drawn": DRAWN.split(",")})["drawn"]
    old = {"verb": "keep", "player": "Bob", "blessing": names[3], "drawn": names}
    recorded = [{"label": "blessings Bob day 8", "value": names, "source": "table"}]
    after, _, _ = session.run(E, E.copy(state), old, "1", ply, recorded=recorded)
    assert after["blessings"]["Bob"][-1] == names[3] and after["phase"] == "lookback"
    with refused_by(STAGE_RULE):  # entered now, it is refused
        session.run(E, E.copy(state), old, "1", ply)


def test_keep_one_of_the_blessings_drawn_one_this_draw_cannot_bring_is_refused_before_it():
    t = example_day_eight()  # Ann keeps Aegis; Nectar lies under 13 Blessings never drawn
    for dry in (" --dry-run", ""):
        t.refused(f"take Bob --keep aegis{dry}", rule=KEEP_RULE, message="(Ann keeps it)")
        t.refused(f"take Bob --keep nectar{dry}", rule=KEEP_RULE,
                  message="below Blessings not drawn yet")
    t.refused("take Bob --keep zzz --dry-run", code=2, message="there is no Blessing 'zzz'")
    # one the draw may bring: the dry run stops at the draw, which alone says if it came up
    assert "would draw" in t.ok("take Bob --keep lyre --dry-run").text
    assert "would draw" in t.ok("take Bob --keep a --dry-run").text  # a prefix of several

