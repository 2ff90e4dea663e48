"""Condition mechanics on tests/combat/wards_kit.py's 5e package: attacks against the holder
rolled twice (`attacks-taken`, mechanics-1 1.185) and immunities against some appliers only
(`conditionImmunitiesFrom`, 1.191) from Protection from Evil and Good; conditions suspended
rather than removed (`suppresses`, mechanics-3 1.275) by Calm Emotions; Hypnotic Pattern's
incapacitated ending with its charmed (`endsWith`, mechanics-2 1.202), and its save on damage
rolled only on harm from Mira (`bySource`, mechanics-3 1.274).
"""

from __future__ import annotations

import copy
import json

from shared.combat.state import BattleState
from tests.combat import wards_kit as WK
from tests.combat.kit import Bout, foe, ruleset
from tests.combat.srd_kit import fighter

#: The Goblin's 2d6 (6, 6) = 12, the Ghoul's 5d8 (4 x 5) = 20; initiative Mira 18 + 2 = 20,
#: Brom 10 + 1 = 11, the Goblin 5 + 2 = 7, the Ghoul 3 + 2 = 5.
BOTH = [6, 6] + [4] * 5 + [18, 10, 5, 3]
#: The Goblin alone: its 2d6 (6, 6) = 12; initiative Mira 20, Brom 11, the Goblin 7.
GOBLIN = [6, 6] + [18, 10, 5]


def protected_bout(pkg: dict | None = None, dice: list[int] | None = None) -> Bout:
    # Mira puts Protection on Brom at once. The Goblin's Scimitar: 15 + 4 = 19 against 16,
    # 1d6 + 2 = 5 + 2 = 7; the Ghoul's Bite rolls 14 and 3.
    bout = Bout(ruleset(pkg or WK.package()), [WK.caster(), fighter()], [foe("goblin"), foe("ghoul")],
                dice=BOTH + (dice if dice is not None else [15, 5, 14, 3]))
    bout.choose("mira", "ability:spells:protection-from-evil-and-good", "brom")
    bout.choose("brom", "end-turn")
    return bout


def test_protection_rolls_the_ghouls_bite_at_brom_twice_and_the_goblins_scimitar_once():
    bout = protected_bout()
    assert bout.choose("goblin", "action:scimitar", "brom")[0] == \
        "Goblin attacks Brom with Scimitar: 15 + 4 = 19 against Armor Class 16, a hit."
    assert bout.choose("ghoul", "action:bite", "brom")[0] == \
        "Ghoul attacks Brom with Bite: 3 (disadvantage; dropped 14) + 2 = 5 against Armor Class 16, a miss."
    # Unprotected, the same 14 is the Bite's roll: 14 + 2 = 16 against 16, a hit (2d6 + 2 = 3 + 3 + 2).
    bout = protected_bout(WK.package(protected={}), [15, 5, 14, 3, 3])
    bout.choose("goblin", "action:scimitar", "brom")
    assert bout.choose("ghoul", "action:bite", "brom")[0] == \
        "Ghoul attacks Brom with Bite: 14 + 2 = 16 against Armor Class 16, a hit."


def test_protection_keeps_the_ghouls_fright_off_brom_and_lets_the_goblins_on():
    # Round 1 the Ghoul's Howl: Brom's Wisdom save 2 + 0 against 10; round 2 the Goblin's,
    # 3 + 0.
    bout = protected_bout(dice=[2, 3])
    bout.choose("goblin", "end-turn")
    assert bout.choose("ghoul", "action:howl", "brom")[:3] == [
        "Ghoul uses Horrid Howl on Brom.",
        "Brom rolls a Wisdom save against Horrid Howl: 2 against 10, a failure.",
        "Brom is immune to Frightened while Protected, against Fiend or Undead.",
    ]
    assert bout.who("brom").conditions[0].id == "protected" and len(bout.who("brom").conditions) == 1
    bout.choose("mira", "end-turn")
    bout.choose("brom", "end-turn")
    assert bout.choose("goblin", "action:howl", "brom")[1:3] == [
        "Brom rolls a Wisdom save against Horrid Howl: 3 against 10, a failure.",
        "Brom is Frightened for 10 rounds.",
    ]
    assert bout.dice_left() == 0


def calm_bout(calmed: dict | None = None) -> Bout:
    # Round 1: the Goblin's Howl, Brom's save 2 against 10: frightened for 10 rounds.
    # Round 2: Calm Emotions on Brom (he fails without rolling), his Longsword 12 + 5 = 17
    # against 15, 1d8 + 3 = 1 + 3 = 4. Round 3: Mira starts Protection on herself, which ends
    # her concentration on Calm Emotions; Brom's Longsword rolls 12 and 4.
    bout = Bout(ruleset(WK.package(calmed=calmed)), [WK.caster(), fighter()], [foe("goblin")],
                dice=GOBLIN + [2, 12, 1, 12, 4])
    bout.choose("mira", "end-turn")
    bout.choose("brom", "end-turn")
    bout.choose("goblin", "action:howl", "brom")
    bout.choose("mira", "ability:spells:calm-emotions", "brom")
    return bout


def test_calmed_suspends_the_fright_and_it_comes_back_when_calm_emotions_ends():
    bout = calm_bout()
    assert [h.id for h in bout.who("brom").conditions] == ["frightened", "calmed"]
    # Frightened stays on but rolls nothing twice: one d20.
    assert bout.choose("brom", "attack:attacks:longsword", "goblin")[0] == \
        "Brom attacks Goblin with Longsword: 12 + 5 = 17 against Armor Class 15, a hit."
    # The suspended condition saves and reloads exactly.
    saved = json.loads(json.dumps(bout.state.model_dump(mode="json")))
    assert BattleState.model_validate(saved) == bout.state
    bout.choose("goblin", "end-turn")
    assert bout.choose("mira", "ability:spells:protection-from-evil-and-good", "mira")[2:4] == [
        "Mira stops concentrating on Calm Emotions: starting Protection from Evil and Good.",
        "Brom is no longer Calmed: Mira's concentration ended.",
    ]
    # Its clock ran while it was suspended: 10 rounds less Brom's turn end of round 2.
    assert [(h.id, h.rounds) for h in bout.who("brom").conditions] == [("frightened", 9)]
    assert bout.choose("brom", "attack:attacks:longsword", "goblin")[0] == \
        "Brom attacks Goblin with Longsword: 4 (disadvantage; dropped 12) + 5 = 9 against Armor Class 15, a miss."
    assert bout.dice_left() == 0


def test_without_suppresses_the_fright_rolls_brom_twice_while_calmed():
    bout = calm_bout(calmed={})
    assert bout.choose("brom", "attack:attacks:longsword", "goblin")[0] == \
        "Brom attacks Goblin with Longsword: 1 (disadvantage; dropped 12) + 5 = 6 against Armor Class 15, a natural 1, a miss."


def pattern_bout(*, ends_with: bool = True, by_source: bool = False, dice: list[int]) -> Bout:
    applies = copy.deepcopy(WK.HYPNOTIC_PATTERN["applies"])
    if not ends_with:
        del applies[1]["endsWith"]
    if by_source:
        applies[0]["saveEnds"]["bySource"] = True
    # Hypnotic Pattern: the Goblin's Wisdom save 5 + 0 against 13, a failure; Brom's
    # Longsword 12 + 5 = 17 against 15, 1 + 3 = 4.
    bout = Bout(ruleset(WK.package(pattern=applies)), [WK.caster(), fighter()], [foe("goblin")],
                dice=GOBLIN + [5, 12, 1] + dice)
    assert bout.choose("mira", "ability:spells:hypnotic-pattern", "goblin")[2:5] == [
        "Goblin rolls a Wisdom save against Hypnotic Pattern: 5 against 13, a failure.",
        "Goblin is Charmed for 10 rounds.",
        "Goblin is Incapacitated.",
    ]
    return bout


def test_incapacitated_ends_with_charmed_when_broms_hit_lets_the_goblin_save():
    # The save on damage: 15 against 13, a success.
    bout = pattern_bout(dice=[15])
    assert bout.choose("brom", "attack:attacks:longsword", "goblin")[2:6] == [
        "Goblin has 8 of 12 Hit points.",
        "Goblin rolls a Wisdom save to end Charmed, having taken damage: 15 against 13, a success.",
        "Goblin is no longer Charmed: the save ends it.",
        "Goblin is no longer Incapacitated: it ends with Charmed.",
    ]
    assert bout.who("goblin").conditions == []
    assert bout.dice_left() == 0
    # Without endsWith the Goblin stays incapacitated.
    bout = pattern_bout(ends_with=False, dice=[15])
    bout.choose("brom", "attack:attacks:longsword", "goblin")
    assert [h.id for h in bout.who("goblin").conditions] == ["incapacitated"]


def test_by_source_the_goblin_saves_only_on_harm_from_mira():
    # Brom's hit calls for no save; Mira's Magic Missile (1d4 + 1 = 2 + 1 = 3) does: 15
    # against 13, and both conditions end.
    bout = pattern_bout(by_source=True, dice=[2, 15])
    assert bout.choose("brom", "attack:attacks:longsword", "goblin")[2:] == [
        "Goblin has 8 of 12 Hit points.",
        "Goblin's turn.",
        "Goblin cannot act this turn.",
        "Round 2.",
        "Mira's turn.",
    ]
    assert bout.choose("mira", "ability:spells:magic-missile", "goblin")[2:7] == [
        "Magic Missile (2 + 1 = 3) deals 3 force damage to Goblin.",
        "Goblin has 5 of 12 Hit points.",
        "Goblin rolls a Wisdom save to end Charmed, having taken damage: 15 against 13, a success.",
        "Goblin is no longer Charmed: the save ends it.",
        "Goblin is no longer Incapacitated: it ends with Charmed.",
    ]
    assert bout.dice_left() == 0


def test_incapacitated_is_not_put_on_the_ghoul_immune_to_its_charmed():
    # The Ghoul's 5d8 (4 x 5) = 20; initiative Mira 18 + 2 first, the Ghoul 3 + 2; its Wisdom
    # save 5 + 0 against 13 fails, and its block is immune to being charmed.
    bout = Bout(ruleset(WK.package()), [WK.caster()], [foe("ghoul")], dice=[4] * 5 + [18, 3, 5])
    assert bout.choose("mira", "ability:spells:hypnotic-pattern", "ghoul")[2:5] == [
        "Ghoul rolls a Wisdom save against Hypnotic Pattern: 5 against 13, a failure.",
        "Ghoul is immune to Charmed.",
        "Incapacitated is not put on Ghoul: it ends with Charmed, which Ghoul does not have.",
    ]
    assert bout.who("ghoul").conditions == []
    assert bout.dice_left() == 0
