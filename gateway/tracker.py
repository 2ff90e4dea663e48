"""What the gateway knows of every battle's life, for the `battle_active` and
`battle_open_windows` gauges.

Owns: `BattleTracker`, fed by a tap on the store's feed (every save, abandon and hold
change of every battle, not only the ones this gateway's sockets watch) and by the
battles this gateway creates. A battle counts as active from its creation or first write
until its outcome event, its abandonment, or an idle time without any write (the store
expires it then); a window counts as open while the battle's hold is set. Every gateway
on the same Redis sees every write, so each reports the same numbers for battles written
since it started (aggregate with `max`, not `sum`).
"""

from __future__ import annotations

import time
from typing import Callable

from shared.store import ACTIVE, DEFAULT_IDLE_TTL, FeedMessage


class BattleTracker:
    def __init__(self, idle: float = DEFAULT_IDLE_TTL, clock: Callable[[], float] = time.monotonic) -> None:
        self.idle = idle
        self._clock = clock
        self._seen: dict[str, float] = {}
        self._windows: set[str] = set()

    def created(self, battle_id: str) -> None:
        self._seen[battle_id] = self._clock()

    def observe(self, message: FeedMessage) -> None:
        if message.is_answer:  # how a request ended: no change of the battle
            return
        battle = message.battle_id
        ended = message.status not in (None, ACTIVE) or any(e.get("kind") == "outcome" for e in message.events)
        if ended:
            self._seen.pop(battle, None)
            self._windows.discard(battle)
            return
        if message.resync:
            return
        self._seen[battle] = self._clock()
        if message.hold_changed:
            if message.hold is None:
                self._windows.discard(battle)
            else:
                self._windows.add(battle)

    def active(self) -> int:
        cutoff = self._clock() - self.idle
        for battle in [b for b, at in self._seen.items() if at < cutoff]:
            del self._seen[battle]
            self._windows.discard(battle)
        return len(self._seen)

    def open_windows(self) -> int:
        self.active()
        return len(self._windows)
