"""A lasting zone through the service (issue "Lasting zones": "through the service, a zone
survives a worker killed mid-turn and a reload"), on both stores: tests/combat/zones_kit.py's
5e package (Marinara's Moonbeam with the spec's zone, the 5e example's Thorn Lurker and
Cinder Hound) on its 10 x 4 board, with the battle's seeded dice (seed 3: Ilsa, then the
Lurker, then the Hound).

Ilsa casts Moonbeam on the Lurker (5, 2). Her "end-turn" resolves the Lurker's turn start in
the zone (its trigger rolls 2d10 and a save): the worker applying it dies between resolving
and saving (`BattleService.before_save`, where the Celery worker's crash hook stops,
worker/app.py). Nothing is saved; a new worker on the same store applies the same choice
under the same request id, and the battle goes on exactly as one never interrupted (the
same dice, the same log), the zone saved and loaded back as it was.
"""

from __future__ import annotations

from typing import Any

import pytest

from shared.combat import BattleState
from shared.service.battles import BattleService
from shared.store import MemoryBattleStore
from tests.combat import zones_kit as ZK

CAST = {"actor": "ilsa", "option": "ability:spells:moonbeam", "targets": [], "cell": [5, 2]}
END = {"actor": "ilsa", "option": "end-turn", "targets": []}


class Killed(BaseException):
    """The worker's death between resolving a choice and saving it (nothing after it runs)."""


def _create(service: BattleService) -> str:
    digest = service.put_ruleset(ZK.package())
    created = service.create(digest, [ZK.ilsa([0, 2])], ZK.foes([5, 2], [8, 2]), seed=3, battle_id="b-zone",
                             board=ZK.BOARD)
    assert created["ok"], created
    return created["battle"]


def _texts(service: BattleService, battle: str) -> list[str]:
    return [e["text"] for e in service.store.events_after(battle, 0, limit=10000)]


def _reference() -> tuple[list[str], dict[str, Any]]:
    """The same battle never interrupted: its log and its zone as saved."""
    service = BattleService(MemoryBattleStore())
    battle = _create(service)
    for n, choice in enumerate((CAST, END)):
        _state, revision = service.load(battle)
        assert service.apply(battle, revision, choice, f"r-{n}")["ok"]
    state, _ = service.load(battle)
    return _texts(service, battle), state.model_dump(mode="json")["zones"]


def test_a_zone_survives_a_worker_killed_mid_turn_and_a_reload(service: BattleService):
    battle = _create(service)
    _state, revision = service.load(battle)
    assert service.apply(battle, revision, CAST, "r-0")["ok"]
    cast, revision = service.load(battle)
    assert [(z.name, z.rounds, z.cells) for z in cast.zones] == [("Moonbeam", 10, [[5, 2]])]

    def die(battle_id: str, request_id: str) -> None:
        raise Killed(request_id)

    dying = BattleService(service.store, before_save=die)
    with pytest.raises(Killed):
        dying.apply(battle, revision, END, "r-1")
    # Nothing was saved: the battle and its zone are where the cast left them.
    again, at = service.load(battle)
    assert at == revision and again.model_dump(mode="json") == cast.model_dump(mode="json")
    # A new worker on the same store takes the choice up again, under the same request id.
    survivor = BattleService(service.store)
    answer = survivor.apply(battle, revision, END, "r-1")
    assert answer["ok"] and "Moonbeam affects Thorn Lurker: its turn starts in it." in [
        e["text"] for e in answer["events"]]
    texts, zones = _reference()
    assert _texts(service, battle) == texts
    # Loaded back, the zone is as the uninterrupted battle saved it (still 10 rounds: the casting
    # turn does not count, 1.172; no longer fresh; the Lurker affected this turn), and it reloads
    # to the same JSON.
    state, _ = service.load(battle)
    data = state.model_dump(mode="json")
    assert data["zones"] == zones and zones[0]["rounds"] == 10 and "fresh" not in zones[0]
    assert zones[0]["affected"] == ["thorn-lurker"]
    assert BattleState.model_validate(data).model_dump(mode="json") == data
