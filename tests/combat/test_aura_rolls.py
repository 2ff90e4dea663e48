"""An aura's harm and saving throw, whom it reaches by sight and by the senses it needs
(spec/mechanics-3 "More from auras", 1.265; 1.268 `failedBy`; 1.269 `immuneWhenEnds`; 1.270
`orSeen`; 1.274 `appliedDifficulty`), on Marinara's 5e package as it ships with the balor,
the basilisk and the pit fiend of its bestiary (tests/combat/aura_rolls_kit.py writes the
conditions their trait texts describe) and the bard's Countercharm of its features catalog.

A 12 x 6 board of 5-foot cells. Brom: 28 hit points, Constitution save + 4 (Constitution 14,
proficient at level 3: + 2 + 2), Dexterity 12 (initiative + 1). Creature health is rolled
first, then initiative in the order the combatants are listed. Each fight's state is
reloaded from its JSON between steps, as the worker reloads it.
"""

from __future__ import annotations

import copy

from shared.combat import menu, start_battle
from shared.combat.state import BattleState
from tests.combat import aura_rolls_kit as K
from tests.combat.aura_rolls_kit import FEAR_AURA, PETRIFYING_GAZE, package, sage
from tests.combat.kit import foe, play, ruleset
from tests.combat.srd_kit import brom

BOARD = {"rows": ["." * 12] * 6}
#: A wall down column 3: Brom on 2, 2 and the basilisk on 5, 2 cannot see each other.
WALLED = {"rows": ["...#........"] * 6}


def reload(state: BattleState) -> BattleState:
    again = BattleState.model_validate_json(state.model_dump_json())
    assert again == state
    return again


def step(rs, state, actor: str, option: str, *targets: str, **extra):
    state, log = play(rs, reload(state), actor, option, *targets, **extra)
    return reload(state), log


# ---------------------------------------------------------------------------
# harms: the balor's Fire Aura
# ---------------------------------------------------------------------------


def test_the_balors_fire_aura_burns_brom_at_the_start_of_the_balors_turn_and_not_once_he_walks_off():
    # Health: two balors, 21d12 + 126 each, every die 6: 252. Initiative: Brom 10 + 1 = 11,
    # the Balor 15 + 2 = 17, Balor 2 5 + 2 = 7: the Balor, Brom, Balor 2.
    # The Balor's turn starts: its aura (5 feet, all) reaches Brom on 4, 2 and Balor 2 on 6, 2,
    # both beside it on 5, 2. Brom: 3d6 (3, 4, 5) = 12 fire, 28 - 12 = 16. Balor 2: 3d6 (6, 6,
    # 6) = 18 fire, immune to fire as its entry says: 0.
    rs = ruleset(package())
    state, events = start_battle(rs, [brom() | {"position": [4, 2]}],
                                 [foe("balor", position=[5, 2]), foe("balor", position=[6, 2])], board=BOARD,
                                 dice=[6] * 42 + [10, 15, 5] + [3, 4, 5, 6, 6, 6] + [4] * 12)
    assert [e.text for e in events][-4:] == [
        "Balor's turn.",
        "Balor's Fire Aura (3d6: 12 (3 + 4 + 5)) deals 12 fire damage to Brom.",
        "Brom has 16 of 28 Hit points.",
        "Balor's Fire Aura (3d6: 18 (6 + 6 + 6)) deals 0 fire damage to Balor 2 (Balor 2 is immune to fire).",
    ]
    state, log = step(rs, reload(state), "balor", "end-turn")
    assert log == ["Brom's turn."]
    # Brom walks two cells off (2, 2: 3 cells, 15 feet from the Balor). Balor 2's turn starts:
    # its aura reaches only the Balor beside it, immune: 3d6 (4, 4, 4) = 12, 0.
    state, _ = step(rs, state, "brom", "move:2,2")
    state, log = step(rs, state, "brom", "end-turn")
    assert log == ["Balor 2's turn.",
                   "Balor 2's Fire Aura (3d6: 12 (4 + 4 + 4)) deals 0 fire damage to Balor (Balor is immune to fire)."]
    state, log = step(rs, state, "balor-2", "end-turn")
    # Round 2, the Balor's turn: Brom is 3 cells away, beyond 5 feet; no harm to him.
    assert log == ["Round 2.", "Balor's turn.",
                   "Balor's Fire Aura (3d6: 12 (4 + 4 + 4)) deals 0 fire damage to Balor 2 (Balor 2 is immune to fire)."]


# ---------------------------------------------------------------------------
# save: the basilisk's Petrifying Gaze (seen), failedBy, immuneWhenEnds
# ---------------------------------------------------------------------------

#: The basilisk's health 8d8 + 16 (8 x 4 + 16 = 48); initiative Brom 10 + 1 = 11, the
#: basilisk 2 - 1 = 1: Brom first.
GAZE_START = [4] * 8 + [10, 2]


def _gazed(board=BOARD, gaze=None, dice=()):
    rs = ruleset(package(basilisk=gaze) if gaze is not None else package())
    state, events = start_battle(rs, [brom() | {"position": [2, 2]}], [foe("basilisk", position=[5, 2])], board=board,
                                 dice=GAZE_START + list(dice) + [4] * 12)
    return rs, reload(state), [e.text for e in events]


def test_a_failed_gaze_save_at_dc_12_restrains_brom_until_his_own_save_ends_it():
    # Brom starts his turn 3 cells (15 feet) from the basilisk, the two in sight: Constitution
    # save 5 + 4 = 9 against 12, a failure: Restrained until saved (Constitution, turn end).
    # His turn ends: 15 + 4 = 19 against 12, it ends. Round 2: the gaze again, 4 + 4 = 8, a failure.
    rs, state, log = _gazed(dice=[5, 15])
    assert log[-2:] == ["Brom rolls a Constitution save against Basilisk's Petrifying Gaze: 5 + 4 = 9 against 12, a failure.",
                        "Brom is Restrained until saved."]
    held = state.combatant("brom").conditions
    assert [(h.id, h.source, h.dc) for h in held] == [("restrained", "basilisk", 12)]
    state, log = step(rs, state, "brom", "end-turn")
    assert log == ["Brom rolls a Constitution save to end Restrained: 15 + 4 = 19 against 12, a success.",
                   "Brom is no longer Restrained: the save ends it.", "Basilisk's turn."]
    state, log = step(rs, state, "basilisk", "end-turn")
    assert log == ["Round 2.", "Brom's turn.",
                   "Brom rolls a Constitution save against Basilisk's Petrifying Gaze: 4 + 4 = 8 against 12, a failure.",
                   "Brom is Restrained until saved."]


def test_no_gaze_save_while_a_wall_keeps_brom_and_the_basilisk_out_of_each_others_sight():
    rs, state, log = _gazed(board=WALLED, dice=[5])
    assert log[-1] == "Brom does not roll against Basilisk's Petrifying Gaze: the two do not see each other."
    assert state.combatant("brom").conditions == []


def test_failing_by_five_or_more_petrifies_at_once():
    # `failedBy {atLeast: 5, applies: petrified}` (the medusa's gaze, 1.268; the basilisk's
    # rule with it is the test's): 2 + 4 = 6 against 12 falls 6 short: Petrified, not Restrained.
    gaze = copy.deepcopy(PETRIFYING_GAZE)
    gaze["auras"][0]["save"]["failedBy"] = {"atLeast": 5, "applies": [{"condition": "petrified", "duration": "instant"}]}
    _rs, state, log = _gazed(gaze=gaze, dice=[2])
    assert log[-4:-1] == ["Brom rolls a Constitution save against Basilisk's Petrifying Gaze: 2 + 4 = 6 against 12, a failure.",
                          "Brom is Petrified.", "Brom cannot act this turn."]
    # Falling 4 short (4 + 4 = 8) is only Restrained.
    _rs, state, log = _gazed(gaze=gaze, dice=[4])
    assert log[-1] == "Brom is Restrained until saved."


def test_once_the_restraint_ends_the_gaze_no_longer_affects_brom():
    # `immuneWhenEnds` (1.269): the failure's Restrained ends at his turn's end (15 + 4 = 19);
    # the basilisk's gaze no longer affects him, and round 2 calls for no save.
    gaze = copy.deepcopy(PETRIFYING_GAZE)
    gaze["auras"][0]["save"]["immuneWhenEnds"] = True
    rs, state, _log = _gazed(gaze=gaze, dice=[5, 15])
    state, log = step(rs, state, "brom", "end-turn")
    assert log == ["Brom rolls a Constitution save to end Restrained: 15 + 4 = 19 against 12, a success.",
                   "Brom is no longer Restrained: the save ends it.",
                   "Basilisk's Petrifying Gaze no longer affects Brom until the fight ends.", "Basilisk's turn."]
    assert state.combatant("brom").aura_immune == ["basilisk/petrifying_gaze/0"]
    state, log = step(rs, state, "basilisk", "end-turn")
    assert log == ["Round 2.", "Brom's turn."]


# ---------------------------------------------------------------------------
# immuneOnSuccess: the pit fiend's Fear Aura; orSeen
# ---------------------------------------------------------------------------

#: The pit fiend's health 24d10 + 168 (24 x 4 + 168 = 264); initiative Brom 10 + 1 = 11, the
#: pit fiend 2 + 2 = 4: Brom first.
FIEND_START = [4] * 24 + [10, 2]


def test_a_success_against_the_fear_aura_makes_brom_immune_for_the_rest_of_the_fight():
    # Brom (Wisdom save + 6) 3 cells, 15 feet, from the pit fiend: 3 + 6 = 9 against 21, a
    # failure: Frightened for 1 round (counted as his next turn starts). Round 2: it comes
    # off, then 15 + 6 = 21 against 21, a success: immune. Round 3: no save.
    rs = ruleset(package())
    state, events = start_battle(rs, [sage() | {"position": [2, 2]}], [foe("pit-fiend", position=[5, 2])], board=BOARD,
                                 dice=FIEND_START + [3, 15] + [4] * 12)
    assert [e.text for e in events][-2:] == [
        "Brom rolls a Wisdom save against Pit Fiend's Fear Aura: 3 + 6 = 9 against 21, a failure.",
        "Brom is Frightened for 1 round."]
    state, _ = step(rs, reload(state), "brom", "end-turn")
    state, log = step(rs, state, "pit-fiend", "end-turn")
    assert log == ["Round 2.", "Brom's turn.", "Brom is no longer Frightened: its time is up.",
                   "Brom rolls a Wisdom save against Pit Fiend's Fear Aura: 15 + 6 = 21 against 21, a success.",
                   "Pit Fiend's Fear Aura no longer affects Brom until the fight ends."]
    assert state.combatant("brom").aura_immune == ["pit-fiend/fear_aura/0"]
    state, _ = step(rs, state, "brom", "end-turn")
    state, log = step(rs, state, "pit-fiend", "end-turn")
    assert log == ["Round 3.", "Brom's turn."]


def _far_fear(or_seen: bool, board=BOARD):
    fear = copy.deepcopy(FEAR_AURA)
    fear["auras"][0]["distance"] = 5
    if or_seen:
        fear["auras"][0]["orSeen"] = True
    rs = ruleset(package(pit_fiend=fear))
    state, events = start_battle(rs, [sage() | {"position": [0, 2]}], [foe("pit-fiend", position=[11, 2])], board=board,
                                 dice=FIEND_START + [3] + [4] * 12)
    return [e.text for e in events]


def test_or_seen_reaches_brom_55_feet_off_while_he_sees_the_pit_fiend():
    # A Fear Aura of 5 feet with `orSeen` (1.270): Brom on 0, 2 is 11 cells (55 feet) off,
    # in sight: he rolls (3 + 6 = 9 against 21). Without `orSeen`, or behind a wall, he does not.
    assert _far_fear(True)[-2:] == ["Brom rolls a Wisdom save against Pit Fiend's Fear Aura: 3 + 6 = 9 against 21, a failure.",
                                    "Brom is Frightened for 1 round."]
    assert _far_fear(False)[-1] == "Brom's turn."
    assert _far_fear(True, WALLED)[-1] == "Brom's turn."


# ---------------------------------------------------------------------------
# appliedDifficulty: the save DC of whoever put the aura's condition on its holder
# ---------------------------------------------------------------------------

def test_the_aura_save_is_rolled_at_the_casters_spell_save_dc():
    # Mira (Intelligence 16, spell save DC 8 + 2 + 3 = 13) puts Loathed on the goblin (2d6
    # health: 4 + 4 = 8). Brom's turn: Wisdom save 12 + 0 = 12 against 13 (not 8), a failure.
    pkg, party, foes, dice = K.loathing()
    rs = ruleset(pkg)
    state, _ = start_battle(rs, party, foes, board=BOARD, dice=dice)
    state, log = step(rs, state, "mira", "ability:spells:loathing", "goblin")
    assert [(h.id, h.dc) for h in state.combatant("goblin").conditions] == [("loathed", 13)]
    state, log = step(rs, state, "mira", "end-turn")
    assert log[-2:] == ["Brom rolls a Wisdom save against Goblin's Loathed: 12 against 13, a failure.",
                        "Brom is Frightened for 1 round."]


# ---------------------------------------------------------------------------
# needs: Countercharm stops at Silence
# ---------------------------------------------------------------------------

def _countercharm(needs: bool = True):
    pkg, party, foes, dice = K.countercharm(needs)
    rs = ruleset(pkg)
    state, events = start_battle(rs, party, foes, board=BOARD, dice=dice)
    return rs, reload(state), [e.text for e in events]


def test_countercharm_stops_at_silence():
    # Brom stands 2 cells (10 feet) from Ilsa: both are Countercharmed. Ilsa lays Silence on
    # Brom's cell: deafened there, he can no longer hear her, and the aura parts from him
    # (she, outside it, keeps hers).
    rs, state, log = _countercharm()
    assert log[-2:] == ["Ilsa is Countercharmed: Ilsa's aura reaches them.", "Brom is Countercharmed: Ilsa's aura reaches them."]
    state, log = step(rs, state, "ilsa", "ability:spells:silence", cell=[2, 2])
    assert log[-2:] == ["Silence stays on 2, 2 (1 cell) for 100 rounds.",
                        "Brom is no longer Countercharmed: Ilsa's aura no longer reaches them."]
    assert [h.id for h in state.combatant("ilsa").conditions] == ["countercharm", "countercharmed"]
    # Laid on Ilsa's own cell, it stops the aura for everyone it would reach from there.
    rs, state, _ = _countercharm()
    state, log = step(rs, state, "ilsa", "ability:spells:silence", cell=[0, 2])
    assert log[-2:] == ["Ilsa is no longer Countercharmed: Ilsa's aura no longer reaches them.",
                        "Brom is no longer Countercharmed: Ilsa's aura no longer reaches them."]
    # Without `needs`, Silence changes nothing.
    rs, state, _ = _countercharm(needs=False)
    state, log = step(rs, state, "ilsa", "ability:spells:silence", cell=[2, 2])
    assert log[-1] == "Silence stays on 2, 2 (1 cell) for 100 rounds."


# ---------------------------------------------------------------------------
# the Engine's walks keep out of a harmful aura
# ---------------------------------------------------------------------------


def _ghoul_walks(side: str) -> str:
    aura = copy.deepcopy(K.FIRE_AURA)
    aura["auras"][0]["side"] = side
    rs = ruleset(package(balor=aura))
    # The ghoul (the Engine's; health 5d8, 5 x 4 = 20) first: 20 + 2; Brom 2 + 1; the balor 1 + 2.
    _state, events = start_battle(rs, [brom() | {"position": [6, 2]}],
                                  [{"creature": "ghoul", "position": [10, 2]}, foe("balor", position=[4, 1])],
                                  board=BOARD, dice=[4] * 5 + [6] * 21 + [2, 20, 1] + [4] * 12)
    return next(e.text for e in events if e.kind == "move")


def test_the_engines_ghoul_ends_its_walk_outside_its_balors_fire_aura():
    # The balor on 4, 1 burns every cell from 3, 0 to 5, 2 (5 feet, `all`: its own side too).
    # The ghoul closing on Brom (6, 2) from 10, 2 would stand on 5, 1; the aura there counts
    # as harm taken on the walk, so it takes 6, 1. An aura on enemies only does not reach it.
    assert _ghoul_walks("all") == "Ghoul moves to 6, 1 for 20 ft and has 10 ft left."
    assert _ghoul_walks("enemies") == "Ghoul moves to 5, 1 for 25 ft and has 5 ft left."


# ---------------------------------------------------------------------------
# avert: eyes turned from the gaze (1.268)
# ---------------------------------------------------------------------------


def _avertable():
    gaze = copy.deepcopy(PETRIFYING_GAZE)
    gaze["auras"][0]["save"]["avert"] = True
    return gaze


def test_brom_averts_his_eyes_skips_the_gaze_and_looks_again():
    # Round 1: 15 + 4 = 19 against 12, a success; Brom averts his eyes (free). Round 2: no
    # save; he looks again (free), and the basilisk is in his sight once more.
    rs, state, log = _gazed(gaze=_avertable(), dice=[15])
    assert log[-1] == "Brom rolls a Constitution save against Basilisk's Petrifying Gaze: 15 + 4 = 19 against 12, a success."
    options = [o.id for o in menu(rs, state, "brom")]
    assert "avert:basilisk" in options and "look:basilisk" not in options
    state, log = step(rs, state, "brom", "avert:basilisk")
    assert log == ["Brom averts their eyes from Basilisk: no save against Petrifying Gaze, and Basilisk is unseen by them."]
    assert state.events[-1].kind == "averted"
    assert state.combatant("brom").averted == ["basilisk"]
    # Free: the menu after it is the one before, looking again in place of averting.
    assert [o.id for o in menu(rs, state, "brom")] == [o if o != "avert:basilisk" else "look:basilisk" for o in options]
    state, _ = step(rs, state, "brom", "end-turn")
    state, log = step(rs, state, "basilisk", "end-turn")
    assert log == ["Round 2.", "Brom's turn.",
                   "Brom does not roll against Basilisk's Petrifying Gaze: their eyes are averted."]
    state, log = step(rs, state, "brom", "look:basilisk")
    assert log == ["Brom looks at Basilisk again."]
    assert state.combatant("brom").averted == []


def test_the_game_master_keeps_its_goblins_eyes_averted_while_brom_is_there_to_fight():
    # The gaze reaches every side: the Engine's goblin (2d6: 4 + 4 = 8) beside the basilisk
    # averts its eyes as its turn starts, Brom being someone else to fight, and rolls nothing.
    rs = ruleset(package(basilisk=_avertable()))
    state, events = start_battle(rs, [brom() | {"position": [0, 2]}],
                                 [foe("basilisk", position=[5, 2]), {"creature": "goblin", "position": [6, 2]}],
                                 board=BOARD, dice=[4] * 8 + [4, 4] + [2, 1, 20] + [4] * 12)
    lines = [e.text for e in events]
    assert lines[lines.index("Goblin's turn.") + 1] == (
        "Goblin averts their eyes from Basilisk: no save against Petrifying Gaze, and Basilisk is unseen by them.")
    assert not any(line.startswith("Goblin rolls") for line in lines)
