"""Conformance: Marinara's 5e package as it ships (tests/data/upstream/5e-srd) fights.

A party built from the package's own sheet and catalogs (tests/combat/fixtures/5e-srd-party.json:
Brom the fighter, Ilsa the wizard, Tamsin the cleric, Vex the rogue, all level 5, every row
picked from the weapons, spells and features catalogs) fights every creature of
5e-srd/catalogs/creatures.json to an outcome, without and with a board. Each creature's
numbers are checked by hand from its entry with scripted dice: its health dice, its attack
bonus, its damage dice and flat bonus, its Armor Class against Brom's longsword.

Brom (level 5: proficiency +3): Strength 16 (+3), Dexterity 12 (+1), Constitution 14 (+2,
proficient save: +5), Armor Class 18, 44 hit points, Longsword 1d8 + 3 to hit +6.
In the hand-checked bouts Brom rolls initiative 1 (1 + 1 = 2) and the creature 19, so the
creature acts first.
"""

from __future__ import annotations

import json
import re

import pytest

from battle.cli import main
from shared.ruleset.load import load_package
from tests.combat.kit import FIXTURES, UPSTREAM, Bout

SRD = UPSTREAM / "5e-srd"
PARTY_FILE = FIXTURES / "5e-srd-party.json"
BOARD_FILE = FIXTURES / "5e-srd-board.json"
PARTY = json.loads(PARTY_FILE.read_text())
CREATURES = {e["id"]: e for e in json.loads((SRD / "catalogs" / "creatures.json").read_text())["entries"]}
RS = load_package(SRD)

def test_the_party_and_the_bestiary_are_the_packages_own():
    assert sorted(CREATURES) == ["aboleth", "adult-black-dragon", "balor", "basilisk", "blink-dog", "ghoul", "giant-spider",
                                 "goblin", "imp", "lich", "mage", "manticore", "pit-fiend", "zombie"]
    picked = {row["_catalog"] for m in PARTY for rows in m["sheet"]["lists"].values() for row in rows}
    assert {p.split("/")[0] for p in picked} == {"weapons", "spells", "features"}


def bout(creature: str, health: list[int], action_dice: list[int], then: list[int] = ()) -> Bout:
    """Brom alone against `creature`, both decided by the test; dice: the creature's health,
    Brom's initiative 1, the creature's 19, then `action_dice` and `then`."""
    return Bout(RS, [PARTY[0]], [{"creature": creature, "controller": "player", "player": "gm"}],
                dice=[*health, 1, 19, *action_dice, *then])


# ---------------------------------------------------------------------------
# each creature's numbers, by hand from its entry
# ---------------------------------------------------------------------------

#: creature -> (health faces, its option, its dice, what it logs, Brom's longsword on it).
#: Brom's longsword throws 11: 11 + 6 = 17, a hit on Armor Class 17 or less, and 4 on the
#: d8: 4 + 3 = 7 slashing.
HAND = {
    # Scimitar +4, 1d6 + 2: 15 + 4 = 19 >= 18 hits; 5 + 2 = 7; 44 - 7 = 37. Armor Class 15.
    "goblin": ([3, 4], "action:scimitar", [15, 5], [
        "Goblin attacks Brom with Scimitar: 15 + 4 = 19 against Armor Class 18, a hit.",
        "Scimitar (5 + 2 = 7) deals 7 slashing damage to Brom.",
        "Brom has 37 of 44 Hit points.",
    ], ["Brom attacks Goblin with Longsword: 11 + 6 = 17 against Armor Class 15, a hit.",
        "Longsword (4 + 3 = 7) deals 7 slashing damage to Goblin."]),
    # Slam +3, 1d6 + 1: 16 + 3 = 19 hits; 5 + 1 = 6; 44 - 6 = 38. Armor Class 8.
    "zombie": ([3, 4, 5], "action:slam", [16, 5], [
        "Zombie attacks Brom with Slam: 16 + 3 = 19 against Armor Class 18, a hit.",
        "Slam (5 + 1 = 6) deals 6 bludgeoning damage to Brom.",
        "Brom has 38 of 44 Hit points.",
    ], ["Brom attacks Zombie with Longsword: 11 + 6 = 17 against Armor Class 8, a hit.",
        "Longsword (4 + 3 = 7) deals 7 slashing damage to Zombie."]),
    # Bite +2, 2d6 + 2: 16 + 2 = 18 meets 18, a hit; 6 + 1 = 7, + 2 = 9; 44 - 9 = 35. Armor Class 12.
    "ghoul": ([1, 2, 3, 4, 5], "action:bite", [16, 6, 1], [
        "Ghoul attacks Brom with Bite: 16 + 2 = 18 against Armor Class 18, a hit.",
        "Bite (7 (6 + 1) + 2 = 9) deals 9 piercing damage to Brom.",
        "Brom has 35 of 44 Hit points.",
    ], ["Brom attacks Ghoul with Longsword: 11 + 6 = 17 against Armor Class 12, a hit.",
        "Longsword (4 + 3 = 7) deals 7 slashing damage to Ghoul.",
        "Ghoul has 8 of 15 Hit points."]),           # 5d8 = 1 + 2 + 3 + 4 + 5 = 15; 15 - 7 = 8
    # Bite +5, 1d8 + 3: 13 + 5 = 18 hits; 8 + 3 = 11; 44 - 11 = 33. Armor Class 14.
    "giant-spider": ([1, 2, 3, 4], "action:bite", [13, 8], [
        "Giant Spider attacks Brom with Bite: 13 + 5 = 18 against Armor Class 18, a hit.",
        "Bite (8 + 3 = 11) deals 11 piercing damage to Brom.",
        "Brom has 33 of 44 Hit points.",
    ], ["Brom attacks Giant Spider with Longsword: 11 + 6 = 17 against Armor Class 14, a hit.",
        "Longsword (4 + 3 = 7) deals 7 slashing damage to Giant Spider."]),
    # Sting +5, 1d4 + 3: 14 + 5 = 19 hits; 4 + 3 = 7; 44 - 7 = 37. Armor Class 13, and it
    # resists slashing: the longsword's 7 halved, rounded down, is 3; 9 - 3 = 6.
    "imp": ([1, 2, 3], "action:sting", [14, 4], [
        "Imp attacks Brom with Sting: 14 + 5 = 19 against Armor Class 18, a hit.",
        "Sting (4 + 3 = 7) deals 7 piercing damage to Brom.",
        "Brom has 37 of 44 Hit points.",
    ], ["Brom attacks Imp with Longsword: 11 + 6 = 17 against Armor Class 13, a hit.",
        "Longsword (4 + 3 = 7) deals 3 slashing damage to Imp (resisted: halved).",
        "Imp has 6 of 9 Hit points."]),           # 3d4 + 3 = 1 + 2 + 3 + 3 = 9
    # Multiattack: three Tentacles +9, 2d6 + 5. 15 + 9 = 24 hits: 5 + 4 = 9, + 5 = 14 (44 - 14 =
    # 30); 2 + 9 = 11 misses; a natural 20 is a critical that throws the dice twice (2d6 + 2d6):
    # 1 + 2 = 3, + 5 = 8, and 3 + 4 = 7 more: 15 (30 - 15 = 15). Armor Class 17.
    "aboleth": ([5] * 18, "action:multiattack", [15, 5, 4, 2, 20, 1, 2, 3, 4], [
        "Aboleth uses Multiattack.",
        "Aboleth attacks Brom with Tentacle: 15 + 9 = 24 against Armor Class 18, a hit.",
        "Tentacle (9 (5 + 4) + 5 = 14) deals 14 bludgeoning damage to Brom.",
        "Brom has 30 of 44 Hit points.",
        "Aboleth attacks Brom with Tentacle: 2 + 9 = 11 against Armor Class 18, a miss.",
        "Aboleth attacks Brom with Tentacle: 20 + 9 = 29 against Armor Class 18, a natural 20, a critical hit.",
        "Tentacle (3 (1 + 2) + 5 = 8, doubled dice 7 (3 + 4)) deals 15 bludgeoning damage to Brom.",
        "Brom has 15 of 44 Hit points.",
    ], ["Brom attacks Aboleth with Longsword: 11 + 6 = 17 against Armor Class 17, a hit.",
        "Longsword (4 + 3 = 7) deals 7 slashing damage to Aboleth."]),
    # Multiattack: Bite +11, 2d10 + 6, then two Claws +11, 2d6 + 6. 7 + 11 = 18 hits: 10 + 1 =
    # 11, + 6 = 17 (44 - 17 = 27); 6 + 11 = 17 misses; a natural 1 misses. Armor Class 19:
    # Brom's 17 misses.
    "adult-black-dragon": ([6] * 17, "action:multiattack", [7, 10, 1, 6, 1], [
        "Adult Black Dragon uses Multiattack.",
        "Adult Black Dragon attacks Brom with Bite: 7 + 11 = 18 against Armor Class 18, a hit.",
        "Bite (11 (10 + 1) + 6 = 17) deals 17 piercing damage to Brom.",
        "Brom has 27 of 44 Hit points.",
        "Adult Black Dragon attacks Brom with Claw: 6 + 11 = 17 against Armor Class 18, a miss.",
        "Adult Black Dragon attacks Brom with Claw: 1 + 11 = 12 against Armor Class 18, a natural 1, a miss.",
    ], ["Brom attacks Adult Black Dragon with Longsword: 11 + 6 = 17 against Armor Class 19, a miss."]),
    # Dagger +5, 1d4 + 2: 13 + 5 = 18 hits; 4 + 2 = 6; 44 - 6 = 38. Armor Class 12;
    # 9d8 = 8 + 7 + 6 + 5 + 4 + 3 + 2 + 1 + 1 = 37, 37 - 7 = 30.
    "mage": ([8, 7, 6, 5, 4, 3, 2, 1, 1], "action:dagger", [13, 4], [
        "Mage attacks Brom with Dagger: 13 + 5 = 18 against Armor Class 18, a hit.",
        "Dagger (4 + 2 = 6) deals 6 piercing damage to Brom.",
        "Brom has 38 of 44 Hit points.",
    ], ["Brom attacks Mage with Longsword: 11 + 6 = 17 against Armor Class 12, a hit.",
        "Longsword (4 + 3 = 7) deals 7 slashing damage to Mage.",
        "Mage has 30 of 37 Hit points."]),
    # Multiattack: Bite +5, 1d8 + 3, then two Claws +5, 1d6 + 3. 13 + 5 = 18 hits: 7 + 3 = 10
    # (44 - 10 = 34); 12 + 5 = 17 misses; 14 + 5 = 19 hits: 6 + 3 = 9 (34 - 9 = 25). Armor Class 14.
    "manticore": ([2] * 8, "action:multiattack", [13, 7, 12, 14, 6], [
        "Manticore uses Multiattack.",
        "Manticore attacks Brom with Bite: 13 + 5 = 18 against Armor Class 18, a hit.",
        "Bite (7 + 3 = 10) deals 10 piercing damage to Brom.",
        "Brom has 34 of 44 Hit points.",
        "Manticore attacks Brom with Claw: 12 + 5 = 17 against Armor Class 18, a miss.",
        "Manticore attacks Brom with Claw: 14 + 5 = 19 against Armor Class 18, a hit.",
        "Claw (6 + 3 = 9) deals 9 slashing damage to Brom.",
        "Brom has 25 of 44 Hit points.",
    ], ["Brom attacks Manticore with Longsword: 11 + 6 = 17 against Armor Class 14, a hit.",
        "Longsword (4 + 3 = 7) deals 7 slashing damage to Manticore."]),
}


@pytest.mark.parametrize("creature", sorted(HAND))
def test_a_creatures_attack_and_armor_class_by_hand(creature):
    health, option, dice, logged, struck = HAND[creature]
    b = bout(creature, health, dice, [11, 4, 11, 4])
    assert b.choose(creature, option, "brom") == [*logged, "Brom's turn."]
    out = b.choose("brom", "attack:attacks:longsword", creature)
    assert out[:len(struck)] == struck


def test_the_lichs_paralyzing_touch_by_hand():
    # Paralyzing Touch +12, 3d6 cold, a DC 18 Constitution save or paralyzed until saved at
    # the end of each turn. 6 + 12 = 18 hits; Brom's save 2 + 5 = 7 fails; 6 + 5 + 4 = 15
    # cold, 44 - 15 = 29. On his turn Brom cannot act and saves at its end: 11 + 5 = 16 < 18.
    b = bout("lich", [4] * 18, [6, 2, 6, 5, 4], [11])
    assert b.choose("lich", "action:paralyzing_touch", "brom") == [
        "Lich uses Paralyzing Touch on Brom.",
        "Lich attacks Brom with Paralyzing Touch: 6 + 12 = 18 against Armor Class 18, a hit.",
        "Brom rolls a Constitution save against Paralyzing Touch: 2 + 5 = 7 against 18, a failure.",
        "Paralyzing Touch (15 (6 + 5 + 4)) deals 15 cold damage to Brom.",
        "Brom has 29 of 44 Hit points.",
        "Brom is Paralyzed until saved.",
        "Brom's turn.",
        "Brom cannot act this turn.",
        "Brom rolls a Constitution save to end Paralyzed: 11 + 5 = 16 against 18, a failure.",
        "The fight waits: between turns, signature actions may be bought. Asked in turn: Lich.",
    ]


def test_the_ghouls_claws_keep_their_damage_on_a_made_save():
    # Claws +4, 2d4 + 2 slashing, DC 10 Constitution save against paralysis ("onSuccess":
    # "none": the save spares only what `applies` applies, mechanics-1 1.184). 14 + 4 = 18
    # hits; Brom's save 12 + 5 = 17 >= 10 succeeds; 3 + 2 = 5, + 2 = 7; 44 - 7 = 37; not paralyzed.
    b = bout("ghoul", [1, 2, 3, 4, 5], [14, 12, 3, 2])
    out = b.choose("ghoul", "action:claws", "brom")
    assert "Brom rolls a Constitution save against Claws: 12 + 5 = 17 against 10, a success." in out
    assert "Brom has 37 of 44 Hit points." in out
    assert not any("Paralyzed" in line for line in out)


#: creature -> (health faces, the health line's end, worked out from the entry's dice).
HEALTH = {
    "goblin": ([3, 4], "Goblin's health: 2d6 = 7 (3 + 4)."),
    "ghoul": ([1, 2, 3, 4, 5], "Ghoul's health: 5d8 = 15 (1 + 2 + 3 + 4 + 5)."),
    "mage": ([8, 7, 6, 5, 4, 3, 2, 1, 1], "Mage's health: 9d8 = 37 (8 + 7 + 6 + 5 + 4 + 3 + 2 + 1 + 1)."),
    # The flat part once: 3 + 4 + 5 = 12, + 9 = 21.
    "zombie": ([3, 4, 5], "+ 9 = 21."),
    # 1 + 2 + 3 + 4 = 10, + 4 = 14.
    "giant-spider": ([1, 2, 3, 4], "+ 4 = 14."),
    # 1 + 2 + 3 = 6, + 3 = 9.
    "imp": ([1, 2, 3], "+ 3 = 9."),
    # 18 x 5 = 90, + 36 = 126.
    "aboleth": ([5] * 18, "+ 36 = 126."),
    # 17 x 6 = 102, + 85 = 187.
    "adult-black-dragon": ([6] * 17, "+ 85 = 187."),
    # 18 x 4 = 72, + 54 = 126.
    "lich": ([4] * 18, "+ 54 = 126."),
    # 8 x 2 = 16, + 24 = 40.
    "manticore": ([2] * 8, "+ 24 = 40."),
}


@pytest.mark.parametrize("creature", sorted(HEALTH))
def test_a_creatures_health_by_hand(creature):
    faces, end = HEALTH[creature]
    b = bout(creature, faces, [])
    line = b.started[0]
    assert line.endswith(end), line
    total = int(end.rstrip(".").split(" = ")[-1].split(" ")[0])
    assert (b.who(creature).health, b.who(creature).health_max) == (total, total)


# ---------------------------------------------------------------------------
# the party against every creature, to an outcome, with and without a board
# ---------------------------------------------------------------------------


def _fight(capsys, tmp_path, creature: str, board: bool, count: int = 1) -> dict:
    foes = tmp_path / "foes.json"
    foes.write_text(json.dumps([{"creature": creature, "count": count}]))
    args = ["fight", "-r", str(SRD), "--party", str(PARTY_FILE), "--foes", str(foes), "--seed", "5", "--json"]
    if board:
        args += ["--board", str(BOARD_FILE)]
    code = main(args)
    out = capsys.readouterr()
    assert (code, out.err) == (0, "")
    return json.loads(out.out)


ARMOR = {m["name"]: m["sheet"]["fields"]["ac"] for m in PARTY}
_NUMBER = r"(\d+)"


def _entry_numbers_hold(creature: str, log: list[str]) -> int:
    """Checks every attack, save and damage line of the creature's own actions against its
    entry; answers how many lines were checked."""
    entry = CREATURES[creature]
    label = entry["label"]
    actions = {a["name"]: a for a in entry["creature"]["actions"]}
    checked = 0
    attack = re.compile(rf"^{re.escape(label)}(?: \d+)? attacks (.+?) with (.+?): {_NUMBER} ([+-]) {_NUMBER} = {_NUMBER} "
                        rf"against Armor Class {_NUMBER}(?: \(\+ {_NUMBER} half cover\))?, ")
    save = re.compile(rf"^(.+?) rolls an? \w+ save against (.+?): .* against {_NUMBER}, ")
    damage = re.compile(r"^(.+?) \((.+?)\) deals ")
    acting = re.compile(r"^(.+?) (?:attacks .+? with |uses |answers with )")
    actor = None    # whose attack or action the lines now follow (a party Shortbow is not the Goblin's)
    for line in log:
        if m := acting.match(line):
            actor = m.group(1)
        if actor is None or re.sub(r" \d+$", "", actor) != label:
            continue
        if m := attack.match(line):
            target, name, die, sign, bonus, total, ac, cover = m.groups()
            action = actions[name]
            to_hit = int(bonus) if sign == "+" else -int(bonus)
            assert to_hit == action["toHit"], line
            assert int(total) == int(die) + to_hit, line
            assert int(ac) == ARMOR[target] + int(cover or 0), line
            checked += 1
        elif (m := save.match(line)) and m.group(2) in actions and m.group(1) in ARMOR:
            assert int(m.group(3)) == actions[m.group(2)]["save"]["difficulty"], line
            checked += 1
        elif (m := damage.match(line)) and m.group(1) in actions and "damage" in actions[m.group(1)]:
            flat = actions[m.group(1)]["damage"].get("flat")
            if flat:
                assert f" + {flat} = " in m.group(2), line
            checked += 1
    return checked


@pytest.mark.parametrize("board", [False, True], ids=["classic", "board"])
@pytest.mark.parametrize("creature", sorted(CREATURES))
def test_the_party_fights_every_creature_to_an_outcome(capsys, tmp_path, creature, board):
    fight = _fight(capsys, tmp_path, creature, board)
    label = CREATURES[creature]["label"]
    assert fight["outcome"] in ("victory", "defeat")
    log = fight["log"]
    if board:
        # Nobody has a position: the party on the nearest free cells to the middle of the
        # left edge, the creature to the middle of the right edge (docs/board.md).
        assert log.pop(0) == f"The fight is on a 16 x 10 board: Brom 0, 5, Ilsa 0, 4, Tamsin 1, 4, Vex 1, 5, {label} 15, 5."
    assert log[0].startswith(f"{label}'s health: {CREATURES[creature]['creature']['health']['dice']} = ")
    assert log[1] == f"The fight begins: Brom, Ilsa, Tamsin, Vex against {label}."
    over = [line for line in log if line.startswith("The fight is over after ")]
    assert over == [f"The fight is over after {fight['rounds']} round{'s' if fight['rounds'] > 1 else ''}: "
                    f"{'the party wins' if fight['outcome'] == 'victory' else 'the party is defeated'}."]
    assert not any(line.startswith("The sheet refused") for line in log)
    _entry_numbers_hold(creature, log)


def test_every_creature_is_checked_from_its_entry_in_some_fight(capsys, tmp_path):
    """Four of each creature (so even a goblin lives to act: against three the party's
    Fireball, its save counted in the forecast, ends the fight first), with and without a
    board: every creature's own attack, save and damage lines appear and hold to its entry."""
    for creature in sorted(CREATURES):
        seen = sum(_entry_numbers_hold(creature, _fight(capsys, tmp_path, creature, board, count=4)["log"])
                   for board in (False, True))
        assert seen > 0, creature
