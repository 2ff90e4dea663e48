"""An item used in a fight through BattleService, on both stores, with the battle reloaded
from the store between the steps: Brom (5e example with an item catalog,
tests/combat/item_kit.py) at 10 of 28 drinks one of his 2 Potions of Healing; the heal is
the dice the log shows + 2, and the stack written back in the same step reads 1 after a
reload, and his Ring of Protection still reads Armor Class 17 against the hound's bite."""

from __future__ import annotations

import re
from typing import Any


from shared.service.battles import BattleService
from tests.combat.item_kit import RING_OF_PROTECTION, brom, item_package
from tests.combat.test_item_use_keys import STAFF_OF_HEALING
from tests.combat.test_items_used import POTION_OF_HEALING


def _choose(service: BattleService, battle: str, choice: dict[str, Any], request_id: str) -> list[str]:
    # Every step reads the battle back from the store: a reload between any two choices.
    _state, revision = service.load(battle)
    done = service.apply(battle, revision, choice, request_id)
    assert done["ok"], done
    return [e["text"] for e in done["events"]]


def _until_brom(service: BattleService, battle: str) -> None:
    for i in range(4):
        state, _ = service.load(battle)
        if state.pending is not None and state.pending.actor == "brom":
            return
        _choose(service, battle, {"actor": state.pending.actor, "option": "end-turn", "targets": []}, f"pass-{i}")
    raise AssertionError("Brom never got a turn")


def test_a_potion_drunk_through_the_service_survives_a_reload(service):
    digest = service.put_ruleset(item_package(RING_OF_PROTECTION, POTION_OF_HEALING))
    party = [brom(hp=10, items=[{"item": "items/potion-of-healing", "quantity": 2},
                                {"item": "items/ring-of-protection", "worn": True}])]
    created = service.create(digest, party, [{"creature": "cinder-hound", "controller": "player"}], seed=5,
                             battle_id="b-potion")
    assert created["ok"], created
    _until_brom(service, "b-potion")
    lines = _choose(service, "b-potion", {"actor": "brom", "option": "item:potion-of-healing", "targets": ["brom"]},
                    "drink")
    assert lines[:2] == ["Brom spends 1 Potion of Healing: 1 left.", "Brom uses Potion of Healing on Brom."]
    heal = re.fullmatch(r"Potion of Healing \((\d+) \((\d) \+ (\d)\) \+ 2 = (\d+)\) heals Brom for (\d+)\.", lines[2])
    assert heal is not None, lines[2]
    rolled, a, b, total, healed = map(int, heal.groups())
    assert rolled == a + b and total == rolled + 2 == healed
    assert lines[3] == f"Brom has {10 + healed} of 28 Hit points."
    state, _ = service.load("b-potion")
    brom_now = state.combatant("brom")
    assert brom_now.sheet["live"]["pools"]["hp"] == 10 + healed
    assert brom_now.sheet["live"]["items"][0] == {"item": "items/potion-of-healing", "quantity": 1}
    # The hound's turn, read from the store again: the worn ring still guards Brom.
    state, _ = service.load("b-potion")
    if state.pending is not None and state.pending.actor == "brom":
        _choose(service, "b-potion", {"actor": "brom", "option": "end-turn", "targets": []}, "brom-ends")
    bite = _choose(service, "b-potion", {"actor": "cinder-hound", "option": "action:sear_bite", "targets": ["brom"]},
                   "bite")
    assert "against Armor Class 17 (+ 1 Ring of Protection)" in bite[0]


def test_a_staffs_extra_charges_through_the_service_survive_a_reload(service):
    # The SRD's Staff of Healing (tests/combat/test_item_use_keys.py): Cure Wounds with 2
    # extra charges heals 3d8, and the staff's 10 charges read 10 - 3 = 7 after a reload.
    digest = service.put_ruleset(item_package(STAFF_OF_HEALING))
    party = [brom(hp=10, items=[{"item": "items/staff-of-healing"}])]
    created = service.create(digest, party, [{"creature": "cinder-hound", "controller": "player"}], seed=5,
                             battle_id="b-staff")
    assert created["ok"], created
    _until_brom(service, "b-staff")
    lines = _choose(service, "b-staff", {"actor": "brom", "option": "item:staff-of-healing-cure-wounds@charges:2",
                                         "targets": ["brom"]}, "cure")
    assert lines[:3] == ["Brom pays 2 steps above the base for Staff of Healing: Cure Wounds.",
                         "Brom spends 3 charges of Staff of Healing: 7/10 charges.",
                         "Brom uses Staff of Healing: Cure Wounds on Brom."]
    heal = re.fullmatch(r"Staff of Healing: Cure Wounds \((\d+) \((\d) \+ (\d) \+ (\d)\)\) heals Brom for (\d+)\.", lines[3])
    assert heal is not None, lines[3]
    rolled, a, b, c, healed = map(int, heal.groups())
    # Brom is 18 short of his 28: a heal above that is capped.
    assert rolled == a + b + c and healed == min(rolled, 18)
    state, _ = service.load("b-staff")
    live = state.combatant("brom").sheet["live"]
    assert live["pools"]["hp"] == 10 + healed
    assert live["items"] == [{"item": "items/staff-of-healing", "charges": 7}]
