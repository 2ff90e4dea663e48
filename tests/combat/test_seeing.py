"""Who sees whom (spec/mechanics-1 "Sight", 1.178, and "Senses and sight, continued", 1.180;
shared/combat/seeing.py): invisibility through `unseen`, `combat.sight.unseenAttacks`,
`seen: true` targeting, `cancelsUnseen`, senses by range (`Creature.senses`, a condition's
`senses`), `eyes`, and `endsWhenHolder`. The package and Ilsa are tests/combat/sight_kit.py's
(Marinara's 5e package with the 5e example's Cinder Hound; Ilsa's Shortbow is + 5, her Armor
Class 12; the Hound's Searing bite is + 4, 1d6 + 1 piercing and 1d4 fire, Armor Class 12).
Scripted dice throughout.
"""

from __future__ import annotations

from shared.combat import advance, start_battle
from shared.combat.fight import Fight
from shared.combat.seeing import sees
from tests.combat import sight_kit as SK
from tests.combat import zones_kit as ZK
from tests.combat.kit import Bout, foe, ruleset

#: The Hound's 5d8 = 25 (five 5s); initiative Ilsa 15 + 3 = 18, the Hound 2 + 1 = 3.
START = [5] * 5 + [15, 2]


def _bout(dice: list[int], pkg=None, **ilsa) -> Bout:
    return Bout(ruleset(pkg or SK.package()), [SK.ilsa(**ilsa)], [foe("cinder-hound")], dice=START + dice)


def _invisible(dice: list[int], pkg=None) -> Bout:
    bout = _bout(dice, pkg)
    assert bout.choose("ilsa", "ability:spells:invisibility", "ilsa") == [
        "Ilsa spends 1 2nd-level slot on Invisibility.",
        "Ilsa uses Invisibility on Ilsa.",
        "Ilsa is Invisible for 600 rounds.",
        "Cinder Hound's turn.",
    ]
    return bout


def test_invisible_ilsa_is_bitten_at_disadvantage_and_her_one_shot_has_advantage():
    # The Hound cannot see Ilsa (no blindsight, no truesight): its bite rolls twice at
    # disadvantage, 4 and 17, keeps 4: 4 + 4 = 8 against 12, a miss. Ilsa's Shortbow: she is
    # unseen, advantage, 4 and 17 keep 17: 17 + 5 = 22 against 12, a hit; 1d6 (4) + 3 = 7,
    # 25 - 7 = 18. The attack still had Invisible; then it ends (endsWhenHolder.attacks).
    bout = _invisible([4, 17, 4, 17, 4])
    assert bout.choose("cinder-hound", "action:sear_bite", "ilsa") == [
        "Cinder Hound attacks Ilsa with Searing bite: 4 (disadvantage; dropped 17) + 4 = 8 against Armor Class 12, a miss.",
        "Round 2.",
        "Ilsa's turn.",
    ]
    assert bout.choose("ilsa", "attack:attacks:shortbow", "cinder-hound") == [
        "Ilsa attacks Cinder Hound with Shortbow: 17 (advantage; dropped 4) + 5 = 22 against Armor Class 12, a hit.",
        "Shortbow (4 + 3 = 7) deals 7 piercing damage to Cinder Hound.",
        "Cinder Hound has 18 of 25 Hit points.",
        "Ilsa is no longer Invisible: Ilsa attacked.",
        "Cinder Hound's turn.",
    ]
    assert [h.id for h in bout.who("ilsa").conditions] == []


def test_without_sight_unseen_gives_no_attack_modes():
    # No `combat.sight`: nothing gives the unseen advantage and disadvantage, so the bite
    # keeps its one d20, 4 + 4 = 8.
    bout = _invisible([4, 17], SK.package(sight=None))
    assert bout.choose("cinder-hound", "action:sear_bite", "ilsa")[0] == (
        "Cinder Hound attacks Ilsa with Searing bite: 4 + 4 = 8 against Armor Class 12, a miss.")


def test_casting_a_spell_ends_invisibility_after_the_spell():
    # Magic Missile (a spell: `casts: ["spells"]`): 1d4 (2) + 1 = 3 force, 25 - 3 = 22, then
    # Invisible ends. Without endsWhenHolder it stays.
    pkg = SK.package()
    bout = Bout(ruleset(pkg), [_with_missile()], [foe("cinder-hound")], dice=START + [2])
    bout.choose("ilsa", "ability:spells:invisibility", "ilsa")
    bout.choose("cinder-hound", "end-turn")
    assert bout.choose("ilsa", "ability:spells:magic-missile", "cinder-hound") == [
        "Ilsa spends 1 1st-level slot on Magic Missile.",
        "Ilsa uses Magic Missile on Cinder Hound.",
        "Magic Missile (2 + 1 = 3) deals 3 force damage to Cinder Hound.",
        "Cinder Hound has 22 of 25 Hit points.",
        "Ilsa is no longer Invisible: Ilsa used Magic Missile.",
        "Cinder Hound's turn.",
    ]
    bout = Bout(ruleset(SK.package(ends={})), [_with_missile()], [foe("cinder-hound")], dice=START + [2])
    bout.choose("ilsa", "ability:spells:invisibility", "ilsa")
    bout.choose("cinder-hound", "end-turn")
    assert "Ilsa is no longer Invisible" not in " ".join(
        bout.choose("ilsa", "ability:spells:magic-missile", "cinder-hound"))
    assert [h.id for h in bout.who("ilsa").conditions] == ["invisible"]


def _with_missile():
    return SK.ilsa()


def _seen_bite(pkg, **senses):
    block = SK.hound(pkg, senses=senses) if senses else SK.hound(pkg)
    block["actions"][0]["seen"] = True
    return pkg


def test_a_seen_action_cannot_target_invisible_ilsa_until_she_is_outlined():
    # The bite with `seen: true` has no one the Hound sees: it leaves the menu, and choosing
    # it is refused.
    bout = _invisible([], _seen_bite(SK.package()))
    assert "action:sear_bite" not in bout.options("cinder-hound")
    refused = bout.refusal("cinder-hound", "action:sear_bite", "ilsa")
    assert refused.message == "'action:sear_bite' is not on Cinder Hound's menu now"
    # Without `seen` the same bite is offered against her (at disadvantage).
    plain = _invisible([])
    assert plain.options("cinder-hound")["action:sear_bite"].targets == ["ilsa"]
    # Faerie Fire's outline (`cancelsUnseen`) lets everyone see her, invisible or not.
    bout.put("ilsa", "outlined")
    assert bout.options("cinder-hound")["action:sear_bite"].targets == ["ilsa"]


def _sight_at(cell: list[int], *, wall: bool = False) -> tuple[bool, bool]:
    """(the Hound sees Ilsa, Ilsa sees the Hound) once she is invisible, the Hound at `cell`
    with its own blindsight of 10 feet (2 cells, 5 feet a cell); `wall` stands a wall at 1, 0."""
    rs = ruleset(_seen_bite(SK.package(), blindsight=10))
    board = {"rows": ["." + ("#" if wall else ".") + "........"] + ZK.ROWS[1:]}
    state, _ = start_battle(rs, [SK.ilsa([0, 0])], [foe("cinder-hound", position=cell)], board=board, dice=START)
    result = advance(rs, state, {"actor": "ilsa", "option": "ability:spells:invisibility", "targets": ["ilsa"]})
    assert not hasattr(result, "code"), result
    fight = Fight(rs, result[0])
    hound, ilsa = fight.state.combatant("cinder-hound"), fight.state.combatant("ilsa")
    assert hound is not None and ilsa is not None
    return sees(fight, hound, ilsa), sees(fight, ilsa, hound)


def test_blindsight_sees_her_within_its_range_and_a_wall_hides_everyone():
    # Two cells is 10 feet: in the blindsight's range; three cells (15 feet) is not. She sees
    # the Hound either way; a wall between hides each from the other.
    assert _sight_at([2, 0]) == (True, True)
    assert _sight_at([3, 0]) == (False, True)
    assert _sight_at([2, 0], wall=True) == (False, False)


def test_a_carried_gem_of_seeing_lets_ilsa_see_the_invisible_hound():
    # The Hound is invisible (pierced by truesight). Carrying the Gem (truesight 120), Ilsa
    # sees it and it sees her: her Shortbow rolls once, 17 + 5 = 22 against 12, a hit;
    # 1d6 (4) + 3 = 7, 25 - 7 = 18.
    pkg = SK.with_gear(SK.package(), SK.GEM_OF_SEEING)
    ilsa = SK.ilsa()
    ilsa["sheet"]["live"] = {"items": [{"item": "gear/gem-of-seeing"}]}
    bout = Bout(ruleset(pkg), [ilsa], [foe("cinder-hound")], dice=START + [17, 4])
    bout.put("cinder-hound", "invisible")
    assert bout.choose("ilsa", "attack:attacks:shortbow", "cinder-hound")[:3] == [
        "Ilsa attacks Cinder Hound with Shortbow: 17 + 5 = 22 against Armor Class 12, a hit.",
        "Shortbow (4 + 3 = 7) deals 7 piercing damage to Cinder Hound.",
        "Cinder Hound has 18 of 25 Hit points.",
    ]
    # Without the Gem she cannot see it: disadvantage, 17 and 4 keep 4: 4 + 5 = 9, a miss.
    bout = Bout(ruleset(pkg), [SK.ilsa()], [foe("cinder-hound")], dice=START + [17, 4])
    bout.put("cinder-hound", "invisible")
    assert bout.choose("ilsa", "attack:attacks:shortbow", "cinder-hound")[0] == (
        "Ilsa attacks Cinder Hound with Shortbow: 4 (disadvantage; dropped 17) + 5 = 9 against Armor Class 12, a miss.")
