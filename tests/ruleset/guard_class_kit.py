"""The capability guard's probes for class resources and the strike economy (mechanics-2
1.239-1.256, mechanics-3 1.267; tests/ruleset/test_capability_guard.py merges them).

Fought on Marinara's 5e package as it ships, with the class kit of tests/combat/monk_kit.py:
Kai, a level-5 monk (Ki 5, Shortsword and Unarmed Strike at +6, two attacks an Attack
action), against a Zombie (Armor Class 8; health 3d8 + 9 = 8 + 8 + 8 + 9 = 33). Dice: the
zombie's health, initiative Kai 15 + 3, the zombie 2 - 2; then every attack roll 12 (a hit)
and every damage die 4. The entry's keys on an item's use are the same probes with the entry
carried as a scroll (guard_item_uses.as_item_use).
"""

from __future__ import annotations

import copy
from typing import Any, Callable

from tests.combat.item_kit import carry
from tests.combat.kit import foe, member
from tests.combat import metamagic_kit as MK
from tests.combat.monk_kit import FLURRY, OPEN_HAND, ilsa, kai, monk_package, open_hand_package, sera
from tests.combat.srd_kit import brom, entry, mira, srd_package
from tests.ruleset.capability_probes import FightProbe, MenuProbe
from tests.ruleset.guard_item_uses import as_item_use

START = [8, 8, 8, 15, 2]
BLOWS = [12, 4] * 8
SWORD = {"actor": "kai", "option": "attack:attacks:shortsword", "targets": ["zombie"]}
FISTS = {"actor": "kai", "option": "attack:attacks:unarmed-strike", "targets": ["zombie"]}
FLURRY_USE = {"actor": "kai", "option": "ability:features:flurry-of-blows", "targets": []}
#: A club in Kai's hand: a simple weapon (tags the rules of 1.244 and 1.246 read).
CLUB = {"id": "club", "label": "Club", "summary": "A simple melee weapon.",
        "item": {"category": "weapon", "tags": ["simple", "melee"],
                 "attack": {"damage": {"dice": "1d4", "type": "bludgeoning"}}}}
CLUB_SWING = {"actor": "kai", "option": "attack:item:club", "targets": ["zombie"]}

Build = Callable[[bool], tuple[Any, ...]]


def _flurry_fight(change: Callable[[dict[str, Any], bool], None], choices: list[dict[str, Any]], *,
                  ki: int | None = None, club: bool = False, features: tuple[str, ...] = ("flurry",),
                  strike: bool = True) -> Build:
    """Kai's fight, Flurry of Blows' mechanics changed by `change(mechanics, with_key)`
    (without its `grantsStrike` unless `strike`: an item's use never carries one)."""
    def build(with_key: bool) -> tuple[Any, ...]:
        pkg = monk_package()
        mech = entry(pkg, "features", FLURRY["id"])["mechanics"]
        if not strike:
            mech.pop("grantsStrike")
        change(mech, with_key)
        monk = kai(ki=ki, features=features)
        if club:
            pkg.setdefault("items", {}).setdefault("tags", []).extend(
                [{"id": "simple", "label": "Simple"}, {"id": "melee", "label": "Melee"}])
            carry(pkg, monk, copy.deepcopy(CLUB))
        return pkg, [monk], [foe("zombie")], START + BLOWS, copy.deepcopy(choices)
    return build


def _drop(key: str) -> Callable[[dict[str, Any], bool], None]:
    def change(mech: dict[str, Any], with_key: bool) -> None:
        if not with_key:
            mech.pop(key, None)
    return change


def _set(key: str, on: Any, off: Any = None) -> Callable[[dict[str, Any], bool], None]:
    def change(mech: dict[str, Any], with_key: bool) -> None:
        value = on if with_key else off
        if value is None:
            mech.pop(key, None)
        else:
            mech[key] = copy.deepcopy(value)
    return change


def _grant(key: str, value: Any) -> Callable[[dict[str, Any], bool], None]:
    def change(mech: dict[str, Any], with_key: bool) -> None:
        if with_key:
            mech["grantsStrike"][key] = copy.deepcopy(value)
    return change


def _palm(with_key: bool) -> tuple[Any, ...]:
    """A level-17 Kai at Ki 2 hits with an Unarmed Strike: Quivering Palm answers the hit
    while it spends one Ki, not while it spends three (`usesSpent`)."""
    pkg = monk_package()
    mech = entry(pkg, "features", "way-of-the-open-hand-quivering-palm")["mechanics"]
    if not with_key:
        mech.pop("usesSpent")
    return pkg, [kai(ki=2, level=17, features=("quivering",))], [foe("zombie")], START + BLOWS, [copy.deepcopy(FISTS)]


def _open_hand(with_key: bool) -> tuple[Any, ...]:
    """Kai's first Flurry hit answered with Open Hand Technique's prone: with `oneOf` the
    push and the stillness are used up for that hit (the window closes), without it he is
    asked again with both."""
    choices = [SWORD, SWORD, FLURRY_USE,
               {"actor": "kai", "option": "attack:attacks:unarmed-strike@flurry", "targets": ["zombie"]},
               {"actor": "kai", "option": "ability:features:open-hand-technique", "targets": ["zombie"]}]
    # The Zombie's Dexterity save 5 against 13, then the blow's damage 5.
    return (open_hand_package(one_of=with_key), [kai(features=OPEN_HAND)], [foe("zombie")],
            START + [12, 4, 12, 4, 12, 5, 5] + BLOWS, copy.deepcopy(choices))


def _frenzy(with_key: bool) -> tuple[Any, ...]:
    """Kai, frenzied (a condition whose bonus-action grant waits for the Attack action taken
    with a Dagger, or with `items` a simple weapon), swings his club twice."""
    pkg = monk_package()
    pkg["items"] = {"categories": [], "tags": [{"id": "simple", "label": "Simple"}, {"id": "melee", "label": "Melee"}]}
    after: dict[str, Any] = {"names": ["Dagger"]}
    if with_key:
        after["items"] = {"tags": ["simple"]}
    pkg["sheet"]["live"]["conditions"].append({"id": "frenzied", "label": "Frenzied"})
    pkg["combat"]["conditions"].append({"condition": "frenzied", "grants": {"budget": "bonus", "attacks": True,
                                                                            "afterAttack": after}})
    monk = kai(features=())
    carry(pkg, monk, copy.deepcopy(CLUB))
    monk["sheet"]["live"]["conditions"] = ["frenzied"]
    return pkg, [monk], [foe("zombie")], START + BLOWS, [copy.deepcopy(CLUB_SWING), copy.deepcopy(CLUB_SWING)]


def _spell_fight(spell: str, label: str, level: int, key: str, value: Any, *, choices: list[dict[str, Any]],
                 dice: list[int], party: Callable[[], list[dict[str, Any]]] | None = None,
                 foes: list[dict[str, Any]] | None = None) -> Build:
    """Mira (a level-3 wizard) with `spell` prepared, its mechanics given `key` on the keyed side."""
    def build(with_key: bool) -> tuple[Any, ...]:
        pkg = srd_package()
        if with_key:
            entry(pkg, "spells", spell)["mechanics"][key] = copy.deepcopy(value)
        members = party() if party is not None else [mira((spell, label, level))]
        return pkg, members, copy.deepcopy(foes or [foe("zombie")]), list(dice), copy.deepcopy(choices)
    return build


def _healers() -> list[dict[str, Any]]:
    return [mira(("cure-wounds", "Cure Wounds", 1)), brom()]


def _missiles(with_key: bool) -> tuple[Any, ...]:
    """On a board, the Engine's Mira (first: initiative 15 + 2) casts Magic Missile at three
    foes; with `targetsWithin` 10 ft it picks only those standing within 10 ft of each other
    (the goblins 25 ft apart are never both chosen)."""
    pkg = srd_package()
    if with_key:
        entry(pkg, "spells", "magic-missile")["mechanics"]["targetsWithin"] = 10
    caster = member("Mira", mira(("magic-missile", "Magic Missile", 1))["sheet"], controller="engine") | {"position": [0, 0]}
    foes = [foe("goblin", position=[3, 0]), foe("goblin", position=[8, 0]), foe("zombie", position=[4, 1])]
    return pkg, [caster], foes, [3, 3, 3, 3, 8, 8, 8, 15, 1, 1, 1] + [2] * 30, []


def _wand(with_key: bool) -> tuple[Any, ...]:
    """`_missiles` with the missiles carried in a wand (Mira knows only Fire Bolt)."""
    pkg = srd_package()
    use = {"kind": "attack", "range": 120, "targets": "enemy", "amount": {"dice": "1d4+1"}, "damageType": "force",
           "autoHit": True, "targetCount": 3}
    if with_key:
        use["targetsWithin"] = 10
    caster = member("Mira", mira(("fire-bolt", "Fire Bolt", 0))["sheet"], controller="engine") | {"position": [0, 0]}
    carry(pkg, caster, {"id": "wand-of-missiles", "label": "Wand of Missiles", "summary": "Darts of force.",
                        "item": {"category": "wand", "use": use}})
    foes = [foe("goblin", position=[3, 0]), foe("goblin", position=[8, 0]), foe("zombie", position=[4, 1])]
    return pkg, [caster], foes, [3, 3, 3, 3, 8, 8, 8, 15, 1, 1, 1] + [2] * 30, []


def _lay_on_hands(with_key: bool) -> tuple[Any, ...]:
    """Ilsa (10 of 28, Lay on Hands 15) lays hands on herself without naming an amount: with
    `usesChosen` the uses that fill her (18 wanted, 15 left: all 15), without it one (1)."""
    pkg = monk_package()
    if not with_key:
        entry(pkg, "features", "paladin-lay-on-hands")["mechanics"].pop("usesChosen")
    return pkg, [ilsa(pool=15, hp=10)], [foe("zombie")], START, [
        {"actor": "ilsa", "option": "ability:features:lay-on-hands", "targets": ["ilsa"]}]


def _font(with_key: bool) -> tuple[Any, ...]:
    """Sera (Sorcery Points 0 of 3) turns a 2nd-level slot into points: with `restore` she
    gains 2 (2 of 3); without it the slot is spent for nothing."""
    pkg = monk_package()
    if not with_key:
        entry(pkg, "features", "font-of-magic-slot-to-points")["mechanics"].pop("restore")
    return pkg, [sera(points=0)], [foe("zombie")], START, [
        {"actor": "sera", "option": "ability:features:slot-to-sorcery-points@slots_2", "targets": []}]


def _blessed(with_key: bool) -> tuple[Any, ...]:
    """Brom holds Storm-blessed from his sheet; with `actions` it offers him Fire Bolt."""
    pkg = srd_package()
    rule: dict[str, Any] = {"actions": ["spells/fire-bolt"]} if with_key else {}
    pkg["sheet"]["live"]["conditions"].append({"id": "storm_blessed", "label": "Storm-blessed"})
    pkg["combat"]["conditions"].append({"condition": "storm_blessed", **rule})
    fighter = brom()
    fighter["sheet"]["live"] = {"conditions": ["storm_blessed"]}
    return pkg, [fighter], [foe("zombie")], START, []


FIRE_BOLT_MISS = _spell_fight("fire-bolt", "Fire Bolt", 0, "halfOnMiss", True, choices=[
    {"actor": "mira", "option": "ability:spells:fire-bolt", "targets": ["zombie"]}], dice=START[:3] + [15, 2, 1, 6])
CURE_SELF = _spell_fight("cure-wounds", "Cure Wounds", 1, "notSelf", True, choices=[], dice=START + [10],
                         party=_healers)

#: Played keys: a scripted fight (or menu) with and without the key.
PLAYED_PROBES: dict[str, FightProbe | MenuProbe] = {
    "Mechanics.usesOf": MenuProbe(_flurry_fight(_drop("usesOf"), [SWORD], ki=0), "kai"),
    "Mechanics.usesSpent": MenuProbe(_palm, "kai"),
    "Reaction.oneOf": MenuProbe(_open_hand, "kai"),
    "Mechanics.afterAttack": MenuProbe(_flurry_fight(_drop("afterAttack"), []), "kai"),
    "Mechanics.beforeAttack": MenuProbe(_flurry_fight(
        lambda m, on: (m.pop("afterAttack"), m.update({"beforeAttack": True}) if on else None), [SWORD]), "kai"),
    "Mechanics.grantsStrike": MenuProbe(_flurry_fight(_drop("grantsStrike"), [SWORD, SWORD, FLURRY_USE]), "kai"),
    "GrantsStrike.when": MenuProbe(_flurry_fight(_grant("when", {"value": {"field": "level"}, "atMost": 4}),
                                                 [SWORD, SWORD, FLURRY_USE]), "kai"),
    "GrantsStrike.wielding": MenuProbe(_flurry_fight(_grant("wielding", {"only": {"names": ["Unarmed Strike"]}}),
                                                     [SWORD, SWORD, FLURRY_USE], club=True), "kai"),
    "AttackMatch.items": MenuProbe(_flurry_fight(
        _set("afterAttack", {"names": ["Dagger"], "items": {"tags": ["simple"]}}, {"names": ["Dagger"]}),
        [CLUB_SWING], club=True), "kai"),
    "AfterAttack.items": MenuProbe(_frenzy, "kai"),
    "Mechanics.usesChosen": FightProbe(_lay_on_hands),
    "Mechanics.restore": FightProbe(_font),
    "CombatCondition.actions": MenuProbe(_blessed, "brom"),
    "Mechanics.halfOnMiss": FightProbe(FIRE_BOLT_MISS),
    "Mechanics.notSelf": MenuProbe(CURE_SELF, "mira"),
    "Mechanics.targetsWithin": FightProbe(_missiles, board={"rows": ["." * 10] * 3}),
}
PLAYED_PROBES.update({
    "ItemUse.usesOf": as_item_use(MenuProbe(_flurry_fight(_drop("usesOf"), [SWORD], ki=0, strike=False), "kai"),
                                  FLURRY["id"], "kai"),
    "ItemUse.afterAttack": as_item_use(MenuProbe(_flurry_fight(_drop("afterAttack"), [], strike=False), "kai"),
                                       FLURRY["id"], "kai"),
    "ItemUse.beforeAttack": as_item_use(MenuProbe(_flurry_fight(
        lambda m, on: (m.pop("afterAttack"), m.update({"beforeAttack": True}) if on else None), [SWORD],
        strike=False), "kai"), FLURRY["id"], "kai"),
    "ItemUse.usesSpent": as_item_use(PLAYED_PROBES["Mechanics.usesSpent"], "way-of-the-open-hand-quivering-palm", "kai"),
    "ItemUse.usesChosen": as_item_use(PLAYED_PROBES["Mechanics.usesChosen"], "paladin-lay-on-hands", "ilsa"),
    "ItemUse.restore": as_item_use(PLAYED_PROBES["Mechanics.restore"], "font-of-magic-slot-to-points", "sera"),
    "ItemUse.halfOnMiss": as_item_use(PLAYED_PROBES["Mechanics.halfOnMiss"], "fire-bolt", "mira"),
    "ItemDef.use.halfOnMiss = 'on an item use'": as_item_use(PLAYED_PROBES["Mechanics.halfOnMiss"], "fire-bolt", "mira"),
    "ItemUse.notSelf": as_item_use(PLAYED_PROBES["Mechanics.notSelf"], "cure-wounds", "mira"),
    "ItemUse.targetsWithin": FightProbe(_wand, board={"rows": ["." * 10] * 3}),
})
FIGHT_SAMPLES: dict[str, tuple[str, Any]] = {}
REFUSED_SAMPLES: dict[str, tuple[Any, dict[str, Any]]] = {
    "ItemUse.grantsStrike": ({"budget": "bonus"}, {}),
}
REFUSED_VALUE_SAMPLES: dict[str, tuple[str, Any, dict[str, Any]]] = {}


# ---------------------------------------------------------------------------
# Metamagic (mechanics-2 1.253): Sera, a level-5 sorcerer with Sorcery Points 5
# (tests/combat/metamagic_kit.py), against a Zombie and a Goblin
# ---------------------------------------------------------------------------

_MM_START = [8, 8, 8, 3, 4, 15, 10, 2, 5]
_MM_DICE = [12, 3, 5, 12, 4, 6, 9, 9, 9, 9]


def _metamagic(option: str, change: Callable[[dict[str, Any], bool], None],
               choice: Callable[[bool], dict[str, Any]]) -> Build:
    """Sera's fight, the metamagic entry `option`'s mechanics changed by
    `change(mechanics, with_key)`; her one choice is `choice(with_key)`."""
    def build(with_key: bool) -> tuple[Any, ...]:
        pkg = MK.metamagic_package()
        change(entry(pkg, "features", MK.OPTIONS[option]["id"])["mechanics"], with_key)
        return (pkg, [MK.sera(option), brom()], [foe("zombie"), foe("goblin")], _MM_START + _MM_DICE,
                [{"actor": "sera", **choice(with_key)}])
    return build


def _no_alters(mech: dict[str, Any], with_key: bool) -> None:
    if not with_key:
        mech.pop("alters")
        mech.pop("usesSpentByLevel", None)
        mech.setdefault("usesSpent", 1)


def _by_level(mech: dict[str, Any], with_key: bool) -> None:
    if not with_key:
        mech.pop("usesSpentByLevel")
        mech["usesSpent"] = 1


def _no_range(mech: dict[str, Any], with_key: bool) -> None:
    if not with_key:
        # Without its one change the entry alters nothing: a utility never offered.
        mech.pop("alters")


#: Sera at 0, 3; Brom at 6, 3; the Zombie at 20, 3 and the Goblin at 36, 3, 180 ft away.
_MM_FAR = {"rows": ["." * 40] * 8}


def _far(build: Build) -> Build:
    def placed(with_key: bool) -> tuple[Any, ...]:
        pkg, party, foes, dice, choices = build(with_key)
        for who, cell in zip(party + foes, ([0, 3], [6, 3], [20, 3], [36, 3])):
            who["position"] = cell
        return pkg, party, foes, dice, choices
    return placed


#: Quickened Fire Bolt with the key: paid with the bonus action for 2 points; without it
#: the entry is a utility never offered, and Fire Bolt is cast plainly. Twinned Hold Person
#: with `usesSpentByLevel`: 2 points (a 2nd-level slot), without it 1.
PLAYED_PROBES.update({
    "Mechanics.alters": FightProbe(_metamagic("quickened", _no_alters, lambda with_key: {
        "option": "ability:spells:fire-bolt", "targets": ["zombie"],
        **({"alters": ["ability:features:quickened-spell"]} if with_key else {})})),
    # Distant Fire Bolt at the Goblin 180 ft away (1.253): with the key it reaches it for a
    # point; without it the Goblin is out of reach and Sera, refused nothing, strikes the
    # Zombie in range.
    "Alters.range": FightProbe(_far(_metamagic("distant", _no_range, lambda with_key: {
        "option": "ability:spells:fire-bolt", "targets": ["goblin" if with_key else "zombie"],
        **({"alters": ["ability:features:distant-spell"]} if with_key else {})})), board=_MM_FAR),
    "Mechanics.usesSpentByLevel": FightProbe(_metamagic("twinned", _by_level, lambda with_key: {
        "option": "ability:spells:hold-person", "targets": ["zombie", "goblin"],
        "alters": ["ability:features:twinned-spell"]})),
})
