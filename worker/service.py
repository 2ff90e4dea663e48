"""What a worker does with a battle, independent of Celery: create it, apply one choice
with the pure core, and save the result with one compare-and-set.

Owns: `BattleService` (the Celery tasks and the embedded executor both call it), the
ruleset cache by content digest, request-id idempotence (a redelivered or duplicated
choice answers the recorded result and is applied at most once) and the bounded retry on
a compare-and-set conflict. Results are plain dicts: `{"ok": True, "revision", "events"}`
or `{"ok": False, "code", "message"}`.
"""

from __future__ import annotations

import json
import secrets
import threading
import time
from typing import Any, Callable

from shared.combat import BattleState, Refused, SetupError, advance, start_battle
from shared.combat.state import Event
from shared.plain_text import plain
from shared.ruleset.load import load_package, package_digest
from shared.ruleset.package import Ruleset
from shared.store.base import BattleStore, Duplicate, RevisionConflict, Saved

#: Compare-and-set attempts before a choice is answered as a conflict.
CAS_ATTEMPTS = 5


def _dump(state: BattleState) -> dict[str, Any]:
    # Events live in the store's stream, not in the state record.
    return state.model_dump(mode="json", exclude={"events"})


def _hold(state: BattleState) -> dict[str, Any] | None:
    """The single-window hold the gateway routes prompts by: the open window, saved with
    the state under the same revision (None when no window is open). A window asking a
    person gets its deadline here from the battle's `window_seconds`, counted from when
    that person is first asked."""
    window = state.pending.window if state.pending is not None else None
    if window is not None and state.window_seconds and window.get("deadline") is None:
        window["deadline"] = time.time() + state.window_seconds
    return window


def _events(events: list[Any]) -> list[dict[str, Any]]:
    return [e.model_dump(mode="json") for e in events]


def _with_note(before_seq: int, after: BattleState, events: list[Event], note: Event) -> list[Event]:
    """Puts a worker's sentence (who decided, why a window passed) in the log before the
    events the choice caused. The resolver numbered its events from `before_seq`; they move
    up by one and so does the state's counter, so the next choice continues the stream."""
    first = before_seq + 1
    moved = [e.model_copy(update={"seq": e.seq + 1}) for e in events]
    after.seq += 1
    return [note.model_copy(update={"seq": first}), *moved]


class BattleService:
    def __init__(self, store: BattleStore, *, before_save: Callable[[str, str], None] | None = None):
        self.store = store
        #: Called with (battle id, request id) between resolving and saving; the crash
        #: tests use it to stop a worker at the worst moment.
        self.before_save = before_save
        self._rulesets: dict[str, Ruleset] = {}
        self._lock = threading.Lock()

    # -- rulesets ----------------------------------------------------------------------
    def put_ruleset(self, data: Any) -> str:
        """Validates and stores a package; answers its digest. Raises PackageError."""
        ruleset = load_package(data)
        digest = package_digest(data)
        self.store.put_ruleset(digest, json.dumps(data, sort_keys=True, separators=(",", ":")))
        with self._lock:
            self._rulesets[digest] = ruleset
        return digest

    def ruleset(self, digest: str) -> Ruleset:
        with self._lock:
            found = self._rulesets.get(digest)
        if found is not None:
            return found
        text = self.store.get_ruleset(digest)
        if text is None:
            raise LookupError(f"no ruleset is stored under {digest}")
        ruleset = load_package(json.loads(text))
        with self._lock:
            self._rulesets[digest] = ruleset
        return ruleset

    # -- battles -----------------------------------------------------------------------
    def create(self, digest: str, party: list[Any], foes: list[Any], *, seed: int | None = None,
               battle_id: str | None = None, board: dict[str, Any] | None = None,
               style: str | None = None, adjustments: list[str] | None = None,
               window_seconds: float | None = None) -> dict[str, Any]:
        ruleset = self.ruleset(digest)
        seed = seed if seed is not None else secrets.randbelow(2**53)
        battle_id = battle_id or "b-" + secrets.token_hex(8)
        try:
            state, events = start_battle(ruleset, party, foes, seed=seed, digest=digest, board=board, style=style,
                                         adjustments=adjustments or ())
        except SetupError as exc:
            return {"ok": False, "code": "setup-refused", "message": "; ".join(exc.problems)}
        state.window_seconds = window_seconds
        hold = _hold(state)
        saved = self.store.create(battle_id, _dump(state), _events(events), revision=state.revision + 1, hold=hold)
        return {"ok": True, "battle": battle_id, "revision": saved.revision, "events": _events(events)}

    def load(self, battle_id: str) -> tuple[BattleState, int] | None:
        stored = self.store.load(battle_id)
        if stored is None:
            return None
        return BattleState.model_validate(stored.state), stored.revision

    def apply(self, battle_id: str, revision: int, choice: Any, request_id: str, *,
              note: tuple[str, str] | None = None) -> dict[str, Any]:
        """Applies `choice` to the battle at `revision`, at most once per `request_id`.
        `note` (kind, sentence) goes in the log before the choice's events when it is
        accepted. The answer names who must decide next (`pending`) and the `outcome`."""
        record = self.store.seen(battle_id, request_id)
        if record is not None:
            return record.result
        for _attempt in range(CAS_ATTEMPTS):
            stored = self.store.load(battle_id)
            if stored is None:
                return {"ok": False, "code": "not-found", "message": f"there is no battle {battle_id}"}
            if not stored.active:
                return {"ok": False, "code": "closed", "message": "the battle was abandoned"}
            if stored.revision != revision:
                return {"ok": False, "code": "stale-revision",
                        "message": f"the choice was made at revision {revision}; the battle is at {stored.revision}"}
            state = BattleState.model_validate(stored.state)
            ruleset = self.ruleset(state.ruleset.digest)
            before_seq = state.seq
            # The state was parsed just now and is dropped after the save: the step may
            # change it in place instead of copying it first.
            result = advance(ruleset, state, choice, owned=True)
            if isinstance(result, Refused):
                return {"ok": False, **result.as_dict()}
            new_state, events = result
            if note is not None:
                events = _with_note(before_seq, new_state, events, Event(seq=0, kind=note[0], text=plain(note[1])))
            hold = _hold(new_state)
            pending = new_state.pending.model_dump(mode="json") if new_state.pending else None
            answer = {"ok": True, "revision": stored.revision + 1, "events": _events(events),
                      "pending": pending, "outcome": new_state.outcome}
            if self.before_save is not None:
                self.before_save(battle_id, request_id)
            saved = self.store.save(battle_id, stored.revision, _dump(new_state), answer["events"],
                                    request_id=request_id, result=answer, hold=hold)
            if isinstance(saved, Saved):
                return answer
            if isinstance(saved, Duplicate):
                return saved.record.result
            assert isinstance(saved, RevisionConflict)
        return {"ok": False, "code": "conflict", "message": "the battle kept changing; try again"}
