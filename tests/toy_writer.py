"""`python tests/toy_writer.py DB SESSION N TAG`: append N always-legal actions, printing each committed count."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

import toygame  # noqa: E402

from referee import registry, session  # noqa: E402
from referee.store import Store  # noqa: E402

registry.register(toygame.ENGINE)
db, sid, n, tag = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
store = Store(db, timeout=30)
for i in range(n):
    session.act(store, sid, {"verb": "bonus", "player": "Ann", "n": 1, "tag": f"{tag}-{i}"})
    print(i + 1, flush=True)
