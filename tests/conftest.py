import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))  # shared helpers such as kleos_table


@pytest.fixture
def db(tmp_path, monkeypatch):
    """A fresh store path, also set as REFEREE_DB for CLI calls."""
    path = tmp_path / "referee.db"
    monkeypatch.setenv("REFEREE_DB", str(path))
    monkeypatch.delenv("REFEREE_SESSION", raising=False)
    return path
