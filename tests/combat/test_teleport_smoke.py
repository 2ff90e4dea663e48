"""A teleport's smoke (spec/mechanics-3 1.279 `smoke`; 1.286 `light`, `dispersed`;
shared/combat/zone_state.py `lay_smoke`, obscurement.py), with exact log lines from scripted
dice.

The package is tests/combat/sight_kit.py's (Marinara's 5e package, tests/data/upstream/5e-srd,
5 feet a cell, with the spec's sight: `unseenAttacks`, eyes `sight`, blindsight) and its
weather spells (Fog Cloud, Darkness, Gust of Wind in the spec's shapes). Ilsa is sight_kit's
(Shortbow + 5, 1d6 + 3; Armor Class 12) with Misty Step (tests/combat/test_board_teleport.py:
a bonus action, 30 feet, `seen`) given `smoke`. The Cinder Hound is the 5e example's (Armor
Class 12, Searing bite + 4, 1d6 + 1 piercing plus 1d4 fire).

The Cape of the Mountebank: Marinara's upstream 5e package has no items catalog
(tests/data/upstream/SOURCES.md), so the entry is written here from the SRD 5.1 text ("cast
the dimension door spell as an action ... can't be used again until the next dawn ... The smoke
lightly obscures the space you left and the space you appear in, and it dissipates at the end
of your next turn"): an item use of a charge, an action, `teleport: {"distance": 500, "smoke":
{"light": true}}`.

Set-up dice: the Hound's 5d8 = 25 (five 5s), initiative Ilsa 20 + 3 = 23, the Hound 1 + 1 = 2.
"""

from __future__ import annotations

import copy
from typing import Any

from shared.combat import menu, start_battle
from shared.combat.fight import Fight
from shared.combat.screen import screen_view
from shared.combat.seeing import sees
from shared.combat.state import BattleState
from tests.combat import sight_kit as SK
from tests.combat import test_board_teleport as TT
from tests.combat import zones_kit as ZK
from tests.combat.item_kit import carry
from tests.combat.kit import play, ruleset
from tests.combat.srd_kit import entry, mira, spell_row

START = [5] * 5 + [20, 1]
OPEN = {"rows": [".........."] * 3}
MISTY = TT.MISTY
CAPE = {"id": "cape-of-the-mountebank", "label": "Cape of the Mountebank",
        "summary": "Dimension door once a dawn, leaving a cloud of smoke.",
        "item": {"category": "wondrous", "charges": {"max": 1}, "use": {
            "kind": "buff", "targets": "self", "budget": "action", "charges": 1,
            "teleport": {"distance": 500, "smoke": {"light": True}}}}}


def package(smoke: dict[str, Any] | None) -> dict[str, Any]:
    """sight_kit's weather package, Misty Step teleporting 30 feet (seen) with `smoke`."""
    pkg = SK.weather_package()
    mech = entry(pkg, "spells", "misty-step")["mechanics"]
    mech["targets"] = "self"
    mech["teleport"] = {"distance": 30, "seen": True}
    if smoke is not None:
        mech["teleport"]["smoke"] = copy.deepcopy(smoke)
    return pkg


def ilsa(at: list[int]) -> dict[str, Any]:
    member = SK.ilsa(at)
    member["sheet"]["lists"]["spells"].append(spell_row("misty-step", "Misty Step", 2))
    return member


def fight(smoke: dict[str, Any] | None = None, *, dice: list[int] = (), pkg: dict[str, Any] | None = None,
          party: list[dict[str, Any]] | None = None):
    rs = ruleset(pkg if pkg is not None else package(smoke))
    state, _ = start_battle(rs, party or [ilsa([3, 1])], ZK.foes(hound=[4, 1]), board=OPEN,
                            dice=START + list(dice))
    return rs, state


def sight(rs, state) -> tuple[bool, bool]:
    """(the Hound sees Ilsa, Ilsa sees the Hound)."""
    f = Fight(rs, state)
    return sees(f, f.get("cinder-hound"), f.get("ilsa")), sees(f, f.get("ilsa"), f.get("cinder-hound"))


def test_misty_step_s_smoke_hides_her_from_the_hound_like_fog_until_the_end_of_her_next_turn():
    # Misty Step from 3, 1 to 8, 1 (5 cells, 25 ft): smoke on both cells.
    rs, state = fight({}, dice=[10, 4, 3, 3, 17, 4, 2])
    state, lines = play(rs, state, "ilsa", MISTY, cell=[8, 1])
    assert lines == [
        "Ilsa spends 1 2nd-level slot on Misty Step.",
        "Ilsa uses Misty Step on Ilsa.",
        "Ilsa teleports 25 ft from 3, 1 to 8, 1.",
        "Misty Step's smoke hangs on 3, 1; 8, 1 until the end of Ilsa's next turn.",
    ]
    # 1 round: the end of this, her own turn, does not count (`fresh`), the next one's does.
    assert [(z.name, z.cells, z.rounds, z.fresh) for z in state.zones] == [("Misty Step's smoke", [[3, 1], [8, 1]], 1, True)]
    # Inside it she is hidden from the Hound, as in Fog Cloud; her own line out leaves the
    # cloud at once, so she still sees it.
    assert sight(rs, state) == (False, True)
    # Saved and reloaded, it is the same cloud and still hides her.
    state = BattleState.model_validate_json(state.model_dump_json())
    assert sight(rs, state) == (False, True)
    # The Hound cannot see her: her Shortbow has advantage (10 and 4, the 10 kept): 10 + 5 = 15
    # against 12 hits, 3 + 3 = 6 piercing, 25 - 6 = 19.
    state, lines = play(rs, state, "ilsa", "attack:attacks:shortbow", "cinder-hound")
    assert lines == [
        "Ilsa attacks Cinder Hound with Shortbow: 10 (advantage; dropped 4) + 5 = 15 against Armor Class 12, a hit.",
        "Shortbow (3 + 3 = 6) deals 6 piercing damage to Cinder Hound.",
        "Cinder Hound has 19 of 25 Hit points.",
    ]
    state, _ = play(rs, state, "ilsa", "end-turn")
    # Her first turn's end does not count: the cloud stands on the Hound's turn (1 left).
    assert [(z.rounds, z.fresh) for z in state.zones] == [(1, False)]
    # The Hound runs to 7, 1 and bites into the smoke at disadvantage (3 and 17, the 3 kept):
    # 3 + 4 = 7 against her 12, a miss.
    state, _ = play(rs, state, "cinder-hound", "move:7,1")
    state, lines = play(rs, state, "cinder-hound", "action:sear_bite", "ilsa")
    assert lines[0] == "Cinder Hound attacks Ilsa with Searing bite: 3 (disadvantage; dropped 17) + 4 = 7 against Armor Class 12, a miss."
    state, _ = play(rs, state, "cinder-hound", "end-turn")
    assert state.zones and sight(rs, state) == (False, True)
    # The end of her next turn blows it away: the Hound sees her again.
    state, lines = play(rs, state, "ilsa", "end-turn")
    assert "Misty Step's smoke ends: its time is up." in lines
    assert state.zones == [] and sight(rs, state) == (True, True)


def test_without_smoke_the_same_shot_has_no_advantage():
    # The contrast: 10 + 5 = 15 with one d20, nothing left on the board.
    rs, state = fight(None, dice=[10, 3])
    state, _ = play(rs, state, "ilsa", MISTY, cell=[8, 1])
    assert state.zones == [] and sight(rs, state) == (True, True)
    state, lines = play(rs, state, "ilsa", "attack:attacks:shortbow", "cinder-hound")
    assert lines[0] == "Ilsa attacks Cinder Hound with Shortbow: 10 + 5 = 15 against Armor Class 12, a hit."


def test_smoke_pierced_by_blindsight_lets_a_blindsighted_hound_see_her():
    # `pierced: ["blindsight"]` and the Hound given blindsight 30 ft (6 cells; she is 4 away).
    pkg = package({"pierced": ["blindsight"]})
    SK.hound(pkg, senses={"blindsight": 30})
    rs, state = fight(pkg=pkg)
    state, _ = play(rs, state, "ilsa", MISTY, cell=[8, 1])
    assert sight(rs, state) == (True, True)
    rs, state = fight({})
    state, _ = play(rs, state, "ilsa", MISTY, cell=[8, 1])
    assert sight(rs, state) == (False, True)


def test_the_viewer_draws_the_smoke_as_a_zone_on_its_cells():
    rs, state = fight({})
    state, _ = play(rs, state, "ilsa", MISTY, cell=[8, 1])
    shown = screen_view(rs, state, battle="b", revision=1, last_seq=0, status="active").zones
    assert [(z.label, z.cells, z.owner) for z in shown] == [("Misty Step's smoke, 1 round", [[3, 1], [8, 1]], "ilsa")]


def test_a_seen_teleport_cannot_land_in_the_smoke_or_beyond_it():
    # Round 2, Ilsa on 8, 1 (her second 2nd-level slot): the cloud she left on 3, 1 hides its
    # own cell and 2, 1 straight behind it (the line from 8, 1 runs through 3, 1), so Misty
    # Step (seen, 6 cells) offers neither; 2, 0, whose line passes north of it, is offered.
    rs, state = fight({})
    state, _ = play(rs, state, "ilsa", MISTY, cell=[8, 1])
    state, _ = play(rs, state, "ilsa", "end-turn")
    state, _ = play(rs, state, "cinder-hound", "end-turn")
    cells = TT.cells_of({o.id: o for o in menu(rs, state, "ilsa")}[MISTY])
    assert (3, 1) not in cells and (2, 1) not in cells and (2, 0) in cells


def _caped(light: bool):
    """Ilsa wearing the Cape (its smoke light or, for the contrast, heavy) uses it to 8, 1;
    the Hound waits; in round 2 she hides with 4 + 3 = 7."""
    pkg = package(None)
    cape = copy.deepcopy(CAPE)
    if not light:
        cape["item"]["use"]["teleport"]["smoke"] = {}
    member = ilsa([3, 1])
    carry(pkg, member, cape, quantity=1, charges=1)
    rs, state = fight(pkg=pkg, party=[member], dice=[4])
    state, lines = play(rs, state, "ilsa", "item:cape-of-the-mountebank", cell=[8, 1])
    for actor in ("ilsa", "cinder-hound"):
        state, _ = play(rs, state, actor, "end-turn")
    seen = sight(rs, state)
    state, hid = play(rs, state, "ilsa", "standard:hide")
    return lines, seen, hid


def test_the_cape_s_light_smoke_hides_nobody_but_she_hides_in_it_against_a_passive_lowered_by_5():
    lines, seen, hid = _caped(light=True)
    assert lines[-2:] == ["Ilsa teleports 25 ft from 3, 1 to 8, 1.",
                          "Cape of the Mountebank's smoke hangs on 3, 1; 8, 1 until the end of Ilsa's next turn."]
    # Lightly obscured she is still seen, but not clearly: the Hound's passive Perception
    # 10 + 1 (Wisdom 12) = 11, less 5, is 6, which her 7 beats.
    assert seen == (True, True)
    assert hid[0] == "Ilsa hides: 4 + 3 = 7 with Stealth; hidden from Cinder Hound (passive 6)."
    # Heavy smoke hides her outright, and a hider unseen is measured against the full 11.
    lines, seen, hid = _caped(light=False)
    assert seen == (False, True)
    assert hid[0] == "Ilsa hides: 4 + 3 = 7 with Stealth; hidden from nobody (Cinder Hound's passive Perception 11 reaches it)."


def _gusted(smoke: dict[str, Any]) -> list[str]:
    """Misty Step with `smoke` from 3, 1 to 8, 1; then Mira on 9, 2 blows Gust of Wind (a
    60-foot line, 10 feet wide) west toward 0, 1. Initiative: Ilsa 20 + 3 = 23, Mira
    14 + 2 = 16, the Hound 1 + 1 = 2."""
    caster = mira(("gust-of-wind", "Gust of Wind", 2)) | {"position": [9, 2]}
    rs = ruleset(package(smoke))
    state, _ = start_battle(rs, [ilsa([3, 1]), caster], ZK.foes(hound=[4, 1]), board=OPEN,
                            dice=[5] * 5 + [20, 14, 1])
    state, _ = play(rs, state, "ilsa", MISTY, cell=[8, 1])
    state, _ = play(rs, state, "ilsa", "end-turn")
    state, lines = play(rs, state, "mira", "ability:spells:gust-of-wind", cell=[0, 1])
    return lines + [z.name for z in state.zones]


def test_wind_disperses_dispersed_smoke_and_leaves_the_rest():
    lines = _gusted({"dispersed": True})
    assert "Misty Step's smoke ends: Gust of Wind disperses it." in lines
    assert lines[-1:] == ["Gust of Wind"]
    lines = _gusted({})
    assert not any("disperses" in line for line in lines)
    assert lines[-2:] == ["Misty Step's smoke", "Gust of Wind"]
