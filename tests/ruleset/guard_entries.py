"""The capability guard's probes for catalog entries, creature actions and items in a fight: mechanics, item uses, on-hit effects, riders, damage clauses, reactions, rescues, saves
(tests/ruleset/test_capability_guard.py merges them)."""

from __future__ import annotations

import copy
from typing import Any, Callable

from tests.combat import conditions_kit as CK
from tests.combat import roll_answers_kit as RK
from tests.combat import windows_kit as K
from tests.combat import pool_kit
from tests.combat.kit import add_condition, foe, juno_roads, roads
from tests.combat.test_pool_initiative import ir_package
from tests.combat.extras_kit import juno as extras_juno
from tests.combat.test_creatures_fight import creatures_package
from tests.ruleset.capability_probes import ABSENT, FightProbe, MenuProbe

#: Juno (Road axe) against the rust jackal of the minimal Ember-Roads package: initiative
#: 6+1 and 1+1, Juno hits for 8, the jackal's Bite hits Juno for 4 (test_drain.py).
JACKAL_DICE = [6, 1, 1, 1, 6, 6, 5, 6, 6, 4]
JACKAL_CHOICES = [{"actor": "juno", "option": "attack:gear:road-axe", "targets": ["rust-jackal"]},
                  {"actor": "rust-jackal", "option": "action:bite", "targets": ["juno"]}]


def jackal(change: Callable[[dict[str, Any], bool], None]) -> Callable[[bool], Any]:
    """The jackal fight, its creature block changed by `change(block, with_key)`."""
    def build(with_key: bool):
        pkg = roads()
        change(pkg["catalogs"][0]["entries"][0]["creature"], with_key)
        return pkg, [juno_roads()], [foe("rust-jackal")], list(JACKAL_DICE), copy.deepcopy(JACKAL_CHOICES)
    return build


def _shield(block: dict[str, Any], with_key: bool) -> None:
    # 5e's "1d6 + 3 if used with two hands": a shield keeps the jackal one-handed.
    block["actions"][0]["damage"]["alternatives"] = [{"when": "twoHanded", "dice": "1d6", "flat": 3}]
    if with_key:
        block["shield"] = True


def _lick(with_key: bool):
    """Juno's axe leaves the jackal at 2 of 10; it licks its wounds: a self action that
    only bristles without the key, and heals 3 with it (5 of 10)."""
    pkg = add_condition(roads(), "bristling", "Bristling")
    lick = {"id": "lick", "name": "Lick", "budget": "act", "self": True,
            "applies": [{"condition": "bristling", "duration": {"rounds": 1}}]}
    if with_key:
        lick["heal"] = {"flat": 3}
    pkg["catalogs"][0]["entries"][0]["creature"]["actions"].append(lick)
    return pkg, [juno_roads()], [foe("rust-jackal")], list(JACKAL_DICE), [
        JACKAL_CHOICES[0], {"actor": "rust-jackal", "option": "action:lick", "targets": []}]


#: Played keys: a scripted fight built with and without the key (`FightProbe`).
PLAYED_PROBES: dict[str, FightProbe] = {
    "Creature.shield": FightProbe(jackal(_shield)),
    "CreatureAction.heal": FightProbe(_lick),
}
#: Played keys put on the objects of a whole fight the Engine plays: (scenario, value).
FIGHT_SAMPLES: dict[str, tuple[str, Any]] = {}
#: Refusal keys, and keys whose every holder is refused (refused with the key that holds
#: them): (value, companions) when the key's type alone gives no accepted value.
REFUSED_SAMPLES: dict[str, tuple[Any, dict[str, Any]]] = {}
#: Refusal values: (key, value, companions).
REFUSED_VALUE_SAMPLES: dict[str, tuple[str, Any, dict[str, Any]]] = {}


# ---------------------------------------------------------------------------
# answers to rolls and hits: tests/combat/roll_answers_kit.py (Lantern Marsh with slots,
# Smite, Cutting Words, Sharp Words, the rescues, the masked hag)
# ---------------------------------------------------------------------------

#: Juno's Reed axe hits the ogre 15 + 3 = 18 against Guard 9 (test_roll_answers.py).
SMITE_FACES = [15, 3, 4, 2, 5, 6] * 10


def answers(change: Callable[[dict[str, Any], bool], None], party: Callable[[], list[dict[str, Any]]],
            foes: Callable[[], list[dict[str, Any]]], dice: list[int], choices: list[dict[str, Any]]) -> FightProbe:
    """A fight on the answers kit, its package changed by `change(package, with_key)`."""
    def build(with_key: bool):
        pkg = RK.package()
        change(pkg, with_key)
        return pkg, party(), foes(), list(dice), copy.deepcopy(choices)
    return FightProbe(build)


def charm(pkg: dict[str, Any], eid: str) -> dict[str, Any]:
    """The mechanics of a charm of the package."""
    return next(e for c in pkg["catalogs"] for e in c["entries"] if e["id"] == eid)["mechanics"]


def beast(pkg: dict[str, Any], eid: str) -> dict[str, Any]:
    """The creature block of a bestiary entry of the package."""
    return next(e for c in pkg["catalogs"] for e in c["entries"] if e["id"] == eid)["creature"]


def toggled(where: Callable[[dict[str, Any]], dict[str, Any]], key: str, with_value: Any,
            without: Any = ABSENT) -> Callable[[dict[str, Any], bool], None]:
    """A change that sets `key` on the object `where` finds to `with_value`, or (without the
    key) to `without`, or takes it away."""
    def change(pkg: dict[str, Any], with_key: bool) -> None:
        obj = where(pkg)
        if with_key:
            obj[key] = copy.deepcopy(with_value)
        elif without is ABSENT:
            obj.pop(key, None)
        else:
            obj[key] = copy.deepcopy(without)
    return change


def _smite(pkg: dict[str, Any]) -> dict[str, Any]:
    return charm(pkg, "smite")


SMITE_ATTACK = {"actor": "juno", "option": "attack:kit:reed-axe", "targets": ["ogre"]}
SMITE_ANSWER = {"actor": "juno", "option": "ability:charms:smite@slot_3", "targets": []}
#: Hex witch's Fireball on Juno: initiative 1 and 12, then 2d6 (3 + 4) and Juno's Nerve save.
FIREBALL = {"actor": "hex-witch", "option": "ability:charms:fireball", "targets": ["juno"]}


def _smite_probe(change: Callable[[dict[str, Any], bool], None], *, answer: bool = True) -> FightProbe:
    return answers(change, lambda: [K.juno("smite")], lambda: [K.foe("ogre")], [12, 1] + SMITE_FACES,
                   [SMITE_ATTACK, SMITE_ANSWER] if answer else [SMITE_ATTACK])


def _fireball_probe(change: Callable[[dict[str, Any], bool], None], charms: tuple[str, ...], faces: list[int],
                    live: dict[str, Any] | None = None) -> FightProbe:
    def party() -> list[dict[str, Any]]:
        juno = K.juno(*charms)
        if live:
            juno["sheet"]["live"] = copy.deepcopy(live)
        return [juno]
    return answers(change, party, lambda: [K.foe("hex-witch")], [1, 12] + [3, 4, *faces] * 6, [FIREBALL])


def _ward(pkg: dict[str, Any], against: dict[str, Any]) -> None:
    # Hexproof: +5 to saves against what `against` names (a Magic Resistance of our own);
    # "magical" is an item tag the package declares, the quality that makes an action magic.
    pkg["items"] = {"categories": [{"id": "gear", "label": "Gear"}], "tags": [{"id": "magical", "label": "Magical"}]}
    add_condition(pkg, "hexproof", "Hexproof", modifiers=[{"to": "saves", "flat": 5, "against": against}])


def _fireball_magical(pkg: dict[str, Any], with_key: bool) -> None:
    _ward(pkg, {"magic": True})
    if with_key:
        charm(pkg, "fireball")["qualities"] = ["magical"]


def _fireball_counts_as(pkg: dict[str, Any], with_key: bool) -> None:
    _ward(pkg, {"damage": ["cold"]})
    if with_key:
        charm(pkg, "fireball")["save"]["against"] = {"damage": ["cold"]}


#: The ogre's Hex Howl: 2d6 fire, a Nerve save against 10 halves it.
HOWL = {"id": "howl", "name": "Hex Howl", "budget": "act", "range": 12, "damage": {"dice": "2d6", "type": "fire"},
        "save": {"save": "nerve_save", "difficulty": 10, "onSuccess": "half"}}
HOWL_CHOICE = {"actor": "ogre", "option": "action:howl", "targets": ["juno"]}


def _howl(change: Callable[[dict[str, Any], bool], None], ward: dict[str, Any] | None = None) -> FightProbe:
    def build(pkg: dict[str, Any], with_key: bool) -> None:
        _ward(pkg, ward or {"magic": True})
        beast(pkg, "ogre")["actions"].append(copy.deepcopy(HOWL))
        change(pkg, with_key)
    def party() -> list[dict[str, Any]]:
        juno = K.juno()
        juno["sheet"]["live"] = {"conditions": ["hexproof"]}
        return [juno]
    # Initiative 1 and 12 (the ogre first), 2d6 = 3 + 4, Juno's Nerve save 6 + 1 (+ 5 Hexproof).
    return answers(build, party, lambda: [K.foe("ogre")], [1, 12] + [3, 4, 6] * 6, [HOWL_CHOICE])


def _howl_key(key: str, value: Any, on_damage: bool = False) -> Callable[[dict[str, Any], bool], None]:
    def change(pkg: dict[str, Any], with_key: bool) -> None:
        if with_key:
            howl = beast(pkg, "ogre")["actions"][-1]
            (howl["damage"] if on_damage else howl)[key] = copy.deepcopy(value)
    return change


def _howl_counts_as(pkg: dict[str, Any], with_key: bool) -> None:
    if with_key:
        beast(pkg, "ogre")["actions"][-1]["save"]["against"] = {"damage": ["cold"]}


def _own_luck(rescue: dict[str, Any], without: dict[str, Any]) -> Callable[[dict[str, Any], bool], None]:
    def change(pkg: dict[str, Any], with_key: bool) -> None:
        charm(pkg, "own-luck")["rescue"] = copy.deepcopy(rescue if with_key else without)
    return change


def _steady(saves: list[str]) -> Callable[[dict[str, Any], bool], None]:
    def change(pkg: dict[str, Any], with_key: bool) -> None:
        rescue = charm(pkg, "steady-nerve")["rescue"]
        if with_key:
            rescue["saves"] = list(saves)
        else:
            rescue.pop("saves")
    return change


def _sure_swing(pkg: dict[str, Any], with_key: bool) -> None:
    rescue = charm(pkg, "sure-swing")["rescue"]
    if with_key:
        rescue["budget"] = "act"
    else:
        rescue.pop("budget")


def _lucky(with_value: str, without: str) -> Callable[[dict[str, Any], bool], None]:
    def change(pkg: dict[str, Any], with_key: bool) -> None:
        charm(pkg, "lucky-grip")["rescue"]["by"] = with_value if with_key else without
    return change


GRAB = {"actor": "juno", "option": "contest:grab", "targets": ["ogre"]}
WORDS_PARTY = lambda: [K.wren("cutting-words"), K.juno()]  # noqa: E731
OGRE_CLUBS = lambda target: {"actor": "ogre", "option": "action:club", "targets": [target]}  # noqa: E731


def _words(key: str, value: Any, without: Any = ABSENT, *, sharp: bool = False,
           extra: Callable[[dict[str, Any]], None] | None = None, target: str = "juno", answer: bool = False) -> FightProbe:
    eid = "sharp-words" if sharp else "cutting-words"
    def change(pkg: dict[str, Any], with_key: bool) -> None:
        if extra:
            extra(pkg)
        toggled(lambda p: charm(p, eid)["reaction"] if key.startswith("reaction.") else charm(p, eid),
                key.removeprefix("reaction."), value, without)(pkg, with_key)
    party = (lambda: [K.wren("sharp-words"), K.juno()]) if sharp else WORDS_PARTY
    said = [{"actor": "wren", "option": f"ability:charms:{eid}", "targets": []}] if answer else []
    return answers(change, party, lambda: [K.foe("ogre")], [12, 11, 1] + [5, 3, 4, 2] * 10, [OGRE_CLUBS(target), *said])


PLAYED_PROBES.update({
    "Mechanics.perCostStepsMax": _smite_probe(toggled(_smite, "perCostStepsMax", 1)),
    "DamageClause.targetIs": answers(lambda pkg, with_key: None if with_key else _smite(pkg)["plus"][0].pop("targetIs"),
                                     lambda: [K.juno("smite")], lambda: [K.foe("ogre")], [12, 1] + [8, 3, 4, 2, 5, 6, 7, 1] * 10,
                                     [SMITE_ATTACK, SMITE_ANSWER]),
    "Reaction.blow": _smite_probe(toggled(lambda p: _smite(p)["reaction"], "blow", "ranged"), answer=False),
    "Mechanics.addsToBlow": _smite_probe(toggled(_smite, "addsToBlow", True)),
    "Mechanics.qualities": _fireball_probe(_fireball_magical, (), [6], {"conditions": ["hexproof"]}),
    "EntrySave.against": _fireball_probe(_fireball_counts_as, (), [6], {"conditions": ["hexproof"]}),
    "ActionSave.against": _howl(_howl_counts_as, {"damage": ["cold"]}),
    "CreatureAction.qualities": _howl(_howl_key("qualities", ["magical"])),
    "CreatureDamage.qualities": _howl(_howl_key("qualities", ["magical"], on_damage=True)),
    "Rescue.saves": _fireball_probe(_steady(["grit_save"]), ("steady-nerve",), [2, 12]),
    "Rescue.by = 'die'": _fireball_probe(_own_luck({"roll": "saves", "by": "die", "dice": "1d10"},
                                                   {"roll": "saves", "by": "reroll"}), ("own-luck",), [2, 8]),
    "Rescue.dice": _fireball_probe(_own_luck({"roll": "saves", "by": "die", "dice": "1d10"},
                                             {"roll": "saves", "by": "die", "die": RK.RANK_DIE}), ("own-luck",), [2, 8]),
    "Rescue.die": _fireball_probe(_own_luck({"roll": "saves", "by": "die", "die": {"from": {"field": "rank"}, "table": [[1, 10]]}},
                                            {"roll": "saves", "by": "die", "dice": "1d4"}), ("own-luck",), [2, 8]),
    "Rescue.by = 'twenty'": answers(_lucky("twenty", "success"), lambda: [K.juno("lucky-grip")], lambda: [K.foe("ogre")],
                                    [12, 1] + [3, 15, 4, 2] * 6, [GRAB]),
    # Sure Swing taking the Action's budget: Juno's swing spent it, so a miss stays a miss.
    "Rescue.budget": answers(_sure_swing, lambda: [K.juno("sure-swing")], lambda: [K.foe("ogre")],
                             [12, 1] + [2, 3, 4, 2] * 6, [{"actor": "juno", "option": "attack:kit:reed-axe",
                                                           "targets": ["ogre"]}]),
    "Reaction.for": _words("reaction.for", "ally", "any", target="wren"),
})


def _sharp(key: str, value: Any) -> Callable[[dict[str, Any], bool], None]:
    """Sharp Words with `key` = `value`, or without the key; the ogre immune to Charmed."""
    def change(pkg: dict[str, Any], with_key: bool) -> None:
        beast(pkg, "ogre")["conditionImmunities"] = ["charmed"]
        toggled(lambda p: charm(p, "sharp-words"), key, value)(pkg, with_key)
    return change


def _needs_any(pkg: dict[str, Any], with_key: bool) -> None:
    charm(pkg, "sharp-words")["needs"] = ["hearing", "sight"]
    if with_key:
        charm(pkg, "sharp-words")["needsAny"] = True


def _wren_and_weak_juno() -> list[dict[str, Any]]:
    juno = K.juno()
    juno["sheet"]["live"] = {"pools": {"breath": 4}}
    return [K.wren("sharp-words"), juno]


def _deaf_juno() -> list[dict[str, Any]]:
    juno = K.juno()
    juno["sheet"]["live"] = {"conditions": ["deafened"]}
    return [juno]




# ---------------------------------------------------------------------------
# windows: tests/combat/windows_kit.py (Shield, Counterspell, Parry, the masked hag)
# ---------------------------------------------------------------------------

#: test_windows.py's faces: d20s of 15, then 3, 4, 2, 5, 6 (a hit, and small damage).
WINDOW_FACES = [15, 3, 4, 2, 5, 6] * 10
#: Faces every die can show, for steps that roll small dice first.
SMALL = [3, 4, 2, 1] * 30


def window(change: Callable[[dict[str, Any], bool], None], charms: tuple[str, ...], foe_id: str,
           choices: list[dict[str, Any]], faces: list[int] = WINDOW_FACES) -> FightProbe:
    """Wren (holding `charms`, first at 12) against one foe (1) on the windows kit, its
    package changed by `change(package, with_key)`."""
    def build(with_key: bool):
        pkg = K.package()
        change(pkg, with_key)
        return pkg, [K.wren(*charms)], [K.foe(foe_id)], [12, 1] + list(faces), copy.deepcopy(choices)
    return FightProbe(build)


def reaction_of(eid: str) -> Callable[[dict[str, Any]], dict[str, Any]]:
    return lambda pkg: charm(pkg, eid)["reaction"]


FIREBALL_AT_WREN = {"actor": "hex-witch", "option": "ability:charms:fireball", "targets": ["wren"]}
COUNTER = {"actor": "wren", "option": "ability:charms:counterspell", "targets": []}
MISSILE_AT_WREN = {"actor": "hex-witch", "option": "ability:charms:magic-missile", "targets": ["wren"]}
CLUB_AT_WREN = {"actor": "ogre", "option": "action:club", "targets": ["wren"]}
#: Shield answering only Magic Missile aimed at its holder, so a moment `also` adds is the
#: only way the club's hit opens a window.
ONLY_MISSILE = {"on": "aimed", "against": {"entries": ["charms/magic-missile"]}}


HOOK_AT_OGRE = {"actor": "wren", "option": "attack:kit:lamp-hook", "targets": ["ogre"]}
SPARK_AT_OGRE = {"actor": "wren", "option": "ability:charms:spark", "targets": ["ogre"]}


def _own_hit(narrow: dict[str, Any], key: str | None = None) -> Callable[[dict[str, Any], bool], None]:
    """Shield answering its holder's own hit, narrowed by `narrow` with the key; without it,
    `key` (when given) is left out, else the narrowing is."""
    def change(pkg: dict[str, Any], with_key: bool) -> None:
        reaction = {"on": "hit", "by": "self", **(narrow if with_key else {})}
        if key and not with_key:
            reaction.pop(key)
        charm(pkg, "shield")["reaction"] = reaction
    return change


def _counter_aimed(pkg: dict[str, Any], with_key: bool) -> None:
    if not with_key:
        _counter_up_to(pkg, False)
        reaction_of("counterspell")(pkg)["on"] = "aimed"


def _mask_also(pkg: dict[str, Any], with_key: bool) -> None:
    # The mask answering only an aim at the hag, and also (with the key) a turn's start.
    reaction = beast(pkg, "masked-hag")["actions"][1]["reaction"]
    reaction["on"] = "aimed"
    if with_key:
        reaction["also"] = [{"on": "turn-start"}]


def _counter_up_to(pkg: dict[str, Any], with_key: bool) -> None:
    # `above` goes only with `upTo`: without the key the counter has neither.
    if not with_key:
        reaction = reaction_of("counterspell")(pkg)
        del reaction["upTo"], reaction["above"]


def _shield_also(also: list[dict[str, Any]] | None) -> Callable[[dict[str, Any], bool], None]:
    def change(pkg: dict[str, Any], with_key: bool) -> None:
        reaction = {**ONLY_MISSILE}
        if with_key and also:
            reaction["also"] = copy.deepcopy(also)
        charm(pkg, "shield")["reaction"] = reaction
    return change


PLAYED_PROBES.update({
    # Counterspell at level 1 on a level 3 Fireball: `upTo` asks for a check (3 + 3 = 6
    # against 13, not enough); without it the answer stops any level outright.
    "Reaction.upTo": window(_counter_up_to, ("counterspell",), "hex-witch", [FIREBALL_AT_WREN, COUNTER], faces=SMALL),
    # Without `above`, a higher level is not stopped at all.
    "Reaction.above": window(toggled(reaction_of("counterspell"), "above", {"check": {"abilityMod": "lore"}, "dc": 10}),
                              ("counterspell",), "hex-witch", [FIREBALL_AT_WREN, COUNTER], faces=SMALL),
    # Shield taken also when Magic Missile is aimed at Wren: the window opens only with it.
    "Reaction.also": window(lambda pkg, with_key: toggled(reaction_of("shield"), "also", [ONLY_MISSILE])(pkg, with_key)
                             or charm(pkg, "shield")["reaction"].update(on="hit"), ("shield",), "hex-witch",
                             [MISSILE_AT_WREN], faces=SMALL),
    "AlsoMoment.on = 'hit'": window(_shield_also([{"on": "hit"}]), ("shield",), "ogre", [CLUB_AT_WREN]),
    "AlsoMoment.on = 'used'": window(_shield_also([{"on": "used", "against": {"catalogs": ["charms"]}}]), ("shield",),
                                     "hex-witch", [FIREBALL_AT_WREN], faces=SMALL),
    # Counterspell for Spark alone lets Fireball pass without a window.
    "ReactionAgainst.entries": window(lambda pkg, with_key: reaction_of("counterspell")(pkg).update(
        against={"entries": ["charms/spark"]} if with_key else {"catalogs": ["charms"]}),
        ("counterspell",), "hex-witch", [FIREBALL_AT_WREN], faces=SMALL),
    # The moment itself: the club's hit opens Shield's window, its harm (after the damage) another.
    "Reaction.on = 'hit'": window(lambda pkg, with_key: reaction_of("shield")(pkg).update(on="hit" if with_key else "harmed"),
                                   ("shield",), "ogre", [CLUB_AT_WREN]),
    # Counterspell when Fireball is used, or only when it is aimed at Wren (where `upTo`,
    # a used reaction's, goes with it).
    "Reaction.on = 'used'": window(_counter_aimed, ("counterspell",), "hex-witch", [FIREBALL_AT_WREN], faces=SMALL),
    # The masked hag's Unnerving Mask when Wren starts her turn, or when she aims at the hag.
    "Reaction.on = 'turn-start'": window(lambda pkg, with_key: beast(pkg, "masked-hag")["actions"][1]["reaction"].update(
        on="turn-start" if with_key else "aimed"), (), "masked-hag", []),
    "AlsoMoment.on = 'turn-start'": window(_mask_also, (), "masked-hag", []),
    # Cutting Words taking its die off the ogre's hit on Juno, or (without) nothing to take.
    "Mechanics.lowersRoll": _words("lowersRoll", {"die": RK.RANK_DIE}, answer=True),
    # Shield taken on Wren's own hit (`by: self`), or (without) only when she is hit.
    "Reaction.by": window(_own_hit({}, "by"), ("shield",), "ogre", [HOOK_AT_OGRE]),
    # ... only on a hit paid from the Reaction budget: her Action's swing opens nothing.
    "Reaction.budget": window(_own_hit({"budget": "reaction"}), ("shield",), "ogre", [HOOK_AT_OGRE]),
    # ... only on a weapon's hit: her Spark (a charm's attack roll) opens nothing.
    "Reaction.weapon": window(_own_hit({"weapon": True}), ("shield", "spark"), "ogre", [SPARK_AT_OGRE]),
    # Shield only against hits by the Rock: the club's hit opens nothing.
    "Reaction.names": window(toggled(reaction_of("shield"), "names", ["Rock"]), ("shield",), "ogre", [CLUB_AT_WREN]),
    # Sharp Words' automatic die on the club's damage roll (test_lowers_also.py): Juno at 4
    # Breath, the ogre immune to Charmed; `notImmuneTo` keeps the die off its roll.
    "Mechanics.targetTypes": answers(_sharp("targetTypes", {"notImmuneTo": ["charmed"]}), _wren_and_weak_juno,
                                     lambda: [K.foe("ogre")], [12, 11, 1] + [15, 4, 3, 2] * 6,
                                     [OGRE_CLUBS("juno"), {"actor": "wren", "option": "pass", "targets": []}]),
    # ... on Juno's Grab check, Juno deafened: needing hearing or sight (`needsAny`), she
    # still sees, so the die is taken off; needing both, it is not.
    "Mechanics.needsAny": answers(_needs_any, _deaf_juno, lambda: [K.foe("sharp-witch"), K.foe("ogre")],
                                  [12, 1, 5] + [5, 5, 4, 2] * 6, [GRAB]),
    # ... and needing hearing alone keeps the die off her check.
    "Mechanics.needs": answers(_sharp("needs", ["hearing"]), _deaf_juno, lambda: [K.foe("sharp-witch"), K.foe("ogre")],
                               [12, 1, 5] + [5, 5, 4, 2] * 6, [GRAB]),
})


# ---------------------------------------------------------------------------
# creature types and tracks: tests/combat/conditions_kit.py (schemaVersion 2, creature types
# humanoid, beast, undead and the swamp-born tag; the lump has no type)
# ---------------------------------------------------------------------------

#: Wren's Bane Bolt: 1d4 fire that never misses, 3 fire more against the undead or the
#: swamp-born (a part with `targetIs`).
def _bane_bolt(test: dict[str, Any]) -> dict[str, Any]:
    return {"kind": "attack", "range": 12, "targets": "enemy", "autoHit": True, "amount": {"dice": "1d4"},
            "damageType": "fire", "plus": [{"flat": 3, "type": "fire", "targetIs": test}]}


def _on_lump(test: dict[str, Any], key: str, value: Any) -> FightProbe:
    """Wren's Bane Bolt on the lump, which has `key` = `value` only with the key."""
    def build(with_key: bool):
        pkg = CK.base()
        CK.charm(pkg, "bane-bolt", _bane_bolt(test))
        lump = beast(pkg, "lump")
        if with_key:
            lump[key] = copy.deepcopy(value)
        # Initiative Juno 12 + 1, Wren 11 + 1, the lump 1; Bane Bolt's d4 shows 2.
        return pkg, [CK.juno_marsh(), CK.wren_marsh("bane-bolt")], [CK.foe("lump")], [12, 11, 1, 2, 2, 2], [
            {"actor": "wren", "option": "ability:charms:bane-bolt", "targets": ["lump"]}]
    return FightProbe(build)


def _tired_lump(with_key: bool):
    """The lump at Exhaustion 2 (its health maximum halved) only with its `tracks`."""
    pkg = CK.base()
    pkg["sheet"]["live"]["tracks"].append({"id": "exhaustion", "label": "Exhaustion", "min": 0, "max": 6, "default": 0})
    pkg["combat"]["levels"] = [*(pkg["combat"].get("levels") or []),
                               {"track": "exhaustion", "at": 2, "modifiers": [{"to": "health-max", "times": 0.5}]}]
    if with_key:
        beast(pkg, "lump")["tracks"] = {"exhaustion": 2}
    return pkg, [CK.juno_marsh(), CK.wren_marsh()], [CK.foe("lump")], [12, 11, 1], []


PLAYED_PROBES.update({
    "Creature.type": _on_lump({"types": ["undead"]}, "type", "undead"),
    "Creature.tags": _on_lump({"tags": ["swamp"]}, "tags", ["swamp"]),
    "Creature.tracks": FightProbe(_tired_lump),
})


def _sapped_ogre(with_key: bool):
    """Wren's Sapping Hex puts Sapped (-5 to attacks made with Might) on the ogre; its Club
    (5 + 4 = 9 against Guard 8) misses only when the club names Might as its `ability`."""
    pkg = K.package()
    add_condition(pkg, "sapped", "Sapped", modifiers=[{"to": "attacks", "ability": "might", "flat": -5}])
    CK.charm(pkg, "sapping-hex", {"kind": "debuff", "range": 12, "targets": "enemy",
                                  "applies": [{"condition": "sapped", "duration": {"rounds": 2}}]})
    if with_key:
        beast(pkg, "ogre")["actions"][0]["ability"] = "might"
    return pkg, [K.wren("sapping-hex")], [K.foe("ogre")], [12, 1] + [5, 3, 4, 2] * 10, [
        {"actor": "wren", "option": "ability:charms:sapping-hex", "targets": ["ogre"]}, CLUB_AT_WREN]


PLAYED_PROBES["CreatureAction.ability"] = FightProbe(_sapped_ogre)


def _hard_shell(with_key: bool):
    """Initiative that attacks move (test_pool_initiative.py): Juno's Telling blow spends 5
    dice of her initiative on the shell (six 6s on the d10s otherwise); hardness 6 stops it."""
    pkg = ir_package()
    if with_key:
        beast(pkg, "shell")["hardness"] = 6
    return pkg, [pool_kit.juno()], [{"creature": "shell", "controller": "player"}], [7, 9, 3, 2, 7, 8, 3] + [6] * 10, [
        {"actor": "juno", "option": "attack:gear:road-axe#telling", "targets": ["shell"]}]


PLAYED_PROBES["Creature.hardness"] = FightProbe(_hard_shell)
# Wren's Grab on the ogre: 3 + 0 with Might against the ogre's 15 and its own Might check
# (what it adds in a contest), 0 unless `checks` names it.
PLAYED_PROBES["Creature.checks"] = window(toggled(lambda pkg: beast(pkg, "ogre"), "checks", {"might": 4}), (), "ogre",
                                          [{"actor": "wren", "option": "contest:grab", "targets": ["ogre"]}],
                                          faces=[3, 15, 4, 2] * 6)


#: A save that holds the target in mud on a failure (Nerve against the entry's or action's
#: difficulty), whose `modes` roll it with advantage for a beast or a humanoid.
MUD_SAVE = {"save": "nerve_save", "onSuccess": "none"}
MUD = [{"condition": "gripped", "duration": {"rounds": 1}}]


def _save_modes(on_action: bool) -> FightProbe:
    """Wren's Mud Hex on the stoat (a beast), or the stoat's Glare on Juno (a humanoid by
    her kin's default): the save is rolled twice with `modes`, once without (4, then 11)."""
    def build(with_key: bool):
        pkg = CK.base()
        CK.condition(pkg, "gripped", effects=["speed-zero"])
        save = copy.deepcopy(MUD_SAVE)
        if on_action:
            save = {**save, "difficulty": 10}
            if with_key:
                save["modes"] = [{"is": {"types": ["humanoid"]}, "mode": "advantage"}]
            beast(pkg, "stoat")["actions"].append({"id": "glare", "name": "Glare", "budget": "act", "save": save,
                                                   "applies": copy.deepcopy(MUD)})
            choice = {"actor": "stoat", "option": "action:glare", "targets": ["juno"]}
        else:
            if with_key:
                save["modes"] = [{"is": {"types": ["beast"]}, "mode": "advantage"}]
            CK.charm(pkg, "mud-hex", {"kind": "debuff", "range": 12, "targets": "enemy", "save": save,
                                      "applies": copy.deepcopy(MUD)})
            choice = {"actor": "wren", "option": "ability:charms:mud-hex", "targets": ["stoat"]}
        return pkg, [CK.juno_marsh(), CK.wren_marsh() if on_action else CK.wren_marsh("mud-hex")], [CK.foe("stoat")], [12, 11, 1] + [4, 11] * 5, [choice]
    return FightProbe(build)


PLAYED_PROBES["EntrySave.modes"] = _save_modes(on_action=False)
PLAYED_PROBES["ActionSave.modes"] = _save_modes(on_action=True)



# ---------------------------------------------------------------------------
# refused keys and values whose sample needed its object's own rules beside it
# ---------------------------------------------------------------------------

#: An item use's own rules: "alters" wants a "utility" use, and a utility item use leaves
#: a standing area (its "area" and "zone", themselves refused): what an attack use had goes.
_UTILITY_USE = {"kind": "utility", "area": {"shape": "burst", "size": 2}, "zone": {"rounds": 10}, "amount": None,
                "attackRoll": None, "damageType": None, "save": None, "applies": None, "targets": None, "cost": None}
REFUSED_SAMPLES.update({
    # Metamagic on an item (Twinned Spell at Bonus Action speed), and its uses spent by level.
    "ItemUse.alters": ({"catalogs": ["spells"], "twins": True, "budget": {"from": "act", "to": "bonus"}}, _UTILITY_USE),
    "ItemUse.usesSpentByLevel": (True, {"alters": {"catalogs": ["spells"], "twins": True}, **_UTILITY_USE}),
})


def _ogre_roars_at_deaf_juno(with_key: bool):
    """The ogre's Roar needs hearing and sight; Juno is deafened (lacks hearing). With
    `needsAny` one of the two senses is enough, so she is offered as its target; without
    it she lacks one it needs and the Roar (its only target gone) is left off the menu."""
    pkg = RK.package()
    roar = {"id": "roar", "name": "Roar", "budget": "act", "range": 12, "toHit": 4,
            "damage": {"dice": "1d6", "type": "fire"}, "needs": ["hearing", "sight"]}
    if with_key:
        roar["needsAny"] = True
    beast(pkg, "ogre")["actions"].append(roar)
    return pkg, _deaf_juno(), [K.foe("ogre")], [12, 1] + [3] * 10, []


PLAYED_PROBES["CreatureAction.needsAny"] = MenuProbe(_ogre_roars_at_deaf_juno, "ogre")

#: Five conditions a hex (or a creature's glare) may lay at once; until 1.277 an `applies`
#: held at most 4.
FIVE = ["dazed", "soaked", "chilled", "muddied", "slowed"]


def _five_applies(on_action: bool) -> FightProbe:
    """Wren's Fivefold Hex on the stoat, or the stoat's Fivefold Glare on Juno, lays all
    five conditions with the key and the first four without: the fifth (Slowed) is in the
    log only with it. Initiative Juno 12 + 1, Wren 11 + 1, the stoat 1."""
    def build(with_key: bool):
        pkg = CK.base()
        for cid in FIVE:
            CK.condition(pkg, cid)
        applies = [{"condition": cid, "duration": {"rounds": 2}} for cid in (FIVE if with_key else FIVE[:4])]
        if on_action:
            beast(pkg, "stoat")["actions"].append({"id": "glare", "name": "Fivefold Glare", "budget": "act",
                                                   "range": 12, "applies": applies})
            choice = {"actor": "stoat", "option": "action:glare", "targets": ["juno"]}
        else:
            CK.charm(pkg, "fivefold-hex", {"kind": "debuff", "range": 12, "targets": "enemy", "applies": applies})
            choice = {"actor": "wren", "option": "ability:charms:fivefold-hex", "targets": ["stoat"]}
        wren = CK.wren_marsh() if on_action else CK.wren_marsh("fivefold-hex")
        return pkg, [CK.juno_marsh(), wren], [CK.foe("stoat")], [12, 11, 1] + [3] * 10, [choice]
    return FightProbe(build)


PLAYED_PROBES["Mechanics.applies = 'more than 4 items'"] = _five_applies(on_action=False)
PLAYED_PROBES["CreatureAction.applies = 'more than 4 items'"] = _five_applies(on_action=True)


def _ogre_roar_needs(with_key: bool):
    """The ogre's Roar needing hearing (with the key) or nothing: deafened Juno, its only
    target, drops out of it, and the Roar is left off the ogre's menu."""
    pkg = RK.package()
    roar = {"id": "roar", "name": "Roar", "budget": "act", "range": 12, "toHit": 4, "damage": {"dice": "1d6", "type": "fire"}}
    if with_key:
        roar["needs"] = ["hearing"]
    beast(pkg, "ogre")["actions"].append(roar)
    return pkg, _deaf_juno(), [K.foe("ogre")], [12, 1] + [3] * 10, []


PLAYED_PROBES["CreatureAction.needs"] = MenuProbe(_ogre_roar_needs, "ogre")


# Shield written with a reaction object (the club's hit opens its window) or as a bare
# `reaction: true` (no moment named, so no window opens).
PLAYED_PROBES["Mechanics.reaction = 'an object'"] = window(
    lambda pkg, with_key: charm(pkg, "shield").update(reaction={"on": "hit"} if with_key else True),
    ("shield",), "ogre", [CLUB_AT_WREN])


# ---------------------------------------------------------------------------
# creatures that cast and creatures with a sheet: tests/combat/test_creatures_fight.py
# (Ember Roads with knacks; Juno, Guard 6 and 10 Grit; attacks roll 2d6 against Guard)
# ---------------------------------------------------------------------------


def _creature_block(eid: str, change: Callable[[dict[str, Any], bool], None], dice: list[int],
                    choices: list[dict[str, Any]]) -> Callable[[bool], Any]:
    """test_creatures_fight's package, the block of `eid` changed by `change(block, with_key)`;
    the creature first (initiative Juno 1 + 1, it 6 + 6)."""
    def build(with_key: bool):
        pkg = creatures_package()
        change(beast(pkg, eid), with_key)
        return pkg, [extras_juno()], [foe(eid)], [1, 1, 6, 6] + list(dice), copy.deepcopy(choices)
    return build


def _no_spells(block: dict[str, Any], with_key: bool) -> None:
    if not with_key:
        del block["spellcasting"]


# The dryad's spells (Spark, Frost Bolt, Hush) are on its menu only with its `spellcasting`.
PLAYED_PROBES["Creature.spellcasting"] = MenuProbe(_creature_block("dryad", _no_spells, [], []), "dryad")


def _sheet_or_block(block: dict[str, Any], with_key: bool) -> None:
    """The frost witch with its sheet (Wits 2: initiative 6 + 6 + 2 and Frost Bolt's to-hit
    3 + 3 + 2 = 8), or without it written as a plain block, which must then give its own
    numbers (health 10, Guard 6, initiative +0, a Slap, spell to-hit 4: 3 + 3 + 4 = 10)."""
    if not with_key:
        del block["sheet"]
        block.update({"health": 10, "defense": 6, "initiativeModifier": 0,
                      "actions": [{"id": "slap", "name": "Slap", "budget": "act", "toHit": 1, "damage": {"flat": 1}}]})
        block["spellcasting"]["toHit"] = 4


PLAYED_PROBES["Creature.sheet"] = FightProbe(_creature_block(
    "frost-witch", _sheet_or_block, [3, 3, 5, 2, 2],
    [{"actor": "frost-witch", "option": "ability:spellcasting:frost-bolt", "targets": ["juno"]}]))


# ---------------------------------------------------------------------------
# the creature types themselves (combat.creatureTypes, 1.168)
# ---------------------------------------------------------------------------


def _bane_on_juno(with_key: bool):
    """Lantern Marsh (schemaVersion 2) where Wren's Bane Bolt (1d4 fire that never misses)
    lands on Juno. With `combat.creatureTypes` (humanoid and undead, default humanoid) its
    part of 3 fire more is for the undead only, and Juno, a sheet with no type of her own, is
    humanoid by the default: 2 fire. Without the key no test can tell creatures apart, so the
    part can only be written for everyone: 2 + 3 fire. A test of types is what the key makes
    possible; nothing else in the package names a type."""
    pkg = CK.marsh()
    pkg["schemaVersion"] = 2
    pkg["capabilityApi"] = {"major": 1, "minor": 300}
    part: dict[str, Any] = {"flat": 3, "type": "fire"}
    if with_key:
        pkg["combat"]["creatureTypes"] = {"types": [{"id": "humanoid", "label": "Humanoid"},
                                                    {"id": "undead", "label": "Undead"}], "default": "humanoid"}
        part["targetIs"] = {"types": ["undead"]}
    CK.charm(pkg, "bane-bolt", {"kind": "attack", "range": 12, "targets": "any", "autoHit": True,
                                "amount": {"dice": "1d4"}, "damageType": "fire", "plus": [part]})
    # The hound's health 3 + 3; initiative Juno 1 + 1, Wren 12 + 1, the hound 2 + 1; Bane Bolt's d4 shows 2.
    return pkg, [CK.juno_marsh(), CK.wren_marsh("bane-bolt")], [CK.foe("bog-hound")], [3, 3, 1, 12, 2, 2, 2, 2], [
        {"actor": "wren", "option": "ability:charms:bane-bolt", "targets": ["juno"]}]


PLAYED_PROBES.update({
    "Combat.creatureTypes": FightProbe(_bane_on_juno),
})
