"""The capability guard's probes for lasting zones beyond guard_board.py's first ones: what a
zone does to those in it, costlier terrain, zones carried by their caster, rams and
detonations (tests/ruleset/test_capability_guard.py merges them; the fights are
tests/combat/test_zone_*.py's)."""

from __future__ import annotations

from typing import Any

from tests.combat import zones_kit as ZK
from tests.combat.test_board_zones import START, STORY
from tests.combat import test_zone_carried as CARRIED
from tests.combat.test_zone_ramming import SPHERE as RAM_DICE
from tests.combat.test_zone_detonation import BLAST
from tests.combat.test_zone_burning import BURNS, WEBBED
from tests.combat.test_zone_inside import INSIDE
from tests.combat.test_zone_occupants import BREAK_CHOICES, BREAK_DICE, HOUND_START, WIDE, concentrating, tentacles
from tests.combat.test_zone_terrain import spikes
from tests.combat import test_zone_wards as WARDS
from tests.combat.item_kit import brom as item_brom
from tests.combat.item_kit import item_package
from tests.combat.kit import foe
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


def _carried(with_key: bool):
    """Ilsa casts Spirit Guardians on herself and walks four cells east: carried (`anchor:
    "caster"`) it reaches the Lurker on 6, 2; held at the point it was cast, it does not."""
    zone = dict(ZK.SPIRIT_GUARDIANS["mechanics"]["zone"])
    if not with_key:
        zone["anchor"] = "point"
    pkg = ZK.package()
    ZK.entry(pkg, "spells", "spirit-guardians")["mechanics"]["zone"] = zone
    return pkg, [ZK.ilsa([0, 2], ("spirit-guardians", "Spirit Guardians", 3))], ZK.foes([6, 2], [1, 4]), \
        CARRIED.START + CARRIED.GUARDIANS, [_turn("ilsa", "ability:spells:spirit-guardians", cell=[0, 2]),
                                            _turn("ilsa", "move:4,2")]


def _gust(key: str):
    """Ilsa points Gust of Wind east and walks one step north-east: with `anchor: "caster"`
    the line goes with her; with `turn` she may turn it (her next menu)."""
    def build(with_key: bool):
        zone = dict(ZK.GUST["mechanics"]["zone"])
        if not with_key:
            zone.pop("turn")
            if key == "anchor":
                zone["anchor"] = "point"
        party = [ZK.ilsa([0, 2], ("gust-of-wind", "Gust of Wind", 2))]
        return ZK.gust_package(zone), party, ZK.foes([6, 2], [1, 4]), CARRIED.START + CARRIED.GUST_DICE, [
            _turn("ilsa", "ability:spells:gust-of-wind", cell=[9, 2]), _turn("ilsa", "move:1,1")]
    return build


def _wand_of_gusts(with_key: bool):
    """Brom (0, 2) points a wand's Gust of Wind (the spell's use without its concentration and
    slot: an action and a charge; one cell wide) east at the Cinder Hound (5, 2) and walks two cells north
    (0, 0): carried, the line goes with him and the Hound's turn starts outside it; held at
    its point, inside it (2d10 again)."""
    use = {k: v for k, v in ZK.GUST["mechanics"].items() if k not in ("concentration", "cost")}
    # One cell wide: a line's width on an item use is refused (issue 23).
    use["area"] = {"shape": "line", "size": 60}
    zone = {k: v for k, v in use["zone"].items() if k != "turn"}
    if not with_key:
        zone["anchor"] = "point"
    wand = {"id": "wand-of-gusts", "label": "Wand of Gusts", "summary": "3 charges; a gust of wind.",
            "item": {"category": "weapon", "rarity": "rare", "charges": {"max": 3},
                     "use": use | {"zone": zone, "budget": "action", "charges": 1}}}
    brom = item_brom(items=[{"item": "items/wand-of-gusts", "quantity": 1}]) | {"position": [0, 2]}
    return item_package(wand), [brom], [foe("cinder-hound", position=[5, 2])], \
        [4] * 5 + [15, 1] + [5, 4, 7, 3, 5, 15], [
            _turn("brom", "item:wand-of-gusts", cell=[9, 2]), _turn("brom", "move:0,0"), _turn("brom")]


def _rams(with_key: bool):
    """Flaming Sphere cast on the Hound (8, 2) and sent west to 2, 2 a round later: with `ram`
    it stops at the Lurker (5, 2) and rams it; without, it passes over."""
    party = [ZK.ilsa([0, 2], ("flaming-sphere", "Flaming Sphere", 2))]
    return ZK.sphere_package(with_key), party, ZK.foes([5, 2], [8, 2]), CARRIED.START + RAM_DICE, [
        _turn("ilsa", "ability:spells:flaming-sphere", cell=[8, 2]), _turn("ilsa"), _turn("thorn-lurker"),
        _turn("cinder-hound"), _turn("ilsa", "zone:spells/flaming-sphere", cell=[2, 2])]


def _toward(with_key: bool):
    """Gust of Wind's line as difficult terrain, with and without `towardCaster`: the Lurker
    in it walks east (away from Ilsa) to 8, 2 for 2 cells with it, 3 without."""
    terrain = {"difficult": True} | ({"towardCaster": True} if with_key else {})
    zone = dict(ZK.GUST["mechanics"]["zone"]) | {"terrain": terrain}
    party = [ZK.ilsa([0, 2], ("gust-of-wind", "Gust of Wind", 2))]
    return ZK.gust_package(zone), party, ZK.foes([6, 2], [1, 4]), CARRIED.START + CARRIED.GUST_DICE, [
        _turn("ilsa", "ability:spells:gust-of-wind", cell=[9, 2]), _turn("ilsa"), _turn("thorn-lurker", "move:8,2")]


def _blast(drop: tuple[str, ...], at: list[int], dice: list[int], last: list[dict[str, Any]] | None):
    """Delayed Blast Fireball on 5, 2 with and without the zone keys `drop`; after Ilsa's and
    the Lurker's turns the Hound takes the choices `last` (None: only Ilsa's turn)."""
    def build(with_key: bool):
        zone = {k: v for k, v in ZK.DELAYED_BLAST["mechanics"]["zone"].items() if with_key or k not in drop}
        party = [ZK.ilsa([0, 2], ("delayed-blast-fireball", "Delayed Blast Fireball", 7))]
        turns = [_turn("ilsa", "ability:spells:delayed-blast-fireball", cell=[5, 2]), _turn("ilsa")]
        if last is not None:
            turns += [_turn("thorn-lurker"), *last]
        return ZK.blast_package(zone), party, ZK.foes(at, [8, 2]), CARRIED.START + dice, turns
    return build


#: The Hound walks round the fireball and bites Ilsa, whose concentration fails.
_BITES = [_turn("cinder-hound", "move:1,1"), {"actor": "cinder-hound", "option": "action:sear_bite", "targets": ["ilsa"]}]


def _burning(with_key: bool):
    """Ilsa webs the Hound (8, 2) with and without `burns`, ends her turn, and on her next one
    hits it with Fire Bolt."""
    pkg = ZK.package()
    if with_key:
        ZK.entry(pkg, "spells", "web")["mechanics"]["zone"]["burns"] = dict(BURNS)
    party = [ZK.ilsa([0, 2], ("fire-bolt", "Fire Bolt", 0))]
    return pkg, party, ZK.foes(hound=[8, 2]), WEBBED + [3, 15, 6, 2, 3, 4, 9], [
        _turn("ilsa", "ability:spells:web", cell=[6, 2]), _turn("ilsa"), _turn("cinder-hound"),
        {"actor": "ilsa", "option": "ability:spells:fire-bolt", "targets": ["cinder-hound"]}, _turn("ilsa"),
        _turn("cinder-hound")]


def _inside(with_key: bool):
    """Ilsa lays a one-cell Silence on herself with and without `inside`; the Hound runs up
    and bites her."""
    zone = dict(ZK.SILENCE["mechanics"]["zone"]) | ({"inside": dict(INSIDE)} if with_key else {})
    pkg = ZK.silence_package(zone)
    ZK.entry(pkg, "spells", "silence")["mechanics"]["area"]["size"] = 5
    party = [ZK.ilsa([0, 2], ("silence", "Silence", 2))]
    return pkg, party, ZK.foes(hound=[9, 2]), HOUND_START + [4, 15, 3, 2, 10, 10], [
        _turn("ilsa", "ability:spells:silence", cell=[0, 2]), _turn("ilsa"), _turn("cinder-hound", "move:1,2"),
        {"actor": "cinder-hound", "option": "action:sear_bite", "targets": ["ilsa"]}]


def _globe(wards: dict[str, Any], key: str, slot: str = ""):
    """Ilsa casts the Globe (from `slot` when given) over herself and the Lurker with `wards`,
    with and without `key` (the whole `wards` for "wards"), and ends her turn; Mira's menu
    outside it is what the probe reads."""
    def build(with_key: bool):
        kept = ({k: v for k, v in wards.items() if with_key or k != key} if key != "wards"
                else (wards if with_key else {}))
        option = "ability:spells:globe-of-invulnerability" + (f"@{slot}" if slot else "")
        return WARDS.globe_package(kept), WARDS.party(), ZK.foes([2, 2], [5, 2]), list(WARDS.START), [
            _turn("ilsa", option, cell=[1, 2]), _turn("ilsa")]
    return build


PLAYED_PROBES: dict[str, FightProbe | MenuProbe] = {
    # Mira's Fire Bolt from outside the Globe may be aimed at the Lurker inside only without it.
    "Zone.wards": MenuProbe(_globe(WARDS.GLOBE["mechanics"]["zone"]["wards"], "wards"), "mira", board=WARDS.FIELD),
    # A ward of level 1: Magic Missile paid from a 2nd-level slot is kept off the Lurker only
    # when judged by its base level.
    "Wards.by": MenuProbe(_globe({"catalogs": ["spells"], "maxLevel": 1, "by": "base"}, "by"), "mira",
                          board=WARDS.FIELD),
    # A ward of level 0 cast from a 7th-level slot keeps 1st-level Magic Missile off the Lurker
    # only with `maxLevelPerCostStep: 1`.
    "Wards.maxLevelPerCostStep": MenuProbe(_globe({"catalogs": ["spells"], "maxLevel": 0, "maxLevelPerCostStep": 1},
                                                  "maxLevelPerCostStep", "slots_7"), "mira", board=WARDS.FIELD),
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
    # Spirit Guardians carried four cells east reaches the Lurker; held at its point it does not.
    "Zone.anchor = 'caster'": FightProbe(_carried, board=CARRIED.FIELD),
    # A carried line goes one step north-east with Ilsa; held at its point it stays.
    "Mechanics.zone.anchor = 'caster on a line or cone'": FightProbe(_gust("anchor"), board=CARRIED.FIELD),
    "ItemUse.zone.anchor = 'caster on a line or cone'": FightProbe(_wand_of_gusts, board=CARRIED.FIELD),
    # "Turn Gust of Wind" is on Ilsa's menu only with `turn`.
    "Zone.turn": MenuProbe(_gust("turn"), "ilsa", board=CARRIED.FIELD),
    # The Lurker's walk away from Ilsa in Gust of Wind's line costs less with `towardCaster`.
    "ZoneTerrain.towardCaster": FightProbe(_toward, board=CARRIED.FIELD),
    # Flaming Sphere stops at the Lurker and rams it only with `ram`.
    "ZoneMove.ram": FightProbe(_rams, board=ZK.BOARD),
    # Without `detonates` (nor its `grows` and `touched`) the fireball lands as it is cast.
    "Zone.detonates": FightProbe(_blast(("detonates", "grows", "touched"), [5, 2], BLAST + [10, 10], None),
                                 board=ZK.BOARD),
    # Going off as Ilsa's concentration fails: 13d6 with `grows`, 12d6 without.
    "Zone.grows": FightProbe(_blast(("grows",), [5, 2], [15, 4, 2, 3] + BLAST + [10], _BITES), board=ZK.BOARD),
    # The Hound entering its centre sets it off only with `touched`.
    "Zone.touched": FightProbe(_blast(("touched",), [3, 1], [5] + BLAST + [4, 15],
                                      [_turn("cinder-hound", "move:5,2")]), board=ZK.BOARD),
    # The webbed Hound's turn start: 3d6 bludgeoning with `whileHeld`, a save without.
    "Zone.whileHeld": FightProbe(_held, board=ZK.BOARD),
    # Fire Bolt on the webbed Hound sets the web alight only with `burns`: it burns the Hound
    # at its turn start and burns away as Ilsa's turn comes again.
    "Zone.burns": FightProbe(_burning, board=ZK.BOARD),
    # Inside the zone Ilsa is blinded (the bite has advantage) and immune to its fire.
    "Zone.inside": FightProbe(_inside, board=WIDE),
}
FIGHT_SAMPLES: dict[str, tuple[str, Any]] = {}
REFUSED_SAMPLES: dict[str, tuple[Any, dict[str, Any]]] = {}
REFUSED_VALUE_SAMPLES: dict[str, tuple[str, Any, dict[str, Any]]] = {}
