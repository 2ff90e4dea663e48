"""Components a use requires (spec/mechanics-1 1.179; shared/combat/components.py): the 5e
verbal, somatic and material components, a gag that forbids the verbal one, and the SRD's
Cure Wounds needing V and S (tests/combat/sight_kit.py `components_package`: Marinara's 5e
package with the 5e example's Cinder Hound; Ilsa casts with Mira's slots).
"""

from __future__ import annotations

from tests.combat import sight_kit as SK
from tests.combat.kit import Bout, foe, ruleset
from tests.ruleset.minimal import problems_of

#: The Hound's 5d8 (five 5s); initiative Ilsa 15 + 3 = 18, the Hound 2 + 1 = 3.
START = [5] * 5 + [15, 2]


def _menu(pkg, holds):
    return Bout(ruleset(pkg), [SK.healer(holds)], [foe("cinder-hound")], dice=START).options("ilsa")


def test_a_gagged_caster_loses_cure_wounds_from_the_menu():
    free = _menu(SK.components_package(), [])
    assert free["ability:spells:cure-wounds"].targets == ["ilsa"]
    gagged = _menu(SK.components_package(), ["gagged"])
    assert "ability:spells:cure-wounds" not in gagged
    # What needs no voice stays: her Shortbow and Magic Missile (which lists no components).
    assert "attack:attacks:shortbow" in gagged and "ability:spells:magic-missile" in gagged


def test_a_gag_without_forbids_or_a_spell_without_components_changes_nothing():
    assert "ability:spells:cure-wounds" in _menu(SK.components_package(gag=None), ["gagged"])
    assert "ability:spells:cure-wounds" in _menu(SK.components_package(cure=None), ["gagged"])


def test_a_gagged_hound_keeps_a_bite_that_needs_no_voice_and_loses_one_that_does():
    pkg = SK.components_package()
    SK.hound(pkg)["actions"][0]["components"] = ["verbal"]
    bout = Bout(ruleset(pkg), [SK.healer()], [foe("cinder-hound")], dice=START)
    bout.choose("ilsa", "end-turn")
    assert "action:sear_bite" in bout.options("cinder-hound")
    bout.put("cinder-hound", "gagged")
    assert "action:sear_bite" not in bout.options("cinder-hound")
    assert bout.refusal("cinder-hound", "action:sear_bite", "ilsa").message == (
        "'action:sear_bite' is not on Cinder Hound's menu now")


# -- the `spellcasting` override (1.181) ---------------------------------------------------
#: The Hound casting the SRD's Cure Wounds (its entry needs verbal and somatic) from a
#: `spellcasting` trait: `trait` and `spell` are the trait's and the spell's `components`.
def _casting_hound(trait: list[str] | None = None, spell: list[str] | None = None) -> Bout:
    pkg = SK.components_package()
    casting: dict = {"spells": [{"entry": "spells/cure-wounds"}]}
    if trait is not None:
        casting["components"] = trait
    if spell is not None:
        casting["spells"][0]["components"] = spell
    SK.hound(pkg)["spellcasting"] = casting
    bout = Bout(ruleset(pkg), [SK.healer()], [foe("cinder-hound")], dice=START)
    bout.choose("ilsa", "end-turn")
    return bout


CURE = "ability:spellcasting:cure-wounds"


def _offered_gagged(trait: list[str] | None = None, spell: list[str] | None = None) -> tuple[bool, bool]:
    bout = _casting_hound(trait, spell)
    free = CURE in bout.options("cinder-hound")
    bout.put("cinder-hound", "gagged")
    return free, CURE in bout.options("cinder-hound")


def test_a_gagged_hound_loses_cure_wounds_by_its_entry_unless_its_spellcasting_is_innate():
    # The entry's own V, S: the gag (verbal) takes it off the menu.
    assert _offered_gagged() == (True, False)
    # `components: []` on the trait: innate, it needs nothing, the gag does not stop it.
    assert _offered_gagged(trait=[]) == (True, True)
    # The trait asks only somatic: no voice needed.
    assert _offered_gagged(trait=["somatic"]) == (True, True)


def test_the_spells_own_components_beat_the_traits():
    assert _offered_gagged(trait=[], spell=["verbal"]) == (True, False)
    assert _offered_gagged(trait=["verbal"], spell=[]) == (True, True)


def test_spellcasting_components_are_held_to_the_packages_components():
    pkg = SK.components_package()
    SK.hound(pkg)["spellcasting"] = {"components": ["chant"], "spells": [
        {"entry": "spells/cure-wounds", "components": ["verbal", "humming"]}]}
    problems = [p.partition(": ")[2] for p in problems_of(pkg)]
    assert problems == ['unknown component "chant"', 'unknown component "humming"']
