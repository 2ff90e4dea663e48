"""Auras and conditions kept for the whole fight (spec/mechanics-3 "Auras (1.263)", 1.268
`targetTypes`, `sourcesOf`), and compelled behaviour (1.264, 1.266), on the 5e example with
the SRD 5.1 entries of tests/combat/auras_kit.py.

Aldric, a level-6 paladin (Charisma 16, + 3) with Aura of Protection; Ilsa (Dexterity 16,
proficient in Dexterity saves at level 3: + 3 + 2 = + 5); the Cinder Hound (5d8 health,
Ember breath: 2d6 fire, a cone of 15 feet, Dexterity save DC 12 for half, recharge 5-6).
On a 12 x 6 board of 5-foot cells: Aldric 6, 0; Ilsa 6, 2 (2 cells, 10 feet, from him); the
hound 9, 2 (3 cells from Ilsa). Dice: the hound's health 5 x 4 = 20, then initiative Aldric
15 + 1, Ilsa 10 + 3, the hound 2 + 1.
"""

from __future__ import annotations

from shared.combat import advance, menu, start_battle
from shared.combat.fight import Refusal
from shared.combat.state import HeldCondition
from tests.combat.auras_kit import FEAR as FEAR_RULE, brom_armed, member, package, paladin
from tests.combat.kit import foe, play, ruleset

BOARD = {"rows": ["." * 12] * 6}
START = [4] * 5 + [15, 10, 2]


def _fight(pkg=None, *, level: int = 6, dice: list[int] = ()):
    rs = ruleset(pkg or package())
    party = [paladin(level) | {"position": [6, 0]}, member("Ilsa") | {"position": [6, 2]}]
    state, _ = start_battle(rs, party, [foe("cinder-hound", position=[9, 2])], board=BOARD, dice=START + list(dice))
    return rs, state


def test_aura_of_protection_adds_three_then_parts_and_writes_no_sheet():
    # Round 1: the breath's 2d6 (3, 4) = 7, then Ilsa's save: d20 5 + Dexterity save 5 +
    # Aldric's Charisma 3 = 13 against 12, a success: 7 halved to 3, 21 - 3 = 18.
    # Round 2: Ilsa walks 3 cells down to 6, 5 (5 cells from Aldric, beyond 10 feet): the aura
    # parts. The hound recharges (6), walks to 9, 5 and breathes again: 2d6 (5, 4) = 9; her
    # save d20 3 + 5 = 8 against 12, with no + 3, a failure: 18 - 9 = 9.
    rs, state = _fight(dice=[3, 4, 5, 6, 5, 4, 3])
    opening = [e for e in state.events if e.kind in ("aura", "condition")]
    assert [(e.kind, e.text) for e in opening] == [
        ("condition", "Aldric keeps Aura of Protection for the whole fight."),
        ("aura", "Aldric is Protected: Aldric's aura reaches them."),
        ("aura", "Ilsa is Protected: Aldric's aura reaches them."),
    ]
    state, _ = play(rs, state, "aldric", "end-turn")
    state, _ = play(rs, state, "ilsa", "end-turn")
    state, log = play(rs, state, "cinder-hound", "action:ember_breath", cell=[6, 2])
    assert log[2] == "Ilsa rolls a Dexterity save against Ember breath: 5 + 5 + 3 (Protected) = 13 against 12, a success."
    assert log[4] == "Ilsa has 18 of 21 Hit points."
    state, _ = play(rs, state, "cinder-hound", "end-turn")
    state, _ = play(rs, state, "aldric", "end-turn")
    state, log = play(rs, state, "ilsa", "move:6,5")
    assert log == ["Ilsa moves to 6, 5 for 15 ft and has 15 ft left.",
                   "Ilsa is no longer Protected: Aldric's aura no longer reaches them."]
    assert state.events[-1].kind == "parted"
    state, _ = play(rs, state, "ilsa", "end-turn")
    state, _ = play(rs, state, "cinder-hound", "move:9,5")
    state, log = play(rs, state, "cinder-hound", "action:ember_breath", cell=[6, 5])
    assert log[2] == "Ilsa rolls a Dexterity save against Ember breath: 3 + 5 = 8 against 12, a failure."
    assert log[4] == "Ilsa has 9 of 21 Hit points."
    # Neither sheet is written: no condition on either, though both held Protected.
    for cid in ("aldric", "ilsa"):
        assert not (state.combatant(cid).sheet.get("live") or {}).get("conditions")
    assert [h.id for h in state.combatant("aldric").conditions] == ["aura_of_protection", "protected"]


def test_the_aura_unlocks_at_level_six():
    # `when`: the holder's level at least 6; at level 5 Aldric keeps the condition and spreads nothing.
    _rs, state = _fight(level=5)
    assert not any(e.kind == "aura" for e in state.events)
    assert [h.id for h in state.combatant("ilsa").conditions] == []


def test_a_holder_who_cannot_act_spreads_nothing():
    rs, state = _fight()
    state = state.model_copy(deep=True)
    state.combatant("aldric").conditions.append(HeldCondition(id="incapacitated"))
    state, log = play(rs, state, "aldric", "end-turn")
    assert "Ilsa is no longer Protected: Aldric's aura no longer reaches them." in log
    assert "Aldric is no longer Protected: Aldric's aura no longer reaches them." in log


def test_without_a_board_the_aura_reaches_everyone_on_its_side():
    rs = ruleset(package())
    state, _ = start_battle(rs, [paladin(), member("Ilsa")], [foe("cinder-hound")], dice=START)
    assert [e.text for e in state.events if e.kind == "aura"] == [
        "Aldric is Protected: Aldric's aura reaches them.", "Ilsa is Protected: Aldric's aura reaches them."]
    assert [h.id for h in state.combatant("cinder-hound").conditions] == []


# ---------------------------------------------------------------------------
# compelled behaviour: Fear
# ---------------------------------------------------------------------------

#: The Grave Piper's health 6d8 + 6 (6 x 4 + 6 = 30); initiative Brom 4 + 1 = 5, the Piper
#: 4 + 2 = 6, so it acts first; Brom's Wisdom save against Fear: 4 + 0 against 12, a failure.
FEAR_DICE = [4] * 6 + [4, 4] + [4]


def _feared(pkg=None):
    rs = ruleset(pkg or package())
    state, _ = start_battle(rs, [brom_armed() | {"position": [3, 2]}], [foe("grave-piper", position=[6, 2])],
                            board=BOARD, dice=FEAR_DICE)
    state, log = play(rs, state, "grave-piper", "action:fear", "brom")
    state, _ = play(rs, state, "grave-piper", "end-turn")
    return rs, state, log


def test_fear_drops_the_longsword_on_broms_cell_and_leaves_only_cells_farther_away():
    rs, state, log = _feared()
    assert log == ["Grave Piper uses Fear on Brom.", "Brom rolls a Wisdom save against Fear: 4 against 12, a failure.",
                   "Brom is Frightened (Fear) until saved.", "Brom lets fall Longsword on 3, 2."]
    assert [(d.item, d.cell) for d in state.dropped] == [("items/longsword", [3, 2])]
    assert not any(s.get("item") == "items/longsword" for s in state.combatant("brom").sheet["live"].get("items", []))
    options = [o.id for o in menu(rs, state, "brom")]
    # `only: ["move", "dash"]`: no attack (his Longsword row included), no pick-up, no Dodge.
    assert [o for o in options if not o.startswith("move:")] == ["standard:dash", "end-turn"]
    # `moves: "away"`: Brom stands 3 cells from the Piper (6, 2); every cell offered is 4 or
    # more away: the columns 0 to 2 of the 6 rows, 18 cells.
    cells = [tuple(map(int, o[5:].split(","))) for o in options if o.startswith("move:")]
    assert len(cells) == 18 and all(max(abs(x - 6), abs(y - 2)) >= 4 for x, y in cells)
    assert "move:3,0" not in options  # as far as he stands now: not farther
    refused = advance(rs, state, {"actor": "brom", "option": "standard:dodge"})
    assert isinstance(refused, Refusal) and refused.code == "compelled"
    assert refused.message == "Brom is Frightened (Fear): 'standard:dodge' is not what it lets them do"
    refused = advance(rs, state, {"actor": "brom", "option": "move:3,0"})  # in reach, not farther
    assert refused.message == "Brom is Frightened (Fear): 'move:3,0' is not what it lets them do"


def test_a_walk_past_the_movement_left_is_unknown_not_compelled():
    """`compelled` names only what a behaviour took off the menu: after walking 15 ft of his
    30 to 0, 0, Brom has 3 cells left, and 0, 5 is 5 cells off; no menu holds it, Fear or not."""
    rs, state, _ = _feared()
    state, log = play(rs, state, "brom", "move:0,0")
    assert log == ["Brom moves to 0, 0 for 15 ft and has 15 ft left."]
    refused = advance(rs, state, {"actor": "brom", "option": "move:0,5"})
    assert isinstance(refused, Refusal) and refused.code == "unknown-option"
    assert refused.message == "'move:0,5' is not on Brom's menu now"
    assert advance(rs, state, {"actor": "brom", "option": "standard:dodge"}).code == "compelled"


def test_without_behavior_frightened_brom_keeps_his_sword_and_his_choices():
    pkg = package(fear={"effects": ["own-attacks-disadvantage", "cannot-approach-source"]})
    rs, state, log = _feared(pkg)
    assert log[-1] == "Brom is Frightened (Fear) until saved."
    assert state.dropped == []
    options = [o.id for o in menu(rs, state, "brom")]
    assert "standard:dodge" in options and "move:3,0" in options


# ---------------------------------------------------------------------------
# the save that ends Fear, read against the Piper (1.266 unseen, 1.268 seenLean, 1.270 beyond)
# ---------------------------------------------------------------------------


def _fear_save(**save_ends):
    """Fear with these keys on its `saveEnds`; Brom walks to 0, 2 (6 cells, 30 feet, from the
    Piper on an open board, in sight) and ends his turn. His end-of-turn save: d20 15 (then 3)."""
    pkg = package()
    piper = next(e for e in pkg["catalogs"][0]["entries"] if e["id"] == "grave-piper")
    piper["creature"]["actions"][-1]["applies"][0]["saveEnds"].update(save_ends)
    rs = ruleset(pkg)
    state, _ = start_battle(rs, [brom_armed() | {"position": [3, 2]}], [foe("grave-piper", position=[6, 2])],
                            board=BOARD, dice=FEAR_DICE + [15, 3])
    state, _ = play(rs, state, "grave-piper", "action:fear", "brom")
    state, _ = play(rs, state, "grave-piper", "end-turn")
    state, _ = play(rs, state, "brom", "move:0,2")
    return play(rs, state, "brom", "end-turn")[1]


def test_an_unseen_save_waits_while_brom_sees_the_piper():
    assert _fear_save(unseen=True)[0] == "Brom does not roll to end Frightened (Fear): Brom can still see Grave Piper."
    assert _fear_save()[0] == "Brom rolls a Wisdom save to end Frightened (Fear): 15 against 12, a success."


def test_seen_lean_rolls_at_disadvantage_while_the_piper_is_in_sight():
    # Two d20s, 15 and 3: the lower, 3 + 0 against 12.
    assert _fear_save(seenLean="disadvantage")[0] == (
        "Brom rolls a Wisdom save to end Frightened (Fear): 3 (disadvantage; dropped 15) against 12, a failure.")


def test_a_save_beyond_30_feet_waits_at_30_and_rolls_beyond_10():
    assert _fear_save(beyond=30)[0] == "Brom does not roll to end Frightened (Fear): Brom is within 30 ft of Grave Piper."
    assert _fear_save(beyond=10)[0] == "Brom rolls a Wisdom save to end Frightened (Fear): 15 against 12, a success."


def test_a_save_on_an_action_is_offered_beside_the_walks_and_ends_fear_on_a_15():
    # `at: "action"` (1.264): Brom spends his action on the save (d20 15 + 0 against 12).
    pkg = package()
    piper = next(e for e in pkg["catalogs"][0]["entries"] if e["id"] == "grave-piper")
    piper["creature"]["actions"][-1]["applies"][0]["saveEnds"]["at"] = "action"
    rs = ruleset(pkg)
    state, _ = start_battle(rs, [brom_armed() | {"position": [3, 2]}], [foe("grave-piper", position=[6, 2])],
                            board=BOARD, dice=FEAR_DICE + [15])
    state, _ = play(rs, state, "grave-piper", "action:fear", "brom")
    state, _ = play(rs, state, "grave-piper", "end-turn")
    option = {o.id: o for o in menu(rs, state, "brom")}["save-action:frightened_by_fear"]
    assert (option.label, option.text) == ("Roll to end Frightened (Fear)", "Action; Wisdom save against 12")
    state, log = play(rs, state, "brom", "save-action:frightened_by_fear")
    assert log == ["Brom rolls a Wisdom save to end Frightened (Fear): 15 against 12, a success.",
                   "Brom is no longer Frightened (Fear): the save ends it."]
    assert "save-action:frightened_by_fear" not in {o.id for o in menu(rs, state, "brom")}


def _cornered(**behavior):
    """Brom at the end of a one-row board, the Piper 3 cells off: nowhere farther to go."""
    fear = {**FEAR_RULE, "behavior": {**FEAR_RULE["behavior"], **behavior}}
    rs = ruleset(package(fear=fear))
    state, _ = start_battle(rs, [brom_armed() | {"position": [0, 0]}], [foe("grave-piper", position=[3, 0])],
                            board={"rows": ["......"]}, dice=FEAR_DICE)
    state, _ = play(rs, state, "grave-piper", "action:fear", "brom")
    state, _ = play(rs, state, "grave-piper", "end-turn")
    return [o.id for o in menu(rs, state, "brom")]


def test_nowhere_to_go_leaves_dash_or_what_only_when_stuck_allows():
    assert _cornered() == ["standard:dash", "end-turn"]
    # Turn Undead's Dodge: allowed only while there is nowhere to go.
    assert _cornered(onlyWhenStuck=["dodge"]) == ["standard:dash", "standard:dodge", "end-turn"]
    # Fear's "if there is nowhere to move": the turn is Brom's own.
    free = _cornered(onlyWhenStuck="any")
    assert {"standard:dodge", "standard:disengage", "standard:hide", "pick-up:longsword@0-0"} <= set(free)


def _walks(behavior):
    """Brom 3 cells (15 ft) from the Piper, feared with only this `behavior`: the cells his
    walks may end on, each with its distance from the Piper (6, 2) in cells."""
    rs = ruleset(package(fear={"behavior": behavior}))
    state, _ = start_battle(rs, [brom_armed() | {"position": [3, 2]}], [foe("grave-piper", position=[6, 2])],
                            board=BOARD, dice=FEAR_DICE)
    state, _ = play(rs, state, "grave-piper", "action:fear", "brom")
    state, _ = play(rs, state, "grave-piper", "end-turn")
    cells = [tuple(map(int, o.id[5:].split(","))) for o in menu(rs, state, "brom") if o.id.startswith("move:")]
    return {cell: max(abs(cell[0] - 6), abs(cell[1] - 2)) for cell in cells}


def test_keeps_out_walks_him_out_of_20_feet_and_keeps_in_holds_him_within():
    # keepsOut 20 ft = 4 cells: inside it, only walks ending 5 or more cells off (x 0 or 1,
    # within his 6 cells of movement): 12 cells.
    out = _walks({"keepsOut": 20})
    assert len(out) == 12 and min(out.values()) == 5
    # keepsIn 20 ft: within 4 cells he never steps farther than his 3.
    kept = _walks({"keepsIn": 20})
    assert kept and max(kept.values()) <= 3 and (2, 2) not in kept
