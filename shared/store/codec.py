"""What both stores check and encode the same way before anything is written.

Owns: id validation, JSON encoding of states/events/results/decisions (canonical, no NaN),
the event-seq rule, the hold's optional `deadline`, the ruleset digest check, the text of a
fan-out message (a write's, or a request's answer) and the reading of a battle's head and
request records. Both implementations keep JSON *text*, so a caller can never mutate a
stored battle through a reference and the memory store refuses exactly what Redis would.
"""

from __future__ import annotations

from dataclasses import dataclass

import json
import math
import re
from typing import Any, Sequence

from shared.ruleset.load import package_digest

from .base import ABANDONED, ACTIVE, BattleHead, Decision, Event, Hold, JsonText, RequestRecord, Status, Unchanged
from .errors import EventSeqError, InvalidId, StoreError

_BATTLE_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,127}")
_TOKEN = re.compile(r"[A-Za-z0-9._:-]{1,200}")
#: What a battle id and a request id look like (the gateway documents its path parameters with these).
BATTLE_ID_PATTERN = _BATTLE_ID.pattern
TOKEN_PATTERN = _TOKEN.pattern
_DIGEST = re.compile(r"sha256:[0-9a-f]{64}")

HOLD_KEEP = "keep"
HOLD_CLEAR = "clear"
HOLD_SET = "set"


def check_battle_id(battle_id: str) -> str:
    # Ids become Redis key parts: no `:`, braces, globs or whitespace can reach a key.
    if not isinstance(battle_id, str) or not _BATTLE_ID.fullmatch(battle_id):
        raise InvalidId(
            f"battle id {battle_id!r} is not 1-128 letters, digits, '.', '_' or '-' "
            "starting with a letter or digit"
        )
    return battle_id


def check_token(value: str, what: str) -> str:
    if not isinstance(value, str) or not _TOKEN.fullmatch(value):
        raise InvalidId(f"{what} {value!r} is not 1-200 letters, digits, '.', '_', ':' or '-'")
    return value


def check_digest(digest: str) -> str:
    if not isinstance(digest, str) or not _DIGEST.fullmatch(digest):
        raise InvalidId(f"ruleset digest {digest!r} is not \"sha256:\" and 64 hex digits")
    return digest


def check_revision(revision: int, what: str = "revision") -> int:
    if type(revision) is not int or revision < 0:
        raise StoreError(f"{what} must be a non-negative integer, not {revision!r}")
    return revision


def check_seconds(seconds: float, what: str) -> float:
    if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or not seconds > 0:
        raise StoreError(f"{what} must be a positive number of seconds, not {seconds!r}")
    if not math.isfinite(seconds):
        raise StoreError(f"{what} must be finite, not {seconds!r}")
    return float(seconds)


def to_ms(seconds: float) -> int:
    """Seconds to whole milliseconds, at least 1 (Redis refuses a zero expiry)."""
    return max(1, int(round(seconds * 1000)))


def encode(value: Any, what: str) -> str:
    try:
        return json.dumps(value, separators=(",", ":"), ensure_ascii=False, allow_nan=False)
    except (TypeError, ValueError) as exc:
        raise StoreError(f"{what} is not JSON-serialisable: {exc}") from None


def encode_object(value: Any, a_what: str, the_what: str) -> str:
    """The JSON text of an object given as a dict or as `JsonText`; anything else is
    refused, naming it ("a battle state", "the battle state")."""
    if isinstance(value, JsonText):
        if not value.startswith("{"):
            raise StoreError(f"{a_what} must be a JSON object, not JSON text of another kind")
        return str(value)
    if not isinstance(value, dict):
        raise StoreError(f"{a_what} must be a JSON object, not {type(value).__name__}")
    return encode(value, the_what)


def encode_state(state: Any) -> str:
    return encode_object(state, "a battle state", "the battle state")


def encode_record(revision: int, result: dict[str, Any] | None, events: Sequence[Event], event_texts: Sequence[str]) -> str:
    """A request's record `{"revision", "result"}`. A result that carries the very events
    being saved (a worker's answer does) gets their text spliced in, not encoded twice."""
    if isinstance(result, dict) and event_texts and result.get("events") is events:
        rest = encode({k: v for k, v in result.items() if k != "events"}, "the request's result")
        result_text = rest[:-1] + ("," if len(rest) > 2 else "") + '"events":[' + ",".join(event_texts) + "]}"
    else:
        result_text = encode(result, "the request's result")
    return '{"revision":' + str(revision) + ',"result":' + result_text + "}"


def encode_events(events: Sequence[Event]) -> tuple[int | None, list[str]]:
    """The first seq and the JSON text of each event; seqs must be consecutive integers.
    Whether the first continues the stored stream is checked inside the atomic write."""
    if isinstance(events, (str, bytes, dict)):
        raise StoreError("events must be a list of JSON objects")
    texts: list[str] = []
    first: int | None = None
    for index, event in enumerate(events):
        if not isinstance(event, dict):
            raise EventSeqError(f"event {index} is not a JSON object")
        seq = event.get("seq")
        if type(seq) is not int or seq < 1:
            raise EventSeqError(f"event {index} has no positive integer \"seq\" (got {seq!r})")
        if first is None:
            first = seq
        elif seq != first + index:
            raise EventSeqError(
                f"event {index} has seq {seq} but must be {first + index}: seqs are consecutive"
            )
        texts.append(encode(event, f"event {seq}"))
    return first, texts


def seq_refusal(first: int, last_seq: int) -> EventSeqError:
    return EventSeqError(
        f"new events start at seq {first} but the stream is at seq {last_seq}: "
        f"they must start at {last_seq + 1}"
    )


def hold_args(hold: Hold | None | Unchanged) -> tuple[str, str, float | None]:
    """(mode, hold text, deadline) for a write of the hold mirror."""
    if isinstance(hold, Unchanged):
        return HOLD_KEEP, "", None
    if hold is None:
        return HOLD_CLEAR, "", None
    if not isinstance(hold, dict):
        raise StoreError(f"a hold must be a JSON object or None, not {type(hold).__name__}")
    return HOLD_SET, encode(hold, "the hold"), hold_deadline(hold)


def hold_deadline(hold: Hold) -> float | None:
    """A hold's optional auto-pass deadline (epoch seconds) that `holds_due` indexes."""
    deadline = hold.get("deadline")
    if deadline is None:
        return None
    if isinstance(deadline, bool) or not isinstance(deadline, (int, float)):
        raise StoreError(f"a hold's \"deadline\" must be epoch seconds, not {deadline!r}")
    return float(deadline)


_REGISTRY_REF = re.compile(r"[a-z0-9][a-z0-9_/-]{0,199}@[1-9][0-9]{0,8}")


def check_registry_ref(ref: str) -> str:
    """A registry ref (`official/5e-2014@7`) as a key part: no `:`, braces or globs."""
    if not isinstance(ref, str) or not _REGISTRY_REF.fullmatch(ref):
        raise InvalidId(f"registry ref {ref!r} is not <namespace>/<id>@<version>")
    return ref


def check_registry_entry(ref: str, entry_text: str) -> None:
    check_registry_ref(ref)
    if not isinstance(entry_text, str):
        raise StoreError("a registry entry is stored as JSON text")
    try:
        data = json.loads(entry_text)
    except ValueError as exc:
        raise StoreError(f"the registry entry is not JSON: {exc}") from None
    if not isinstance(data, dict) or data.get("ref") != ref:
        raise StoreError(f"the registry entry is not the one of {ref}")


def check_ruleset(digest: str, json_text: str) -> None:
    """Refuses a digest that is not the package's own (so a digest always names one text)."""
    check_digest(digest)
    if not isinstance(json_text, str):
        raise StoreError("a ruleset is stored as JSON text")
    try:
        data = json.loads(json_text)
    except ValueError as exc:
        raise StoreError(f"the ruleset is not JSON: {exc}") from None
    actual = package_digest(data)
    if actual != digest:
        raise StoreError(f"the ruleset's digest is {actual}, not {digest}")


def message_parts(
    battle_id: str,
    status: str,
    event_texts: Sequence[str],
    hold_mode: str,
    hold_text: str,
    request_id: str | None = None,
    decision_text: str = "",
    decision_follows: bool = False,
) -> tuple[str, str]:
    """The fan-out message as (head, tail): the message is `head + str(revision) + tail`, so a
    Lua script that learns the revision only while writing can finish it. Event and decision
    texts are spliced in as stored, never re-encoded. `request_id` names the choice a save
    applied; `decision_text` is the open decision saved with the revision ("" for none);
    `decision_follows`: none was saved, and `put_decision` will bring it."""
    hold_part = (
        '"hold_changed":false,"hold":null'
        if hold_mode == HOLD_KEEP
        else '"hold_changed":true,"hold":' + (hold_text if hold_mode == HOLD_SET else "null")
    )
    head = '{"battle_id":' + json.dumps(battle_id) + ',"revision":'
    events = ",".join(event_texts)
    tail = (',"status":' + json.dumps(status) + ',"events":[' + events + "]," + hold_part
            + ',"request_id":' + json.dumps(request_id) + ',"decision":' + (decision_text or "null")
            + (',"decision_follows":true}' if decision_follows else "}"))
    return head, tail


MESSAGE_HEAD = '{"battle_id":"'
"""How every fan-out message begins (`message_parts`, `answer_message`): its battle's id comes
first, and an id (`check_battle_id`) needs no escaping in JSON."""


def battle_id_of_message(text: str) -> str:
    """The battle a fan-out message is for, read off its head without parsing the rest: a
    shard channel carries every battle of its shard, and most are watched elsewhere."""
    if not text.startswith(MESSAGE_HEAD):
        raise ValueError(f"not a fan-out message: {text[:60]!r}")
    return text[len(MESSAGE_HEAD):text.index('"', len(MESSAGE_HEAD))]


def answer_message(battle_id: str, request_id: str, result: dict[str, Any]) -> str:
    """The fan-out message of a request that ended without a write: `answer` is its result."""
    check_battle_id(battle_id)
    check_token(request_id, "request id")
    return ('{"battle_id":' + json.dumps(battle_id) + ',"request_id":' + json.dumps(request_id)
            + ',"answer":' + encode(result, "the request's answer") + "}")


def encode_decision(decision: Decision | JsonText | None) -> str:
    """The open decision's JSON text, "" for none."""
    return "" if decision is None else encode_object(decision, "an open decision", "the open decision")


#: The state hash's fields `head` reads, in this order.
HEAD_FIELDS = ("revision", "last_seq", "status", "decision", "born")


def status_of(text: str | None) -> Status:
    """A battle's stored status field; the scripts write only "active" and "abandoned"."""
    return ABANDONED if text == ABANDONED else ACTIVE


def head_of(fields: Sequence[str | None], record_text: str | None) -> BattleHead | None:
    """A `BattleHead` from the state hash's `HEAD_FIELDS` and the request's record text."""
    revision, last_seq, status, decision, born = fields
    if revision is None:
        return None
    return BattleHead(int(revision), int(last_seq or 0), status or ACTIVE,
                      json.loads(decision) if decision else None, record_of(born, record_text))


def record_of(born: str | None, text: str | None) -> RequestRecord | None:
    """The request record stored as `born|{"revision", "result"}`, when it is this battle
    life's (`born`), else None."""
    if born is None or text is None or not text.startswith(born + "|"):
        return None
    data = json.loads(text[len(born) + 1 :])
    return RequestRecord(data["revision"], data["result"])


def answer_of(born: str | None, text: str | None) -> dict[str, Any] | None:
    """The refusal stored as `born|{...}` by `announce`, when it is this battle life's."""
    if born is None or text is None or not text.startswith(born + "|"):
        return None
    answer: dict[str, Any] = json.loads(text[len(born) + 1 :])
    return answer


@dataclass(frozen=True, slots=True)
class SaveArgs:
    """A `save` call checked and encoded once, whichever store writes it."""

    revision: int
    state_text: str
    first: int | None
    texts: list[str]
    hold_mode: str
    hold_text: str
    deadline: float | None
    record_text: str
    decision_text: str
    decision_follows: bool


def save_args(
    battle_id: str,
    expected_revision: int,
    new_state: Any,
    new_events: Sequence[Event],
    request_id: str | None,
    result: dict[str, Any] | None,
    hold: "Hold | None | Unchanged",
    decision: Decision | JsonText | None = None,
    decision_follows: bool = False,
    continues: bool = False,
) -> SaveArgs:
    """Checks ids and revision and encodes state, events, hold, the request record and the
    open decision (or that it follows: then none may be given). `continues` needs the
    request id whose record it replaces."""
    check_battle_id(battle_id)
    check_revision(expected_revision, "expected_revision")
    if request_id is not None:
        check_token(request_id, "request id")
    if continues and request_id is None:
        raise StoreError("a save that continues a request's choice (`continues`) names its request id")
    if decision_follows and decision is not None:
        raise StoreError("a save whose open decision follows (`decision_follows`) carries none")
    first, texts = encode_events(new_events)
    mode, hold_text, deadline = hold_args(hold)
    revision = expected_revision + 1
    return SaveArgs(
        revision, encode_state(new_state), first, texts, mode, hold_text, deadline,
        encode_record(revision, result, new_events, texts),
        encode_decision(decision), decision_follows,
    )



@dataclass(frozen=True, slots=True)
class CreateArgs:
    """A `create` call checked and encoded once, whichever store writes it."""

    idle: float
    state_text: str
    decision_text: str
    texts: list[str]
    hold_mode: str
    hold_text: str
    deadline: float | None


def create_args(
    battle_id: str,
    state: Any,
    events: Sequence[Event],
    ttl: float | None,
    idle_ttl: float,
    revision: int,
    hold: "Hold | None",
    decision: Decision | JsonText | None = None,
) -> CreateArgs:
    """Checks the id, revision, idle time and that the events start the stream at seq 1,
    and encodes state, events, hold and the open decision."""
    check_battle_id(battle_id)
    check_revision(revision)
    idle = idle_ttl if ttl is None else check_seconds(ttl, "ttl")
    state_text = encode_state(state)
    decision_text = encode_decision(decision)
    first, texts = encode_events(events)
    if first is not None and first != 1:
        raise seq_refusal(first, 0)
    mode, hold_text, deadline = hold_args(hold)
    return CreateArgs(idle, state_text, decision_text, texts, mode, hold_text, deadline)
