"""The capability guard's probes for sight and senses (spec/mechanics-1 1.178, 1.180, 1.182;
tests/ruleset/test_capability_guard.py merges them).

Every probe is tests/combat/sight_kit.py's 5e fight with one piece changed: Ilsa (Shortbow
+ 5, Armor Class 12, holding Invisible, Blinded or Sensing from the start) against the
5e example's Cinder Hound (Searing bite + 4). Initiative: the Hound 15 + 1 = 16 first, Ilsa
2 + 3 = 5; every later die a 4 or a 17 in turn, so a roll made twice shows which it kept.
"""

from __future__ import annotations

from typing import Any

from tests.combat import sight_kit as SK
from tests.combat.kit import foe
from tests.combat.srd_kit import fighter, mira, spell_row, srd_package
from tests.ruleset.capability_probes import FightProbe, MenuProbe

#: The Hound's 5d8 (five 5s), initiative Ilsa 2 (+ 3), the Hound 15 (+ 1); then 4, 17, ...
DICE = [5] * 5 + [2, 15] + [4, 17] * 20
BITE = {"actor": "cinder-hound", "option": "action:sear_bite", "targets": ["ilsa"]}
SHOT = {"actor": "ilsa", "option": "attack:attacks:shortbow", "targets": ["cinder-hound"]}
HOUND_WAITS = {"actor": "cinder-hound", "option": "end-turn", "targets": []}
BLIND = {"lacks": ["sight"]}


def _fight(pkg: dict[str, Any], holds: list[str], choices: list[dict[str, Any]]) -> tuple[Any, ...]:
    return pkg, [SK.ilsa(holds=holds)], [foe("cinder-hound")], list(DICE), [dict(c) for c in choices]


def _bitten(build: Any, holds: list[str] | None = None) -> FightProbe:
    """The Hound bites Ilsa (holding `holds`, Invisible unless told) in the package `build(on)`."""
    return FightProbe(lambda on: _fight(build(on), holds if holds is not None else ["invisible"], [BITE]))


def _shooting(build: Any, holds: list[str]) -> FightProbe:
    """The Hound waits; Ilsa (holding `holds`) shoots it, in the package `build(on)`."""
    return FightProbe(lambda on: _fight(build(on), holds, [HOUND_WAITS, SHOT]))


def _hound_senses(on: bool) -> dict[str, Any]:
    pkg = SK.package()
    if on:
        SK.hound(pkg, senses={"blindsight": 10})
    return pkg


def _seen_bite(on: bool) -> dict[str, Any]:
    pkg = SK.package()
    if on:
        SK.hound(pkg)["actions"][0]["seen"] = True
    return pkg


def _seen_missile(on: bool) -> tuple[Any, ...]:
    pkg = SK.package(blinded=BLIND)
    if on:
        missile = next(e for c in pkg["catalogs"] if c["id"] == "spells" for e in c["entries"] if e["id"] == "magic-missile")
        missile["mechanics"]["seen"] = True
    return _fight(pkg, ["blinded"], [HOUND_WAITS])


def _casts_then_shoots(on: bool) -> tuple[Any, ...]:
    return _fight(SK.package(ends=None if on else {}), [],
                  [HOUND_WAITS, {"actor": "ilsa", "option": "ability:spells:invisibility", "targets": ["ilsa"]},
                   HOUND_WAITS, SHOT])


#: A sense that works without eyes, read from Ilsa's sheet (a constant 10 feet).
SHEET_BLINDSIGHT = [{"id": "blindsight", "label": "Blindsight", "blind": True, "sheet": {"const": 10}},
                    {"id": "truesight", "label": "Truesight"}]

PLAYED_PROBES: dict[str, FightProbe | MenuProbe] = {
    # Unseen Ilsa: the bite at disadvantage only with the rule that says so.
    "Combat.sight": _bitten(lambda on: SK.package(sight=SK.SIGHT if on else None)),
    "CombatCondition.unseen": _bitten(lambda on: SK.package(invisible=SK.UNSEEN if on else None)),
    # Outlined, she is seen again: the bite rolls once.
    "CombatCondition.cancelsUnseen": _bitten(lambda on: SK.package(outline=SK.OUTLINE if on else None),
                                             ["invisible", "outlined"]),
    # The Hound's blindsight (off the board, in range) sees her: the bite rolls once.
    "Creature.senses": _bitten(_hound_senses),
    # Blinded Ilsa (no eyes) sees the Hound only with a blind sense read from her sheet.
    "Combat.senses": _shooting(lambda on: SK.package(senses=SHEET_BLINDSIGHT if on else None, blinded=BLIND),
                               ["blinded"]),
    # ... or granted by a condition she holds, as a range or added to her own (none).
    "CombatCondition.senses": _shooting(
        lambda on: SK.package(blinded=BLIND, sensing={"senses": {"blindsight": 10}} if on else {}),
        ["blinded", "sensing"]),
    "CombatCondition.senses = 'an added sense'": _shooting(
        lambda on: SK.package(blinded=BLIND, sensing={"senses": {"blindsight": {"add": 10}}} if on else {}),
        ["blinded", "sensing"]),
    # `seen`: the bite leaves the Hound's menu while she is invisible; blinded Ilsa's Magic
    # Missile leaves hers.
    "CreatureAction.seen": MenuProbe(lambda on: _fight(_seen_bite(on), ["invisible"], []), "cinder-hound"),
    "Mechanics.seen": MenuProbe(_seen_missile, "ilsa"),
    # Invisibility ends after her shot only with `endsWhenHolder`.
    "Apply.endsWhenHolder": FightProbe(_casts_then_shoots),
}

FIGHT_SAMPLES: dict[str, tuple[str, Any]] = {}
REFUSED_SAMPLES: dict[str, tuple[Any, dict[str, Any]]] = {}
REFUSED_VALUE_SAMPLES: dict[str, tuple[str, Any, dict[str, Any]]] = {}


def _gagged(build: Any) -> MenuProbe:
    """Gagged Ilsa's menu (with Cure Wounds) in the package `build(on)`."""
    return MenuProbe(lambda on: (build(on), [SK.healer(["gagged"])], [foe("cinder-hound")], list(DICE), [HOUND_WAITS]), "ilsa")


def _gagging(pkg: dict[str, Any]) -> tuple[Any, ...]:
    """Ilsa's Magic Missile gags the Hound (1 round) in `pkg`."""
    missile = next(e for c in pkg["catalogs"] if c["id"] == "spells" for e in c["entries"] if e["id"] == "magic-missile")
    missile["mechanics"]["applies"] = [{"condition": "gagged", "duration": {"rounds": 1}}]
    missile_choice = {"actor": "ilsa", "option": "ability:spells:magic-missile", "targets": ["cinder-hound"]}
    return pkg, [SK.healer()], [foe("cinder-hound")], list(DICE), [HOUND_WAITS, missile_choice]


def _gagged_hound(on: bool) -> tuple[Any, ...]:
    """The gagged Hound's bite needs a voice only with the key."""
    pkg = SK.components_package()
    if on:
        SK.hound(pkg)["actions"][0]["components"] = ["verbal"]
    return _gagging(pkg)


def _innate_hound(where: str) -> MenuProbe:
    """The gagged Hound casts Cure Wounds (V, S) from its `spellcasting`; with the key
    `components: []` on the trait (`where` "trait") or on the spell, innate, the gag does not
    take it away (1.181)."""
    def build(on: bool) -> tuple[Any, ...]:
        pkg = SK.components_package()
        spell: dict[str, Any] = {"entry": "spells/cure-wounds"}
        casting: dict[str, Any] = {"spells": [spell]}
        if on:
            (casting if where == "trait" else spell)["components"] = []
        SK.hound(pkg)["spellcasting"] = casting
        return _gagging(pkg)
    return MenuProbe(build, "cinder-hound")


PLAYED_PROBES.update({
    # Gagged, Ilsa loses Cure Wounds (verbal) only where the package names components, the
    # gag forbids the verbal one and the spell lists it.
    # Without `combat.components` nothing can name a component: the gag forbids nothing
    # and Cure Wounds needs nothing.
    "Combat.components": _gagged(lambda on: SK.components_package() if on else
                                 SK.components_package(declared=False, gag=None, cure=None)),
    "CombatCondition.forbids": _gagged(lambda on: SK.components_package(gag=SK.GAG if on else None)),
    "Mechanics.components": _gagged(lambda on: SK.components_package(cure=SK.CURE_COMPONENTS if on else None)),
    # The gagged Hound loses a bite that needs a voice.
    "CreatureAction.components": MenuProbe(_gagged_hound, "cinder-hound"),
    "Spellcasting.components": _innate_hound("trait"),
    "CovenSpell.components": _innate_hound("spell"),
})


def _foresight(on: bool) -> tuple[Any, ...]:
    """Surprised Ilsa holding Foresight: only with `cannotBeSurprised` is she not surprised
    (her first turn is then hers: she shoots the Hound)."""
    pkg = SK.package()
    SK.add_condition(pkg, "foresight", "Foresight", **({"cannotBeSurprised": True} if on else {}))
    ilsa = SK.ilsa(holds=["foresight"]) | {"surprised": True}
    return pkg, [ilsa], [foe("cinder-hound")], list(DICE), [HOUND_WAITS]


PLAYED_PROBES["CombatCondition.cannotBeSurprised"] = FightProbe(_foresight)


def _fear_held_close(on: bool) -> tuple[Any, ...]:
    """sight_kit's fear on a board: blinded Brom at 0, 0 cannot see the Grave Piper two cells
    (10 feet) off at 2, 0; only with `orSourceWithin: 10` does his Frightened stay in force,
    so his swing at the Hound beside him (0, 1) rolls twice."""
    pkg = SK.fear_package(within=10 if on else None)
    foes = [foe("grave-piper", position=[2, 0]), foe("cinder-hound", position=[0, 1])]
    return pkg, [SK.brom([0, 0], holds=["blinded"])], foes, list(SK.FEAR_DICE), [SK.WAIL, SK.SWING]


PLAYED_PROBES["CombatCondition.orSourceWithin"] = FightProbe(_fear_held_close, board={"rows": ["." * 10] * 4})


def _color_spray(on: bool) -> tuple[Any, ...]:
    """Invisible Ilsa's Color Spray (6d10: six 10s = 60) at the Hound (25): only with
    `unseeing` does the pool skip the Hound, which cannot see her."""
    pkg = SK.package()
    skips = {"unseeing": True} if on else {"conditions": ["unconscious"]}
    spray = {"id": "color-spray", "label": "Color Spray", "mechanics": {
        "kind": "debuff", "range": 15, "targets": "enemy", "healthPool": {"dice": "6d10"}, "healthPoolSkips": skips,
        "applies": [{"condition": "blinded", "duration": {"rounds": 1}}], "cost": [{"pool": "slots_1", "amount": 1}]}}
    next(c for c in pkg["catalogs"] if c["id"] == "spells")["entries"].append(spray)
    ilsa = SK.ilsa(holds=["invisible"])
    ilsa["sheet"]["lists"]["spells"].append(spell_row("color-spray", "Color Spray", 1))
    spraying = {"actor": "ilsa", "option": "ability:spells:color-spray", "targets": ["cinder-hound"]}
    return pkg, [ilsa], [foe("cinder-hound")], [5] * 5 + [2, 15] + [10] * 6, [HOUND_WAITS, spraying]


PLAYED_PROBES["HealthPoolSkips.unseeing"] = FightProbe(_color_spray)


def _gear_sense(place: str, grant: Any) -> FightProbe:
    """Blinded Ilsa carrying a stone whose effect (`place`: its `carried` effect, or the
    `otherwise` of a Wisdom 20 it requires) grants `grant`, else a check modifier; the
    Hound waits and she shoots it: with the sense she sees it and rolls once."""
    def build(on: bool) -> tuple[Any, ...]:
        effect = {"senses": {"blindsight": grant}} if on else {"modifiers": [{"to": "checks", "flat": 1}]}
        item: dict[str, Any] = {"category": "wondrous", "rarity": "rare"}
        if place == "carried":
            item["carried"] = effect
        else:
            item["requires"] = [{"value": {"abilityScore": "wis"}, "atLeast": 20, "otherwise": effect}]
        pkg = SK.with_gear(SK.package(blinded=BLIND), {"id": "stone", "label": "Seeing stone", "item": item})
        ilsa = SK.ilsa(holds=["blinded"])
        ilsa["sheet"]["live"]["items"] = [{"item": "gear/stone"}]
        return pkg, [ilsa], [foe("cinder-hound")], list(DICE), [HOUND_WAITS, SHOT]
    return FightProbe(build)


PLAYED_PROBES.update({
    "ItemEffect.senses": _gear_sense("carried", 10),
    "ItemEffect.senses = 'an added sense'": _gear_sense("carried", {"add": 10}),
    "Otherwise.senses": _gear_sense("otherwise", 10),
    "Otherwise.senses = 'an added sense'": _gear_sense("otherwise", {"add": 10}),
})


def _feral(on: bool) -> tuple[Any, ...]:
    """Surprised Brom (a level-2 Fighter with Second Wind, 10 of 20) with Feral Instinct,
    which only with `ignoresSurpriseWith` names Second Wind: then he uses it in round 1
    and the surprise lifts; without it his first turn passes and he uses it in round 2."""
    pkg = SK.feature(srd_package(), "barbarian-feral-instinct", "Feral Instinct",
                     SK.FERAL_INSTINCT if on else {"kind": "utility", "targets": "self"})
    brom = fighter(hp=10, features=("second-wind",))
    brom["sheet"]["lists"]["features"].append({"name": "Feral Instinct", "_catalog": "features/barbarian-feral-instinct"})
    wind = {"actor": "brom", "option": "ability:features:second-wind", "targets": []}
    return pkg, [brom | {"surprised": True}], [foe("goblin")], [3, 4, 15, 10, 7, 7], [wind]


def _thief(on: bool) -> tuple[Any, ...]:
    """Ilsa (initiative 9 + 3 = 12) with Thief's Reflexes: only with `extraFirstTurn` does
    she have a second turn at 2 in round 1."""
    pkg = SK.feature(SK.package(), "rogue-thiefs-reflexes", "Thief's Reflexes",
                     SK.THIEFS_REFLEXES if on else {"kind": "utility", "targets": "self"})
    ilsa = SK.ilsa()
    ilsa["sheet"]["lists"]["features"] = [{"name": "Thief's Reflexes", "_catalog": "features/rogue-thiefs-reflexes"}]
    return pkg, [ilsa], [foe("cinder-hound")], [5] * 5 + [9, 1], []


PLAYED_PROBES.update({
    "Mechanics.ignoresSurpriseWith": FightProbe(_feral),
    "Mechanics.extraFirstTurn": FightProbe(_thief),
})


HIDES = {"actor": "ilsa", "option": "standard:hide", "targets": []}


def _hides(on: bool) -> tuple[Any, ...]:
    """Invisible Ilsa hides: only with `combat.hiding` is the Hide action rolled at all
    (4 + 3 = 7, which the Hound's passive 11 reaches)."""
    pkg = SK.hiding_package(hiding=SK.HIDING if on else None)
    return pkg, [SK.ilsa(holds=["invisible"])], [foe("cinder-hound")], list(DICE), [HOUND_WAITS, HIDES]


def _searching(on: bool) -> tuple[Any, ...]:
    """The Hound's menu once Ilsa has hidden: Search is on it only with `search` among the
    standard actions."""
    pkg = SK.hiding_package(search=on)
    return pkg, [SK.ilsa(holds=["invisible"])], [foe("cinder-hound")], list(DICE), [HOUND_WAITS, HIDES]


def _detecting(on: bool) -> tuple[Any, ...]:
    """The Hound's menu with its Detect (`search: true`) only with the key."""
    pkg = SK.hiding_package()
    if on:
        SK.hound(pkg)["actions"].append({"id": "detect", "name": "Detect", "budget": "action", "search": True})
    return pkg, [SK.ilsa(holds=["invisible"])], [foe("cinder-hound")], list(DICE), [HOUND_WAITS, HIDES]


PLAYED_PROBES.update({
    "Combat.hiding": FightProbe(_hides),
    "Combat.standard = 'search'": MenuProbe(_searching, "cinder-hound"),
    "CreatureAction.search": MenuProbe(_detecting, "cinder-hound"),
})


def _weather(build: Any, *, gust: bool) -> FightProbe:
    """tests/combat/test_obscurement.py's fight in the package `build(on)`: Ilsa lays Fog
    Cloud on herself; then Mira's Gust of Wind through it (`gust`), or, in round 2, Ilsa
    hides (4 + 3 = 7; the Hound's passive 11)."""
    def fight(on: bool) -> tuple[Any, ...]:
        ilsa = SK.ilsa([2, 4])
        ilsa["sheet"]["lists"]["spells"].append(spell_row("fog-cloud", "Fog Cloud", 1))
        caster = mira(("gust-of-wind", "Gust of Wind", 2)) | {"position": [10, 4]}
        fog = {"actor": "ilsa", "option": "ability:spells:fog-cloud", "targets": [], "cell": [2, 4]}
        waits = [{"actor": who, "option": "end-turn", "targets": []} for who in ("ilsa", "mira", "cinder-hound")]
        then = [waits[0], {"actor": "mira", "option": "ability:spells:gust-of-wind", "targets": [], "cell": [0, 4]}] \
            if gust else [*waits, HIDES]
        return (build(on), [ilsa, caster], [foe("cinder-hound", position=[14, 4])], [5] * 5 + [15, 14, 2, 4],
                [fog, *then])
    return FightProbe(fight, board=SK.OPEN)


def _fog_obscures(on: bool) -> dict[str, Any]:
    pkg = SK.weather_package()
    if not on:
        fog = next(e for c in pkg["catalogs"] if c["id"] == "spells" for e in c["entries"] if e["id"] == "fog-cloud")
        del fog["mechanics"]["zone"]["obscures"]
    return pkg


def _gust_disperses(on: bool) -> dict[str, Any]:
    pkg = SK.weather_package()
    if not on:
        gust = next(e for c in pkg["catalogs"] if c["id"] == "spells" for e in c["entries"] if e["id"] == "gust-of-wind")
        del gust["mechanics"]["zone"]["disperses"]
    return pkg


PLAYED_PROBES.update({
    # Fog that obscures: she hides against the Hound's full passive; without, it sees her.
    "Zone.obscures": _weather(_fog_obscures, gust=False),
    # Light fog: the passive is 11 - 5 = 6 and her 7 hides her; heavy, 11 reaches 7.
    "Obscures.light": _weather(lambda on: SK.weather_package(light=on), gust=False),
    # Only fog that says `dispersed` ends in the wind.
    "Obscures.dispersed": _weather(lambda on: SK.weather_package(fog=None if on else {}), gust=True),
    "Zone.disperses": _weather(_gust_disperses, gust=True),
})
