"""The capability guard's probes for health beyond damage (issue 24): stabilizing, contests
against a fixed difficulty (tests/ruleset/test_capability_guard.py merges them).

The fights are tests/combat/test_stabilizing.py's: Brom at 0 and dying, Ilsa (Medicine +2)
and the Thorn lurker of the vendored 5e example; Mira and Spare the Dying on the 5e-srd.
"""

from __future__ import annotations

import copy
from typing import Any, Callable

from tests.combat.item_kit import brom, item_package
from tests.combat.kit import add_condition, foe
from tests.combat import test_target_holds as holds
from tests.combat import test_damage_floor_and_maximum as bounds
from tests.combat import test_reduces_max as lowered
from tests.combat import test_sheet_changes as changes
from tests.combat import test_ends_condition as ends_own
from tests.combat import test_healing_denial as denial
from tests.combat import test_sealed_wounds as wounding
from tests.ruleset.guard_conditions import WREN_MENDS_JUNO, dread
from tests.combat.srd_kit import fighter, mira, srd_package
from tests.combat import test_condition_temporary as heroism
from tests.combat import test_cures as cures
from tests.combat import test_cure_choice as cure_choice
from tests.combat import test_one_per_source as one_per_source
from tests.combat.test_remaining_health import FOES, POWER_WORD_KILL, REVIVIFY, SLEEP, THREE, caster, package, spell
from tests.combat.test_save_succeeds import CALM_EMOTIONS, STINKING_CLOUD
from tests.combat.test_stabilizing import five_e, five_e_party, spare_the_dying
from tests.ruleset.capability_probes import FightProbe, MenuProbe

#: A check against a fixed 10 (or, without the key, against the target's Athletics) that
#: knocks prone: the Thorn lurker's health (4, 4, 4), initiative Brom 15, Ilsa 18, the
#: lurker 2; then Ilsa's check and what follows.
BASE = {"id": "trip", "label": "Trip", "budget": "action", "attacker": {"checks": ["medic"]},
        "difficulty": 10, "onWin": {"applies": [{"condition": "prone"}]}}
DICE = [4, 4, 4, 15, 18, 2, 12, 12, 12, 12]


def _contest(change: Callable[[dict[str, Any], bool], None], *, target: str = "thorn-lurker",
             brom_hp: int | None = 0) -> Callable[[bool], Any]:
    def build(with_key: bool):
        contest = copy.deepcopy(BASE)
        change(contest, with_key)
        choices = [{"actor": "ilsa", "option": "contest:trip", "targets": [target]}] if target else []
        return five_e(contest), five_e_party(brom_hp), [foe("thorn-lurker")], list(DICE), choices
    return build


def _difficulty(contest: dict[str, Any], with_key: bool) -> None:
    if not with_key:
        del contest["difficulty"]
        contest["defender"] = {"checks": ["might"]}


def _targets(contest: dict[str, Any], with_key: bool) -> None:
    if with_key:
        contest["targets"] = "any"


def _holds(contest: dict[str, Any], with_key: bool) -> None:
    if with_key:
        contest["targetHolds"] = "prone"


def _dying(contest: dict[str, Any], with_key: bool) -> None:
    contest["targets"] = "ally"
    if with_key:
        contest["targetDying"] = True


def _stabilizes(contest: dict[str, Any], with_key: bool) -> None:
    contest["targets"] = "ally"
    if with_key:
        contest["onWin"]["stabilizes"] = True


def _spare(with_key: bool):
    pkg = spare_the_dying(srd_package())
    if not with_key:
        spells = next(c for c in pkg["catalogs"] if c["id"] == "spells")
        del spells["entries"][-1]["mechanics"]["stabilizes"]
    return pkg, [fighter(hp=0), mira(("spare-the-dying", "Spare the Dying", 0))], [foe("goblin")], [3, 4, 5, 18, 10], []


def _spells(*keys: str, foes: list[dict[str, Any]], dice: list[int], choices: list[dict[str, Any]],
            party: Callable[[], list[dict[str, Any]]] = lambda: [caster()]) -> Callable[[bool], Any]:
    """tests/combat/test_remaining_health.py's package, its spells with or without `keys`."""
    def build(with_key: bool):
        pkg = package()
        if not with_key:
            spells = next(c for c in pkg["catalogs"] if c["id"] == "spells")
            for spell in spells["entries"]:
                for key in keys:
                    spell["mechanics"].pop(key, None)
        return pkg, party(), copy.deepcopy(foes), list(dice), copy.deepcopy(choices)
    return build


def _cast(spell: str, *targets: str, slot: str = "") -> dict[str, Any]:
    return {"actor": "mira", "option": f"ability:spells:{spell}{slot}", "targets": list(targets)}


ALL_THREE = ("ghoul", "zombie", "giant-spider")


def _dead_brom() -> list[dict[str, Any]]:
    brom = fighter(hp=0)
    brom["sheet"]["live"]["tracks"] = {"death_save_failures": 2}
    return [brom, caster()]


def _cures(change: Callable[[dict[str, Any], bool], None], *, brom_holds: list[str] | None = None,
           dice: list[int] | None = None, choices: list[dict[str, Any]] | None = None) -> Callable[[bool], Any]:
    """tests/combat/test_cures.py's fight, its package changed by `change(pkg, with_key)`;
    Brom brings `brom_holds` in from his sheet."""
    def build(with_key: bool):
        pkg = cures.package()
        change(pkg, with_key)
        brom = fighter()
        if brom_holds:
            brom["sheet"]["live"] = {"conditions": list(brom_holds)}
        return pkg, [brom, cures.caster()], [foe("goblin"), foe("ghoul")], cures.DICE + (dice or []), choices or []
    return build


def _spell_mech(pkg: dict[str, Any], eid: str) -> dict[str, Any]:
    spells = next(c for c in pkg["catalogs"] if c["id"] == "spells")
    found: dict[str, Any] = next(e for e in spells["entries"] if e["id"] == eid)["mechanics"]
    return found


def _without(eid: str, *path: str) -> Callable[[dict[str, Any], bool], None]:
    def change(pkg: dict[str, Any], with_key: bool) -> None:
        if not with_key:
            node = _spell_mech(pkg, eid)
            for key in path[:-1]:
                node = node[key]
            del node[path[-1]]
    return change


def _one_of(pkg: dict[str, Any], with_key: bool) -> None:
    mech = copy.deepcopy(cure_choice.ONE_OF)
    if not with_key:
        del mech["cureOneOf"]
    found = _spell_mech(pkg, "lesser-restoration")
    found.clear()
    found.update(mech)


def _touch(pkg: dict[str, Any], with_key: bool) -> None:
    # Mira poisons the Goblin first (a debuff written for the probe); the Ghoul's Healing
    # Touch is aimed at it with `ends`, and is a bare action without.
    spell(pkg, "sicken", "Sicken", 1, {"kind": "debuff", "range": 60, "targets": "enemy",
                                       "applies": [{"condition": "poisoned", "duration": {"rounds": 10}}],
                                       "cost": [{"pool": "slots_1", "amount": 1}]})
    if not with_key:
        touch = next(a for e in pkg["catalogs"] if e["id"] == "creatures" for c in e["entries"] if c["id"] == "ghoul"
                     for a in c["creature"]["actions"] if a["id"] == "healing_touch")
        del touch["ends"], touch["targets"]


def _sicken_caster(with_key: bool):
    pkg, party, foes, dice, _choices = _cures(_touch)(with_key)
    party[1] = mira(("sicken", "Sicken", 1))
    return pkg, party, foes, dice, [{"actor": "mira", "option": "ability:spells:sicken", "targets": ["goblin"]}]


def _cloud(with_key: bool):
    """Stinking Cloud on the Goblin and the Zombie (tests/combat/test_save_succeeds.py): the
    Zombie succeeds without a roll, or rolls 8 without `succeeds`."""
    cloud = copy.deepcopy(STINKING_CLOUD)
    if not with_key:
        del cloud["save"]["succeeds"]
    pkg = spell(cures.package(), "stinking-cloud", "Stinking Cloud", 3, cloud)
    pkg["combat"]["creatureTypes"]["tags"] = [{"id": "nonbreathing", "label": "nonbreathing"}]
    return pkg, [mira(("stinking-cloud", "Stinking Cloud", 3), slots_max_3=1)], [foe("goblin"), foe("zombie")], \
        [3, 4, 2, 2, 3, 18, 5, 1, 8, 8], [_cast("stinking-cloud", "goblin", "zombie")]


def _stench(with_key: bool, key: str = "succeeds"):
    """The Ghoul's Stench (a save action written for the probe) on its ally the Zombie,
    immune to being poisoned: it succeeds without a roll (`succeeds`) or fails without one
    (`alliesMayFail`), or rolls 8 without the key."""
    pkg = cures.package()
    pkg["capabilityApi"] = {"major": 1, "minor": 278}
    save: dict[str, Any] = {"save": "con_save", "difficulty": 10, "onSuccess": "negates"}
    if with_key:
        save[key] = {"conditionImmune": ["poisoned"]} if key == "succeeds" else True
    ghoul = next(c for e in pkg["catalogs"] if e["id"] == "creatures" for c in e["entries"] if c["id"] == "ghoul")
    ghoul["creature"]["actions"].append({"id": "stench", "name": "Stench", "budget": "action", "targets": "ally",
                                         "save": save, "applies": [{"condition": "poisoned", "duration": {"rounds": 1}}]})
    return pkg, [mira()], [foe("ghoul"), foe("zombie")], [4] * 5 + [2, 2, 3, 18, 5, 1, 8], [
        {"actor": "ghoul", "option": "action:stench", "targets": ["zombie"]}]


def _heroism(key: str) -> Callable[[bool], Any]:
    """Mira's Heroism on Brom (tests/combat/test_condition_temporary.py), the condition's
    `temporary` (1 flat and the fixed value) or the apply's `value` left out without the key."""
    def build(with_key: bool):
        pkg = heroism.package(flat=1)
        if not with_key:
            rule = next(c for c in pkg["combat"]["conditions"] if c["condition"] == "heroic")
            apply = _spell_mech(pkg, "heroism")["applies"][0]
            del (rule if key == "temporary" else apply)[key]
        return pkg, [heroism.caster(), fighter()], [foe("goblin")], [3, 4, 18, 10, 5], [
            _cast("heroism", "brom")]
    return build


def _calm(with_key: bool):
    """Calm Emotions on Brom and the Goblin (tests/combat/test_save_succeeds.py): Brom fails
    without a roll, or rolls 2 without `alliesMayFail`."""
    calm = copy.deepcopy(CALM_EMOTIONS)
    if not with_key:
        del calm["save"]["alliesMayFail"]
    pkg = spell(cures.package(), "calm-emotions", "Calm Emotions", 2, calm)
    pkg["capabilityApi"] = {"major": 1, "minor": 278}
    return pkg, [mira(("calm-emotions", "Calm Emotions", 2)), fighter()], [foe("goblin")], \
        [3, 4, 18, 1, 5, 15, 2, 2], [_cast("calm-emotions", "brom", "goblin")]


def _bite_menu(with_key: bool):
    """The Cinder Hound's turn (tests/combat/test_target_holds.py): its Searing bite is on its
    menu against Brom and Ilsa, or, with the vampire's `targetHolds`, against neither."""
    bite = {"targetHolds": holds.BITE_HOLDS} if with_key else {}
    return holds.five_e(**bite), holds.party(), [foe("cinder-hound")], holds.START, [
        {"actor": "brom", "option": "end-turn", "targets": []}, {"actor": "ilsa", "option": "end-turn", "targets": []}]


def _palm_holds(pkg: dict[str, Any], with_key: bool) -> None:
    if with_key:
        _spell_mech(pkg, "quivering-palm")["targetHolds"] = {"conditions": ["poisoned"]}


def _flask(extra: dict[str, Any], *, throws: bool = True) -> Callable[[bool], Any]:
    """Brom throws a Flask of embers (2d6 fire, a Dex save for half against the first ability
    list's difficulty) at the Cinder Hound, the use given `extra` with the key (tests/combat/
    item_kit.py's 5e example; the hound's health 5d8 = 20, initiative Brom 16, the hound 2,
    every later die a 4)."""
    def build(with_key: bool):
        use: dict[str, Any] = {"kind": "attack", "targets": "enemy", "amount": {"dice": "2d6"}, "damageType": "fire",
                               "save": {"save": "dex_save", "onSuccess": "half"}, "budget": "action"}
        if with_key:
            use.update(copy.deepcopy(extra))
        pkg = item_package({"id": "flask-of-embers", "label": "Flask of embers", "summary": "Thrown, it bursts.",
                            "item": {"category": "potion", "stack": 5, "use": use}})
        pkg["schemaVersion"] = 2
        pkg["capabilityApi"] = {"major": 1, "minor": 290}
        # The hound is a beast (for a target test).
        pkg["combat"]["creatureTypes"] = {"types": [{"id": "beast", "label": "Beast"}]}
        next(e for c in pkg["catalogs"] for e in c["entries"] if e["id"] == "cinder-hound")["creature"]["type"] = "beast"
        throw = {"actor": "brom", "option": "item:flask-of-embers", "targets": ["cinder-hound"]}
        return pkg, [brom(items=[{"item": "items/flask-of-embers", "quantity": 2}])], [foe("cinder-hound")], \
            [4] * 5 + [15, 1] + [4] * 40, [throw] if throws else []
    return build


def _bounds(key: str, spell_id: str, dice: list[int]) -> Callable[[bool], Any]:
    """tests/combat/test_damage_floor_and_maximum.py: Mira's Harm or Blight on the Ghoul,
    with or without `key`."""
    def build(with_key: bool):
        mech = {"harm": bounds.HARM, "blight": bounds.BLIGHT}[spell_id]
        pkg = bounds.package(**{spell_id: mech if with_key else bounds.without(mech, key)})
        return pkg, [fighter(), bounds.caster()], [foe("goblin"), foe("ghoul")], cures.DICE + dice, [
            _cast(spell_id, "ghoul")]
    return build


def _bite(on: dict[str, Any], off: dict[str, Any], *, more_off: tuple[int, ...] = ()) -> Callable[[bool], Any]:
    """tests/combat/test_reduces_max.py's fight: the Cinder Hound bites Ilsa for 7, its
    Searing bite given `on` with the key and `off` without (`more_off`: dice only that one
    rolls)."""
    def build(with_key: bool):
        bite = on if with_key else off
        dice = lowered.OPENING + lowered.BITE + ([] if with_key else list(more_off))
        return five_e_bite(bite), holds.party(), [foe("cinder-hound")], dice, [
            {"actor": "brom", "option": "attack:attacks:longsword", "targets": ["cinder-hound"]},
            {"actor": "ilsa", "option": "end-turn", "targets": []},
            {"actor": "cinder-hound", "option": "action:sear_bite", "targets": ["ilsa"]}]
    return build


def five_e_bite(bite: dict[str, Any]) -> dict[str, Any]:
    return holds.five_e(**copy.deepcopy(bite))


def _harm(on: dict[str, Any], off: dict[str, Any], save: int) -> Callable[[bool], Any]:
    """Mira's Harm on the Ghoul (tests/combat/test_damage_floor_and_maximum.py), its save
    rolling `save`, with `on` or `off` added to its mechanics."""
    def build(with_key: bool):
        harm = {**bounds.HARM, **copy.deepcopy(on if with_key else off)}
        return bounds.package(harm=harm), [fighter(), bounds.caster()], [foe("goblin"), foe("ghoul")], \
            cures.DICE + [3] * 14 + [save], [_cast("harm", "ghoul")]
    return build


def _restoration(key: str) -> Callable[[bool], Any]:
    """tests/combat/test_sheet_changes.py: Mira's Greater Restoration on tired Brom
    (exhaustion 4, 5 of his maximum sealed), with or without `key`."""
    def build(with_key: bool):
        restoration = copy.deepcopy(changes.GREATER_RESTORATION)
        if not with_key:
            del restoration[key]
        return changes.package(restoration=restoration), [changes.tired_brom(changes.TIRED), changes.caster()], \
            [foe("goblin"), foe("ghoul")], list(cures.DICE), [_cast("greater-restoration", "brom")]
    return build


def _drink(extra: dict[str, Any]) -> Callable[[bool], Any]:
    """Brom (the 5e example with an item catalog; 10 hit points, exhaustion 2, 3 of his
    maximum sealed, prone) drinks a Restorative draught that heals 1d4 (4), and with the key does
    `extra` too."""
    def build(with_key: bool):
        use: dict[str, Any] = {"kind": "heal", "targets": "self", "amount": {"dice": "1d4"}, "budget": "action"}
        if with_key:
            use.update(copy.deepcopy(extra))
        pkg = item_package({"id": "restorative-draught", "label": "Restorative draught", "summary": "Restores.",
                            "item": {"category": "potion", "stack": 5, "use": use}})
        pkg["schemaVersion"] = 2
        pkg["capabilityApi"] = {"major": 1, "minor": 290}
        brom_ = brom(hp=10, items=[{"item": "items/restorative-draught", "quantity": 2}])
        brom_["sheet"]["live"].update(tracks={"exhaustion": 2}, sealed={"hp": {"rest": 3}}, conditions=["prone"])
        drink = {"actor": "brom", "option": "item:restorative-draught", "targets": ["brom"]}
        return pkg, [brom_], [foe("cinder-hound")], [4] * 5 + [15, 1] + [4] * 40, [drink]
    return build


def _break(with_key: bool):
    """tests/combat/test_ends_condition.py's package: Mira casts Dispel Evil and Good, the
    round goes by, and her "Break Enchantment" (here a 1d4 heal on Brom, so it needs nobody
    charmed) ends her Warded and the concentration, or leaves them."""
    mending: dict[str, Any] = {"kind": "heal", "range": 0, "targets": "ally", "amount": {"dice": "1d4"},
                               "cost": [{"pool": "slots_1", "amount": 1}]}
    if with_key:
        mending["endsCondition"] = "warded"
    passes = [{"actor": who, "option": "end-turn", "targets": []} for who in ("brom", "goblin", "ghoul")]
    return ends_own.package(mending), [fighter(), ends_own.caster()], [foe("goblin"), foe("ghoul")], \
        cures.DICE + [4], [_cast("dispel-evil-and-good", "mira"), *passes, _cast("break-enchantment-dispel", "brom")]


def _chilled(with_key: bool):
    """tests/combat/test_healing_denial.py: chilled Brom drinks his Healer's draught (no tags):
    refused with the effect, 9 healed without it."""
    pkg = item_package(denial.HEALERS_DRAUGHT, denial.magical_potion())
    effects = ["cannot-heal-nonmagical"] if with_key else []
    pkg = add_condition(pkg, "chilled", "Chilled", effects=effects)
    member = brom(hp=10, items=[{"item": "items/healers-draught", "quantity": 2}])
    member["sheet"]["live"]["conditions"] = ["chilled"]
    return pkg, [member], [foe("cinder-hound")], [4] * 5 + [15, 1] + [3, 4], [
        {"actor": "brom", "option": "item:healer-s-draught", "targets": ["brom"]}]


def _wounding(with_key: bool, *, wound: bool = False):
    """tests/combat/test_sealed_wounds.py: Brom's Sword of Wounding hits the Cinder Hound for
    7, sealed (its maximum 20 -> 13) with the key; or (`wound`) its hit leaves the hound
    Wounded, whose harm (1d4 necrotic at its turn's start) seals the 3 it takes with the key."""
    attack: dict[str, Any] = {"healedOnlyByRest": True} if with_key and not wound else {}
    if wound:
        attack["onHit"] = [{"condition": "wounded", "duration": {"rounds": 10}}]
    pkg = item_package(wounding.sword(**attack))
    pkg["schemaVersion"] = 2
    pkg["capabilityApi"] = {"major": 1, "minor": 290}
    if wound:
        harms = {"at": "turn-start", "dice": "1d4", "type": "necrotic", **({"healedOnlyByRest": True} if with_key else {})}
        add_condition(pkg, "wounded", "Wounded", harms=harms)
    return pkg, [brom(items=[{"item": "items/sword-of-wounding", "worn": True}])], [foe("cinder-hound")], \
        [4] * 5 + [15, 1, 12, 4, 3], [{"actor": "brom", "option": "attack:item:sword-of-wounding", "targets": ["cinder-hound"]}]


assert SLEEP["healthPool"] and POWER_WORD_KILL["kills"] and REVIVIFY["revives"]

#: Played keys: a scripted fight, or the actor's menu, with and without the key.
PLAYED_PROBES: dict[str, FightProbe | MenuProbe] = {
    "Mechanics.stabilizes": MenuProbe(_spare, actor="mira"),
    "Contest.difficulty": FightProbe(_contest(_difficulty)),
    "Contest.targets": MenuProbe(_contest(_targets, target=""), actor="ilsa"),
    "Contest.targetHolds": MenuProbe(_contest(_holds, target=""), actor="ilsa"),
    "Contest.targetDying": MenuProbe(_contest(_dying, target="", brom_hp=None), actor="ilsa"),
    "ContestWin.stabilizes": FightProbe(_contest(_stabilizes, target="brom")),
    # Sleep's 26 covers the Zombie only; without a pool (and its skips) all three sleep.
    "Mechanics.healthPool": FightProbe(_spells("healthPool", "healthPoolSkips", foes=FOES, dice=THREE + [6, 6, 6, 4, 4],
                                               choices=[_cast("sleep", *ALL_THREE)])),
    # A second Sleep: the sleeping Zombie is skipped (the spider's 23 is covered) or
    # covered again (16 of 26, leaving 10, short of the spider).
    "Mechanics.healthPoolSkips": FightProbe(_spells(
        "healthPoolSkips", foes=FOES, dice=THREE + [6, 6, 6, 4, 4] * 2,
        choices=[_cast("sleep", *ALL_THREE), _cast("sleep", *ALL_THREE)])),
    # Power Word Kill on the Aboleth at 216: spared at most 100, killed without the bound.
    "Mechanics.healthAtMost": FightProbe(_spells("healthAtMost", foes=[foe("aboleth")], dice=[10] * 18 + [18, 1],
                                                 choices=[_cast("power-word-kill", "aboleth")])),
    "Mechanics.kills": FightProbe(_spells("kills", foes=[foe("ghoul")], dice=[6] * 5 + [18, 1],
                                          choices=[_cast("power-word-kill", "ghoul")])),
    # Brom dies in round 1; Revivify is on Mira's menu against him only with the key.
    "Mechanics.revives": MenuProbe(_spells("revives", foes=[foe("goblin")], dice=[3, 4, 16, 14, 10, 9], choices=[],
                                           party=_dead_brom), actor="mira"),
    # Lesser Restoration is on Mira's menu against Brom (paralyzed) only with `ends`.
    "Mechanics.ends": MenuProbe(_cures(_without("lesser-restoration", "ends"), brom_holds=["paralyzed"]), actor="mira"),
    # Lesser Restoration as one of four (blinded held, poisoned held): the two are modes of
    # its option on Mira's menu only with the key.
    "Mechanics.cureOneOf": MenuProbe(_cures(_one_of, brom_holds=["blinded", "poisoned"]), actor="mira"),
    # Brom's charm came with him (no undead applied it): with `from` nothing is cured.
    "Ends.from": MenuProbe(_cures(_without("break-enchantment", "ends", "from"), brom_holds=["charmed"]), actor="mira"),
    "Mechanics.dropsOnFailedSave": FightProbe(_cures(_without("quivering-palm", "dropsOnFailedSave"), dice=[5] * 11,
                                                     choices=[_cast("quivering-palm", "goblin")])),
    "CreatureAction.ends": MenuProbe(_sicken_caster, actor="ghoul"),
    "EntrySave.succeeds": FightProbe(_cloud),
    # Brom gains 1 + 2 at his turn's start: nothing without `temporary`, 1 without `value`.
    "CombatCondition.temporary": FightProbe(_heroism("temporary")),
    "Apply.value": FightProbe(_heroism("value")),
    "ActionSave.succeeds": FightProbe(_stench),
    "EntrySave.alliesMayFail": FightProbe(_calm),
    # Mira swears the Goblin, then the Ghoul: the Goblin's mark goes only with the key.
    "CombatCondition.onePerSource": FightProbe(lambda with_key: (
        one_per_source.package(with_key), [fighter(), mira(("swear-enmity", "Swear Enmity", 1))],
        [foe("goblin"), foe("ghoul")], list(cures.DICE),
        [_cast("swear-enmity", "goblin"), _cast("swear-enmity", "ghoul")])),
    "ActionSave.alliesMayFail": FightProbe(lambda with_key: _stench(with_key, "alliesMayFail")),
    # Nobody holds what the bite (or Quivering Palm, or the flask) asks for: off the menu.
    "CreatureAction.targetHolds": MenuProbe(_bite_menu, actor="cinder-hound"),
    "Mechanics.targetHolds": MenuProbe(_cures(_palm_holds), actor="mira"),
    # Harm's 42 is held to 19 (the Ghoul keeps 1), or drops it.
    "Mechanics.leavesAtLeast": FightProbe(_bounds("leavesAtLeast", "harm", bounds.HARM_DICE)),
    # Blight deals the undead Ghoul 64, or its roll of 24.
    "Mechanics.maxAgainst": FightProbe(_bounds("maxAgainst", "blight", [3] * 8 + [5])),
    # The flask's 8 fire (4 through the hound's resistance) held to 3 by a floor of 17, or
    # its most, 12 (6 through the resistance), against a beast.
    "ItemUse.leavesAtLeast": FightProbe(_flask({"leavesAtLeast": 17})),
    "ItemUse.maxAgainst": FightProbe(_flask({"maxAgainst": {"types": ["beast"]}})),
    # Ilsa's maximum 21 -> 14, or kept.
    "CreatureAction.reducesMax": FightProbe(_bite({"reducesMax": {}}, {})),
    # The Ghoul's maximum 20 -> 1 after its failed save, or kept.
    "Mechanics.reducesMax": FightProbe(_harm({"reducesMax": {"onFailedSave": True}}, {}, 5)),
    # The hound's maximum 20 -> 16 by the flask's 4 fire, or kept.
    "ItemUse.reducesMax": FightProbe(_flask({"reducesMax": {}})),
    # Only the 2 fire counts (21 -> 19), or all 7.
    "ReducesMax.damageType": FightProbe(_bite({"reducesMax": {"damageType": "fire"}}, {"reducesMax": {}})),
    # The hound gets the 7 back, or nothing.
    "ReducesMax.heals": FightProbe(_bite({"reducesMax": {"heals": True}}, {"reducesMax": {}})),
    # The Ghoul saved (15): its maximum is kept, or lowered by the 19 anyway.
    "ReducesMax.onFailedSave": FightProbe(_harm({"reducesMax": {"onFailedSave": True}}, {"reducesMax": {}}, 15)),
    # Without a save of its own the bite lowers at once; with Life Drain's DC 13, Ilsa's 13 keeps it.
    "ReducesMax.save = 'left out'": FightProbe(_bite({"reducesMax": {}}, {"reducesMax": {"save": "con_save", "difficulty": 13}},
                                                     more_off=(12,))),
    # Brom's exhaustion 4 -> 3, or kept; his sealed 5 given back, or kept.
    "Mechanics.tracks": FightProbe(_restoration("tracks")),
    "Mechanics.unseals": FightProbe(_restoration("unseals")),
    # The draught also takes a level of exhaustion off (2 -> 1), or gives back the 3 sealed.
    "ItemUse.tracks": FightProbe(_drink({"tracks": [{"track": "exhaustion", "by": -1}]})),
    "ItemUse.unseals": FightProbe(_drink({"unseals": True})),
    # Mira's Warded and her concentration end after Break Enchantment, or stay.
    "Mechanics.endsCondition": FightProbe(_break),
    # Brom stands up from prone after the draught, or stays prone.
    "ItemUse.endsCondition": FightProbe(_drink({"endsCondition": "prone"})),
    # A plain draught's 9 refused while Chilled, or healed; Wren's (plain) mending refused.
    "CombatCondition.effects = 'cannot-heal-nonmagical'": FightProbe(_chilled),
    "CombatLevel.effects = 'cannot-heal-nonmagical'": dread({"effects": ["cannot-heal-nonmagical"]}, WREN_MENDS_JUNO),
    "ItemAttack.healedOnlyByRest": FightProbe(_wounding),
    "Harms.healedOnlyByRest": FightProbe(lambda with_key: _wounding(with_key, wound=True)),
    "ItemUse.targetHolds": MenuProbe(_flask({"targetHolds": {"conditions": ["restrained"]}}, throws=False), actor="brom"),
}
FIGHT_SAMPLES: dict[str, tuple[str, Any]] = {}
REFUSED_SAMPLES: dict[str, tuple[Any, dict[str, Any]]] = {}
REFUSED_VALUE_SAMPLES: dict[str, tuple[str, Any, dict[str, Any]]] = {}
