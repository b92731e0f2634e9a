"""The shipped Elysion sample catalog comes parsed (`referee/games/elysion/sample_parsed.py`, issue 26:
reading the TOML and parsing its rules took several milliseconds a command). It must be the TOML's
own parse: run this file as a script to write it again after changing sample_catalog.toml."""

from __future__ import annotations

import sys
from pathlib import Path

from referee.games.elysion import catalog

PARSED = Path(catalog.__file__).with_name("sample_parsed.py")


def test_the_parsed_sample_is_the_toml_parsed():
    """Elysion: the sample catalog a session uses equals `load(sample_text())`, card by card, in order."""
    ahead, now = catalog.get(catalog.SAMPLE), catalog.load(catalog.sample_text())
    assert ahead == now
    for mine, theirs in ((ahead.realms, now.realms), (ahead.blessings, now.blessings), (ahead.shades, now.shades)):
        assert list(mine) == list(theirs)
    assert catalog.get(None) is ahead


def test_the_parsed_sample_file_is_up_to_date():
    """Elysion: sample_parsed.py is what `sample_source()` writes from the TOML today."""
    assert PARSED.read_text(encoding="utf-8") == catalog.sample_source(), (
        "sample_catalog.toml changed: run `python tests/test_elysion_sample.py`")


def test_the_card_fields_are_named_in_order():
    """Elysion: the parsed rows follow the Card's fields."""
    assert catalog.Card._fields == catalog.CARD_FIELDS


if __name__ == "__main__":
    PARSED.write_text(catalog.sample_source(), encoding="utf-8")
    print(f"wrote {PARSED}", file=sys.stderr)
