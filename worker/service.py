"""What a worker does with a battle, independent of Celery: create it, apply one choice
with the pure core, and save the result with one compare-and-set.

Owns: `BattleService` (the Celery tasks and the embedded executor both call it), the
ruleset cache by content digest, request-id idempotence (a redelivered or duplicated
choice answers the recorded result and is applied at most once) and the bounded retry on
a compare-and-set conflict. Results are plain dicts: `{"ok": True, "revision", "events"}`
or `{"ok": False, "code", "message"}`.

Every save carries the open decision of the new revision (`worker.decision`), and a choice
that ends without a save (refused, stale, a duplicate) has its answer announced on the
battle's channel: the gateway learns how every choice it queued ended from the feed, so
it needs no Celery result.
"""

from __future__ import annotations

import gc
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
from shared.store.base import BattleStore, Duplicate, JsonText, RevisionConflict, Saved

from .decision import open_decision

#: Compare-and-set attempts before a choice is answered as a conflict.
CAS_ATTEMPTS = 5


def _dump(state: BattleState) -> JsonText:
    # Events live in the store's stream, not in the state record. pydantic writes the JSON
    # text itself, without a dict in between.
    return JsonText(state.model_dump_json(exclude={"events"}))


def _hold(state: BattleState) -> dict[str, Any] | None:
    """The single-window hold the gateway routes prompts by: the open window, saved with
    the state under the same revision (None when no window is open). A window asking a
    person gets its deadline here from the battle's `window_seconds`, counted from when
    that person is first asked."""
    window = state.pending.window if state.pending is not None else None
    if window is not None and state.window_seconds and window.get("deadline") is None:
        window["deadline"] = time.time() + state.window_seconds
    return window


def _pending(state: BattleState) -> dict[str, Any] | None:
    return state.pending.model_dump(mode="json") if state.pending is not None else None


def _decision(ruleset: Ruleset, state: BattleState) -> JsonText:
    """The open decision saved with the state's revision (pydantic writes its text)."""
    return JsonText(open_decision(ruleset, state).model_dump_json())


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
        # A ruleset lives as long as the process: moving it (and everything loaded before
        # it) out of the collector's reach stops every later full collection from walking
        # its validators again, which cost tens of milliseconds on whichever step ran then.
        gc.collect()
        gc.freeze()
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
        # The hold first: it stamps a window's deadline into the state the rest saves.
        hold = _hold(state)
        saved = self.store.create(battle_id, _dump(state), _events(events), revision=state.revision + 1,
                                  hold=hold, decision=_decision(ruleset, state))
        return {"ok": True, "battle": battle_id, "revision": saved.revision, "events": _events(events),
                "pending": _pending(state), "outcome": state.outcome}

    def load(self, battle_id: str) -> tuple[BattleState, int] | None:
        stored = self.store.load(battle_id)
        if stored is None:
            return None
        return stored.parsed(BattleState), stored.revision

    def apply(self, battle_id: str, revision: int, choice: Any, request_id: str, *,
              note: tuple[str, str] | None = None) -> dict[str, Any]:
        """Applies `choice` to the battle at `revision`, at most once per `request_id`.
        `note` (kind, sentence) goes in the log before the choice's events when it is
        accepted. The answer names who must decide next (`pending`) and the `outcome`.
        An answer that saved nothing is also announced on the battle's channel."""
        answer, saved = self._apply(battle_id, revision, choice, request_id, note)
        if not saved:
            self.store.announce(battle_id, request_id, answer)
        return answer

    def _apply(self, battle_id: str, revision: int, choice: Any, request_id: str,
               note: tuple[str, str] | None) -> tuple[dict[str, Any], bool]:
        """(the answer, whether this call saved it)."""
        for attempt in range(CAS_ATTEMPTS):
            # The first read also asks whether the request was applied already; a retry
            # after a lost compare-and-set learns that from the save itself.
            stored = self.store.load(battle_id, request_id=request_id if attempt == 0 else None)
            if stored is None:
                return {"ok": False, "code": "not-found", "message": f"there is no battle {battle_id}"}, False
            if stored.record is not None:
                return stored.record.result, False
            if not stored.active:
                return {"ok": False, "code": "closed", "message": "the battle was abandoned"}, False
            if stored.revision != revision:
                return {"ok": False, "code": "stale-revision",
                        "message": f"the choice was made at revision {revision}; "
                                   f"the battle is at {stored.revision}"}, False
            state = stored.parsed(BattleState)
            ruleset = self.ruleset(state.ruleset.digest)
            before_seq = state.seq
            # The state was parsed just now and is dropped after the save: the step may
            # change it in place instead of copying it first.
            result = advance(ruleset, state, choice, owned=True)
            if isinstance(result, Refused):
                return {"ok": False, **result.as_dict()}, False
            new_state, events = result
            if note is not None:
                events = _with_note(before_seq, new_state, events, Event(seq=0, kind=note[0], text=plain(note[1])))
            # The hold first: it stamps a window's deadline into the state the rest saves.
            hold = _hold(new_state)
            answer = {"ok": True, "revision": stored.revision + 1, "events": _events(events),
                      "pending": _pending(new_state), "outcome": new_state.outcome}
            decision = _decision(ruleset, new_state)
            if self.before_save is not None:
                self.before_save(battle_id, request_id)
            saved = self.store.save(battle_id, stored.revision, _dump(new_state), answer["events"],
                                    request_id=request_id, result=answer, hold=hold, decision=decision)
            if isinstance(saved, Saved):
                return answer, True
            if isinstance(saved, Duplicate):
                return saved.record.result, False
            assert isinstance(saved, RevisionConflict)
        return {"ok": False, "code": "conflict", "message": "the battle kept changing; try again"}, False
