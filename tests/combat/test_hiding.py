"""Hiding, Search and Detect (spec/mechanics-3 1.287; shared/combat/hiding.py) on Marinara's
5e package with the 5e example's Cinder Hounds (tests/combat/sight_kit.py `hiding_package`:
Stealth against passive Perception 10 + the check, the verbal component noisy). Ilsa's
Stealth is + 3 (Dex 16), Brom's + 1 (Dex 12); a Hound's Perception + 1 (passive 11).
Scripted dice throughout; every number worked from the sheets and the spec.
"""

from __future__ import annotations

from typing import Any

from shared.combat.state import BattleState
from tests.combat import sight_kit as SK
from tests.combat.kit import Bout, foe, ruleset



#: Two Hounds' 5d8 (ten 5s); initiative Ilsa 15 + 3 = 18, the Hounds 2 + 1 = 3 and 1 + 1 = 2.
TWO_HOUNDS = [5] * 10 + [15, 2, 1]


def _invisible_ilsa(dice: list[int], pkg: dict[str, Any] | None = None) -> Bout:
    return Bout(ruleset(pkg or SK.hiding_package()), [SK.ilsa(holds=["invisible"])],
                [foe("cinder-hound"), foe("cinder-hound")], dice=TWO_HOUNDS + dice)


def test_invisible_ilsa_hides_from_both_hounds_until_one_searches_and_her_shot_gives_her_away():
    # Invisible, neither Hound sees her clearly; Stealth 14 + 3 = 17 beats both passive 11.
    bout = _invisible_ilsa([14, 16, 17, 4, 4])
    assert bout.choose("ilsa", "standard:hide") == [
        "Ilsa hides: 14 + 3 = 17 with Stealth; hidden from Cinder Hound (passive 11), Cinder Hound 2 (passive 11).",
        "Cinder Hound's turn.",
    ]
    # Off both target lists: neither Hound is offered its bite (invisible alone, it would be,
    # at disadvantage).
    assert "action:sear_bite" not in bout.options("cinder-hound")
    # The first Hound's Search: 16 + 1 = 17 reaches her 17 and finds her, for it alone.
    assert bout.choose("cinder-hound", "standard:search") == [
        "Cinder Hound searches: 16 + 1 = 17 with Perception; finds Ilsa.", "Cinder Hound 2's turn."]
    assert bout.who("ilsa").hidden.seekers == ["cinder-hound-2"]
    assert "action:sear_bite" not in bout.options("cinder-hound-2")
    assert bout.choose("cinder-hound-2", "end-turn") == ["Round 2.", "Ilsa's turn."]
    # Her Shortbow at the Hound she is hidden from: it cannot see her, advantage, 4 and 17
    # keep 17: 17 + 5 = 22 against 12, 1d6 (4) + 3 = 7 (25 -> 18). Then she is found.
    assert bout.choose("ilsa", "attack:attacks:shortbow", "cinder-hound-2") == [
        "Ilsa attacks Cinder Hound 2 with Shortbow: 17 (advantage; dropped 4) + 5 = 22 against Armor Class 12, a hit.",
        "Shortbow (4 + 3 = 7) deals 7 piercing damage to Cinder Hound 2.",
        "Cinder Hound 2 has 18 of 25 Hit points.",
        "Ilsa is no longer hidden: they used Shortbow.",
        "Cinder Hound's turn.",
    ]
    assert bout.who("ilsa").hidden is None
    assert bout.options("cinder-hound")["action:sear_bite"].targets == ["ilsa"]
    assert bout.dice_left() == 0


def test_a_search_of_12_fails_against_her_17():
    bout = _invisible_ilsa([14, 12])
    bout.choose("ilsa", "standard:hide")
    assert bout.choose("cinder-hound", "standard:search") == [
        "Cinder Hound searches: 12 + 1 = 13 with Perception; finds nobody.", "Cinder Hound 2's turn."]
    assert bout.who("ilsa").hidden.seekers == ["cinder-hound", "cinder-hound-2"]
    # The hiding is part of the saved state, and reloads exactly.
    saved = bout.state.model_dump(mode="json")
    assert next(c for c in saved["combatants"] if c["id"] == "ilsa")["hidden"] == {
        "result": 17, "seekers": ["cinder-hound", "cinder-hound-2"]}
    assert BattleState.model_validate(saved).model_dump(mode="json") == saved


def test_a_passive_11_reaches_a_stealth_of_11_and_one_who_sees_her_is_never_hidden_from():
    # 8 + 3 = 11: both Hounds' passive 11 reaches it ("does not reach" hides).
    bout = _invisible_ilsa([8])
    assert bout.choose("ilsa", "standard:hide")[0] == (
        "Ilsa hides: 8 + 3 = 11 with Stealth; hidden from nobody (Cinder Hound's passive Perception 11 reaches it; "
        "Cinder Hound 2's passive Perception 11 reaches it).")
    assert bout.who("ilsa").hidden is None
    # Not invisible, off the board: both see her clearly, whatever she rolls (20 + 3 = 23).
    bout = Bout(ruleset(SK.hiding_package()), [SK.ilsa()], [foe("cinder-hound"), foe("cinder-hound")],
                dice=TWO_HOUNDS + [20])
    assert bout.choose("ilsa", "standard:hide")[0] == (
        "Ilsa hides: 20 + 3 = 23 with Stealth; hidden from nobody (Cinder Hound sees them; Cinder Hound 2 sees them).")


def test_without_combat_hiding_the_hide_action_changes_nothing():
    pkg = SK.hiding_package(hiding=None)
    bout = Bout(ruleset(pkg), [SK.ilsa(holds=["invisible"])], [foe("cinder-hound")], dice=[5] * 5 + [15, 2])
    assert bout.choose("ilsa", "standard:hide")[0] == "Ilsa takes the Hide action, which changes nothing yet."


def test_a_noisy_spell_gives_her_away():
    # Hidden (14 + 3 = 17), Ilsa casts Cure Wounds (verbal, somatic) on herself: the verbal
    # component is noisy, so she is found by both; 1d8 (4) + 2 (Wis 14) heals her.
    pkg = SK.hiding_package()
    bout = Bout(ruleset(pkg), [SK.healer(["invisible"])], [foe("cinder-hound"), foe("cinder-hound")],
                dice=TWO_HOUNDS + [14, 4])
    bout.choose("ilsa", "standard:hide")
    bout.choose("cinder-hound", "end-turn")
    bout.choose("cinder-hound-2", "end-turn")
    lines = bout.choose("ilsa", "ability:spells:cure-wounds", "ilsa")
    assert lines[-2:] == ["Ilsa is no longer hidden: Cure Wounds makes noise.", "Cinder Hound's turn."]


def test_detect_a_creature_action_that_only_searches_finds_her():
    # The Hound's own Detect (`search: true`), as the spec writes the legendary one, on its
    # action: 16 + 1 = 17 reaches her 17.
    pkg = SK.hiding_package()
    SK.hound(pkg)["actions"].append({"id": "detect", "name": "Detect", "budget": "action", "search": True})
    bout = _invisible_ilsa([14, 16], pkg)
    bout.choose("ilsa", "standard:hide")
    assert bout.options("cinder-hound")["action:detect"].targets == []
    assert bout.choose("cinder-hound", "action:detect")[0] == "Cinder Hound searches: 16 + 1 = 17 with Perception; finds Ilsa."


# ---------------------------------------------------------------------------
# behind a wall, on a board
# ---------------------------------------------------------------------------


def _walled(dice: list[int]) -> Bout:
    """Brom at 0, 0 behind sight_kit's wall (1, 0 and 1, 1), the Hound at 3, 0 (15 feet).
    The Hound's 5d8 (five 5s); initiative Brom 15 + 1 = 16, the Hound 2 + 1 = 3."""
    return Bout(ruleset(SK.hiding_package()), [SK.brom([0, 0])], [foe("cinder-hound", position=[3, 0])],
                dice=[5] * 5 + [15, 2] + dice, board=SK.WALLED)


def test_brom_hides_behind_the_wall_a_search_of_12_fails_and_16_finds_him():
    # The wall stands between them: Stealth 14 + 1 = 15 against the Hound's passive 11.
    bout = _walled([14, 12, 16])
    assert bout.choose("brom", "standard:hide") == [
        "Brom hides: 14 + 1 = 15 with Stealth; hidden from Cinder Hound (passive 11)."]
    bout.choose("brom", "end-turn")
    assert bout.choose("cinder-hound", "standard:search")[0] == (
        "Cinder Hound searches: 12 + 1 = 13 with Perception; finds nobody.")
    bout.choose("cinder-hound", "end-turn")
    bout.choose("brom", "end-turn")
    assert bout.choose("cinder-hound", "standard:search")[0] == (
        "Cinder Hound searches: 16 + 1 = 17 with Perception; finds Brom.")
    assert bout.who("brom").hidden is None


def test_the_hound_walking_round_the_wall_finds_brom_on_the_cell_it_sees_him_from():
    bout = _walled([14])
    bout.choose("brom", "standard:hide")
    bout.choose("brom", "end-turn")
    # Round the wall's end to 0, 2: the line from there to 0, 0 crosses no wall (1, 0 and
    # 1, 1), so it sees him clearly on arriving, and finds him there, before the walk's end.
    lines = bout.choose("cinder-hound", "move:0,2")
    assert lines == ["Cinder Hound finds Brom: sees them clearly.",
                     "Cinder Hound moves to 0, 2 for 15 ft and has 25 ft left."]
    assert bout.who("brom").hidden is None


def test_the_engine_searches_when_every_opponent_is_hidden_from_it():
    # An Engine-played Hound (initiative 2 + 1 = 3, after Ilsa's 18): Ilsa hidden (14 + 3 =
    # 17), its bite has no one to aim at, so it searches: 16 + 1 = 17 finds her.
    bout = Bout(ruleset(SK.hiding_package()), [SK.ilsa(holds=["invisible"])],
                [foe("cinder-hound", controller="engine")], dice=[5] * 5 + [15, 2, 14, 16])
    lines = bout.choose("ilsa", "standard:hide")
    assert lines[:3] == ["Ilsa hides: 14 + 3 = 17 with Stealth; hidden from Cinder Hound (passive 11).",
                         "Cinder Hound's turn.", "Cinder Hound searches: 16 + 1 = 17 with Perception; finds Ilsa."]


def test_behind_the_wall_ilsa_hides_from_both_hounds_and_a_search_of_17_finds_her():
    # Ilsa at 0, 0 behind the wall (1, 0 and 1, 1); the Hounds at 3, 0 and 3, 1 see her
    # through neither cell. Initiative Ilsa 15 + 3 = 18, the Hounds 2 + 1 and 1 + 1.
    bout = Bout(ruleset(SK.hiding_package()), [SK.ilsa([0, 0])],
                [foe("cinder-hound", position=[3, 0]), foe("cinder-hound", position=[3, 1])],
                dice=TWO_HOUNDS + [14, 16], board=SK.WALLED)
    assert bout.choose("ilsa", "standard:hide")[0] == (
        "Ilsa hides: 14 + 3 = 17 with Stealth; hidden from Cinder Hound (passive 11), Cinder Hound 2 (passive 11).")
    bout.choose("ilsa", "end-turn")
    assert bout.choose("cinder-hound", "standard:search")[0] == (
        "Cinder Hound searches: 16 + 1 = 17 with Perception; finds Ilsa.")
    assert bout.who("ilsa").hidden.seekers == ["cinder-hound-2"]
