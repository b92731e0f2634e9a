"""Two rulings on the look back (issue 20), each worked out by hand.

- Ties: the lowest total of the numbers of the realms on the journey wins (not a total of
  day numbers: a shorter journey does not win a tie for being shorter).
- A constellation that gives up Blessings scores in its own day's place; the Blessings given
  up count for nothing from then on, while the cards scored before it keep them.
"""

from __future__ import annotations

from elysion_table import Journey

from referee.games.elysion import catalog as cat
from referee.games.elysion import lookback

# Six sky realms that score nothing, no Blessing: every journey ends on 0 glory, a tie.
_NOTHING_SCORES = (
    '[catalog]\nname = "Six"\nfactions = ["sky"]\n'
    + "".join(f'[[realm]]\nnumber = {n}\nfaction = "sky"\nscore = "0"\n' for n in range(1, 7))
)


def test_ties_lowest_total_of_the_realm_numbers_on_the_journey():
    # Row 4, 5, 6; the hidden hands hold 1, 2, 3 less one (one realm each); deck: 1 left.
    g = Journey(catalog=_NOTHING_SCORES, players=["Ann", "Bob"], hand=1, row=["4", "5", "6"])
    g("reveal", realms={"Ann": "1", "Bob": "3"})  # day 1: Ann (1) takes first
    g("take", player="Ann", realm="4")
    g("take", player="Bob", realm="6")  # 5 leaves the game
    g("next", row=["2"])  # the one realm left in the deck
    g("reveal", realms={"Ann": "4", "Bob": "6"})  # day 2: both higher, but no Blessing exists
    g("take", player="Ann", realm="2")
    g("take", player="Bob")  # the row is empty: Bob takes no realm
    g("next")
    g("reveal", realms={"Ann": "2"})  # day 3: only Ann holds a realm
    while g.state["phase"] == "take":
        g.first_legal()
    g("next")  # nobody holds a realm: the journey ends
    g("lookback")
    # Ann 1 + 4 + 2 = 7 on days 1-3; Bob 3 + 6 = 9 on days 1-2. Both 0 glory: Ann wins on
    # 7 < 9 (a total of day numbers, 1 + 2 = 3 < 6, would have given it to Bob).
    assert g.state["glory"] == {"Ann": 0, "Bob": 0}
    assert g.state["lookback"]["ranking"] == [[1, "Ann", 0, 7], [2, "Bob", 0, 9]]
    assert g.state["winners"] == ["Ann"]


_GIVE_UP = (
    '[catalog]\nname = "Purse"\nfactions = ["sky"]\n'
    '[[realm]]\nnumber = 1\nfaction = "sky"\nscore = "2 per coin"\n'
    '[[realm]]\nnumber = 2\nfaction = "sky"\nscore = "0"\n'
    '[[realm]]\nnumber = 3\nfaction = "sky"\nscore = "2 per coin"\n'
    '[[constellation]]\nnumber = 2\nfaction = "sky"\ngive_up = 1\nscore = "5"\n'
    '[[blessing]]\nname = "Coin Purse"\nicons = { coin = 1 }\nscore = "0"\n'
    '[[blessing]]\nname = "Lamp"\nscore = "0"\n'
)


def test_constellations_blessings_given_up_count_for_nothing_from_then_on():
    catalog = cat.load(_GIVE_UP)
    journey = [{"realm": r, "shade": None} for r in ("1", "2*", "3")]
    score = lookback.score_player(catalog, journey, ["Coin Purse", "Lamp"], {"2*": ["Coin Purse"]})
    # Day 3, realm 3: the Purse's coin is still held -> 2 per coin = 2.
    # Day 2, 2*: in its own place, gives up the Purse and scores 5 (total 7).
    # Day 1, realm 1: the Purse now counts for nothing: 0 coins -> 0. Lamp 0, the Purse 0.
    assert [(row[0], row[1], row[3], row[4]) for row in score.rows] == [
        (3, "3 sky", 2, 2),
        (2, "2* sky (face up)", 5, 7),
        (1, "1 sky", 0, 7),
        ("B", "Blessing Lamp", 0, 7),
        ("B", "Blessing Coin Purse", 0, 7),
    ]
    assert score.rows[0][2] == "coin 1" and score.rows[2][2] == "coin 0"
    assert score.given_up == ["Coin Purse"] and score.glory == 7
