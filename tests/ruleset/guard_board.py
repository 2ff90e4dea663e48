"""The capability guard's probes for the board: zones, areas, auras, cover, obscurement, terrain, teleports, and the combat block's own keys (economy, initiative, threat, tiers)
(tests/ruleset/test_capability_guard.py merges them).

A key of an object only a refused key holds (a lasting zone's, an aura's, a teleport's, a
creature's charge) is refused with the key that holds it; the samples below are the
companions each such key's own rules want, so the package is refused for the holding key and
not for a missing companion."""

from __future__ import annotations

import copy
from dataclasses import replace
from typing import Any

from tests.combat.extras_kit import add_knack, juno, knack_roads
from tests.combat import board_windows_kit as BK
from tests.combat import pool_kit, windows_kit
from tests.combat import roll_answers_kit as RK
from tests.combat.extras_kit import pell
from tests.combat.test_board_flight import BITE as FLIGHT_BITE
from tests.combat.test_board_flight import FIRST as FLIGHT_FIRST
from tests.combat.test_board_flight import flight_pkg
from tests.combat.test_riders import SLY
from tests.combat.test_initiative_and_tracks import STUMP
from tests.combat.test_pool_initiative import ir_package
from tests.combat.kit import add_charm, add_creature, foe, juno_marsh, marsh, wren_marsh
from shared.combat.invention import asks_in, gm_numbers, settle
from shared.ruleset.package import Ruleset
from tests.combat.budget_kit import budget_marsh, party
from tests.ruleset.capability_probes import SCENARIOS, FightProbe, MenuProbe, Scenario, SheetProbe
from tests.combat import zones_kit as ZK
from tests.combat.test_board_zones import SPIKES, START as ZONE_START, STORY, wand_fight

# ---------------------------------------------------------------------------
# cover on a board (tests/combat/test_board_save_cover.py)
# ---------------------------------------------------------------------------

#: From 0, 0 the line to 5, 3 slips between two walls: three-quarters cover.
GAP_ROWS = ["......", "...#..", "..#...", "......"]
#: An open field: only a creature in between gives cover.
OPEN_ROWS = ["......"]
GAS = {"actor": "wren", "option": "ability:charms:marsh-gas", "targets": ["bog-hound"]}


def _cover_fight(cover: dict[str, Any], key: str, hounds: list[list[int]], saves: list[int]):
    """Lantern Marsh on a d20: Wren (on 0, 0) casts Marsh Gas (1d8 fire, a Grit save for
    half, difficulty 12) at the first hound, with `cover` as the combat block's, with and
    without `key`. Dice: each hound's 2d6 health (3, 3), initiative (Wren 12, the hounds
    1), the gas's 1d8 (7), then the save."""
    def build(with_key: bool):
        pkg = marsh(d20=True)
        add_charm(pkg, "marsh-gas", "Marsh Gas", {
            "kind": "attack", "range": 6, "targets": "enemy", "amount": {"dice": "1d8"}, "damageType": "fire",
            "save": {"save": "grit_save", "onSuccess": "half"}})
        pkg["combat"]["cover"] = {k: v for k, v in cover.items() if with_key or k != key}
        foes = [foe("bog-hound", position=at) for at in hounds]
        dice = [3, 3] * len(hounds) + [12] + [1] * len(hounds) + [7, *saves]
        return pkg, [wren_marsh("marsh-gas") | {"position": [0, 0]}], foes, dice, [dict(GAS)]
    return build


def _area_fight(area: dict[str, Any], key: str, wren: list[int], hounds: list[list[int]], aim: dict[str, Any],
                cover: dict[str, Any] | None = None):
    """Lantern Marsh on a d20: Wren casts Marsh Gas shaped as `area` at `aim`, with and
    without `key`. Dice as `_cover_fight`'s, every save a 10."""
    def build(with_key: bool):
        pkg = marsh(d20=True)
        shape = {k: v for k, v in area.items() if with_key or k != key}
        add_charm(pkg, "marsh-gas", "Marsh Gas", {
            "kind": "attack", "range": 6, "targets": "enemy", "amount": {"dice": "1d8"}, "damageType": "fire",
            "save": {"save": "grit_save", "onSuccess": "half"}, "area": shape})
        if cover is not None:
            pkg["combat"]["cover"] = cover
        foes = [foe("bog-hound", position=at) for at in hounds]
        # One save more than the hounds: the caster caught in her own burst rolls one too.
        dice = [3, 3] * len(hounds) + [12] + [1] * len(hounds) + [7] + [10] * (len(hounds) + 1)
        choice = {"actor": "wren", "option": "ability:charms:marsh-gas", "targets": [], **aim}
        return pkg, [wren_marsh("marsh-gas") | {"position": wren}], foes, dice, [choice]
    return build


def _box_fight(with_key: bool):
    """Wren on 0, 1 sends Marsh Gas (size 3) to 2, 1 as a box or, without the value, a burst
    (`_area_fight`'s dice): the box runs east of 2, 1 (x 2 to 4, y 0 to 2) and catches the
    hound on 4, 0 only; the burst of the same size spreads two cells every way from 2, 1 and
    catches Wren on 0, 1 as well."""
    area = {"shape": "box" if with_key else "burst", "size": 3}
    return _area_fight(area, "", [0, 1], [[4, 0]], {"cell": [2, 1]})(with_key)


# ---------------------------------------------------------------------------
# lasting zones (tests/combat/test_board_zones.py)
# ---------------------------------------------------------------------------

_CAST_MOONBEAM = {"actor": "ilsa", "option": "ability:spells:moonbeam", "targets": [], "cell": [5, 2]}


def _moonbeam_zone(key: str | None):
    """Ilsa (on 0, 2) casts the 5e Moonbeam on the Thorn Lurker (5, 2) and ends her turn; the
    Lurker ends its own. With `zone` (or its `key`) and without."""
    def build(with_key: bool):
        zone = dict(ZK.MOONBEAM_ZONE)
        if key is not None and not with_key:
            zone.pop(key)
        pkg = ZK.package(zone=zone if with_key or key is not None else None)
        return pkg, [ZK.ilsa([0, 2])], ZK.foes([5, 2], [8, 2]), ZONE_START + STORY, [
            _CAST_MOONBEAM, {"actor": "ilsa", "option": "end-turn", "targets": []},
            {"actor": "thorn-lurker", "option": "end-turn", "targets": []}]
    return build


def _drifting(with_key: bool):
    """Moonbeam with and without `drift: {distance: 10}`: as Ilsa's second turn starts it
    drifts from the Lurker (5, 2) onto the Hound (7, 2), which it affects."""
    zone = dict(ZK.MOONBEAM_ZONE) | ({"drift": {"distance": 10}} if with_key else {})
    return ZK.package(zone=zone), [ZK.ilsa([0, 2])], ZK.foes([5, 2], [7, 2]), ZONE_START + STORY, [
        _CAST_MOONBEAM, {"actor": "ilsa", "option": "end-turn", "targets": []},
        {"actor": "ilsa", "option": "end-turn", "targets": []}]


def _wand(with_key: bool):
    """Brom uses the Wand of Moonbeams on the Cinder Hound, with and without its use's
    `zone`, and ends his turn: the Hound's turn starts in the zone only with it."""
    pkg, party, foes, dice = wand_fight(with_key)
    return pkg, party, foes, dice, [
        {"actor": "brom", "option": "item:wand-of-moonbeams", "targets": [], "cell": [5, 2]},
        {"actor": "brom", "option": "end-turn", "targets": []}]


def _capped(with_key: bool):
    """Moonbeam with and without `damageCap: 4`: the Lurker's turn start deals 4, and with
    the cap the zone ends there."""
    zone = dict(ZK.MOONBEAM_ZONE) | ({"damageCap": 4} if with_key else {})
    return ZK.package(zone=zone), [ZK.ilsa([0, 2])], ZK.foes([5, 2], [8, 2]), ZONE_START + STORY, [
        _CAST_MOONBEAM, {"actor": "ilsa", "option": "end-turn", "targets": []},
        {"actor": "thorn-lurker", "option": "end-turn", "targets": []}]


def _spike_terrain(with_key: bool):
    """Ilsa lays Spike Growth on 5, 2 and the Cinder Hound (8, 2) walks three cells into it:
    with its `terrain` 6 cells and 3 x 2d4 piercing, without it 3 cells and no harm."""
    zone = dict(ZK.SPIKE_GROWTH["mechanics"]["zone"])
    if not with_key:
        zone.pop("terrain")
    return ZK.package(spike=zone), [ZK.ilsa([0, 2])], ZK.foes(hound=[8, 2]), [5, 5, 5, 5, 5, 20, 1] + SPIKES, [
        {"actor": "ilsa", "option": "ability:spells:spike-growth", "targets": [], "cell": [5, 2]},
        {"actor": "cinder-hound", "option": "move:5,2", "targets": []}]


_WEB_HOLD = {"condition": "restrained", "duration": {"rounds": 100}, "escapeDc": "save", "escapeChecks": ["might"]}


def _web_on_the_lurker(hold: dict[str, Any], escapable: bool = True, tears: bool = False, at: int = 8):
    """Ilsa webs the Thorn Lurker (at, 2; 3d8 + 3: 8, 8, 4) with `hold` as Web's `applies`:
    its Dexterity save 5 + 4 = 9 fails; at its turn start it saves again with disadvantage
    (20, 12: 16, a success). With `tears` it then tries to break free with a 10."""
    def dice() -> list[int]:
        return [8, 8, 4, 20, 1, 5, 20, 12, 10, 10, 10]

    def choices() -> list[dict[str, Any]]:
        out = [{"actor": "ilsa", "option": "ability:spells:web", "targets": [], "cell": [at - 2 if at > 2 else at, 2]}]
        if tears:
            out.append({"actor": "thorn-lurker", "option": "contest:tear_restrained", "targets": ["ilsa"]})
        return out
    return ZK.package(web_hold=hold, escapable=escapable), [ZK.ilsa([0, 2])], ZK.foes(lurker=[at, 2]), dice(), choices()


def _spray_fight(area: dict[str, Any], key: str, spitter: list[int], juno: list[int], wren: list[int],
                 aim: list[int], cover: dict[str, Any] | None = None, placing: dict[str, Any] | None = None):
    """Lantern Marsh on a d20: a Spitter (first: initiative 12 against Juno's and Wren's 1)
    sprays 1d6 fire shaped as `area` at `aim`, a Grit save (difficulty 12) for half, with
    and without `key`; with it, the choice also lays the area out as `placing` says. Dice:
    initiative, the spray's 1d6 (5), then every save a 5 (Juno's Grit + 3 makes 8, a
    failure)."""
    def build(with_key: bool):
        pkg = marsh(d20=True)
        shape = {k: v for k, v in area.items() if with_key or k != key}
        add_creature(pkg, "spitter", "Spitter", {
            "health": 9, "defense": 8, "initiativeModifier": 0, "speed": 6, "tier": "pack",
            "actions": [{"id": "spray", "name": "Spray", "budget": "act", "range": 6,
                         "damage": {"dice": "1d6", "type": "fire"}, "area": shape,
                         "save": {"save": "grit_save", "difficulty": 12, "onSuccess": "half"}}]})
        if cover is not None:
            pkg["combat"]["cover"] = cover
        party = [juno_marsh() | {"position": juno}, wren_marsh() | {"position": wren}]
        return pkg, party, [foe("spitter", position=spitter)], [1, 1, 12] + [5] * 10, [
            {"actor": "spitter", "option": "action:spray", "targets": [], "cell": aim,
             **(placing if with_key and placing else {})}]
    return build


def _spark_burst(with_key: bool):
    """Ember Roads' knacks (tests/combat/test_costs_payments.py): Juno (initiative 6 + 6,
    first) pays Spark one step up (Ember 2) and aims its burst at the jackal on 4, 0; a
    burst that grows `sizePerCostStep` with the step, and one that does not."""
    area = {"shape": "burst", "size": 2, **({"sizePerCostStep": 2} if with_key else {})}
    pkg = knack_roads()
    add_knack(pkg, "spark", "Spark", {"kind": "attack", "autoHit": True, "range": 20, "amount": {"dice": "1d6"},
                                      "damageType": "fire", "cost": [{"pool": "ember_1", "amount": 1}], "area": area})
    foes = [foe("rust-jackal", position=[4, 0]), foe("rust-jackal", position=[5, 0])]
    return pkg, [juno("spark") | {"position": [0, 0]}], foes, [6, 6, 1, 1, 1, 1, 3, 3, 3], [
        {"actor": "juno", "option": "ability:knacks:spark@ember_2", "targets": [], "cell": [4, 0]}]


def _wyrm_bites(with_key: bool):
    """The window tests' package (tests/combat/test_windows.py): the Marsh wyrm (initiative
    12, first; 3 signature points) bites Juno; as Juno's turn begins it is asked whether to
    buy a signature action only with `signatureAtTurnStart`."""
    pkg = windows_kit.package(signature_at_turn_start=with_key)
    return pkg, [windows_kit.juno()], [windows_kit.foe("marsh-wyrm")], [1, 12] + [10] * 6, [
        {"actor": "marsh-wyrm", "option": "action:bite", "targets": ["juno"]}]


def _flight_pkg() -> dict[str, Any]:
    """Ember Roads' knacks on a board (tests/combat/test_board_flight.py): 2 paces a cell,
    everyone walks 8 paces; a Kite walks 4 paces and flies 12."""
    pkg = knack_roads()
    pkg["combat"]["economy"]["movement"] = {"const": 8}
    add_creature(pkg, "kite", "Kite", {"health": 12, "defense": 6, "initiativeModifier": 0, "tier": "pack",
                                       "speed": 4, "speeds": {"fly": 12},
                                       "actions": [{"id": "bite", "name": "Bite", "budget": "act", "toHit": 2,
                                                    "damage": {"dice": "1d4"}}]})
    return pkg


def _swim(with_key: bool):
    """Juno (first: initiative 6 + 6) on the bank at 5, 0 steps into the river on 4, 0:
    swimming Brawn 3 paces (`movementModes`) it costs one cell's 2 paces; wading, 4."""
    pkg = _flight_pkg()
    if with_key:
        pkg["combat"]["economy"]["movementModes"] = {"swim": {"abilityScore": "brawn"}}
    return pkg, [juno() | {"position": [5, 0]}], [foe("kite", position=[0, 0])], [6, 6, 1, 1] + [3] * 10, [
        {"actor": "juno", "option": "move:4,0", "targets": []}]


def _high_ground(with_key: bool):
    """Juno (first) on a rise one level (2 paces) above the Kite beside her swings her Road
    axe at it: `elevation`'s high ground takes 2 off the Kite's defense; without the key,
    the fight has no rule for height."""
    pkg = _flight_pkg()
    if with_key:
        pkg["combat"]["elevation"] = {"levelHeight": 2, "highGround": {"bonus": 2}}
    return pkg, [juno() | {"position": [1, 0]}], [foe("kite", position=[2, 0])], [6, 6, 1, 1] + [2] * 10, [
        {"actor": "juno", "option": "attack:gear:road-axe", "targets": ["kite"]}]


def _foresight(with_key: bool):
    """Lantern Marsh (tests/combat/test_initiative_and_tracks.py): Juno holds Foresight
    (advantage on her own checks). With `checkAbility: nerve` initiative is a Nerve check,
    so she rolls it twice: 9 (dropped 3) + 1 = 10, first; without, 3 + 1 = 4, after the
    Stump's 9."""
    pkg = add_creature(marsh(), "stump", "Stump", STUMP)
    pkg["sheet"]["live"]["conditions"].append({"id": "foresight", "label": "Foresight"})
    pkg["combat"]["conditions"].append({"condition": "foresight", "effects": ["own-checks-advantage"]})
    if with_key:
        pkg["combat"]["initiative"]["checkAbility"] = "nerve"
    return pkg, [juno_marsh(live={"conditions": ["foresight"]})], [foe("stump")], [3, 9, 4, 4], []


def _wounds(with_key: bool):
    """The Stump (first) bites Juno for 3: on a plain Wounds track (0 to 6) health fills
    toward its maximum ("Juno has 3 of 6 Wounds."); on Lantern Marsh's Breath pool it goes
    down (8 of 11)."""
    pkg = add_creature(marsh(), "stump", "Stump", STUMP)
    if with_key:
        pkg["sheet"]["live"]["tracks"].append({"id": "wounds", "label": "Wounds", "min": 0, "max": 6, "default": 0})
        pkg["combat"]["health"] = {"track": "wounds"}
    return pkg, [juno_marsh()], [foe("stump")], [1, 12, 10, 3], [
        {"actor": "stump", "option": "action:bite", "targets": ["juno"]}]


def _hard_skin(with_key: bool):
    """Initiative that attacks move (tests/combat/test_pool_initiative.py): the Rat (4,
    first) spends its initiative on a Telling blow at Juno; `pool.hardness` 5 stops its 4
    dice, without it they deal damage."""
    pkg = ir_package()
    if with_key:
        pkg["combat"]["pool"]["hardness"] = {"const": 5}
    return pkg, [pool_kit.juno()], [foe("rat")], [1, 1, 1, 9] + [8] * 12, [
        {"actor": "rat", "option": "action:gnaw#telling", "targets": ["juno"]}]


def _pool_initiative(with_key: bool):
    """A dice-pool fight (tests/combat/pool_kit.py): initiative thrown as a pool of Brawn
    (`initiative.pool`, successes on 7 and up: d10s 7, 9, 3 for Juno, 2 for the Rat), or
    rolled as 2d6 + Wits without it (5 + 4 and 2 + 1): each throws its own dice."""
    pkg = pool_kit.pool_package()
    if with_key:
        pkg["combat"]["initiative"] = {"pool": {"abilityMod": "brawn"}}
    dice = [7, 9, 3, 2] if with_key else [5, 4, 2, 1]
    return pkg, [pool_kit.juno()], [foe("rat")], dice, []


def _finesse(with_key: bool):
    """Lantern Marsh's kit offers "finesse" as a row's ability (SRD 5.1's Finesse): Juno's
    Dagger rolls 1d12 (7) against the Bog Hound's Guard 8. With `abilityChoices`
    {finesse: [might, nerve]} it takes her better Might 3 (7 + 3 = 10, a hit for 1d4 2 + 3);
    without, "finesse" names no ability and adds nothing (7 against 8, a miss)."""
    pkg = marsh()
    kit = next(lst for lst in pkg["sheet"]["lists"] if lst["id"] == "kit")
    next(col for col in kit["columns"] if col["id"] == "rolls")["values"].append("finesse")
    if with_key:
        pkg["combat"]["attacks"][0]["abilityChoices"] = {"finesse": ["might", "nerve"]}
    juno = juno_marsh()
    juno["sheet"]["lists"]["kit"] = [{"name": "Dagger", "rolls": "finesse", "damage": "1d4", "harm": "cut"}]
    # The hound's 2d6 health (3, 3), initiative (Juno 12, the hound 1), the attack, the damage.
    return pkg, [juno], [foe("bog-hound")], [3, 3, 12, 1, 7, 2], [
        {"actor": "juno", "option": "attack:kit:dagger", "targets": ["bog-hound"]}]


# ---------------------------------------------------------------------------
# an encounter budget (tests/combat/test_budget.py): what the GM is told and what it may invent
# ---------------------------------------------------------------------------

#: A bestiary Bog hound (Pack) and two invented Dread opponents the GM wrote nothing for.
DROWNED = [{"creature": "bog-hound"}, {"invent": 2, "tier": "dread", "brief": "drowned knights"}]


def _settled(rs: Ruleset, _sheet: dict[str, Any]) -> list[str]:
    """The adjustments of a Normal fight for Juno and Wren (Rank 2 each)."""
    return settle(rs, party(2, 2), DROWNED, [], "normal")[1]


def _gm_told(rs: Ruleset, _sheet: dict[str, Any]) -> dict[str, Any]:
    asks, _problems = asks_in(DROWNED)
    return gm_numbers(rs, party(2, 2), DROWNED, asks, "normal")


def _with_budget(with_key: bool):
    """Lantern Marsh with worths (Flicker 25, Pack 100, Dread 400), with and without the
    encounter `budget`: with it the fight is worth 2,250 (900 x 2.5 for three opponents)
    against the Medium budget of 200, so both Dread are lowered, step by step, to Flicker."""
    pkg = budget_marsh()
    if not with_key:
        del pkg["combat"]["threat"]["budget"]
    return pkg, {}


def _with_worth(with_key: bool):
    """Lantern Marsh's tiers with and without their worth (no budget): the GM is told each
    tier's worth only with it."""
    pkg = budget_marsh()
    del pkg["combat"]["threat"]["budget"]
    if not with_key:
        for tier in pkg["combat"]["threat"]["tiers"]:
            del tier["worth"]
    return pkg, {}


#: Played keys: a scripted fight built with and without the key (`FightProbe`), or what the
#: GM is told and may invent outside a fight (`SheetProbe`).
PLAYED_PROBES: dict[str, FightProbe | SheetProbe] = {
    "Threat.budget": SheetProbe(_with_budget, view=_settled),
    "Tier.worth": SheetProbe(_with_worth, view=_gm_told),
    "AttackList.abilityChoices": FightProbe(_finesse),
    "Initiative.pool": FightProbe(_pool_initiative),
    "Initiative.checkAbility": FightProbe(_foresight),
    "Health.track = 'a plain track (no levels or boxes)'": FightProbe(_wounds),
    "PoolBlock.hardness": FightProbe(_hard_skin),
    "Economy.movementModes": FightProbe(_swim, board={"rows": ["~~~~~."]}),
    "Combat.elevation": FightProbe(_high_ground, board={"rows": ["....."], "heights": ["01000"]}),
    # "The fight waits: Juno's turn begins; signature actions may be bought. Asked in turn:
    # Marsh wyrm." with the key; without it, Juno's turn simply begins.
    "Combat.signatureAtTurnStart": FightProbe(_wyrm_bites),
    # Paid one step up, a 2-pace burst (one cell on Ember Roads' 2-pace cells) grows 2 paces
    # to a 3 x 3 square on 4, 0 and catches the jackal on 5, 0 too; without, only the one on
    # 4, 0 (Spark's 1d6 rolls 3 for each).
    "Area.sizePerCostStep": FightProbe(_spark_burst, board={"rows": ["......."] * 3}),
    # The Spitter on 0, 1 sprays a 5-long line east at 5, 1: two wide it catches Wren on
    # 3, 0 (the extra column on its left, north) as well as Juno on 3, 1; one wide, Juno only.
    "ActionArea.width": FightProbe(_spray_fight({"shape": "line", "size": 5, "width": 2}, "width", [0, 1], [3, 1],
                                                [3, 0], [5, 1]), board={"rows": ["......", "......"]}),
    # A 3 x 3 burst on the Spitter's own cell (2, 1) catches Juno and Wren beside it; `around`
    # leaves the Spitter out, without it the Spitter is caught in its own spray too.
    # Two one-cell bursts, on Juno (1, 1) and, touching it, on Wren (2, 1): with `copies` the
    # spray catches both, without only Juno.
    "ActionArea.copies": FightProbe(_spray_fight({"shape": "burst", "size": 1, "copies": 2}, "copies", [4, 1],
                                                 [1, 1], [2, 1], [1, 1], placing={"copies": [[2, 1]]}),
                                    board={"rows": [".....", ".....", "....."]}),
    "ActionArea.around": FightProbe(_spray_fight({"shape": "burst", "size": 2, "around": True}, "around", [2, 1],
                                                 [1, 1], [3, 1], [2, 1]), board={"rows": [".....", ".....", "....."]}),
    # A 5 x 5 burst around the Spitter (2, 2): the forest on 3, 2 stands between it and Juno
    # on 4, 2, so her save gets + 2 half cover (5 + 3 + 2 = 10) unless it goes `throughWalls`.
    "ActionArea.throughWalls": FightProbe(
        _spray_fight({"shape": "burst", "size": 3, "around": True, "throughWalls": True}, "throughWalls", [2, 2],
                     [4, 2], [0, 0], [2, 2], cover={"bonus": 2, "saves": ["grit_save"]}),
        board={"rows": [".....", ".....", "...T.", ".....", "....."]}),

    # Wren on 0, 1 aims a 5-long line east at 5, 1: two wide, it also catches the hound on
    # 3, 0 (the extra column on the caster's left, north); one wide, only the one on 3, 1.
    # Moonbeam stays: the Lurker's turn starts in it and it is hit again (4 radiant).
    "Mechanics.zone": FightProbe(_moonbeam_zone(None), board=ZK.BOARD),
    # "Move Moonbeam" is on Ilsa's next menu only with `move`.
    "Zone.move": MenuProbe(_moonbeam_zone("move"), "ilsa", board=ZK.BOARD),
    # Moonbeam drifts onto the Hound as Ilsa's second turn starts, only with `drift`.
    "Zone.drift": FightProbe(_drifting, board=ZK.BOARD),
    # Moonbeam ends once its hits reach the cap ("Moonbeam ends: it has dealt 4 damage").
    "Zone.damageCap": FightProbe(_capped, board=ZK.BOARD),
    # An item's use leaves its zone: the Hound's turn starts in it and it is hit again.
    "ItemUse.zone": FightProbe(_wand, board=ZK.BOARD),
    "ItemUse.zone = 'on an item use'": FightProbe(_wand, board=ZK.BOARD),
    # Spike Growth's terrain: the Hound's three cells cost 6 and deal 3 x 2d4.
    "Zone.terrain": FightProbe(_spike_terrain, board=ZK.BOARD),
    # The web's hold with `escapeDc` is torn against the spell's DC 12 (`from.escapable`
    # offers it); without, the escapable contest is never offered.
    "Apply.escapeDc": MenuProbe(lambda k: _web_on_the_lurker(
        _WEB_HOLD if k else {"condition": "restrained", "duration": {"rounds": 100}}), "thorn-lurker", board=ZK.BOARD),
    # The Lurker tears with a 10: Athletics alone (`escapeChecks`) 10 + 1 = 11 loses against
    # 12; without, its better Acrobatics 10 + 2 = 12 wins.
    "Apply.escapeChecks": FightProbe(lambda k: _web_on_the_lurker(
        _WEB_HOLD if k else {k2: v for k2, v in _WEB_HOLD.items() if k2 != "escapeChecks"}, tears=True), board=ZK.BOARD),
    # A hold without an `escapeDc` (the Lurker webbed beside Ilsa, on 1, 2): `from.escapable`
    # offers no escape; without it the contest is offered against Ilsa as any escape is.
    "ContestHolding.escapable": MenuProbe(lambda k: _web_on_the_lurker(
        {"condition": "restrained", "duration": {"rounds": 100}}, escapable=k, at=1), "thorn-lurker", board=ZK.BOARD),
    "Area.shape = 'box'": FightProbe(_box_fight, board={"rows": ["......", "......", "......"]}),
    "Area.width": FightProbe(_area_fight({"shape": "line", "size": 5, "width": 2}, "width", [0, 1],
                                          [[3, 1], [3, 0]], {"cell": [5, 1]}), board={"rows": ["......", "......"]}),
    # A 3 x 3 burst on Wren's own cell (2, 1) catches the hounds on both sides of her;
    # `around` leaves her out, without it she is caught too (7 fire: she goes down).
    "Area.around": FightProbe(_area_fight({"shape": "burst", "size": 2, "around": True}, "around", [2, 1],
                                           [[3, 1], [1, 1]], {"cell": [2, 1]}), board={"rows": [".....", ".....", "....."]}),
    # A 5 x 5 burst around Wren (2, 2): the forest on 3, 2 stands between her and the hound on
    # 4, 2, so its save of 10 gets + 2 half cover (12 against 12, a success) unless the
    # burst goes `throughWalls` (10 against 12, a failure).
    "Area.throughWalls": FightProbe(_area_fight({"shape": "burst", "size": 3, "around": True, "throughWalls": True},
                                                 "throughWalls", [2, 2], [[4, 2]], {"cell": [2, 2]},
                                                 cover={"bonus": 2, "saves": ["grit_save"]}),
                                     board={"rows": [".....", ".....", "...T.", ".....", "....."]}),

    # Behind the narrow gap the hound's save of 7 gets + 5 three-quarters cover (12 against
    # 12, a success) with `saves`, and nothing without (7 against 12, a failure).
    "Cover.saves": FightProbe(_cover_fight({"bonus": 2, "threeQuarters": 5, "saves": ["grit_save"]}, "saves",
                                           [[5, 3]], [7]), board={"rows": GAP_ROWS}),
    # The same save: + 5 three-quarters cover with `threeQuarters`, + 2 (half's) without.
    "Cover.threeQuarters": FightProbe(_cover_fight({"bonus": 2, "threeQuarters": 5, "saves": ["grit_save"]},
                                                   "threeQuarters", [[5, 3]], [7]), board={"rows": GAP_ROWS}),
    # The second hound (on 2, 0) stands between Wren and the first (on 5, 0): the save of 10
    # gets + 2 half cover with `creatures` (12 against 12, a success), nothing without.
    "Cover.creatures": FightProbe(_cover_fight({"bonus": 2, "saves": ["grit_save"], "creatures": True}, "creatures",
                                               [[5, 0], [2, 0]], [10]), board={"rows": OPEN_ROWS}),
}
#: Played keys put on the objects of a whole fight the Engine plays: (scenario, value).
FIGHT_SAMPLES: dict[str, tuple[str, Any]] = {
    # 5e's unarmed strike, as mechanics-2 writes it: a row every sheet gets in combat.
    "AttackList.always": ("marsh-bare-handed", [{"name": "Bare fist", "rolls": "might", "damage": "1d2", "harm": "bruise"}]),
    # Gravewatch's own trade skill column and a flat +2 on the 5e example's attacks (Archery).
    "AttackToHit.skill": ("gravewatch-combat", {"column": "trade"}),
    "AttackToHit.sheetBonus": ("5e-combat", {"value": {"const": 2}}),
    # Gravewatch's own limit on what one may spend a turn.
    "Combat.spendLimits": ("gravewatch", [{"pool": "resolve", "max": {"const": 1}, "per": "turn"}]),
    # Ember Roads' own Grab: an unarmed party tries it on the jackals ("Juno tries Grab on
    # Rust jackal: 5 (2 + 3) + 3 = 8 with Brawn against 9 ..."); without contests they cannot.
    "Combat.contests": ("ember-roads-unarmed", [{"id": "grab", "label": "Grab", "budget": "act",
                                                 "attacker": {"checks": ["brawn"]},
                                                 "defender": {"checks": ["brawn", "wits"]},
                                                 "onWin": {"applies": [{"condition": "held"}]}}]),
    # Ember Roads' own levels: from Heat 3 the hands shake (-1 to attacks).
    "Combat.levels": ("ember-roads-hot", [{"track": "heat", "at": 3, "modifiers": [{"to": "attacks", "flat": -1}]}]),
    # Every knock turns into a tear (a non-zero `when` turns the rule on).
    "DamageKinds.remap": ("gravewatch", [{"when": {"const": 1}, "from": "knock", "to": "tear"}]),
}

_SHAKEN = {"condition": "shaken", "duration": {"rounds": 1}}

#: Refusal keys: (value, companions) when the key's type alone gives no accepted value.
REFUSED_SAMPLES: dict[str, tuple[Any, dict[str, Any]]] = {
}
#: Refusal values: (key, value, companions).
REFUSED_VALUE_SAMPLES: dict[str, tuple[str, Any, dict[str, Any]]] = {}


# ---------------------------------------------------------------------------
# the golden fights, with the combat block's own objects as anchors
# ---------------------------------------------------------------------------

#: The combat block's objects, by model, at the key of `combat` that holds them (a list:
#: each of its items).
_COMBAT_OBJECTS = {"AttackList": "attacks", "Initiative": "initiative", "PoolBlock": "pool", "Health": "health",
                   "Economy": "economy", "DamageKinds": "damageKinds", "Threat": "threat", "Cover": "cover"}


def _combat_anchors(scenario: Scenario) -> Scenario:
    """`scenario` with the objects its package's combat block already holds as anchors, so a
    key goes on the attack list, initiative or pool the fight plays with (not on a new one)."""
    combat = scenario.package().get("combat") or {}
    anchors = dict(scenario.anchors)
    for model, key in _COMBAT_OBJECTS.items():
        held = combat.get(key)
        if isinstance(held, list):
            anchors[model] = [("combat", key, i) for i in range(len(held))]
        elif isinstance(held, dict):
            anchors[model] = [("combat", key)]
    for i, attacks in enumerate(combat.get("attacks") or []):
        if "toHit" in attacks:
            anchors.setdefault("AttackToHit", []).append(("combat", "attacks", i, "toHit"))
    for i, _tier in enumerate((combat.get("threat") or {}).get("tiers") or []):
        anchors.setdefault("Tier", []).append(("combat", "threat", "tiers", i))
    return replace(scenario, name=scenario.name + "-combat", anchors=anchors)


for _name in ("ember-roads", "5e", "gravewatch", "dockside"):
    SCENARIOS[_name + "-combat"] = _combat_anchors(SCENARIOS[_name])


def _bare_handed() -> list[dict[str, Any]]:
    """Lantern Marsh's Juno with nothing in her kit (the Engine plays her)."""
    juno = juno_marsh()
    juno["sheet"]["lists"]["kit"] = []
    return [{**juno, "controller": "engine"}]


#: Juno carries no weapon against the bog hound: only a row every sheet gets (`always`)
#: gives her something to swing.
SCENARIOS["marsh-bare-handed"] = Scenario(
    "marsh-bare-handed", marsh, _bare_handed, lambda: [foe("bog-hound", controller="engine")],
    {"Ruleset": [()], "AttackList": [("combat", "attacks", 0)]},
)


def _hot_party() -> list[dict[str, Any]]:
    """The Ember Roads golden party, three points into Heat (its level at 3: -1 to attacks)."""
    party = SCENARIOS["ember-roads"].party()
    for member in party:
        member["sheet"].setdefault("live", {}).setdefault("tracks", {})["heat"] = 3
    return party


SCENARIOS["ember-roads-hot"] = replace(SCENARIOS["ember-roads"], name="ember-roads-hot", party=_hot_party)


def _unarmed_party() -> list[dict[str, Any]]:
    """The Ember Roads golden party with nothing in their gear: grabbing is all they can do."""
    party = SCENARIOS["ember-roads"].party()
    for member in party:
        member["sheet"].setdefault("lists", {})["gear"] = []
    return party


SCENARIOS["ember-roads-unarmed"] = replace(SCENARIOS["ember-roads"], name="ember-roads-unarmed", party=_unarmed_party)


# ---------------------------------------------------------------------------
# saves that ignore cover, falls, who answers, fliers, riders and dice taken off a roll
# ---------------------------------------------------------------------------


def _entry(pkg: dict[str, Any], eid: str) -> dict[str, Any]:
    """The catalog entry `eid` of `pkg` (a charm, a knack or a creature)."""
    return next(e for c in pkg["catalogs"] for e in c["entries"] if e["id"] == eid)


def _gas_ignoring_cover(with_key: bool):
    """tests/combat/test_board_save_cover.py: Wren (on 0, 0; initiative 12, first) casts
    Marsh Gas (1d8 = 7, a Grit save for half, difficulty 12) at the hound behind the narrow
    gap; its save of 7 gets + 5 three-quarters cover (12, a success) unless the save
    `ignoresCover` (7, a failure: 7 fire damage)."""
    save = {"save": "grit_save", "onSuccess": "half", **({"ignoresCover": True} if with_key else {})}
    pkg = marsh(d20=True)
    add_charm(pkg, "marsh-gas", "Marsh Gas", {"kind": "attack", "range": 6, "targets": "enemy",
                                              "amount": {"dice": "1d8"}, "damageType": "fire", "save": save})
    pkg["combat"]["cover"] = {"bonus": 2, "threeQuarters": 5, "saves": ["grit_save"]}
    return pkg, [wren_marsh("marsh-gas") | {"position": [0, 0]}], [foe("bog-hound", position=[5, 3])], \
        [3, 3, 12, 1, 7, 7], [dict(GAS)]


def _glare(with_key: bool):
    """tests/combat/test_board_save_cover.py: the Spitter (on 3, 0; initiative 12, first)
    glares at Juno on 0, 0 across the forest on 2, 0 (1d6 = 5 fire, a Grit save for half,
    difficulty 12): her save is 5 + 3 + 2 half cover = 10, or 5 + 3 = 8 when the action's
    save `ignoresCover`."""
    save = {"save": "grit_save", "difficulty": 12, "onSuccess": "half", **({"ignoresCover": True} if with_key else {})}
    pkg = marsh(d20=True)
    pkg["combat"]["cover"] = {"bonus": 2, "saves": ["grit_save"]}
    add_creature(pkg, "spitter", "Spitter", {
        "health": 9, "defense": 8, "initiativeModifier": 0, "speed": 6, "tier": "pack",
        "actions": [{"id": "glare", "name": "Holy Glare", "budget": "act", "range": 6,
                     "damage": {"dice": "1d6", "type": "fire"}, "save": save}]})
    return pkg, [juno_marsh() | {"position": [0, 0]}], [foe("spitter", position=[3, 0])], [1, 12] + [5] * 10, [
        {"actor": "spitter", "option": "action:glare", "targets": ["juno"]}]


def _shoved_off_the_ledge(edit: Any, *, wren_controller: str = "player"):
    """tests/combat/test_board_windows.py: the Ogre (first: initiative 12) shoves Juno off
    the two-level ledge (15 + 4 = 19 against 3 + 3 = 6); Wren holds Feather Fall (a
    reaction on `falls`). `edit(pkg, with_key)` changes the package."""
    def build(with_key: bool):
        pkg = BK.package()
        edit(pkg, with_key)
        party = [BK.at(windows_kit.juno(), 1, 1), BK.at(windows_kit.wren("feather-fall", controller=wren_controller), 0, 0)]
        return pkg, party, [windows_kit.foe("ogre", position=[0, 1])], [1, 1, 12] + [15, 3, 4, 2, 5, 6] * 10, [
            {"actor": "ogre", "option": "contest:shove", "targets": ["juno"]}]
    return build


def _feather_on(reaction: dict[str, Any]):
    """Feather Fall answers `reaction` with the key, a hit (`on: hit`) without it."""
    def edit(pkg: dict[str, Any], with_key: bool) -> None:
        _entry(pkg, "feather-fall")["mechanics"]["reaction"] = reaction if with_key else {"on": "hit"}
    return edit


def _feather_safely(pkg: dict[str, Any], with_key: bool) -> None:
    """Feather falling keeps the fall's harm off only with `fallsSafely`."""
    if not with_key:
        held = next(c for c in pkg["combat"]["conditions"] if c["condition"] == "feather_falling")
        del held["fallsSafely"]


def _hag_behind_a_wall(with_key: bool):
    """tests/combat/test_board_windows.py: the Masked hag (on 4, 1, behind the wall on
    column 2) may answer Juno's turn start with Unnerving Mask (range 30); `seesSource`
    keeps her silent ("Juno's turn."), without it the fight waits for her."""
    pkg = BK.package()
    mask = next(a for a in _entry(pkg, "masked-hag")["creature"]["actions"] if a["id"] == "unnerving_mask")
    if not with_key:
        del mask["reaction"]["seesSource"]
    return pkg, [BK.at(windows_kit.juno(), 0, 1)], [windows_kit.foe("masked-hag", position=[4, 1])], [12, 1] + [15, 3, 4, 2] * 10, []


def _ward_far_off(with_key: bool):
    """tests/combat/test_board_windows.py: the Ogre (first) clubs Juno on 1, 1; Wren on 5, 0
    holds Guardian Ward (here reaching 6 cells): `within` 1 of the one hit leaves her out
    (the club simply deals its damage); an answer for an ally cannot go without a `within`,
    so without the 1-stride limit the ward reaches as far as its range (6) and the fight
    waits for her answer."""
    pkg = BK.package()
    ward = _entry(pkg, "guardian-ward")["mechanics"]
    ward["range"] = 6
    ward["reaction"]["within"] = 1 if with_key else 6
    party = [BK.at(windows_kit.juno(), 1, 1), BK.at(windows_kit.wren("guardian-ward"), 5, 0)]
    return pkg, party, [windows_kit.foe("ogre", position=[2, 1])], [1, 1, 12] + [15, 3, 4, 2, 5, 6] * 10, [
        {"actor": "ogre", "option": "action:club", "targets": ["juno"]}]


def _flier(block: dict[str, Any], key: str):
    """tests/combat/test_board_flight.py's package (elevation on, 2 paces a level): a Gull
    with `block`, with and without `key`, faces Juno (first: 6 + 6) on an open row."""
    def build(with_key: bool):
        pkg = flight_pkg()
        add_creature(pkg, "gull", "Gull", {"health": 12, "defense": 6, "initiativeModifier": 0, "tier": "pack",
                                           "actions": FLIGHT_BITE,
                                           **{k: v for k, v in block.items() if with_key or k != key}})
        return pkg, [juno() | {"position": [0, 0]}], [foe("gull", position=[4, 0])], list(FLIGHT_FIRST), []
    return build


def riders_pkg() -> dict[str, Any]:
    """tests/combat/test_riders.py's package: Ember Roads' knacks on a d20, two acts a turn,
    Juno's Sly Strike, and the Ash-hound (Guard 6, 30 Grit) whose Pack rider adds 1d4 fire
    to a Bite once a round."""
    pkg = knack_roads(d20=True)
    pkg["combat"]["economy"]["budgets"][0]["count"] = 2
    add_knack(pkg, "sly-strike", "Sly Strike", copy.deepcopy(SLY))
    return add_creature(pkg, "ash-hound", "Ash-hound", {
        "health": 30, "defense": 6, "initiativeModifier": 0, "tier": "pack",
        "actions": [{"id": "bite", "name": "Bite", "budget": "act", "toHit": 4, "damage": {"dice": "1d4"}}],
        "riders": [{"id": "pack", "name": "Pack", "on": "hit", "oncePer": "round", "amount": {"dice": "1d4"},
                    "type": "fire", "actions": ["bite"]}]})


def _sly_strike(when: list[str], ally: list[str]):
    """tests/combat/test_riders.py: Juno (first: 6 + 6) swings her light Road axe at the
    Ash-hound (15 + 3 = 18 against Guard 6, a hit for 2 + 3) with Pell standing by and no
    advantage. Sly Strike's `when` is `ally` with the key (an ally at hand and no
    disadvantage: it adds 2d6, 6 + 6 = 12, the hound at 13 of 30) and `when` without it
    (advantage, which she lacks: nothing added, 25 of 30)."""
    def build(with_key: bool):
        pkg = riders_pkg()
        _entry(pkg, "sly-strike")["mechanics"]["rider"]["when"] = ally if with_key else when
        return pkg, [juno("sly-strike", light=True), pell()], [foe("ash-hound")], [6, 6, 1, 1, 1, 1, 15, 2, 6, 6], [
            {"actor": "juno", "option": "attack:gear:road-axe", "targets": ["ash-hound"]}]
    return build


def _tagged_rider(with_key: bool):
    """Juno (first: 6 + 6) swings her Road axe at the Ash-hound (15 + 3 = 18 against Guard 6,
    a hit for 2 + 3 = 5: 25 of 30 Grit). Cold Edge (+ 2 on a hit, once a round) naming held
    weapons' tags (`weapons`: cold iron) fires on no attack list row, since no held weapon
    is resolved yet; naming nothing it rides every blow (+ 2 cut: 23 of 30)."""
    pkg = riders_pkg()
    pkg["items"] = {"categories": [{"id": "weapon", "label": "Weapon"}], "tags": [{"id": "cold_iron", "label": "Cold iron"}]}
    add_knack(pkg, "edge", "Cold Edge", {"kind": "rider", "rider": {
        "on": "hit", "oncePer": "round", "amount": {"flat": 2}, **({"weapons": {"tags": ["cold_iron"]}} if with_key else {})}})
    return pkg, [juno("edge")], [foe("ash-hound")], [6, 6, 1, 1, 15, 2], [
        {"actor": "juno", "option": "attack:gear:road-axe", "targets": ["ash-hound"]}]


def _pack_rider(with_key: bool):
    """tests/combat/test_riders.py's Ash-hound (its Pack rider: 1d4 fire on a Bite, once a
    round) with a second hound at hand. Initiative: Juno 1 + 1, the first hound 6 + 6
    (first), the second 1 + 1. The first bites Juno (15 + 4 = 19 against Guard 6, a hit for
    2: 8 of 10 Grit); Pack adds its 1d4 (3 fire: 5 of 10) when its `when` holds: an ally at
    hand and no disadvantage with the key, advantage (it has none) without it."""
    pkg = riders_pkg()
    pack = _entry(pkg, "ash-hound")["creature"]["riders"][0]
    pack["when"] = ["ally-adjacent-no-disadvantage"] if with_key else ["advantage"]
    return pkg, [juno()], [foe("ash-hound"), foe("ash-hound")], [1, 1, 6, 6, 1, 1, 15, 2, 3] + [1] * 10, [
        {"actor": "ash-hound", "option": "action:bite", "targets": ["juno"]}]


def _sharp_words(with_key: bool):
    """tests/combat/test_lowers_also.py: Juno (first) grabs the Ogre, 5 + 3 = 8 against
    5 + 0 = 5; the Sharp witch's Sharp Words takes its 1d6 (4) off the check only with
    `also: [checks, damage]` (8 - 4 = 4 against 6: the Ogre wins); without, the hit only,
    so the Ogre is Held."""
    pkg = RK.package()
    lowers = _entry(pkg, "sharp-words")["mechanics"]["lowersRoll"]
    if not with_key:
        del lowers["also"]
    return pkg, [windows_kit.juno()], [windows_kit.foe("sharp-witch"), windows_kit.foe("ogre")], [12, 1, 5] + [5, 5, 4, 2] * 6, [
        {"actor": "juno", "option": "contest:grab", "targets": ["ogre"]}]


PLAYED_PROBES.update({
    "EntrySave.ignoresCover": FightProbe(_gas_ignoring_cover, board={"rows": GAP_ROWS}),
    "ActionSave.ignoresCover": FightProbe(_glare, board={"rows": ["..T.", "...."]}),
    # "The fight waits: Juno falls. Asked in turn: Wren." only when Feather Fall answers falls.
    "Reaction.on = 'falls'": FightProbe(_shoved_off_the_ledge(_feather_on({"on": "falls"})), board=BK.LEDGE),
    "AlsoMoment.on = 'falls'": FightProbe(
        _shoved_off_the_ledge(_feather_on({"on": "hit", "also": [{"on": "falls"}]})), board=BK.LEDGE),
    # The Engine's Wren catches the fall: "Juno falls 10 strides and lands safely" with
    # `fallsSafely`; without it the fall's 2d6 harm lands anyway.
    "CombatCondition.fallsSafely": FightProbe(_shoved_off_the_ledge(_feather_safely, wren_controller="engine"),
                                              board=BK.LEDGE),
    "Reaction.seesSource": FightProbe(_hag_behind_a_wall, board={"rows": ["..#...", "..#...", "..#..."]}),
    "Reaction.within": FightProbe(_ward_far_off, board=BK.OPEN),
    # A flier with a walking speed starts on the ground unless it hovers ("Gull starts in
    # the air."); with no walking speed a flier starts in the air, and only `speeds` makes
    # the Gull one.
    "Creature.hover": FightProbe(_flier({"speed": 4, "speeds": {"fly": 8}, "hover": True}, "hover"),
                                 board={"rows": ["....."]}),
    "Creature.speeds": FightProbe(_flier({"speeds": {"fly": 8}}, "speeds"),
                                  board={"rows": ["....."]}),
    "Rider.when = 'ally-adjacent-no-disadvantage'": FightProbe(_sly_strike(["advantage"],
                                                                           ["ally-adjacent-no-disadvantage"])),
    "CreatureRider.when = 'ally-adjacent-no-disadvantage'": FightProbe(_pack_rider),
    "Rider.weapons": FightProbe(_tagged_rider),
    "LowersRoll.also": FightProbe(_sharp_words),
})
