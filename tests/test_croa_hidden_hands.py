"""A refusal about a dealt hand reads the same whatever the hand holds (issue 34, item 3).

With `--digital --cards` the referee deals the hands and knows them; the shared screen is the
table's, and anyone may type `card X --player NAME --dry-run`. Every check that does not depend
on the hand comes first (timing, the card's own arguments, whether its effect can happen); the
hand is looked at last, a dry run stops before it, and the refusal never says what the hand
lacks: "`croa hand NAME` shows what NAME may play". So two hands give the same answer to every
command, whatever its order of checks.
"""

from __future__ import annotations

import json

from click.testing import CliRunner
from croa_table import Pond
from test_croa_cards import hand

from referee.cli import cli
from referee.games.croa.cards import CARDS
from referee.model.errors import RefereeError
from referee.record import session
from referee.record.store import Store

HAND_RULE = "Card module (module cartes): play from your hand"
TIMING_RULE = ("Card module (module cartes): one card in your own turn, at its timing; orange cards also "
               "in others' turns")
# What a colony may type with each card (its own arguments, and an answer typed up front)
TYPED = {
    "thunderclap": [{}],
    "doesnt_work": [{}],
    "the_force": [{}, {"lost": True}, {"lost": True, "discard": "twins"}],
    "one_more_frog": [{}, {"to": "b2"}, {"to": "c3"}],
    "mating_season": [{}, {"male": "male1"}],
    "twins": [{"male": "male2"}],
    "mega_jump": [{"from": "a2", "to": "a4"}, {"from": "a2", "to": "a4", "bounce": ["a5"]}],
    "bodyguard": [{"from": "a1", "to": "b2"}],
    "not_even_dead": [{}, {"from": "a1", "to": "b2"}],
}
ANN = ("mating_season", "twins", "the_force")  # two hands that share no card
OTHER = ("bodyguard", "mega_jump", "not_even_dead")


def _answers(held: tuple[str, ...], who: str, dry: bool) -> dict[str, tuple]:
    """Every card command `who` may type, as answered while Ann holds `held` (Bob holds the
    other hand): exit kind, message and rule of each refusal; a live command the rules accept
    is left out (it is played: the table sees the card)."""
    out = {}
    for card, variants in TYPED.items():
        for fields in variants:
            t = Pond(cards=True, deal=True, digital=True)  # a Doesn't work! may still be face down: windows open
            hand(t, "Ann", *held)
            hand(t, "Bob", *(OTHER if held == ANN else ANN))
            action = {"verb": "card", "card": card, "player": who, **fields}
            key = json.dumps(action, sort_keys=True)
            try:
                t.act(action, dry_run=dry)
            except RefereeError as exc:
                out[key] = (exc.exit_code, exc.message, exc.rule)
                continue
            out[key] = ("dry run accepted so far", t.events[0]["text"]) if dry else None
    return out


def test_hand_refusal_reads_the_same_whatever_the_hand_holds():
    # Ann's hand and Bob's swapped: every command, dry or live, for Ann (whose turn it is) and for
    # Bob, reads the same; none names a card either hand holds or lacks
    for who in ("Ann", "Bob"):
        for dry in (True, False):
            mine, swapped = _answers(ANN, who, dry), _answers(OTHER, who, dry)
            refused = {k: v for k, v in mine.items() if v is not None and swapped[k] is not None}
            assert refused, "some commands are refused with either hand"
            for key, answer in refused.items():
                assert answer == swapped[key], (who, dry, key, answer, swapped[key])
                assert "holds no" not in str(answer[1]), answer


def test_the_hand_is_checked_after_the_cards_timing_and_arguments():
    # Ann to play turn 1, nothing pending: worked by hand from the card module's timing
    mine = _answers(ANN, "Ann", dry=True)

    def said(card: str, **fields) -> tuple:
        return mine[json.dumps({"verb": "card", "card": card, "player": "Ann", **fields}, sort_keys=True)]

    # an orange card with nothing to answer: its timing first
    assert said("thunderclap")[0] == 1 and said("thunderclap")[2] == TIMING_RULE
    assert said("doesnt_work")[1] == "Doesn't work! answers a card just played"
    # a card's own arguments before the hand (usage errors, exit 2)
    assert said("one_more_frog")[:2] == (2, "One more frog! needs --to SQ")
    assert said("mating_season")[:2] == (2, "which male? add --male male1..male6")
    assert said("not_even_dead")[:2] == (2, "Not even dead needs --from SQ --to SQ")
    # whether the effect can happen: c3 is not next to Ann's queen on a1
    assert said("one_more_frog", to="c3")[0] == 1
    assert "c3 is not a free square next to the queen" in said("one_more_frog", to="c3")[1]
    # only Ann may see whether she holds it: the dry run stops there, for a card held or not
    for card, fields in (("twins", {"male": "male2"}), ("bodyguard", {"from": "a1", "to": "b2"}),
                         ("one_more_frog", {"to": "b2"}), ("the_force", {})):
        answer = said(card, **fields)
        assert answer[0] == "dry run accepted so far", answer
        assert "whether Ann holds" in answer[1] and "`croa hand Ann`" in answer[1]
    # a mega-jump with a bounce typed up front while Bob may still cancel it: refused before the hand
    assert said("mega_jump", **{"from": "a2", "to": "a4", "bounce": ["a5"]})[0] == 1


def test_a_card_a_dealt_hand_lacks_is_refused_without_spelling_the_hand(db):
    # through the command line, on a secret game (its hands unknown to the test): every card
    # Ann lacks is refused in the same words, exit 1, the rule named
    runner = CliRunner()
    new = runner.invoke(cli, ["croa", "new", "--player", "Ann:red", "--player", "Bob:blue", "--digital",
                              "--cards"])
    assert new.exit_code == 0, new.output
    store = Store(db)
    sid = store.current_session("croa")
    held = set(session.load(store, sid).state["colonies"][0]["hand"])
    store.close()
    lacking = [k for k in CARDS if k not in held and k in ("twins", "mating_season")]
    for card in lacking:
        out = runner.invoke(cli, ["--json", "croa", "card", card, "--male", "male1"])
        error = json.loads(out.output)["error"]
        assert out.exit_code == 1 and error["rule"] == HAND_RULE
        title = CARDS[card]["title"]
        assert error["message"] == f"Ann cannot play {title} (`croa hand Ann` shows what Ann may play)"
    # the dry run of any of them, held or not, stops before the hand
    for card in ("twins", "mating_season"):
        out = runner.invoke(cli, ["--json", "croa", "card", card, "--male", "male1", "--dry-run"])
        assert out.exit_code == 0, out.output
        text = json.loads(out.output)["result"]["events"][0]["text"]
        assert text.startswith(f"Accepted so far; whether Ann holds {CARDS[card]['title']} is for Ann to see")
