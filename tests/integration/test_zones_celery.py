"""A lasting zone through the whole distributed service (spec/mechanics-1 1.172): two real
Celery worker processes on a real Redis store (tests/integration/celery_stack.py) play
tests/combat/zones_kit.py's 5e board: Ilsa's Moonbeam on the Thorn Lurker, then the turns
go round. The worker applying the first End turn after the cast (the turn whose start the
zone hits) is SIGKILLed before it saves; the message comes back to the other worker, which
loads the battle with its zone from the store, and everything it logs is what the same
seed logs in-process, never crashing. The reloaded battle still holds the zone, counted
down."""

from __future__ import annotations

from typing import Any, Iterator

import pytest

from shared.service.battles import BattleService
from shared.store import MemoryBattleStore
from tests.combat import zones_kit as ZK
from tests.conftest import revision_after
from tests.integration.celery_stack import VISIBILITY, Stack, stack_fixture
from tests.redis_harness import redis_url

__all__ = ["redis_url"]

pytestmark = pytest.mark.integration

WAIT = 20
CAST = {"actor": "ilsa", "option": "ability:spells:moonbeam", "targets": [], "cell": [5, 2]}
SEED = 11
#: Choices played: the cast on Ilsa's turn, End turn for everyone else.
STEPS = 5


@pytest.fixture(scope="module")
def stack(redis_url, tmp_path_factory) -> Iterator[Stack]:
    yield from stack_fixture(redis_url, tmp_path_factory)


def _choice(state: Any) -> dict[str, Any]:
    actor = state.pending.actor
    if actor == "ilsa" and not state.zones:
        return CAST
    return {"actor": actor, "option": "end-turn", "targets": []}


def _create(service: BattleService, battle: str) -> None:
    digest = service.put_ruleset(ZK.package())
    created = service.create(digest, [ZK.ilsa([0, 2])], ZK.foes([5, 2], [8, 2]), seed=SEED, battle_id=battle,
                             board=ZK.BOARD)
    assert created["ok"], created


def _reference() -> list[dict[str, Any]]:
    service = BattleService(MemoryBattleStore())
    _create(service, "ref")
    for n in range(STEPS):
        state, revision = service.load("ref")
        assert service.apply("ref", revision, _choice(state), f"r-{n}")["ok"]
    return service.store.events_after("ref", 0, limit=10000)


def test_a_zone_survives_a_worker_killed_mid_turn_and_a_reload(stack):
    battle = "zone-crash"
    _create(stack.service, battle)
    cast_at = None
    for n in range(STEPS):
        state, revision = stack.service.load(battle)
        choice = _choice(state)
        request = f"{battle}-{n}"
        after = revision_after(stack.service, battle, choice)
        if cast_at is not None and n == cast_at + 1:
            # The turn after the cast: the worker dies before saving it.
            (stack.crash_dir / f"{request}.stop").touch()
            pending = stack.advance(battle, revision, choice, request)
            killed = stack.kill_armed(request, WAIT)
            assert stack.service.load(battle)[1] in (revision, after)
            answer = pending.get(timeout=VISIBILITY + WAIT)
            stack.start_worker(f"{killed.name}b")
        else:
            answer = stack.advance(battle, revision, choice, request).get(timeout=WAIT)
        assert answer["ok"] and answer["revision"] == after, answer
        if choice is CAST:
            cast_at = n
    assert cast_at is not None and (stack.crash_dir / f"{battle}-{cast_at + 1}.pid").exists(), "no crash"
    events = stack.service.store.events_after(battle, 0, limit=10000)
    assert events == _reference()
    texts = [e["text"] for e in events]
    assert "Moonbeam stays on 5, 2 (1 cell) for 10 rounds." in texts
    assert "Moonbeam affects Thorn Lurker: its turn starts in it." in texts
    # Reloaded from the store: the zone is there, one round gone per turn of Ilsa's ended.
    reloaded, _revision = stack.service.load(battle)
    zone = reloaded.zones[0]
    assert (zone.name, zone.owner, zone.cells, zone.concentration) == ("Moonbeam", "ilsa", [[5, 2]], True)
    # Her casting turn has ended (the Lurker's turn began) and does not count (1.172, "counted
    # the same way as for a summon").
    assert not zone.fresh and zone.rounds == 10 - _ilsa_later_turns_ended(texts)


def _ilsa_later_turns_ended(texts: list[str]) -> int:
    """Ilsa's turns over since the cast, not counting the casting turn: each later
    "Ilsa's turn." begins one that ends when the next turn after it begins."""
    start = texts.index("Moonbeam stays on 5, 2 (1 cell) for 10 rounds.")
    turns = [t for t in texts[start:] if t.endswith("'s turn.")]
    ended = 0
    for i, t in enumerate(turns):
        if t == "Ilsa's turn." and i + 1 < len(turns):
            ended += 1
    return ended
