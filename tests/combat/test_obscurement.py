"""Zones that obscure and the wind that disperses them (spec/mechanics-1 "Sight", 1.178;
mechanics-3 "Light obscurement and wind", 1.286; shared/combat/obscurement.py), on
tests/combat/sight_kit.py's `weather_package` (the SRD's Fog Cloud, Darkness and Gust of Wind
in the spec's shapes) and its open 16 x 9 board, 5 feet a cell. Ilsa (zones_kit's, with Fog
Cloud) at 2, 4; Mira (srd_kit's, with Gust of Wind) at 10, 4; the Cinder Hound at 14, 4.
"""

from __future__ import annotations

from typing import Any

from shared.combat import start_battle
from shared.combat.fight import Fight
from shared.combat.seeing import sees
from tests.combat import sight_kit as SK
from tests.combat.kit import play, foe, ruleset
from tests.combat.srd_kit import mira, spell_row

#: The Hound's 5d8 (five 5s); initiative Ilsa 15 + 3 = 18, Mira 14 + 2 = 16, the Hound 2 + 1 = 3.
START = [5] * 5 + [15, 14, 2]


def _start(pkg: dict[str, Any], dice: list[int] | None = None):
    ilsa = SK.ilsa([2, 4])
    ilsa["sheet"]["lists"]["spells"] += [spell_row("fog-cloud", "Fog Cloud", 1), spell_row("darkness", "Darkness", 2)]
    caster = mira(("gust-of-wind", "Gust of Wind", 2)) | {"position": [10, 4]}
    rs = ruleset(pkg)
    state, _ = start_battle(rs, [ilsa, caster], [foe("cinder-hound", position=[14, 4])], board=SK.OPEN,
                            dice=START + (dice or []))
    return rs, state


def _go(rs, state, actor, option, cell=None):
    return play(rs, state, actor, option, cell=cell)


def _sight(rs, state) -> tuple[bool, bool]:
    """(the Hound sees Ilsa, Mira sees Ilsa)."""
    fight = Fight(rs, state)
    ilsa, caster, hound = (fight.get(c) for c in ("ilsa", "mira", "cinder-hound"))
    return sees(fight, hound, ilsa), sees(fight, caster, ilsa)


def test_fog_cloud_hides_ilsa_and_mira_s_gust_of_wind_disperses_it_with_ilsa_s_concentration():
    rs, state = _start(SK.weather_package())
    assert _sight(rs, state) == (True, True)
    # Fog on Ilsa's own cell: 20 feet (4 cells) round 2, 4 reach out to 6, 4; the Hound at
    # 14, 4 and Mira at 10, 4 look at her through it, and it lets no sense through.
    state, lines = _go(rs, state, "ilsa", "ability:spells:fog-cloud", cell=[2, 4])
    assert "Ilsa aims Fog Cloud at 2, 4, catching Ilsa." in lines
    assert _sight(rs, state) == (False, False)
    state, _ = _go(rs, state, "ilsa", "end-turn")
    # Mira's Gust of Wind, a 60-foot line toward 0, 4, blows through the fog: it ends, and
    # with it Ilsa's concentration.
    state, lines = _go(rs, state, "mira", "ability:spells:gust-of-wind", cell=[0, 4])
    assert "Ilsa stops concentrating on Fog Cloud: Gust of Wind disperses Fog Cloud." in lines
    assert "Fog Cloud ends: Ilsa's concentration ended." in lines
    assert [z.name for z in state.zones] == ["Gust of Wind"]
    assert _sight(rs, state) == (True, True)


def test_darkness_is_not_dispersed_and_blindsight_sees_through_it():
    rs, state = _start(SK.weather_package())
    state, _ = _go(rs, state, "ilsa", "ability:spells:darkness", cell=[2, 4])
    state, _ = _go(rs, state, "ilsa", "end-turn")
    state, lines = _go(rs, state, "mira", "ability:spells:gust-of-wind", cell=[0, 4])
    assert not any("disperses" in line for line in lines)
    assert sorted(z.name for z in state.zones) == ["Darkness", "Gust of Wind"]
    assert _sight(rs, state) == (False, False)


def _hides_in_dim_fog(pkg: dict[str, Any]) -> list[str]:
    """Ilsa lays the fog on herself, everyone waits, and in round 2 she hides (4 + 3 = 7)."""
    rs, state = _start(pkg, [4])
    state, _ = _go(rs, state, "ilsa", "ability:spells:fog-cloud", cell=[2, 4])
    for actor in ("ilsa", "mira", "cinder-hound"):
        state, _ = _go(rs, state, actor, "end-turn")
    state, lines = _go(rs, state, "ilsa", "standard:hide")
    return lines


def test_light_fog_hides_nobody_but_lets_her_hide_against_a_passive_lowered_by_5():
    # Only lightly obscured, the Hound still sees her (it may aim at her), but not clearly:
    # its passive 11 - 5 = 6 does not reach her 7, so she hides from it.
    pkg = SK.weather_package(light=True)
    rs, state = _start(pkg)
    state, _ = _go(rs, state, "ilsa", "ability:spells:fog-cloud", cell=[2, 4])
    assert _sight(rs, state) == (True, True)
    assert _hides_in_dim_fog(pkg)[0] == "Ilsa hides: 4 + 3 = 7 with Stealth; hidden from Cinder Hound (passive 6)."
    # `lightly: 2` takes 2 off instead: 11 - 2 = 9 reaches 7.
    pkg["combat"]["hiding"]["lightly"] = 2
    assert _hides_in_dim_fog(pkg)[0] == (
        "Ilsa hides: 4 + 3 = 7 with Stealth; hidden from nobody (Cinder Hound's passive Perception 9 reaches it).")


def test_in_heavy_fog_she_hides_against_the_full_passive():
    # Not seen at all: 11 stays 11, which her 7 does not beat.
    assert _hides_in_dim_fog(SK.weather_package())[0] == (
        "Ilsa hides: 4 + 3 = 7 with Stealth; hidden from nobody (Cinder Hound's passive Perception 11 reaches it).")
