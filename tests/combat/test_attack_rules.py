"""Attack rolls with exact numbers: advantage and disadvantage cancelling, natural faces,
criticals (max-dice, double-dice), `criticalFrom`, and the menu's forecasts.

Lantern Marsh rolls 1d12 (advantage allowed; a natural 12 is a critical that adds the
damage dice's highest face, a natural 1 misses). Juno swings a Reed axe at +3 for 1d8 + 3;
the Reed hound has Guard 8. Initiative takes the first two faces of every script.
"""

from __future__ import annotations

from shared.combat import menu
from tests.combat.kit import Bout, add_creature, foe, juno_marsh, marsh, ruleset

AXE = "attack:kit:reed-axe"


def _pkg(**attack_roll) -> dict:
    pkg = marsh()
    pkg["combat"]["attackRoll"].update(attack_roll)
    for eid, label, defense in (("reed-hound", "Reed hound", 8), ("mud-crab", "Mud crab", 2),
                                ("stone-heron", "Stone heron", 20)):
        add_creature(pkg, eid, label, {
            "health": 30, "defense": defense, "initiativeModifier": 0, "tier": "pack",
            "actions": [{"id": "peck", "name": "Peck", "budget": "act", "toHit": 3, "damage": {"dice": "1d4"}}],
        })
    return pkg


def _swing(pkg: dict, dice: list[int], target: str = "reed-hound", juno: dict | None = None,
           juno_has: tuple[str, ...] = (), target_has: tuple[str, ...] = ()) -> tuple[Bout, list[str]]:
    bout = Bout(ruleset(pkg), [juno or juno_marsh()], [foe(target)], dice=[12, 1, *dice])
    for cid in juno_has:
        bout.put("juno", cid)
    for cid in target_has:
        bout.put(target, cid)
    lines = bout.choose("juno", AXE, target)
    assert bout.dice_left() == 0, "every scripted face is used, and no more"
    return bout, lines


def test_advantage_from_the_target_keeps_the_better_roll():
    _, lines = _swing(_pkg(), [4, 9, 2], target_has=("mired",))
    assert lines[:2] == [
        "Juno attacks Reed hound with Reed axe: 9 (advantage; dropped 4) + 3 = 12 against Guard 8, a hit.",
        "Reed axe (2 + 3 = 5) deals 5 cut damage to Reed hound.",
    ]


def test_disadvantage_from_the_attacker_keeps_the_worse_roll():
    _, lines = _swing(_pkg(), [9, 4], juno_has=("dazzled",))
    assert lines[0] == "Juno attacks Reed hound with Reed axe: 4 (disadvantage; dropped 9) + 3 = 7 against Guard 8, a miss."


def test_advantage_and_disadvantage_cancel_to_one_plain_die():
    # Mired target (advantage) and a dazzled attacker (disadvantage): one die, no mode.
    _, lines = _swing(_pkg(), [9, 2], juno_has=("dazzled",), target_has=("mired",))
    assert lines[0] == "Juno attacks Reed hound with Reed axe: 9 + 3 = 12 against Guard 8, a hit."


def test_two_advantages_still_cancel_against_one_disadvantage():
    bout = Bout(ruleset(_pkg()), [juno_marsh()], [foe("reed-hound")], dice=[12, 1, 9, 2])
    bout.put("juno", "dazzled")
    bout.put("reed-hound", "mired")
    bout.who("juno").helped_by = "someone"  # a Help taken earlier: a second advantage
    assert bout.choose("juno", AXE, "reed-hound")[0] == \
        "Juno attacks Reed hound with Reed axe: 9 + 3 = 12 against Guard 8, a hit."
    assert bout.dice_left() == 0


def test_a_natural_max_is_a_critical_that_adds_the_dice_highest_face():
    _, lines = _swing(_pkg(), [12, 5])
    assert lines[:3] == [
        "Juno attacks Reed hound with Reed axe: 12 + 3 = 15 against Guard 8, a natural 12, a critical hit.",
        "Reed axe (5 + 3 = 8, plus the dice's highest 8) deals 16 cut damage to Reed hound.",
        "Reed hound has 14 of 30 Breath.",
    ]


def test_double_dice_rolls_the_damage_dice_again_on_a_critical():
    _, lines = _swing(_pkg(critical="double-dice"), [12, 5, 2])
    assert lines[1] == "Reed axe (5 + 3 = 8, doubled dice 2) deals 10 cut damage to Reed hound."


def test_no_critical_rule_is_an_ordinary_hit_on_the_highest_face():
    _, lines = _swing(_pkg(critical="none"), [12, 5])
    assert lines[:2] == [
        "Juno attacks Reed hound with Reed axe: 12 + 3 = 15 against Guard 8, a natural 12, a critical hit, "
        "dealt as an ordinary hit.",
        "Reed axe (5 + 3 = 8) deals 8 cut damage to Reed hound.",
    ]


def test_a_natural_max_that_only_hits_beats_any_defense_without_a_critical():
    _, lines = _swing(_pkg(naturals={"max": "hit", "min": "miss"}), [12, 5], target="stone-heron")
    assert lines[:2] == [
        "Juno attacks Stone heron with Reed axe: 12 + 3 = 15 against Guard 20, a natural 12, a hit.",
        "Reed axe (5 + 3 = 8) deals 8 cut damage to Stone heron.",
    ]


def test_a_natural_one_misses_whatever_the_total():
    _, lines = _swing(_pkg(), [1], target="mud-crab")
    assert lines[0] == "Juno attacks Mud crab with Reed axe: 1 + 3 = 4 against Guard 2, a natural 1, a miss."


def _keen_pkg() -> dict:
    pkg = _pkg(criticalFrom={"field": "keen"})
    pkg["sheet"]["fields"].append({"id": "keen", "label": "Keen from", "type": "number", "min": 0, "max": 20,
                                   "default": 0, "section": "about"})
    return pkg


def test_critical_from_widens_the_critical_faces():
    juno = juno_marsh(fields={"stamina": 3, "rank": 2, "keen": 11})
    _, lines = _swing(_keen_pkg(), [11, 5], juno=juno)
    assert lines[:2] == [
        "Juno attacks Reed hound with Reed axe: 11 + 3 = 14 against Guard 8, a natural 11, a critical hit.",
        "Reed axe (5 + 3 = 8, plus the dice's highest 8) deals 16 cut damage to Reed hound.",
    ]


def test_critical_from_below_two_means_only_the_highest_face():
    _, lines = _swing(_keen_pkg(), [11, 5])  # keen left at its default 0
    assert lines[0] == "Juno attacks Reed hound with Reed axe: 11 + 3 = 14 against Guard 8, a hit."


def test_critical_from_is_capped_at_the_die_highest_face():
    juno = juno_marsh(fields={"stamina": 3, "rank": 2, "keen": 15})
    _, lines = _swing(_keen_pkg(), [12, 5], juno=juno)
    assert lines[0].endswith("a natural 12, a critical hit.")


def test_the_menu_forecast_counts_naturals_and_critical_from_without_rolling():
    juno = juno_marsh(fields={"stamina": 3, "rank": 2, "keen": 11})
    bout = Bout(ruleset(_keen_pkg()), [juno], [foe("reed-hound")], dice=[12, 1])
    option = bout.options("juno")[AXE]
    # d12 + 3 against 8 hits on 5..12 (8 faces); 11 and 12 are criticals worth 7.5 + 8.
    assert option.forecasts[0].hit == round(8 / 12, 4)
    assert option.forecasts[0].damage == round(6 / 12 * 7.5 + 2 / 12 * 15.5, 3)
    assert option.text == "Action; to hit +3, 1d8+3 cut"
    assert bout.state.dice.cursor == 2, "a forecast consumes no dice"


#: mechanics-2 (1.244): a row every sheet gets in combat, in the list's own columns.
FIST = {"name": "Bare fist", "rolls": "might", "damage": "1d2", "harm": "bruise"}


def test_a_list_always_row_is_offered_to_every_sheet_and_swung_like_its_own():
    pkg = _pkg()
    pkg["combat"]["attacks"][0]["always"] = [FIST]
    # Juno rolls the fist with Might 3 as the axe is: 7 + 3 = 10 against Guard 8 hits;
    # 1d2 rolls 2, + Might 3 = 5 bruise damage.
    bout = Bout(ruleset(pkg), [juno_marsh()], [foe("reed-hound")], dice=[12, 1, 7, 2])
    lines = bout.choose("juno", "attack:kit:bare-fist", "reed-hound")
    assert lines[:2] == [
        "Juno attacks Reed hound with Bare fist: 7 + 3 = 10 against Guard 8, a hit.",
        "Bare fist (2 + 3 = 5) deals 5 bruise damage to Reed hound.",
    ]


def test_without_the_always_row_the_fist_is_not_on_the_menu():
    bout = Bout(ruleset(_pkg()), [juno_marsh()], [foe("reed-hound")], dice=[12, 1])
    assert "attack:kit:bare-fist" not in bout.options("juno")


def test_a_sheet_row_of_the_same_name_is_used_instead_of_the_always_row():
    pkg = _pkg()
    pkg["combat"]["attacks"][0]["always"] = [FIST]
    juno = juno_marsh()
    # Juno's own Bare fist rolls 1d4 with Nerve 1: 7 + 1 = 8 against Guard 8 hits; 1d4
    # rolls 4, + Nerve 1 = 5 cut damage (the list's 1d2 bruise row is not used).
    juno["sheet"]["lists"]["kit"].append({"name": "Bare fist", "rolls": "nerve", "damage": "1d4", "harm": "cut"})
    bout = Bout(ruleset(pkg), [juno], [foe("reed-hound")], dice=[12, 1, 7, 4])
    # One Bare fist on the menu: the sheet's.
    assert [o.id for o in menu(bout.rs, bout.state, "juno")].count("attack:kit:bare-fist") == 1
    lines = bout.choose("juno", "attack:kit:bare-fist", "reed-hound")
    assert lines[:2] == [
        "Juno attacks Reed hound with Bare fist: 7 + 1 = 8 against Guard 8, a hit.",
        "Bare fist (4 + 1 = 5) deals 5 cut damage to Reed hound.",
    ]
