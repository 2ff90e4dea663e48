"""Zones that ward off spells (spec/mechanics-1 1.179 `wards`, 1.181 `by` and
`maxLevelPerCostStep`), on the 5e board of tests/combat/zones_kit.py with the SRD's Globe of
Invulnerability as the spec writes it (`"wards": {"catalogs": ["spells"], "maxLevel": 5}`,
`"by": "base"` as the SRD's "even if the spell is cast using a higher level spell slot", and
one level more for each slot above 6th: `maxLevelPerCostStep: 1`): a 10-foot radius around
Ilsa (every cell fewer than 2 steps from hers: 3 x 3), 6th level, concentration, 1 minute.

Ilsa (1, 2) casts it over herself and the 5e example's Thorn Lurker (2, 2); the Cinder Hound
(5, 2) stands outside it, and so does Mira (9, 2: srd_kit's wizard, Intelligence 16, spell
attack + 5, save DC 13) with Fire Bolt, Magic Missile and the SRD's Fireball as Marinara's
package ships them (8d6 fire in a 20-foot radius, a Dexterity save for half, 3rd level).
"""

from __future__ import annotations

import copy
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from shared.combat import advance, menu, start_battle
from shared.combat.fight import Refusal
from tests.combat import zones_kit as ZK
from tests.combat.kit import ruleset
from tests.combat.srd_kit import mira, spell_row
from tests.combat.test_zone_occupants import go, reloads

FIELD = {"rows": ["." * 10] * 5}
#: The SRD's Globe of Invulnerability, its zone as the spec writes it.
GLOBE = {"id": "globe-of-invulnerability", "label": "Globe of Invulnerability", "mechanics": {
    "kind": "utility", "range": 0, "area": {"shape": "burst", "size": 10}, "concentration": True,
    "cost": [{"pool": "slots_6", "amount": 1}],
    "zone": {"rounds": 10, "triggers": [], "atCast": False,
             "wards": {"catalogs": ["spells"], "maxLevel": 5, "by": "base", "maxLevelPerCostStep": 1}}}}
#: The Lurker's 3d8 + 3 = 23, the Hound's 5d8 = 25; initiative Ilsa 20, Mira 15, the Lurker
#: and the Hound 1 (Mira rolls her own d20 after Ilsa's).
START = [8, 8, 4, 5, 5, 5, 5, 5, 20, 15, 1, 1]


def globe_package(wards: dict[str, Any] | None = None) -> dict[str, Any]:
    """The package with the Globe (its `wards` replaced by `wards`; `{}` leaves it out)."""
    pkg = ZK.package()
    globe = copy.deepcopy(GLOBE)
    if wards is not None:
        if wards:
            globe["mechanics"]["zone"]["wards"] = wards
        else:
            del globe["mechanics"]["zone"]["wards"]
    next(c for c in pkg["catalogs"] if c["id"] == "spells")["entries"].append(globe)
    return pkg


def party() -> list[dict[str, Any]]:
    ilsa = ZK.ilsa([1, 2], ("globe-of-invulnerability", "Globe of Invulnerability", 6), ("fire-bolt", "Fire Bolt", 0))
    ilsa["sheet"]["fields"] |= {"slots_max_6": 1}
    wizard = mira(("fire-bolt", "Fire Bolt", 0), ("magic-missile", "Magic Missile", 1), ("fireball", "Fireball", 3),
                  slots_max_3=1)
    return [ilsa, wizard | {"position": [9, 2]}]


def globed(wards: dict[str, Any] | None = None, dice: list[int] | None = None, slot: str | None = None):
    """Ilsa casts the Globe on her own cell (paid from `slot` when given) and ends her turn."""
    rs = ruleset(globe_package(wards))
    state, _ = start_battle(rs, party(), ZK.foes([2, 2], [5, 2]), board=FIELD, dice=START + (dice or []))
    option = "ability:spells:globe-of-invulnerability" + (f"@{slot}" if slot else "")
    state, lines = go(rs, state, "ilsa", option, cell=[1, 2])
    assert lines[-1] == "Globe of Invulnerability stays on 1, 2 (9 cells) for 10 rounds."
    state, _ = go(rs, state, "ilsa", "end-turn")
    return rs, state


def targets(rs, state, actor: str) -> dict[str, list[str]]:
    return {o.id: list(o.targets) for o in menu(rs, state, actor, forecasts=False) if o.group != "move"}


def test_spells_from_outside_cannot_be_aimed_at_those_inside_the_globe():
    rs, state = globed()
    assert reloads(state)["spells/globe-of-invulnerability"] == {}
    assert state.zones[0].wards.model_dump() == {"catalogs": ["spells"], "max_level": 5, "by_base": True}
    # Mira outside: Fire Bolt (a cantrip, level 0) and Magic Missile (1st level, and at 2nd
    # paid from a 2nd-level slot: judged by its base, 1) reach the Hound, never the Lurker.
    seen = targets(rs, state, "mira")
    assert seen["ability:spells:fire-bolt"] == ["cinder-hound"]
    assert seen["ability:spells:magic-missile"] == ["cinder-hound"]
    assert seen["ability:spells:magic-missile@slots_2"] == ["cinder-hound"]
    # Without the ward both are there.
    rs, bare = globed({})
    assert targets(rs, bare, "mira")["ability:spells:fire-bolt"] == ["thorn-lurker", "cinder-hound"]


def test_an_area_from_outside_passes_over_those_inside_and_a_zone_from_outside_never_affects_them():
    # Mira's Fireball on 5, 2 (a 20-foot radius: x 2 to 8) would catch the Lurker (inside the
    # Globe) and the Hound: 3rd level, not above 5, so it catches the Hound alone: its save 4
    # fails against 13, 8d6 = 8 x 3 = 24 fire, resisted: 12, 25 - 12 = 13.
    rs, state = globed(dice=[3] * 8 + [4])
    state, lines = go(rs, state, "mira", "ability:spells:fireball", cell=[5, 2])
    assert lines == [
        "Mira aims Fireball at 5, 2, catching Cinder Hound.",
        "Mira spends 1 3rd-level slot on Fireball.",
        "Mira uses Fireball on Cinder Hound.",
        "Cinder Hound rolls a Dexterity save against Fireball: 4 against 13, a failure.",
        "Fireball (24 (3 + 3 + 3 + 3 + 3 + 3 + 3 + 3)) deals 12 fire damage to Cinder Hound (resisted: halved).",
        "Cinder Hound has 13 of 25 Hit points.",
    ]
    assert state.combatant("thorn-lurker").health == 23
    # Without the ward the same Fireball catches both.
    rs, state = globed({}, dice=[3] * 8 + [4, 4])
    state, lines = go(rs, state, "mira", "ability:spells:fireball", cell=[5, 2])
    assert lines[0] == "Mira aims Fireball at 5, 2, catching Thorn Lurker, Cinder Hound."


def moonbeam_party() -> list[dict[str, Any]]:
    ilsa, wizard = party()
    wizard["sheet"]["lists"]["spells"].append(spell_row("moonbeam", "Moonbeam", 2))
    return [ilsa, wizard]


def test_moonbeam_from_outside_cannot_be_laid_on_the_lurker_nor_moved_onto_it():
    # Mira's Moonbeam (2nd level, a 5-foot burst) on the Lurker's cell from outside the Globe
    # catches nobody (2 <= 5), so it is refused; she lays it on the Hound (5, 2) instead:
    # 2d10 = 4 + 4 = 8 radiant, its save 5 + 4 = 9 fails against 13, 25 - 8 = 17. At its turn
    # start in it: 3 + 3, its save 15 + 4 = 19 succeeds, half of 6 = 3, 17 - 3 = 14. Moved
    # onto the Lurker on her next turn (3 cells), the zone reaches it and the ward keeps its
    # effect off: nothing is rolled.
    rs = ruleset(globe_package())
    state, _ = start_battle(rs, moonbeam_party(), ZK.foes([2, 2], [5, 2]), board=FIELD,
                            dice=START + [4, 4, 5, 3, 3, 15])
    state, _ = go(rs, state, "ilsa", "ability:spells:globe-of-invulnerability", cell=[1, 2])
    state, _ = go(rs, state, "ilsa", "end-turn")
    refused = advance(rs, state, {"actor": "mira", "option": "ability:spells:moonbeam", "targets": [], "cell": [2, 2]})
    assert refused == Refusal("bad-cell", "Moonbeam aimed at 2, 2 catches nobody")
    state, lines = go(rs, state, "mira", "ability:spells:moonbeam", cell=[5, 2])
    assert lines[-1] == "Cinder Hound has 17 of 25 Hit points."
    for who in ("mira", "thorn-lurker", "cinder-hound", "ilsa"):
        state, lines = go(rs, state, who, "end-turn")
    assert state.combatant("cinder-hound").health == 14
    state, lines = go(rs, state, "mira", "zone:spells/moonbeam", cell=[2, 2])
    assert lines == [
        "Mira moves Moonbeam 15 ft to 2, 2.",
        "Moonbeam affects Thorn Lurker: it moves onto them.",
        "Globe of Invulnerability wards Thorn Lurker from Moonbeam at level 2 (level 5 or lower): "
        "it does not reach them.",
    ]
    assert state.combatant("thorn-lurker").health == 23


def test_the_level_is_the_one_paid_unless_by_base():
    # A ward of level 1 judged by payment (no `by`): Magic Missile paid from a 1st-level slot
    # cannot be aimed at the Lurker, paid from a 2nd-level one it can, and lands: 1d4 (3) + 1
    # = 4 force, 23 - 4 = 19.
    rs, state = globed({"catalogs": ["spells"], "maxLevel": 1}, dice=[3])
    seen = targets(rs, state, "mira")
    assert seen["ability:spells:magic-missile"] == ["cinder-hound"]
    assert seen["ability:spells:magic-missile@slots_2"] == ["thorn-lurker", "cinder-hound"]
    state, lines = go(rs, state, "mira", "ability:spells:magic-missile@slots_2", "thorn-lurker")
    assert lines == [
        "Mira spends 1 2nd-level slot on Magic Missile.",
        "Mira pays 1 step above the base for Magic Missile.",
        "Mira uses Magic Missile on Thorn Lurker.",
        "Magic Missile (3 + 1 = 4) deals 4 force damage to Thorn Lurker.",
        "Thorn Lurker has 19 of 23 Hit points.",
    ]
    # Judged by its base (`by: "base"`), Magic Missile is 1st level however it is paid for.
    rs, state = globed({"catalogs": ["spells"], "maxLevel": 1, "by": "base"})
    assert targets(rs, state, "mira")["ability:spells:magic-missile@slots_2"] == ["cinder-hound"]


def test_a_ward_cast_one_slot_higher_blocks_one_level_more():
    # `maxLevel: 0` with `maxLevelPerCostStep: 1`: cast from its 6th-level slot it blocks
    # cantrips alone (Magic Missile reaches the Lurker); from a 7th-level slot, one step
    # above, it blocks 1st level too.
    wards = {"catalogs": ["spells"], "maxLevel": 0, "maxLevelPerCostStep": 1}
    rs, state = globed(wards)
    seen = targets(rs, state, "mira")
    assert (seen["ability:spells:fire-bolt"], seen["ability:spells:magic-missile"]) == (
        ["cinder-hound"], ["thorn-lurker", "cinder-hound"])
    rs, state = globed(wards, slot="slots_7")
    assert state.zones[0].wards.max_level == 1
    assert reloads(state)["spells/globe-of-invulnerability"] == {}
    assert targets(rs, state, "mira")["ability:spells:magic-missile"] == ["cinder-hound"]


def test_a_spell_from_inside_reaches_those_inside():
    # Ilsa stands inside her own Globe: her Fire Bolt may be aimed at the Lurker beside her.
    rs = ruleset(globe_package())
    state, _ = start_battle(rs, party(), ZK.foes([2, 2], [5, 2]), board=FIELD, dice=START)
    state, _ = go(rs, state, "ilsa", "ability:spells:globe-of-invulnerability", cell=[1, 2])
    for who in ("ilsa", "mira", "thorn-lurker", "cinder-hound"):
        state, _ = go(rs, state, who, "end-turn")
    assert targets(rs, state, "ilsa")["ability:spells:fire-bolt"] == ["thorn-lurker", "cinder-hound"]


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from([(x, y) for y in range(5) for x in range(8) if (x, y) not in ((1, 2), (5, 2))]))
def test_fire_bolt_from_outside_lists_the_lurker_exactly_when_it_stands_outside_the_globe(cell):
    # Wherever the Lurker stands, Mira's Fire Bolt (a cantrip: level 0, within 5) may be
    # aimed at it exactly when it is off the Globe's 3 x 3 around Ilsa's 1, 2 (the whole
    # board is within Fire Bolt's 120 feet and in Mira's sight).
    rs = ruleset(globe_package())
    state, _ = start_battle(rs, party(), ZK.foes(list(cell), [5, 2]), board=FIELD, dice=START)
    state, _ = go(rs, state, "ilsa", "ability:spells:globe-of-invulnerability", cell=[1, 2])
    state, _ = go(rs, state, "ilsa", "end-turn")
    inside = abs(cell[0] - 1) <= 1 and abs(cell[1] - 2) <= 1
    assert ("thorn-lurker" in targets(rs, state, "mira")["ability:spells:fire-bolt"]) is not inside
