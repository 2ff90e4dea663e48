"""Zones carried by their caster (spec/mechanics-1 "Lasting zones", 1.172, `anchor: "caster"`;
"Pushes, wind and goggles", 1.182: lines and cones carried and turned), on the 5e board of
tests/combat/zones_kit.py: Ilsa (Wisdom caster, spell save DC 12) casts the SRD's Spirit
Guardians as the spec writes it (3d8 radiant, a Wisdom save for half, a 15-foot radius
around her: every cell fewer than 3 steps away, sparing her side, `enter` and
`turn-start`, nothing as it appears, `halvesSpeed`) against the 5e example's Thorn Lurker
(3d8 + 3 = 23 hit points, no Wisdom save bonus, speed 20 feet: 4 cells) and Cinder Hound.
"""

from __future__ import annotations

from shared.combat import menu, start_battle
from tests.combat import zones_kit as ZK
from tests.combat.kit import ruleset
from tests.combat.test_zone_occupants import go, reloads

#: Five rows of ten cells: the walk east along row 2 passes two rows above the Hound.
FIELD = {"rows": ["." * 10] * 5}
#: The Lurker's 3d8 + 3 = 23, the Hound's 5d8 = 25; initiative Ilsa 20, the Lurker 1, the Hound 1.
START = [8, 8, 4, 5, 5, 5, 5, 5, 20, 1, 1]
#: Spirit Guardians reaching the Lurker: 3d8 = 2 + 6 + 3 = 11, its save 9; at its turn start
#: 3d8 = 4 + 4 + 4 = 12, its save 14.
GUARDIANS = [2, 6, 3, 9, 4, 4, 4, 14]


def guarded(zone: dict | None = None):
    """Ilsa (0, 2) with Spirit Guardians (its zone replaced by `zone`), the Lurker on 6, 2
    and the Hound on 1, 4 (within 2 steps of her: the casting is aimed at her own cell and
    catches it)."""
    pkg = ZK.package()
    if zone is not None:
        ZK.entry(pkg, "spells", "spirit-guardians")["mechanics"]["zone"] = zone
    rs = ruleset(pkg)
    state, _ = start_battle(rs, [ZK.ilsa([0, 2], ("spirit-guardians", "Spirit Guardians", 3))],
                            ZK.foes([6, 2], [1, 4]), board=FIELD, dice=START + GUARDIANS)
    return rs, state


def test_spirit_guardians_moves_with_ilsa_and_reaches_the_lurker():
    rs, state = guarded()
    # `atCast: false`: the casting does nothing to the Hound it catches (x 0 to 2 around 0, 2).
    state, lines = go(rs, state, "ilsa", "ability:spells:spirit-guardians", cell=[0, 2])
    assert lines[-1] == "Spirit Guardians stays on 0, 2 (15 cells) for 100 rounds."
    # Four cells east (20 feet; she pays no terrain of her own zone): at her step into 4, 2
    # it covers x 2 to 6 and reaches the Lurker on 6, 2: 9 + 0 against 12 fails, 11 radiant,
    # 23 - 11 = 12. The Hound (1, 4) is left outside it.
    state, lines = go(rs, state, "ilsa", "move:4,2")
    assert lines == [
        "Spirit Guardians affects Thorn Lurker: it reaches them.",
        "Thorn Lurker rolls a Wisdom save against Spirit Guardians: 9 against 12, a failure.",
        "Spirit Guardians (11 (2 + 6 + 3)) deals 11 radiant damage to Thorn Lurker.",
        "Thorn Lurker has 12 of 23 Hit points.",
        "Ilsa moves to 4, 2 for 20 ft and has 10 ft left.",
    ]
    zone = state.zones[0]
    assert (zone.centre, len(zone.cells), [1, 4] in zone.cells) == ([4, 2], 25, False)
    # The Lurker's turn starts in it: 14 succeeds, half of 12 = 6, 12 - 6 = 6. Its walks pay
    # double inside (`halvesSpeed`): 5, 2 costs 2 cells, 7, 2 (outside) 1.
    state, lines = go(rs, state, "ilsa", "end-turn")
    assert lines == [
        "Thorn Lurker's turn.",
        "Spirit Guardians affects Thorn Lurker: its turn starts in it.",
        "Thorn Lurker rolls a Wisdom save against Spirit Guardians: 14 against 12, a success.",
        "Spirit Guardians (12 (4 + 4 + 4), halved by the save) deals 6 radiant damage to Thorn Lurker.",
        "Thorn Lurker has 6 of 23 Hit points.",
    ]
    walks = {o.id: o.board for o in menu(rs, state, "thorn-lurker") if o.id.startswith("move:")}
    assert (walks["move:5,2"]["cells"], walks["move:7,2"]["cells"]) == (2, 1)
    # The Hound's turn starts outside it: nothing.
    state, lines = go(rs, state, "thorn-lurker", "end-turn")
    assert lines == ["Cinder Hound's turn."]
    assert reloads(state) == {"spells/spirit-guardians": {"times": 2, "carried": True}}


#: Gust of Wind on the Lurker: 2d10 = 6 + 4, its save 5; turned onto the Hound: 3 + 3, its
#: save 14; at the Hound's turn start 2 + 5, its save 8.
GUST_DICE = [6, 4, 5, 3, 3, 14, 2, 5, 8]


def gusting(zone: dict | None = None):
    rs = ruleset(ZK.gust_package(zone))
    state, _ = start_battle(rs, [ZK.ilsa([0, 2], ("gust-of-wind", "Gust of Wind", 2))],
                            ZK.foes([6, 2], [1, 4]), board=FIELD, dice=START + GUST_DICE)
    return rs, state


def test_a_line_ilsa_holds_is_turned_onto_the_hound_and_carried_with_her():
    rs, state = gusting()
    # Pointed east at 9, 2: two cells wide (the second row on her left, north), x 1 to 9: 18
    # cells; the Lurker's Strength save (no bonus) 5 fails, 6 + 4 = 10, 23 - 10 = 13.
    state, lines = go(rs, state, "ilsa", "ability:spells:gust-of-wind", cell=[9, 2])
    assert lines[3:] == [
        "Gust of Wind stays on 9, 2 (18 cells) for 10 rounds.",
        "Thorn Lurker rolls a Strength save against Gust of Wind: 5 against 12, a failure.",
        "Gust of Wind (10 (6 + 4)) deals 10 bludgeoning damage to Thorn Lurker.",
        "Thorn Lurker has 13 of 23 Hit points.",
    ]
    # "Turn Gust of Wind" (a bonus action) toward 0, 4: south, x 0 and 1 (her left, east), y 3
    # and 4 where the board ends; it newly covers the Hound on 1, 4 as if it entered: 14
    # succeeds, half of 3 + 3 = 3, 25 - 3 = 22.
    turn = {o.id: o for o in menu(rs, state, "ilsa")}["zone-turn:spells/gust-of-wind"]
    assert (turn.label, turn.budget, turn.board["catches"]) == (
        "Turn Gust of Wind", "bonus", {"0,3": ["cinder-hound"], "0,4": ["cinder-hound"], "1,4": ["cinder-hound"]})
    state, lines = go(rs, state, "ilsa", "zone-turn:spells/gust-of-wind", cell=[0, 4])
    assert lines == [
        "Ilsa turns Gust of Wind toward 0, 4.",
        "Gust of Wind affects Cinder Hound: it turns onto them.",
        "Cinder Hound rolls a Strength save against Gust of Wind: 14 against 12, a success.",
        "Gust of Wind (6 (3 + 3), halved by the save) deals 3 bludgeoning damage to Cinder Hound.",
        "Cinder Hound has 22 of 25 Hit points.",
    ]
    assert sorted(map(tuple, state.zones[0].cells)) == [(0, 3), (0, 4), (1, 3), (1, 4)]
    assert "zone-turn:spells/gust-of-wind" not in {o.id for o in menu(rs, state, "ilsa")}  # the bonus action is spent
    # One step north-east to 1, 1: the line goes with her, still pointing south (x 1 and 2,
    # y 2 to 4); the Hound stays in it (nothing new), the Lurker's turn starts outside it, the
    # Hound's in it: 8 fails, 2 + 5 = 7, 22 - 7 = 15.
    state, lines = go(rs, state, "ilsa", "move:1,1")
    assert lines == ["Ilsa moves to 1, 1 for 5 ft and has 25 ft left."]
    assert sorted(map(tuple, state.zones[0].cells)) == [(1, 2), (1, 3), (1, 4), (2, 2), (2, 3), (2, 4)]
    state, lines = go(rs, state, "ilsa", "end-turn")
    assert lines == ["Thorn Lurker's turn."]
    state, lines = go(rs, state, "thorn-lurker", "end-turn")
    assert lines == [
        "Cinder Hound's turn.",
        "Gust of Wind affects Cinder Hound: its turn starts in it.",
        "Cinder Hound rolls a Strength save against Gust of Wind: 8 against 12, a failure.",
        "Gust of Wind (7 (2 + 5)) deals 7 bludgeoning damage to Cinder Hound.",
        "Cinder Hound has 15 of 25 Hit points.",
    ]
    assert reloads(state) == {"spells/gust-of-wind": {"carried": True}}
    assert state.zones[0].origin == [1, 1] and state.zones[0].centre == [1, 3]


def test_terrain_toward_the_caster_costs_double_only_on_steps_closer_to_her():
    # Gust of Wind with 5e's "2 feet for every foot closer" as the spec writes it (`terrain:
    # {difficult, towardCaster}`), pointed east at 9, 2 over the Lurker (6, 2; 2d10 = 10 as
    # above, 23 - 10 = 13). Its turn starts in the line: 3 + 3 = 6, 14 succeeds, 3 (13 - 3 =
    # 10). Of its 4 cells, a step west (closer to Ilsa on 0, 2) into the line costs 2, a step
    # east 1: 5, 2 costs 2, 7, 2 costs 1 and 8, 2 costs 2, and 4, 2 costs 3 by way of 5, 3
    # (south of the line, outside it: 1) and back in (2).
    zone = dict(ZK.GUST["mechanics"]["zone"]) | {"terrain": {"difficult": True, "towardCaster": True}}
    rs, state = gusting(zone)
    state, _ = go(rs, state, "ilsa", "ability:spells:gust-of-wind", cell=[9, 2])
    state, lines = go(rs, state, "ilsa", "end-turn")
    assert lines[-1] == "Thorn Lurker has 10 of 23 Hit points."
    walks = {o.id: o.board["cells"] for o in menu(rs, state, "thorn-lurker") if o.id.startswith("move:")}
    assert [walks.get(f"move:{x},2") for x in (4, 5, 7, 8)] == [3, 2, 1, 2]
    assert reloads(state) == {"spells/gust-of-wind": {"least": 2, "carried": True, "toward": True}}
    # It walks there: 3 cells, 15 feet of its 20.
    state, lines = go(rs, state, "thorn-lurker", "move:4,2")
    assert lines[-1] == "Thorn Lurker moves to 4, 2 for 15 ft and has 5 ft left."
    # Without `towardCaster` every step into the line costs 2, east too: 7, 2 costs 2, and
    # 4, 2 and 8, 2 each 1 + 2 by way of the row south of the line (5, 3 and 7, 3).
    zone["terrain"] = {"difficult": True}
    rs, state = gusting(zone)
    state, _ = go(rs, state, "ilsa", "ability:spells:gust-of-wind", cell=[9, 2])
    state, _ = go(rs, state, "ilsa", "end-turn")
    walks = {o.id: o.board["cells"] for o in menu(rs, state, "thorn-lurker") if o.id.startswith("move:")}
    assert [walks.get(f"move:{x},2") for x in (4, 5, 7, 8)] == [3, 2, 2, 3]


def test_spirit_guardians_goes_with_ilsa_when_she_teleports():
    # Misty Step as tests/combat/test_board_teleport.py writes it (a bonus action, 30 feet,
    # seen): from 0, 2 to 4, 2 the zone lands with her (x 2 to 6), reaches the Lurker on 6,
    # 2 as `enter` says (9 fails against 12, 2 + 6 + 3 = 11 radiant, 23 - 11 = 12) and leaves
    # the Hound on 1, 4.
    pkg = ZK.package()
    misty = ZK.entry(pkg, "spells", "misty-step")["mechanics"]
    misty |= {"targets": "self", "teleport": {"distance": 30, "seen": True}}
    rs = ruleset(pkg)
    party = [ZK.ilsa([0, 2], ("spirit-guardians", "Spirit Guardians", 3), ("misty-step", "Misty Step", 2))]
    state, _ = start_battle(rs, party, ZK.foes([6, 2], [1, 4]), board=FIELD, dice=START + GUARDIANS)
    state, _ = go(rs, state, "ilsa", "ability:spells:spirit-guardians", cell=[0, 2])
    state, lines = go(rs, state, "ilsa", "ability:spells:misty-step", "ilsa", cell=[4, 2])
    assert lines[-5:] == [
        "Ilsa teleports 20 ft from 0, 2 to 4, 2.",
        "Spirit Guardians affects Thorn Lurker: it reaches them.",
        "Thorn Lurker rolls a Wisdom save against Spirit Guardians: 9 against 12, a failure.",
        "Spirit Guardians (11 (2 + 6 + 3)) deals 11 radiant damage to Thorn Lurker.",
        "Thorn Lurker has 12 of 23 Hit points.",
    ]
    zone = state.zones[0]
    assert (zone.centre, zone.origin, len(zone.cells), [1, 4] in zone.cells) == ([4, 2], [4, 2], 25, False)
    assert reloads(state) == {"spells/spirit-guardians": {"times": 2, "carried": True}}


#: Gust of Wind as the SRD has it, with the spec's push (1.182: "a zone pushes those it
#: affects the same way"): a Strength save or pushed 15 feet (3 cells) directly away from
#: Ilsa, each turn start in the line and as it reaches anyone; no damage.
GUST_PUSH = {"kind": "debuff", "range": 0, "area": {"shape": "line", "size": 60, "width": 10},
             "save": {"save": "str_save", "onSuccess": "negates"}, "push": 15, "concentration": True,
             "cost": [{"pool": "slots_2", "amount": 1}],
             "zone": {"rounds": 10, "anchor": "caster", "triggers": ["enter", "turn-start"], "turn": {"budget": "bonus"}}}


def test_gust_of_wind_pushes_the_lurker_down_the_line_as_it_is_cast_and_as_its_turn_starts():
    # Pointed east at 9, 2 (x 1 to 9, rows 1 and 2); the Lurker on 3, 2 saves 5 against 12
    # and is pushed 3 cells east to 6, 2; at its turn start, still in the line, it saves 4
    # and is pushed on to 9, 2; at its next turn start it saves 3, and the board's edge stops
    # it. The Hound (1, 4) is outside the line.
    pkg = ZK.gust_package()
    ZK.entry(pkg, "spells", "gust-of-wind")["mechanics"] = dict(GUST_PUSH)
    rs = ruleset(pkg)
    state, _ = start_battle(rs, [ZK.ilsa([0, 2], ("gust-of-wind", "Gust of Wind", 2))], ZK.foes([3, 2], [1, 4]),
                            board=FIELD, dice=START + [5, 4, 3])
    state, lines = go(rs, state, "ilsa", "ability:spells:gust-of-wind", cell=[9, 2])
    assert lines[-3:] == [
        "Gust of Wind stays on 9, 2 (18 cells) for 10 rounds.",
        "Thorn Lurker rolls a Strength save against Gust of Wind: 5 against 12, a failure.",
        "Ilsa pushes Thorn Lurker 15 ft to 6, 2.",
    ]
    state, lines = go(rs, state, "ilsa", "end-turn")
    assert lines == [
        "Thorn Lurker's turn.",
        "Gust of Wind affects Thorn Lurker: its turn starts in it.",
        "Thorn Lurker rolls a Strength save against Gust of Wind: 4 against 12, a failure.",
        "Ilsa pushes Thorn Lurker 15 ft to 9, 2.",
    ]
    for who in ("thorn-lurker", "cinder-hound", "ilsa"):
        state, lines = go(rs, state, who, "end-turn")
    assert lines == [
        "Thorn Lurker's turn.",
        "Gust of Wind affects Thorn Lurker: its turn starts in it.",
        "Thorn Lurker rolls a Strength save against Gust of Wind: 3 against 12, a failure.",
        "Thorn Lurker cannot be pushed away from Ilsa: the way is blocked.",
    ]
    assert state.combatant("thorn-lurker").position == [9, 2]
    assert state.combatant("cinder-hound").position == [1, 4]
