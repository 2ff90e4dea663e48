"""Games on a `GameStore`: replies, swipes, the party sheet's saves, and what is read.

Owns: `GameService(store, ruleset_of)` and `MISSING`. Every write is a loop of load,
compute with the pure functions (`reply.py`, `shared.party`), and one compare-and-set
`commit`; a lost race reloads and computes again, so concurrent replies never lose a tick
and a save always checks the newest party revision. Refusals are `Refusal` values.

- A reply names its new snapshot id and its parent: an id (a regeneration names the
  snapshot before the reply it replaces), `None` (the game's beginning) or `MISSING`
  (continue from the current snapshot, whatever it is when the write lands). Sending the
  same snapshot id again with the same text answers the stored receipt and changes
  nothing; another text under a taken id is refused.
- Each member's live state is kept per snapshot beside the clocks and the party
  (`shared.games.state`): a regeneration starts from its parent's, so it never spends twice.
- A fight started from the game reads the members' sheets at the current snapshot
  (`members_now`) and its result is written back as a new snapshot (`write_fight`), once.
- Selecting a snapshot shows it (its clocks, party sheet and members' live state with it); removing one takes
  every snapshot continued from it and shows the newest remaining swipe, else its parent.
- Checks (a reply's `[skill_check: ...]` tags and `check`, the checks endpoint) roll the
  game's own dice from the record's cursor, which the same commit moves on: a check is
  rolled once, a regeneration rolls new dice, and a reload rolls nothing again. A check
  that spends pays from the member's live state of the snapshot it reads.
- `partyRevision` (the spec's `gamePartySheetRevision`) goes up whenever the party sheet
  as shown changes: a save, a reply's party command, a swipe, a member joining or
  leaving. A save names the revision it was opened at and is refused when it is older.
- The characters present are stored sheets: a value the ruleset no longer offers (a number
  out of range, a tier or value no longer listed) is kept as stored and listed per member
  in the view's `flags`, not refused.
- Picking catalog entries onto a member and "refresh from ruleset" are the sheet editor's
  saves (`pick`, `refresh_offers`, `refresh`): they change the member's stored sheet, not a
  snapshot, under the game's layers, with the game's pin as the version the sheet was kept under.
"""

from __future__ import annotations

import copy
import hashlib
import secrets
from dataclasses import dataclass
from typing import Any, Callable, Generic, Sequence, TypeVar

from shared.games.character_commands import PARTY, pools_now
from shared.games.checks import receipt, run_check
from shared.games.uses import receipt as use_receipt
from shared.games.uses import result_attrs as use_attrs
from shared.games.uses import run_use
from shared.games.history import after_removal, copy_record, dice_of, new_record, subtree, use_dice
from shared.games.members import find_member, live_by_member, member_key, member_sheet, with_member_sheet
from shared.games.reminder import reminder_text
from shared.games.reply import GM, apply_reply
from shared.games.state import normal_state
from shared.party.rules import party_rules
from shared.party.sheet import check_save, read_party, stored_part
from shared.ruleset.layer_choice import choice_problems, pinned_layers, with_layers
from shared.ruleset.package import Ruleset
from shared.sheet.character import read_stored_character
from shared.sheet.checks import UNTRAINED, CheckAsk, CheckUntrained
from shared.sheet.picks import RefreshOffer, pick, refresh, refresh_offers
from shared.sheet.refusal import Refusal
from shared.sheet.uses import UseAsk
from shared.store.games_base import GameConflict, GameNotFound, GameSaved, GameStore, Record, Snapshot, SnapshotTaken

MAX_TRIES = 500
MAX_MEMBERS = 64


class _Missing:
    def __repr__(self) -> str:
        return "MISSING"


MISSING: Any = _Missing()


class _Retry:
    """What a write step answers when a snapshot it read vanished under it: load again."""


RETRY = _Retry()

_Answer = TypeVar("_Answer")


@dataclass(frozen=True)
class _Done(Generic[_Answer]):
    """A write step's finished answer: nothing to commit."""

    value: _Answer


@dataclass(frozen=True)
class _Commit(Generic[_Answer]):
    """A write step's commit to try (`GameStore.commit`'s record, put, delete and update)
    and the answer it gives at the revision the commit lands on."""

    record: Record
    put: dict[str, Snapshot]
    delete: Sequence[str]
    update: dict[str, Snapshot]
    answer: Callable[[int], _Answer]


_Step = Callable[[Record, int], "Refusal | _Retry | _Done[_Answer] | _Commit[_Answer]"]

NOT_FOUND = "not-found"
UNKNOWN_SNAPSHOT = "unknown-snapshot"
SNAPSHOT_EXISTS = "snapshot-exists"
STALE_PARTY = "stale-party-revision"
NO_PARTY = "no-party-sheet"
BAD_MEMBERS = "bad-members"
BAD_LAYERS = "bad-layers"
BAD_SAVE = "bad-save"
BUSY = "conflict"


def _digest(text: str) -> str:
    return "sha256:" + hashlib.sha256(text.encode("utf-8")).hexdigest()


class GameService:
    def __init__(self, store: GameStore, ruleset_of: Callable[[str], Any]):
        self.store = store
        self.ruleset_of = ruleset_of
        #: The rules each pin gives (a digest and the layers turned on), applied once.
        self._layered: dict[tuple[str, tuple[str, ...]], Ruleset] = {}

    def _rules(self, record: dict[str, Any]) -> Ruleset:
        """The rules a game plays by: its pinned ruleset with its layers applied (a record
        written before games chose layers has none)."""
        layers = tuple(record.get("layers") or ())
        ruleset = self.ruleset_of(record["ruleset"])
        if not layers:
            return ruleset  # type: ignore[no-any-return]
        key = (record["ruleset"], layers)
        found = self._layered.get(key)
        if found is None:
            found = self._layered[key] = with_layers(ruleset, layers)
        return found

    # -- reading -----------------------------------------------------------------------
    def _load(self, game_id: str) -> tuple[dict[str, Any], int] | Refusal:
        stored = self.store.load_game(game_id)
        if stored is None:
            return Refusal(NOT_FOUND, f'there is no game "{game_id}"')
        return stored.record, stored.revision

    def _state(self, game_id: str, record: dict[str, Any], snapshot: str | None) -> dict[str, Any] | None:
        if snapshot is None:
            return normal_state(record["base"])
        snap = self.store.get_snapshot(game_id, snapshot)
        return normal_state(snap["state"]) if snap is not None else None

    def _party_shown(self, ruleset: Ruleset, record: dict[str, Any], state: dict[str, Any]) -> Any:
        rules = party_rules(ruleset)
        if rules is None:
            return None
        return read_party(ruleset, rules, state["party"], record["members"])

    def _bumped(self, ruleset: Ruleset, record: dict[str, Any], before: Any, after: Any) -> None:
        if self._party_shown(ruleset, record, before) != self._party_shown(ruleset, record, after):
            record["partyRevision"] += 1

    def view(self, game_id: str, snapshot: Any = MISSING) -> dict[str, Any] | Refusal:
        """The game as shown at `snapshot` (MISSING: the current one): clocks, the party
        sheet, the reminder."""
        loaded = self._load(game_id)
        if isinstance(loaded, Refusal):
            return loaded
        record, revision = loaded
        at = record["current"] if snapshot is MISSING else snapshot
        if at is not None and at not in record["tree"]:
            return Refusal(UNKNOWN_SNAPSHOT, f'game "{game_id}" has no snapshot "{at}"')
        state = self._state(game_id, record, at)
        if state is None:
            return Refusal(UNKNOWN_SNAPSHOT, f'game "{game_id}" has no snapshot "{at}"')
        ruleset = self._rules(record)
        return {
            "game": game_id,
            "snapshot": at,
            "current": record["current"],
            "revision": revision,
            "partyRevision": record["partyRevision"],
            "clocks": state["clocks"],
            "party": self._party_shown(ruleset, record, state),
            "reminder": reminder_text(ruleset, state, record["members"]),
            "ruleset": record["ruleset"],
            "layers": list(record.get("layers") or ()),
            "flags": self._flags(ruleset, record["members"]),
            "live": live_by_member(state, record["members"]),
        }

    @staticmethod
    def _flags(ruleset: Ruleset, members: list[dict[str, Any]]) -> dict[str, list[str]]:
        """Per member, each value its stored sheet holds that the ruleset no longer offers
        (kept as stored, `read_stored_character`); members with none are left out."""
        out: dict[str, list[str]] = {}
        for member in members:
            _character, _problems, flags = read_stored_character(ruleset, member)
            if flags:
                out[member["name"]] = flags.lines()
        return out

    # -- creating ----------------------------------------------------------------------
    def _members(self, ruleset: Ruleset, members: Any) -> list[dict[str, Any]] | Refusal:
        if not isinstance(members, list) or len(members) > MAX_MEMBERS:
            return Refusal(BAD_MEMBERS, f"members is a list of at most {MAX_MEMBERS} characters")
        out: list[dict[str, Any]] = []
        problems: list[str] = []
        names: set[str] = set()
        for i, data in enumerate(members):
            # A member without a sheet is a name only: it rolls checks on the blank build,
            # with no training to read (spec/sheet.md), and is stored with "sheet": null.
            sheetless = isinstance(data, dict) and data.get("sheet") is None
            # The characters present are the host's stored sheets: a value the ruleset no
            # longer offers is kept as stored and flagged in the view, not refused.
            character, found, _flags = read_stored_character(ruleset, {**data, "sheet": {}} if sheetless else data)
            problems += [f"members[{i}].{line}" for line in found.lines()]
            if character is not None:
                # Names are found without case or surrounding spaces, and who="party" is every
                # character, so no member may be called that.
                key = member_key(character.name)
                if key == member_key(PARTY):
                    problems.append(f'members[{i}].name: {character.name} is reserved (who="party" is every character)')
                elif key in names:
                    problems.append(f"members[{i}].name: {character.name.strip()} is already a member")
                names.add(key)
                out.append({"name": character.name, "sheet": None if sheetless else character.sheet})
        if problems:
            return Refusal(BAD_MEMBERS, "; ".join(problems))
        return out

    def create(self, game_id: str, digest: str, members: Any = (), seed: int | None = None,
               layers: Sequence[Any] = ()) -> dict[str, Any] | Refusal:
        """A new game; `seed` is its dice seed (a random one when not given), `layers` the
        ruleset's layers it turns on: an unknown layer or a conflicting pair is refused
        (`bad-layers`); the rest are frozen into the record beside the digest."""
        base = self.ruleset_of(digest)
        wrong = choice_problems(base, list(layers))
        if wrong:
            return Refusal(BAD_LAYERS, "; ".join(wrong))
        pinned = pinned_layers(base, list(layers))
        ruleset = self._rules({"ruleset": digest, "layers": pinned})
        checked = self._members(ruleset, list(members))
        if isinstance(checked, Refusal):
            return checked
        seed = seed if seed is not None else secrets.randbelow(2**53)
        self.store.create_game(game_id, new_record(digest, checked, seed, pinned))
        view = self.view(game_id)
        assert not isinstance(view, Refusal)
        return view

    # -- the write loop ----------------------------------------------------------------
    def _write(self, game_id: str, step: _Step[_Answer]) -> _Answer | Refusal:
        """Runs `step(record, revision)` until its commit wins. `step` answers a Refusal,
        RETRY, a finished answer (`_Done`) or a commit to try (`_Commit`)."""
        for _ in range(MAX_TRIES):
            loaded = self._load(game_id)
            if isinstance(loaded, Refusal):
                return loaded
            record, revision = loaded
            planned = step(record, revision)
            if isinstance(planned, _Retry):
                continue
            if isinstance(planned, Refusal):
                return planned
            if isinstance(planned, _Done):
                return planned.value
            try:
                result = self.store.commit(game_id, revision, planned.record, put=planned.put, delete=planned.delete,
                                           update=planned.update)
            except GameNotFound:
                return Refusal(NOT_FOUND, f'there is no game "{game_id}"')
            if isinstance(result, GameSaved):
                return planned.answer(result.revision)
            if isinstance(result, (GameConflict, SnapshotTaken)):
                continue
        return Refusal(BUSY, f'game "{game_id}" changed {MAX_TRIES} times while this was written; try again')

    # -- replies -----------------------------------------------------------------------
    def reply(self, game_id: str, snapshot_id: str, parent: Any, text: str,
              author: str = GM) -> dict[str, Any] | Refusal:
        # A member's turn is told apart from the same text written by the Game Master.
        submitted = _digest(text) if author == GM else _digest(f"{author}:{text}")

        def step(record: Record, revision: int) -> Refusal | _Done[dict[str, Any]] | _Commit[dict[str, Any]]:
            tree = record["tree"]
            if snapshot_id in tree:
                stored = self.store.get_snapshot(game_id, snapshot_id)
                same = stored is not None and stored.get("submitted") == submitted and (
                    parent is MISSING or parent == stored.get("parent")
                )
                if stored is None or not same:
                    return Refusal(SNAPSHOT_EXISTS, f'snapshot "{snapshot_id}" already holds another reply')
                return _Done(self._answer(game_id, snapshot_id, stored, record, revision, duplicate=True))
            start = record["current"] if parent is MISSING else parent
            if start is not None and start not in tree:
                return Refusal(UNKNOWN_SNAPSHOT, f'game "{game_id}" has no snapshot "{start}"')
            state = self._state(game_id, record, start)
            if state is None:
                return Refusal(UNKNOWN_SNAPSHOT, f'game "{game_id}" has no snapshot "{start}"')
            ruleset = self._rules(record)
            roller = dice_of(game_id, record)
            outcome = apply_reply(ruleset, state, text, record["members"], author, roller=roller,
                                  use_roller=use_dice(game_id, record, start))
            shown = self._state(game_id, record, record["current"]) or state
            new = copy_record(record)
            new["dice"] = {"seed": roller.seed, "cursor": roller.cursor}
            new["tree"][snapshot_id] = start
            new["current"] = snapshot_id
            self._bumped(ruleset, new, shown, outcome.state)
            snap = {
                "parent": start,
                "state": outcome.state,
                "text": outcome.text,
                "receipts": outcome.receipts,
                "submitted": submitted,
            }
            return _Commit(new, {snapshot_id: snap}, (), {},
                           lambda rev: self._answer(game_id, snapshot_id, snap, new, rev, duplicate=False))

        return self._write(game_id, step)

    def _answer(self, game_id: str, snapshot_id: str, snap: dict[str, Any], record: dict[str, Any],
                revision: int, *, duplicate: bool) -> dict[str, Any]:
        return {
            "game": game_id,
            "snapshot": snapshot_id,
            "parent": snap["parent"],
            "text": snap["text"],
            "clocks": snap["state"]["clocks"],
            "receipts": snap["receipts"],
            "revision": revision,
            "partyRevision": record["partyRevision"],
            "duplicate": duplicate,
        }

    # -- fights ------------------------------------------------------------------------
    def members_now(self, game_id: str) -> dict[str, Any] | Refusal:
        """The members with their sheets as the current snapshot holds them (live state
        included): what a fight started from the game begins with."""
        loaded = self._load(game_id)
        if isinstance(loaded, Refusal):
            return loaded
        record, _revision = loaded
        state = self._state(game_id, record, record["current"])
        if state is None:
            return Refusal(UNKNOWN_SNAPSHOT, f'game "{game_id}" has no snapshot "{record["current"]}"')
        return {"snapshot": record["current"], "ruleset": record["ruleset"], "layers": list(record.get("layers") or ()),
                "members": [{"name": m["name"], "sheet": member_sheet(state, m)} for m in record["members"]]}

    def write_fight(self, game_id: str, snapshot_id: str, fight: str, sheets: dict[str, dict[str, Any]],
                    note: str) -> dict[str, Any] | Refusal:
        """A fight's result written back as a new snapshot continuing the current one: each
        member named in `sheets` gets that sheet's live state (stored sparsely, like a
        reply's). `fight` names the fight: the same fight written again under the same
        snapshot id answers the stored receipt (`duplicate`), so a result is never written
        twice. Each receipt is a member's pools after the fight."""
        submitted = _digest("fight:" + fight)

        def step(record: Record, revision: int) -> Refusal | _Done[dict[str, Any]] | _Commit[dict[str, Any]]:
            tree = record["tree"]
            if snapshot_id in tree:
                stored = self.store.get_snapshot(game_id, snapshot_id)
                if stored is None or stored.get("submitted") != submitted:
                    return Refusal(SNAPSHOT_EXISTS, f'snapshot "{snapshot_id}" already holds another reply')
                return _Done(self._answer(game_id, snapshot_id, stored, record, revision, duplicate=True))
            start = record["current"]
            state = self._state(game_id, record, start)
            if state is None:
                return Refusal(UNKNOWN_SNAPSHOT, f'game "{game_id}" has no snapshot "{start}"')
            ruleset = self._rules(record)
            receipts: list[dict[str, str]] = []
            for name, sheet in sheets.items():
                member = find_member(record["members"], name)
                if isinstance(member, Refusal):
                    receipts.append({"tag": "fight", "result": "refused", "reason": f"{member.code}: {name}"})
                    continue
                state = with_member_sheet(ruleset, state, member, sheet)
                receipts.append({"tag": "fight", "result": "ok", "now": f"{member['name']} " + pools_now(ruleset, sheet)})
            new = copy_record(record)
            new["tree"][snapshot_id] = start
            new["current"] = snapshot_id
            snap = {"parent": start, "state": state, "text": note, "receipts": receipts, "submitted": submitted}
            return _Commit(new, {snapshot_id: snap}, (), {},
                           lambda rev: self._answer(game_id, snapshot_id, snap, new, rev, duplicate=False))

        return self._write(game_id, step)

    # -- checks ------------------------------------------------------------------------
    def check(self, game_id: str, ask: CheckAsk) -> dict[str, Any] | Refusal:
        """A check asked through the endpoint: rolled for the member `who=` names on the
        current snapshot with the game's next dice (a spend paid from the member's live
        state there). An untrained rule of "refuse" rolls nothing and is refused
        (`skill_check_untrained`)."""

        def step(record: Record, revision: int) -> Refusal | _Retry | _Commit[dict[str, Any]]:
            current = record["current"]
            state = self._state(game_id, record, current)
            if state is None:
                return RETRY
            ruleset = self._rules(record)
            roller = dice_of(game_id, record)
            run = run_check(ruleset, record["members"], state, ask, roller)
            if isinstance(run.outcome, Refusal):
                return run.outcome
            if isinstance(run.outcome, CheckUntrained):
                return Refusal(UNTRAINED, run.outcome.message)
            attrs, result = run.outcome.attrs(), run.outcome.result
            new = copy_record(record)
            new["dice"] = {"seed": roller.seed, "cursor": roller.cursor}

            def answer(rev: int) -> dict[str, Any]:
                return {"game": game_id, "snapshot": current, "result": result, "check": dict(attrs),
                        "receipt": receipt(attrs), "revision": rev}

            return self._rolled(game_id, new, current, state, run.state, answer)

        return self._write(game_id, step)

    def _rolled(self, game_id: str, new: Record, current: str | None, state: Any, after: Any,
                answer: Callable[[int], dict[str, Any]]) -> _Retry | _Commit[dict[str, Any]]:
        """The write of a check or a use: the record `new` (its dice moved on) and, when the
        roll changed the state, that state on the current snapshot (or the base before the
        first one). A snapshot gone meanwhile is a retry."""
        if after == state:
            return _Commit(new, {}, (), {}, answer)
        if current is None:
            new["base"] = after
            return _Commit(new, {}, (), {}, answer)
        snap = self.store.get_snapshot(game_id, current)
        if snap is None:
            return RETRY
        return _Commit(new, {}, (), {current: {**snap, "state": after}}, answer)

    # -- uses --------------------------------------------------------------------------
    def use(self, game_id: str, ask: UseAsk) -> dict[str, Any] | Refusal:
        """An ability, feature or spell used through the endpoint, for the member `who=`
        names on the current snapshot: paid from its live state there (all or nothing) and
        rolled with the game's next dice. A refusal pays and rolls nothing."""

        def step(record: Record, revision: int) -> Refusal | _Retry | _Commit[dict[str, Any]]:
            current = record["current"]
            state = self._state(game_id, record, current)
            if state is None:
                return RETRY
            ruleset = self._rules(record)
            roller = dice_of(game_id, record)
            run = run_use(ruleset, record["members"], state, ask, roller)
            if isinstance(run.outcome, Refusal):
                return run.outcome
            attrs = use_attrs(run, ask)
            new = copy_record(record)
            new["dice"] = {"seed": roller.seed, "cursor": roller.cursor}

            def answer(rev: int) -> dict[str, Any]:
                return {"game": game_id, "snapshot": current, "result": "used", "use": dict(attrs),
                        "receipt": use_receipt(attrs), "revision": rev}

            return self._rolled(game_id, new, current, state, run.state, answer)

        return self._write(game_id, step)

    # -- swipes ------------------------------------------------------------------------
    def select(self, game_id: str, snapshot_id: str | None) -> dict[str, Any] | Refusal:
        """Shows `snapshot_id` (None: the beginning), restoring its clocks and party."""

        def step(record: Record, revision: int) -> Refusal | _Retry | _Done[None] | _Commit[None]:
            if snapshot_id is not None and snapshot_id not in record["tree"]:
                return Refusal(UNKNOWN_SNAPSHOT, f'game "{game_id}" has no snapshot "{snapshot_id}"')
            if record["current"] == snapshot_id:
                return _Done(None)
            return self._move(game_id, record, snapshot_id, ())

        done = self._write(game_id, step)
        return done if isinstance(done, Refusal) else self.view(game_id)

    def remove(self, game_id: str, snapshot_id: str) -> dict[str, Any] | Refusal:
        """Removes a swipe or a message: the snapshot and everything continued from it."""

        def step(record: Record, revision: int) -> Refusal | _Retry | _Commit[None]:
            tree = record["tree"]
            if snapshot_id not in tree:
                return Refusal(UNKNOWN_SNAPSHOT, f'game "{game_id}" has no snapshot "{snapshot_id}"')
            gone = subtree(tree, snapshot_id)
            shown = after_removal(tree, snapshot_id, record["current"])
            return self._move(game_id, record, shown, gone)

        done = self._write(game_id, step)
        return done if isinstance(done, Refusal) else self.view(game_id)

    def _move(self, game_id: str, record: Record, shown: str | None, gone: Sequence[str]) -> _Retry | _Commit[None]:
        ruleset = self._rules(record)
        before = self._state(game_id, record, record["current"])
        after = self._state(game_id, record, shown)
        if before is None or after is None:
            # A snapshot vanished between the load and now: its commit would lose anyway.
            return RETRY
        new = copy_record(record)
        for sid in gone:
            new["tree"].pop(sid, None)
        new["current"] = shown
        self._bumped(ruleset, new, before, after)
        return _Commit(new, {}, list(gone), {}, lambda rev: None)

    # -- the party sheet ---------------------------------------------------------------
    def save_party(self, game_id: str, revision: int, draft: Any) -> dict[str, Any] | Refusal:
        """A player's save of the party's permanent values, opened at `revision`."""

        def step(record: Record, game_revision: int) -> Refusal | _Retry | _Commit[None]:
            ruleset = self._rules(record)
            rules = party_rules(ruleset)
            if rules is None:
                return Refusal(NO_PARTY, "this ruleset has no party sheet")
            if revision != record["partyRevision"]:
                return Refusal(
                    STALE_PARTY,
                    f"this save was opened at party revision {revision}, and the party sheet is at "
                    f"revision {record['partyRevision']} now: read the newer sheet and save again",
                )
            problems = check_save(rules, draft)
            if problems:
                return Refusal(BAD_SAVE, "; ".join(problems.lines()))
            current = record["current"]
            state = self._state(game_id, record, current)
            if state is None:
                return RETRY
            party = dict(state["party"])
            for key in ("fields", "lists"):
                if key in draft:
                    party[key] = dict(draft[key])
            after = {**state, "party": stored_part(rules, party)}
            new = copy_record(record)
            new["partyRevision"] += 1
            if current is None:
                new["base"] = after
                return _Commit(new, {}, (), {}, lambda rev: None)
            snap = self.store.get_snapshot(game_id, current)
            if snap is None:
                return RETRY
            return _Commit(new, {}, (), {current: {**snap, "state": after}}, lambda rev: None)

        done = self._write(game_id, step)
        return done if isinstance(done, Refusal) else self.view(game_id)

    def set_members(self, game_id: str, members: Any) -> dict[str, Any] | Refusal:
        """The characters present now (a member joined or left)."""

        def step(record: Record, revision: int) -> Refusal | _Retry | _Commit[None]:
            ruleset = self._rules(record)
            checked = self._members(ruleset, members)
            if isinstance(checked, Refusal):
                return checked
            state = self._state(game_id, record, record["current"])
            if state is None:
                return RETRY
            new = copy_record(record)
            new["members"] = checked
            if self._party_shown(ruleset, record, state) != self._party_shown(ruleset, new, state):
                new["partyRevision"] += 1
            return _Commit(new, {}, (), {}, lambda rev: None)

        done = self._write(game_id, step)
        return done if isinstance(done, Refusal) else self.view(game_id)

    # -- picks and refreshes: the sheet editor's -----------------------------------------
    def _member_saved(self, game_id: str, record: Record, member: dict[str, Any], sheet: dict[str, Any],
                      answer: Callable[[int], _Answer]) -> _Retry | _Commit[_Answer]:
        """A commit of `member`'s stored sheet replaced by `sheet`: like a save from the sheet
        editor, it changes the character, not a snapshot (a swipe keeps it)."""
        state = self._state(game_id, record, record["current"])
        if state is None:
            return RETRY
        new = copy_record(record)
        new["members"] = [{"name": m["name"], "sheet": sheet} if m is member else m for m in record["members"]]
        ruleset = self._rules(record)
        if self._party_shown(ruleset, record, state) != self._party_shown(ruleset, new, state):
            new["partyRevision"] += 1
        return _Commit(new, {}, (), {}, answer)

    def pick(self, game_id: str, who: str, entries: Sequence[str]) -> dict[str, Any] | Refusal:
        """Catalog entries picked onto the stored sheet of the member `who` names
        (`shared.sheet.picks.pick` under the game's layers: an entry a layer hides is refused
        as its picker leaves it out), in order, all or nothing: a refused entry writes none.
        A member stored without a sheet starts from a blank one."""

        def step(record: Record, revision: int) -> Refusal | _Retry | _Commit[dict[str, Any]]:
            member = find_member(record["members"], who)
            if isinstance(member, Refusal):
                return member
            ruleset = self._rules(record)
            sheet: dict[str, Any] = copy.deepcopy(member.get("sheet") or {})
            for ref in entries:
                picked = pick(ruleset, sheet, ref)
                if isinstance(picked, Refusal):
                    return picked
                sheet = picked
            name = member["name"]
            return self._member_saved(game_id, record, member, sheet, lambda rev: {
                "game": game_id, "member": name, "sheet": sheet, "revision": rev})

        return self._write(game_id, step)

    def _refresh_rules(self, record: Record, digest: str | None) -> tuple[str, Ruleset, Ruleset | None]:
        """(the digest offering, its rules, the rules the sheet was kept under or None): the
        game's own pin offers against nothing older; another version (a newer one in the
        registry) offers only what it changed since the game's pin."""
        pinned = record["ruleset"]
        if digest is None or digest == pinned:
            return pinned, self.ruleset_of(pinned), None
        return digest, self.ruleset_of(digest), self.ruleset_of(pinned)

    def refresh_offers(self, game_id: str, who: str, digest: str | None = None) -> dict[str, Any] | Refusal:
        """What "refresh from ruleset" offers the member `who` names (`refresh_offers`):
        from the ruleset `digest` (None: the game's pin), only text-like cells, and with
        another version only those it changed since the game's pin. Writes nothing."""
        loaded = self._load(game_id)
        if isinstance(loaded, Refusal):
            return loaded
        record, revision = loaded
        member = find_member(record["members"], who)
        if isinstance(member, Refusal):
            return member
        offering, ruleset, since = self._refresh_rules(record, digest)
        offers = refresh_offers(ruleset, member.get("sheet") or {}, since)
        return {"game": game_id, "member": member["name"], "ruleset": offering,
                "since": record["ruleset"] if since is not None else None,
                "offers": [o.as_dict() for o in offers], "revision": revision}

    def refresh(self, game_id: str, who: str, taken: Sequence[dict[str, Any]],
                digest: str | None = None) -> dict[str, Any] | Refusal:
        """The offers the player took written onto the member's stored sheet (`refresh`);
        an offer that no longer matches (the row moved, or the cell was edited since it was
        offered) is skipped. Answers the sheet, how many were written and what is still offered."""

        def step(record: Record, revision: int) -> Refusal | _Retry | _Commit[dict[str, Any]]:
            member = find_member(record["members"], who)
            if isinstance(member, Refusal):
                return member
            offering, ruleset, since = self._refresh_rules(record, digest)
            before: dict[str, Any] = member.get("sheet") or {}
            offered = refresh_offers(ruleset, before, since)
            wanted = [RefreshOffer(**offer) for offer in taken]
            sheet = refresh(ruleset, before, wanted, since)
            written = sum(1 for offer in wanted if offer in offered)
            left = [o.as_dict() for o in refresh_offers(ruleset, sheet, since)]
            name = member["name"]
            return self._member_saved(game_id, record, member, sheet, lambda rev: {
                "game": game_id, "member": name, "sheet": sheet, "revision": rev, "ruleset": offering,
                "taken": written, "offers": left})

        return self._write(game_id, step)
