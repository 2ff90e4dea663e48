"""What a worker does with a battle, independent of Celery: create it, apply one choice
with the pure core, and save the result with one compare-and-set.

Owns: `BattleService` (the Celery tasks and the gateway's embedded executor both call
it; the gateway reads battles through it), the ruleset cache by content digest, request-id idempotence (a redelivered or duplicated
choice answers the recorded result and is applied at most once) and the bounded retry on
a compare-and-set conflict. Results are plain dicts: `{"ok": True, "revision", "events"}`
or `{"ok": False, "code", "message"}`.

A choice's events are published as soon as they are saved: with `apart` (a worker's
`MARINARA_ENGINE_APART`), a choice the Engine moves after is saved before those moves,
which are saved as the next revision (`resume`; a worker that dies in between leaves them
to a redelivery or to `BattleService.resume`). Every save then brings the open decision of
its revision (`shared.service.decision`): a battle's creation in the save itself, a
choice right after its last save (`put_decision`), so the next menu is drawn while the events travel.
A choice that ends without a save (refused, stale, a duplicate) has its answer announced
on the battle's channel: the gateway learns how every choice it queued ended from the
feed, so it needs no Celery result.
"""

from __future__ import annotations

import contextlib
import gc
import json
import secrets
import threading
import time
from typing import Any, Callable, Sequence

from shared.combat import BattleState, Refusal, SetupError, advance, engine_owes, resume, start_battle
from shared.combat.state import Event
from shared.plain_text import plain
from shared.ruleset.layer_choice import choice_problems, pinned_layers, with_layers
from shared.ruleset.load import load_package, load_shipped, package_digest
from shared.ruleset.shipped import Shipped, package_from_json
from shared.ruleset.package import Ruleset
from shared.store.base import UNCHANGED, BattleStore, Duplicate, JsonText, RevisionConflict, Saved, StoredBattle
from shared.store.errors import BattleClosed, BattleNotFound

from .decision import open_decision

#: Compare-and-set attempts before a choice is answered as a conflict.
CAS_ATTEMPTS = 5

#: When a choice's writes go out apart (`BattleService.apart`): always, never, or while the
#: worker is idle (no other choice waiting for one).
APART = ("always", "idle", "never")

#: Whether choices wait for a worker now, asked in two halves: the call sends the question
#: and returns its answer, read later. `BattleService` asks before it loads the battle and
#: reads the answer after the load, so the two round trips run side by side. The answer is
#: read exactly once.
Backlog = Callable[[], Callable[[], bool]]


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
    if window is None:
        return None
    if state.window_seconds and window.deadline is None:
        window.deadline = time.time() + state.window_seconds
    return window.model_dump(mode="json")


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
    def __init__(self, store: BattleStore, *, before_save: Callable[[str, str], None] | None = None,
                 apart: str = "always", backlog: Backlog | None = None):
        if apart not in APART:
            raise ValueError(f"apart is one of {', '.join(APART)}, not {apart!r}")
        self.store = store
        #: Whether a choice's writes go out apart: the choice saved before the Engine's
        #: moves after it (a revision of their own) and before its next decision is drawn
        #: (`put_decision`), so its events are out sooner, for up to two more writes.
        #: "idle": only when no other choice waits (`backlog`), since a worker with choices
        #: queued behind the one in hand spends those writes' time on them.
        self.apart = apart
        #: Whether choices wait for a worker now (asked once a choice, with "idle").
        self.backlog = backlog
        #: Called with (battle id, request id) between resolving and saving, and with
        #: (battle id, request id + ".engine") before saving the Engine's moves after a
        #: paused choice; the crash tests use it to stop a worker at the worst moments.
        self.before_save = before_save
        self._rulesets: dict[str, Ruleset] = {}
        self._lock = threading.Lock()

    # -- rulesets ----------------------------------------------------------------------
    def put_ruleset(self, package: Any) -> str:
        """Validates and stores a package (as read, `Shipped`, or as JSON: the package, or
        it with its assets, `package_from_json`); answers its digest. The package is stored
        with every asset's entries in place, so a digest names one self-contained text.
        Raises PackageError."""
        shipped = package if isinstance(package, Shipped) else package_from_json(package)
        ruleset = load_shipped(shipped)
        data = shipped.data
        digest = package_digest(data)
        self.store.put_ruleset(digest, json.dumps(data, sort_keys=True, separators=(",", ":")))
        with self._lock:
            self._rulesets[digest] = ruleset
        return digest

    def ruleset(self, digest: str, layers: Sequence[str] = ()) -> Ruleset:
        """The ruleset stored under `digest`, with `layers` applied when given (each pin's
        rules applied once and kept, `layer_choice.with_layers`). Raises LookupError."""
        if layers:
            key = digest + "+" + ",".join(layers)
            with self._lock:
                found = self._rulesets.get(key)
            if found is None:
                found = with_layers(self.ruleset(digest), layers)
                with self._lock:
                    self._rulesets[key] = found
            return found
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

    def rules_of(self, state: BattleState) -> Ruleset:
        """The rules a battle plays by: its pinned ruleset with its layers on."""
        return self.ruleset(state.ruleset.digest, state.ruleset.layers)

    # -- battles -----------------------------------------------------------------------
    def create(self, digest: str, party: list[Any], foes: list[Any], *, seed: int | None = None,
               battle_id: str | None = None, board: dict[str, Any] | None = None,
               style: str | None = None, adjustments: list[str] | None = None,
               window_seconds: float | None = None, layers: Sequence[Any] = ()) -> dict[str, Any]:
        base = self.ruleset(digest)
        wrong = choice_problems(base, list(layers))
        if wrong:
            return {"ok": False, "code": "bad-layers", "message": "; ".join(wrong)}
        pinned = pinned_layers(base, list(layers))
        ruleset = self.ruleset(digest, pinned)
        seed = seed if seed is not None else secrets.randbelow(2**53)
        battle_id = battle_id or "b-" + secrets.token_hex(8)
        try:
            state, events = start_battle(ruleset, party, foes, seed=seed, digest=digest, board=board, style=style,
                                         adjustments=adjustments or ())
        except SetupError as exc:
            return {"ok": False, "code": "setup-refused", "message": "; ".join(exc.problems)}
        state.ruleset.layers = pinned
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

    def apply(self, battle_id: str, revision: int, choice: dict[str, Any], request_id: str, *,
              note: tuple[str, str] | None = None) -> dict[str, Any]:
        """Applies `choice` to the battle at `revision`, at most once per `request_id`.
        `note` (kind, sentence) goes in the log before the choice's events when it is
        accepted. The answer is the whole choice's: its events and the Engine's moves after
        it (saved as a revision of their own, with `apart`), the revision after them, who
        must decide next (`pending`) and the `outcome`. An answer that saved nothing is also
        announced on the battle's channel."""
        answer, saved = self._apply(battle_id, revision, choice, request_id, note)
        if not saved:
            self.store.announce(battle_id, request_id, answer)
        return answer

    def _apply(self, battle_id: str, revision: int, choice: dict[str, Any], request_id: str,
               note: tuple[str, str] | None) -> tuple[dict[str, Any], bool]:
        """(the answer, whether this call saved it)."""
        asked = self._ask_apart()
        try:
            # The first read also asks whether the request was applied already; a retry
            # after a lost compare-and-set learns that from the save itself.
            first = self.store.load(battle_id, request_id=request_id)
        finally:
            apart = asked()
        for attempt in range(CAS_ATTEMPTS):
            stored = first if attempt == 0 else self.store.load(battle_id)
            if stored is None:
                return {"ok": False, "code": "not-found", "message": f"there is no battle {battle_id}"}, False
            if stored.record is not None:
                return self._recorded(battle_id, stored, request_id)
            if not stored.active:
                return {"ok": False, "code": "closed", "message": "the battle was abandoned"}, False
            if stored.revision != revision:
                return {"ok": False, "code": "stale-revision",
                        "message": f"the choice was made at revision {revision}; "
                                   f"the battle is at {stored.revision}"}, False
            state = stored.parsed(BattleState)
            ruleset = self.rules_of(state)
            before_seq = state.seq
            # The state was parsed just now and is dropped after the save: the step may
            # change it in place instead of copying it first. It stops before the Engine's
            # moves, so the choice's own events are out while they are made.
            result = advance(ruleset, state, choice, owned=True, pause=apart)
            if isinstance(result, Refusal):
                return {"ok": False, **result.as_dict()}, False
            new_state, events = result
            if note is not None:
                events = _with_note(before_seq, new_state, events, Event(seq=0, kind=note[0], text=plain(note[1])))
            paused = apart and engine_owes(new_state)
            # The hold first: it stamps a window's deadline into the state the rest saves.
            # A pause leaves the mirror to the save after the Engine's moves: a window it
            # stopped at asks the Engine, which answers it there.
            hold = UNCHANGED if paused else _hold(new_state)
            saved_events = _events(events)
            answer = {"ok": True, "revision": stored.revision + 1, "events": saved_events,
                      "pending": _pending(new_state), "outcome": new_state.outcome}
            if self.before_save is not None:
                self.before_save(battle_id, request_id)
            saved = self._save(battle_id, stored.revision, ruleset, new_state, saved_events, hold,
                               request_id=request_id, result=answer, paused=paused, apart=apart)
            if isinstance(saved, Saved):
                if paused:
                    moved = self._resumed(battle_id, saved.revision, ruleset, new_state, request_id, answer)
                    return (moved if moved["ok"] else answer), True
                return answer, True
            if isinstance(saved, Duplicate):
                again = self.store.load(battle_id, request_id=request_id)
                if again is not None and again.record is not None:
                    return self._recorded(battle_id, again, request_id)
                return saved.record.result, False
            assert isinstance(saved, RevisionConflict)
        return {"ok": False, "code": "conflict", "message": "the battle kept changing; try again"}, False

    def _ask_apart(self) -> Callable[[], bool]:
        """Whether this choice's writes go out apart, asked now, answered by the call it
        returns (with "idle", the backlog's question travels while the battle loads)."""
        if self.apart == "idle" and self.backlog is not None:
            waiting = self.backlog()
            return lambda: not waiting()
        apart = self.apart != "never"
        return lambda: apart

    def _recorded(self, battle_id: str, stored: StoredBattle, request_id: str) -> tuple[dict[str, Any], bool]:
        """The answer of a request applied already (`stored` read with its record). A battle
        still at the revision the request saved may be paused before the Engine's moves
        (another delivery is making them, or died before it could): they are made here, or
        the answer of whoever made them is read, so every delivery answers the whole choice."""
        assert stored.record is not None
        if stored.active and stored.revision == stored.record.revision:
            healed = self._resume_stored(battle_id, stored, request_id, stored.record.result)
            if healed["ok"]:
                return healed, True
        return stored.record.result, False

    def _save(self, battle_id: str, expected: int, ruleset: Ruleset, state: BattleState, events: list[Any],
              hold: Any, *, request_id: str | None = None, result: Any = None, paused: bool = False,
              continues: bool = False, apart: bool = True) -> Any:
        """Saves `state` one revision after `expected` with its open decision, or (`apart`)
        then brings the decision: someone's menu is drawn after the save (`put_decision`),
        so the events are out while it is, a third of the rules' work on a choice. A pause
        has no decision: the save after the Engine's moves has."""
        follows = paused or (apart and state.pending is not None and not state.outcome)
        saved = self.store.save(battle_id, expected, _dump(state), events, request_id=request_id, result=result,
                                hold=hold, decision=None if follows else _decision(ruleset, state),
                                decision_follows=follows, continues=continues)
        if isinstance(saved, Saved) and follows and not paused:
            # The choice is applied whatever happens here: a battle that moved on or closed
            # meanwhile needs no decision for this revision, and one whose decision never
            # comes is drawn from its state by whoever asks.
            with contextlib.suppress(BattleNotFound):
                self.store.put_decision(battle_id, saved.revision, _decision(ruleset, state))
        return saved

    def _resumed(self, battle_id: str, revision: int, ruleset: Ruleset, state: BattleState,
                 request_id: str | None = None, first: dict[str, Any] | None = None) -> dict[str, Any]:
        """Makes the Engine's moves a paused choice left (`state`, saved at `revision`) and
        saves them as the next revision. With the choice's `request_id` and its answer at the
        pause (`first`), the answer becomes the whole choice's (both saves' events, the
        revision after the Engine's moves, who decides then) and replaces its record, so a
        duplicate is answered the same. A refusal when the battle moved on or closed
        meanwhile (someone else made the moves, or the battle was abandoned)."""
        result = resume(ruleset, state, owned=True)
        if isinstance(result, Refusal):
            return {"ok": False, **result.as_dict()}
        state, events = result
        hold = _hold(state)
        if self.before_save is not None and request_id is not None:
            self.before_save(battle_id, request_id + ".engine")
        moves = _events(events)
        answer = {"ok": True, "revision": revision + 1, "events": [*(first["events"] if first else ()), *moves],
                  "pending": _pending(state), "outcome": state.outcome}
        try:
            saved = self._save(battle_id, revision, ruleset, state, moves, hold, request_id=request_id,
                               result=answer if request_id else None, continues=request_id is not None)
        except (BattleClosed, BattleNotFound):
            return {"ok": False, "code": "closed", "message": "the battle was abandoned"}
        if not isinstance(saved, Saved):
            seen = self.store.seen(battle_id, request_id) if request_id is not None else None
            if seen is not None and seen.revision > revision:
                # Another delivery of the same choice made the moves meanwhile and replaced
                # the record: its answer is this one's too.
                return seen.result
            return {"ok": False, "code": "stale-revision",
                    "message": f"the Engine's moves after revision {revision} were made already"}
        return answer

    def _resume_stored(self, battle_id: str, stored: StoredBattle, request_id: str | None = None,
                       first: dict[str, Any] | None = None) -> dict[str, Any]:
        state = stored.parsed(BattleState)
        if not engine_owes(state):
            return {"ok": False, "code": "not-paused", "message": "the battle does not wait on the Engine"}
        return self._resumed(battle_id, stored.revision, self.rules_of(state), state, request_id,
                             first)

    def resume(self, battle_id: str, revision: int) -> dict[str, Any]:
        """The Engine's moves after a paused choice at `revision`, when its worker died
        before making them (the gateway asks when a battle it reads waits on the Engine).
        Idempotent: a battle past `revision`, or not waiting on the Engine, is left alone.
        The choice's record keeps its answer at the pause."""
        stored = self.store.load(battle_id)
        if stored is None:
            return {"ok": False, "code": "not-found", "message": f"there is no battle {battle_id}"}
        if not stored.active:
            return {"ok": False, "code": "closed", "message": "the battle was abandoned"}
        if stored.revision != revision:
            return {"ok": False, "code": "stale-revision",
                    "message": f"the battle is at revision {stored.revision}, not {revision}"}
        return self._resume_stored(battle_id, stored)
