"""BattleService on both stores: create, apply a choice once per request id, refuse stale
revisions and illegal choices, keep the battle's dice across reloads."""

from __future__ import annotations

import json

import pytest

from shared.combat import BattleState, decide_for
from shared.store import MemoryBattleStore
from tests.conftest import EXAMPLES, revision_after
from shared.service.battles import BattleService


def _setup(service: BattleService) -> tuple[str, int, dict]:
    digest = service.put_ruleset(json.loads((EXAMPLES / "lantern-marsh.json").read_text()))
    party = json.loads((EXAMPLES / "party.json").read_text())
    foes = json.loads((EXAMPLES / "foes.json").read_text())
    created = service.create(digest, party, foes, seed=11, battle_id="b-test")
    assert created["ok"], created
    return created["battle"], created["revision"], created


def _next_choice(service: BattleService, battle: str) -> tuple[dict, int]:
    state, revision = service.load(battle)
    return decide_for(service.ruleset(state.ruleset.digest), state), revision


def test_create_waits_for_a_player(service):
    battle, revision, created = _setup(service)
    assert revision == 1
    state, _ = service.load(battle)
    assert isinstance(state, BattleState)
    assert state.pending is not None and state.pending.controller == "player"
    assert created["events"][0]["seq"] == 1


def test_a_choice_applies_once_per_request_id(service):
    battle, revision, _ = _setup(service)
    choice, revision = _next_choice(service, battle)
    after = revision_after(service, battle, choice)
    first = service.apply(battle, revision, choice, "req-1")
    assert first["ok"] and first["revision"] == after
    again = service.apply(battle, revision, choice, "req-1")
    assert again == first
    assert service.load(battle)[1] == after
    seqs = [e["seq"] for e in service.store.events_after(battle, 0)]
    assert seqs == list(range(1, len(seqs) + 1))


def test_stale_revision_is_refused(service):
    battle, revision, _ = _setup(service)
    choice, revision = _next_choice(service, battle)
    after = revision_after(service, battle, choice)
    assert service.apply(battle, revision, choice, "req-1")["ok"]
    stale = service.apply(battle, revision, choice, "req-2")
    assert stale == {"ok": False, "code": "stale-revision",
                     "message": f"the choice was made at revision {revision}; the battle is at {after}"}


class _LateDuplicate(MemoryBattleStore):
    """A store on which the other delivery of a request is saved just after the first
    delivery read the battle: what two workers taking the same message at once can do."""

    def __init__(self) -> None:
        super().__init__()
        self.meanwhile = None

    def load(self, battle_id, *, request_id=None):
        stored = super().load(battle_id, request_id=request_id)
        if request_id is not None and self.meanwhile is not None:
            meanwhile, self.meanwhile = self.meanwhile, None
            meanwhile()
        return stored


def test_a_duplicate_saved_meanwhile_by_another_worker_gets_that_answer():
    store = _LateDuplicate()
    service = BattleService(store)
    battle, revision, _ = _setup(service)
    choice, revision = _next_choice(service, battle)
    after = revision_after(service, battle, choice)
    other: list[dict] = []
    store.meanwhile = lambda: other.append(BattleService(store).apply(battle, revision, choice, "req-1"))
    answer = service.apply(battle, revision, choice, "req-1")
    assert other and other[0]["ok"] and other[0]["revision"] == after
    assert answer == other[0]
    assert service.load(battle)[1] == after


def test_illegal_choice_is_refused_and_changes_nothing(service):
    battle, revision, _ = _setup(service)
    state, _ = service.load(battle)
    before = state.model_dump(mode="json", exclude={"events"})
    answer = service.apply(battle, revision, {"actor": state.pending.actor, "option": "attack:kit:nope"}, "req-x")
    assert answer["ok"] is False and answer["code"] == "unknown-option"
    after, rev_after = service.load(battle)
    assert rev_after == revision
    assert after.model_dump(mode="json", exclude={"events"}) == before


def test_battle_played_to_the_end_through_the_store(service):
    battle, revision, _ = _setup(service)
    for n in range(300):
        state, revision = service.load(battle)
        if state.outcome:
            break
        choice = decide_for(service.ruleset(state.ruleset.digest), state)
        assert service.apply(battle, revision, choice, f"req-{n}")["ok"]
    state, _ = service.load(battle)
    assert state.outcome in ("victory", "defeat")
    texts = [e["text"] for e in service.store.events_after(battle, 0, limit=5000)]
    assert texts[-1].startswith("The fight is over") or "fight is over" in " ".join(texts[-3:])


def test_the_hold_mirror_is_saved_with_the_state(service):
    """The open window (none yet: windows arrive with issue 6) is written by the same save
    as the state, so the mirror never disagrees with it."""
    battle, revision, _ = _setup(service)
    assert service.store.get_hold(battle) is None
    choice, revision = _next_choice(service, battle)
    assert service.apply(battle, revision, choice, "req-h")["ok"]
    state, _ = service.load(battle)
    assert service.store.get_hold(battle) == (state.pending.window.model_dump(mode="json")
                                              if state.pending and state.pending.window else None)


# -- the open decision and announced answers ---------------------------------------------


def _decision_now(service: BattleService, battle: str) -> dict:
    from shared.service.decision import open_decision

    state, _ = service.load(battle)
    return open_decision(service.ruleset(state.ruleset.digest), state).model_dump(mode="json")


def test_every_revision_is_saved_with_its_open_decision(service):
    battle, revision, created = _setup(service)
    head = service.store.head(battle)
    assert head.revision == revision and head.decision == _decision_now(service, battle)
    assert head.decision["actor"] == created["pending"]["actor"] == "juno"
    assert head.decision["controller"] == "player" and head.decision["decision"] == "turn"
    assert head.decision["suggestion"]["option"] in [o["id"] for o in head.decision["options"]]
    while not service.load(battle)[0].outcome:
        choice, revision = _next_choice(service, battle)
        after = revision_after(service, battle, choice)
        assert service.apply(battle, revision, choice, f"r-{revision}")["ok"]
        head = service.store.head(battle)
        assert (head.revision, head.decision) == (after, _decision_now(service, battle))
    assert head.decision["actor"] is None and head.decision["options"] == []
    assert head.decision["outcome"] == service.load(battle)[0].outcome


def test_an_answer_that_saved_nothing_is_announced_on_the_battles_channel(service):
    import asyncio

    battle, revision, _ = _setup(service)
    choice, _ = _next_choice(service, battle)

    async def main() -> list:
        async with service.store.feed() as feed:
            with feed.subscribe(battle) as sub:
                first = await asyncio.to_thread(service.apply, battle, revision, choice, "r-1")
                again = await asyncio.to_thread(service.apply, battle, revision, choice, "r-1")
                stale = await asyncio.to_thread(service.apply, battle, revision, choice, "r-2")
                illegal = await asyncio.to_thread(service.apply, battle, revision + 2,
                                                  {"actor": choice["actor"], "option": "no-such-option"}, "r-3")
                messages = [await sub.get(timeout=5) for _ in range(6)]
                return [first, again, stale, illegal, messages]

    first, again, stale, illegal, (saved, moved, decided, *answers) = asyncio.run(main())
    # Juno's axe, then the foes' turns: the worker saves the choice before the Engine moves.
    assert first["ok"] and again == first and first["revision"] == revision + 2
    for message, at in ((saved, revision + 1), (moved, revision + 2)):
        assert (message.request_id, message.revision, message.decision, message.decision_follows) == (
            "r-1", at, None, True)
    assert saved.events and moved.events and saved.events + moved.events == first["events"]
    assert not any(m.is_answer for m in (saved, moved, decided))
    # The decision, drawn after the last save, follows it.
    assert (decided.request_id, decided.revision, decided.events, decided.decision_follows) == (
        None, revision + 2, [], False)
    assert decided.decision == service.store.head(battle).decision == _decision_now(service, battle)
    assert [(m.request_id, m.answer) for m in answers] == [("r-1", first), ("r-2", stale), ("r-3", illegal)]
    assert illegal["code"] == "not-your-turn", "at the revision after the foes moved, Juno's turn is over"
    assert stale["code"] == "stale-revision" and not illegal["ok"]


class _Died(Exception):
    """A worker process dying at the armed point."""


def test_a_choice_whose_worker_died_before_the_engines_moves_is_finished_by_its_redelivery(service):
    battle, revision, _ = _setup(service)
    choice, revision = _next_choice(service, battle)  # Juno's axe; the foes move after it
    reference = BattleService(MemoryBattleStore())
    _setup(reference)
    whole = reference.apply(battle, revision, choice, "r-1")
    assert whole["ok"] and whole["revision"] == revision + 2

    def dies(battle_id: str, request_id: str) -> None:
        if request_id == "r-1.engine":
            raise _Died

    service.before_save = dies
    with pytest.raises(_Died):
        service.apply(battle, revision, choice, "r-1")
    head = service.store.head(battle)
    assert (head.revision, head.decision) == (revision + 1, None), "the choice is saved, the foes have not moved"
    assert service.store.seen(battle, "r-1").revision == revision + 1
    service.before_save = None
    # The redelivered message finds its choice applied and the Engine owing its moves.
    again = service.apply(battle, revision, choice, "r-1")
    assert again == whole
    assert service.apply(battle, revision, choice, "r-1") == whole, "every later delivery answers the same"
    assert service.store.events_after(battle, 0) == reference.store.events_after(battle, 0)
    assert service.store.head(battle).decision == reference.store.head(battle).decision
    assert service.store.seen(battle, "r-1").revision == revision + 2


def test_resume_leaves_alone_a_battle_that_moved_on_or_waits_on_a_person(service):
    battle, revision, _ = _setup(service)
    assert service.resume("b-none", 1)["code"] == "not-found"
    assert service.resume(battle, revision)["code"] == "not-paused"
    choice, _ = _next_choice(service, battle)
    assert service.apply(battle, revision, choice, "r-1")["revision"] == revision + 2
    assert service.resume(battle, revision + 1) == {
        "ok": False, "code": "stale-revision",
        "message": f"the battle is at revision {revision + 2}, not {revision + 1}"}
    assert service.resume(battle, revision + 2)["code"] == "not-paused"
    service.store.abandon(battle)
    assert service.resume(battle, revision + 3)["code"] == "closed"


def _messages_of_one_choice(service: BattleService) -> tuple[dict, list]:
    """Juno's axe (the foes move after it) on `service`: its answer and the feed's messages."""
    import asyncio

    battle, revision, _ = _setup(service)
    choice, _ = _next_choice(service, battle)

    async def main() -> tuple[dict, list]:
        async with service.store.feed() as feed:
            with feed.subscribe(battle) as sub:
                answer = await asyncio.to_thread(service.apply, battle, revision, choice, "r-1")
                await asyncio.to_thread(service.store.announce, battle, "end", {"ok": True})
                messages = []
                while not (messages and messages[-1].is_answer):
                    messages.append(await sub.get(timeout=5))
                return answer, messages[:-1]

    return asyncio.run(main())


def test_apart_never_or_with_a_backlog_saves_a_choice_in_one_write_with_its_decision():
    reference = BattleService(MemoryBattleStore())
    whole, apart = _messages_of_one_choice(reference)
    assert [(m.revision, m.decision is not None, m.decision_follows) for m in apart] == [
        (2, False, True), (3, False, True), (3, True, False)], "the choice, the foes' moves, the decision"
    queued = [True]
    busy = BattleService(MemoryBattleStore(), apart="idle", backlog=lambda: lambda: queued[0])
    for service in (BattleService(MemoryBattleStore(), apart="never"), busy):
        answer, messages = _messages_of_one_choice(service)
        assert [(m.revision, m.decision is not None, m.decision_follows) for m in messages] == [(2, True, False)]
        assert messages[0].events == answer["events"] == whole["events"]
        assert messages[0].decision == apart[-1].decision
        assert {k: v for k, v in answer.items() if k != "revision"} == {
            k: v for k, v in whole.items() if k != "revision"}
        assert service.store.events_after("b-test", 0) == reference.store.events_after("b-test", 0)
    queued[0] = False
    idle_answer, idle = _messages_of_one_choice(BattleService(MemoryBattleStore(), apart="idle",
                                                              backlog=lambda: lambda: queued[0]))
    assert [(m.revision, m.decision_follows) for m in idle] == [(2, True), (3, True), (3, False)]
    assert idle_answer == whole


def test_the_backlog_is_asked_before_the_battle_loads_and_its_answer_read_after():
    # With "idle" the worker asks the broker whether choices wait before it loads the
    # battle, and reads the answer after the load: the two round trips overlap. The answer
    # is read exactly once, even when the load fails.
    order: list[str] = []

    class Watched(MemoryBattleStore):
        def load(self, battle_id, *, request_id=None):
            order.append("load")
            return super().load(battle_id, request_id=request_id)

    def ask():
        order.append("ask")
        return lambda: order.append("answer") is None  # True: choices wait

    service = BattleService(Watched(), apart="idle", backlog=ask)
    battle, revision, _ = _setup(service)
    choice, _ = _next_choice(service, battle)
    order.clear()
    answer = service.apply(battle, revision, choice, "r-1")
    assert answer["ok"] and answer["revision"] == revision + 1, "a backlog: one write, with the decision"
    assert order[:3] == ["ask", "load", "answer"] and order.count("answer") == 1

    class Failing(MemoryBattleStore):
        def load(self, battle_id, *, request_id=None):
            raise ConnectionError("the store is restarting")

    order.clear()
    with pytest.raises(ConnectionError):
        BattleService(Failing(), apart="idle", backlog=ask).apply(battle, revision, choice, "r-2")
    assert order == ["ask", "answer"]
