import os
import sys
from pathlib import Path

import pytest
from hypothesis import settings

sys.path.insert(0, str(Path(__file__).parent))  # shared helpers such as kleos_table

# No per-example deadline (a 2-core CI machine is slow at times); under CI the examples
# are derandomized so a run is repeatable, while a developer's runs keep exploring.
settings.register_profile("dev", deadline=None)
settings.register_profile("ci", deadline=None, derandomize=True, print_blob=True)
settings.load_profile("ci" if os.environ.get("CI") else "dev")


@pytest.fixture
def db(tmp_path, monkeypatch):
    """A fresh store path, also set as REFEREE_DB for CLI calls."""
    path = tmp_path / "referee.db"
    monkeypatch.setenv("REFEREE_DB", str(path))
    monkeypatch.delenv("REFEREE_SESSION", raising=False)
    return path
