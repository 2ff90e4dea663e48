"""Levels of a track and of a derived value, opponents' `tracks` and `conditionImmunities`
naming a track (1.115), `defeats`, and a halved health maximum (`health-max` `times: 0.5`):
settled when the fight starts, never below 1, health above it lost, healing capped. See
conditions_kit.py for the numbers."""

from __future__ import annotations

from shared.combat import numbers as N
from shared.combat.fight import Fight
from tests.combat.conditions_kit import AXE, base, juno_marsh, juno_wren_vs

NIP, MEND = "action:nip", "ability:charms:marsh-mend"


def _pkg() -> dict:
    pkg = base()
    sheet = pkg["sheet"]
    sheet["live"]["tracks"].append({"id": "exhaustion", "label": "Exhaustion", "min": 0, "max": 6, "default": 0})
    sheet["fields"].append({"id": "load", "label": "Load", "type": "number", "min": 0, "max": 20, "default": 0,
                            "section": "about"})
    sheet["derived"].append({"id": "burden", "label": "Burden", "op": "sum", "of": [{"field": "load"}], "section": "about"})
    pkg["combat"]["levels"] += [
        {"track": "exhaustion", "at": 1, "modifiers": [{"to": "attacks", "flat": -1}]},
        {"track": "exhaustion", "at": 2, "modifiers": [{"to": "health-max", "times": 0.5}]},
        {"track": "exhaustion", "at": 3, "defeats": True},
        {"derived": "burden", "at": 5, "modifiers": [{"to": "defense", "flat": -1}]},
    ]
    return pkg


def _creature(pkg: dict, eid: str) -> dict:
    return next(e for e in pkg["catalogs"][1]["entries"] if e["id"] == eid)["creature"]


def _tired_juno(level: int, **fields: int) -> dict:
    return juno_marsh(fields={"stamina": 3, "rank": 2, **fields}, live={"tracks": {"exhaustion": level}})


def test_a_halved_maximum_loses_the_health_above_it_when_the_fight_starts():
    b = juno_wren_vs(_pkg(), ["stoat"], [], juno=_tired_juno(2))
    assert "Juno's Breath maximum is halved to 5 (Exhaustion 2): the 6 above it is lost." in b.started
    fight = Fight(b.rs, b.state)
    assert N.health(fight, b.who("juno")) == (5, 5, 0)
    assert b.who("juno").sheet["live"]["pools"]["breath"] == 5


def test_healing_cannot_raise_health_above_a_halved_maximum():
    b = juno_wren_vs(_pkg(), ["stoat"], [9, 3, 6], juno=_tired_juno(2), charms=("marsh-mend",))
    b.choose("juno", "end-turn")
    b.choose("wren", "end-turn")
    assert b.choose("stoat", NIP, "juno")[2] == "Juno has 2 of 5 Breath."
    b.choose("juno", "end-turn")
    lines = b.choose("wren", MEND, "juno")
    assert lines[1:4] == ["Juno's Breath maximum is halved to 5 (Exhaustion 2), so healing stops there.",
                          "Marsh Mend (6 + 1 = 7) heals Juno for 3.", "Juno has 5 of 5 Breath."]


def test_an_opponent_starts_from_its_tracks_and_its_levels_apply():
    pkg = _pkg()
    _creature(pkg, "stoat")["tracks"] = {"exhaustion": 2}
    b = juno_wren_vs(pkg, ["stoat"], [9, 2])
    assert "Stoat's Breath maximum is halved to 10 (Exhaustion 2): the 10 above it is lost." in b.started
    assert b.who("stoat").health == 10
    b.choose("juno", "end-turn")
    b.choose("wren", "end-turn")
    lines = b.choose("stoat", NIP, "juno")
    assert lines[0] == "Stoat attacks Juno with Nip: 9 + 2 - 1 (Exhaustion 2) = 10 against Guard 8, a hit."


def test_a_halved_maximum_is_never_below_one():
    pkg = _pkg()
    _creature(pkg, "lump").update({"health": 1, "tracks": {"exhaustion": 2}})
    b = juno_wren_vs(pkg, ["lump"], [])
    assert N.health(Fight(b.rs, b.state), b.who("lump")) == (1, 1, 0)
    assert not any("halved" in line for line in b.started)


def test_condition_immunities_naming_a_track_keep_every_level_of_it_off():
    pkg = _pkg()
    _creature(pkg, "ghoul").update({"tracks": {"exhaustion": 3}, "conditionImmunities": ["exhaustion"]})
    b = juno_wren_vs(pkg, ["ghoul"], [])
    ghoul = b.who("ghoul")
    assert (ghoul.out, ghoul.health, ghoul.tracks) == (False, 20, {"exhaustion": 3})
    assert N.rules_in_force(Fight(b.rs, b.state), ghoul) == []


def test_defeats_takes_the_holder_out_before_anyone_moves():
    b = juno_wren_vs(_pkg(), ["stoat"], [], juno=_tired_juno(3))
    assert "Juno is out of the fight before it starts (Exhaustion 3)." in b.started
    assert b.waiting() == "wren"


def test_a_level_of_a_derived_value():
    b = juno_wren_vs(_pkg(), ["stoat"], [7, 2], juno=juno_marsh(fields={"stamina": 3, "rank": 2, "load": 6}))
    b.choose("juno", "end-turn")
    b.choose("wren", "end-turn")
    lines = b.choose("stoat", NIP, "juno")
    assert lines[0] == "Stoat attacks Juno with Nip: 7 + 2 = 9 against Guard 7 (- 1 Burden 6), a hit."


def test_every_reached_level_applies():
    b = juno_wren_vs(_pkg(), ["stoat"], [9, 4], juno=_tired_juno(2))
    lines = b.choose("juno", AXE, "stoat")
    assert lines[0] == "Juno attacks Stoat with Reed axe: 9 + 3 - 1 (Exhaustion 2) = 11 against Guard 8, a hit."
