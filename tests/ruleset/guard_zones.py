"""The capability guard's probes for lasting zones beyond guard_board.py's first ones: what a
zone does to those in it, costlier terrain, zones carried by their caster, rams and
detonations (tests/ruleset/test_capability_guard.py merges them; the fights are
tests/combat/test_zone_*.py's)."""

from __future__ import annotations

from typing import Any

from tests.combat import zones_kit as ZK
from tests.combat.test_board_zones import START, STORY
from tests.combat.test_zone_occupants import BREAK_CHOICES, BREAK_DICE, HOUND_START, WIDE, concentrating, tentacles
from tests.combat.test_zone_terrain import spikes
from tests.ruleset.capability_probes import FightProbe, MenuProbe

_END = "end-turn"


def _turn(actor: str, option: str = _END, **more: Any) -> dict[str, Any]:
    return {"actor": actor, "option": option, "targets": [], **more}


def _spike_walk(terrain: dict[str, Any], key: str):
    """Ilsa lays Spike Growth on 5, 2 with `terrain` (its harm kept), with and without
    `key`, and the Cinder Hound (8, 2) walks two cells west into it: the walk's cost differs."""
    def build(with_key: bool):
        kept = {k: v for k, v in terrain.items() if with_key or k != key}
        return ZK.package(spike=spikes(**kept)), [ZK.ilsa([0, 2])], ZK.foes(hound=[8, 2]), \
            [5, 5, 5, 5, 5, 20, 1, 1, 1, 1, 1], [
                _turn("ilsa", "ability:spells:spike-growth", cell=[5, 2]), _turn("ilsa"),
                _turn("cinder-hound", "move:6,2")]
    return build


def _silenced(with_key: bool):
    """Ilsa lays Silence over herself (on 2, 2) with and without its `forbids`: on her next
    turn Cure Wounds (verbal) is on her menu only without it."""
    zone = dict(ZK.SILENCE["mechanics"]["zone"])
    if not with_key:
        zone.pop("forbids")
    party = [ZK.ilsa([0, 2], ("silence", "Silence", 2), ("cure-wounds", "Cure Wounds", 1))]
    return ZK.silence_package(zone), party, ZK.foes(hound=[11, 2]), list(HOUND_START), [
        _turn("ilsa", "ability:spells:silence", cell=[2, 2]), _turn("ilsa"), _turn("cinder-hound")]


def _moonbeam(more: dict[str, Any], party: list[dict[str, Any]] | None = None, dice: list[int] | None = None,
              choices: list[dict[str, Any]] | None = None):
    """Moonbeam with and without the zone keys `more`: by default Ilsa casts it on the Lurker
    (5, 2) and ends her turn, and the Lurker's turn starts in it."""
    def build(with_key: bool):
        zone = dict(ZK.MOONBEAM_ZONE) | (more if with_key else {})
        return ZK.package(zone=zone), party or [ZK.ilsa([0, 2])], ZK.foes([5, 2], [8, 2]), \
            dice or START + STORY, choices or [_turn("ilsa", "ability:spells:moonbeam", cell=[5, 2]), _turn("ilsa")]
    return build


def _held(with_key: bool):
    """Ilsa webs the Hound (8, 2); as its turn starts in the web it takes the 3d6 of
    `whileHeld` with it, and saves against the web again without."""
    return tentacles(with_key), [ZK.ilsa([0, 2])], ZK.foes(hound=[8, 2]), HOUND_START + [5, 2, 3, 4, 9], [
        _turn("ilsa", "ability:spells:web", cell=[6, 2]), _turn("ilsa")]


PLAYED_PROBES: dict[str, FightProbe | MenuProbe] = {
    # Each step into Spike Growth costs 3 cells with `costTimes: 3`, 1 without (no difficult).
    "ZoneTerrain.costTimes": FightProbe(_spike_walk({"costTimes": 3}, "costTimes"), board=ZK.BOARD),
    # Each step costs 4 cells with `halvesSpeed` on top of `difficult`, 2 without.
    "ZoneTerrain.halvesSpeed": FightProbe(_spike_walk({"difficult": True, "halvesSpeed": True}, "halvesSpeed"),
                                          board=ZK.BOARD),
    # Cure Wounds is off Ilsa's menu inside Silence only with `forbids`.
    "Zone.forbids": MenuProbe(_silenced, "ilsa", board=WIDE),
    # The Lurker's turn start in Moonbeam deals 4 fire with `damageType: "fire"`, 4 radiant
    # without.
    "Zone.damageType": FightProbe(_moonbeam({"damageType": "fire"}), board=ZK.BOARD),
    # Mira's turn starts in Moonbeam: with `breaksConcentration` she first rolls to keep
    # concentrating on Hold Person against DC 12 and loses it.
    "Zone.breaksConcentration": FightProbe(_moonbeam({"breaksConcentration": True}, concentrating(), BREAK_DICE,
                                                     BREAK_CHOICES + [_turn("ilsa"), _turn("thorn-lurker"),
                                                                      _turn("cinder-hound")]), board=ZK.BOARD),
    # The webbed Hound's turn start: 3d6 bludgeoning with `whileHeld`, a save without.
    "Zone.whileHeld": FightProbe(_held, board=ZK.BOARD),
}
FIGHT_SAMPLES: dict[str, tuple[str, Any]] = {}
REFUSED_SAMPLES: dict[str, tuple[Any, dict[str, Any]]] = {}
REFUSED_VALUE_SAMPLES: dict[str, tuple[str, Any, dict[str, Any]]] = {}
