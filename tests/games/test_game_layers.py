"""A game's layers (issue 22 section 3), on the memory store and on Redis: chosen at
creation and frozen into the record beside the ruleset's digest (its pin), refused by name
when unknown or conflicting, and read by everything the game does: checks outside a fight
read the layer's ladder, the Game Master's reminder teaches it with the layer's guidance,
and a sheet holding a value a layer removed keeps it and shows it flagged.

The dice are the game's own: seed 3 throws d6s 2, 3; seed 9 throws d10s 10, 9, 4, 9, 5
(tests/gateway/test_game_checks.py pins them)."""

from __future__ import annotations

from shared.games.history import new_record
from shared.service.games import GameService
from shared.sheet.refusal import Refusal
from tests.games.upstream_games import brom, mira, ruleset

DIGEST = "sha256:" + "e" * 64


def service(games, name: str) -> GameService:
    return GameService(games, lambda digest: ruleset(name))


def test_5e_low_magic_is_pinned_and_the_intelligence_caster_reads_none(games):
    svc = service(games, "ruleset-5e-2014.example.json")
    view = svc.create("g1", DIGEST, [brom(), mira()], seed=1, layers=["low_magic"])
    assert view["layers"] == ["low_magic"]
    assert games.load_game("g1").record["layers"] == ["low_magic"]
    # Kept and shown: the stored sheet still says "int", the view flags it read as "none".
    assert view["flags"] == {"Mira": ['sheet.fields.spellcasting_ability: must be one of "none", "wis", not "int" '
                                      '(kept as stored, read as "none")']}
    assert svc.members_now("g1")["members"][1]["sheet"]["fields"]["spellcasting_ability"] == "int"
    assert svc.members_now("g1")["layers"] == ["low_magic"]
    assert "Low magic is on. Spellcasting is rare, feared and slow" in view["reminder"]
    # A reply keeps the pin: the game still plays low magic.
    after = svc.reply("g1", "m1", None, "The road bends.")
    assert svc.view("g1", after["snapshot"])["layers"] == ["low_magic"]
    # Without the layer, the same Mira is flagged for nothing.
    assert service(games, "ruleset-5e-2014.example.json").create("g2", DIGEST, [mira()])["flags"] == {}


def test_unknown_or_conflicting_layers_are_refused_at_creation(games):
    svc = service(games, "ruleset-5e-2014.example.json")
    refused = svc.create("g1", DIGEST, [mira()], layers=["low_magic", "high_magic"])
    assert refused == Refusal("bad-layers", 'layers "low_magic" and "high_magic" conflict: they cannot be on together')
    refused = svc.create("g1", DIGEST, [mira()], layers=["wild_magic"])
    assert refused == Refusal("bad-layers", 'unknown layer "wild_magic" (this ruleset\'s layers: low_magic, high_magic)')
    assert games.load_game("g1") is None  # nothing was created


def test_ember_roads_hard_winter_makes_hard_dc_11_for_checks(games):
    for layers, dc in (([], "10"), (["hard_winter"], "11")):
        svc = service(games, "ember-roads.json")
        game = f"g-{dc}"
        svc.create(game, DIGEST, [{"name": "Tobin"}], seed=3, layers=layers)
        answer = svc.reply(game, "m1", None, '[skill_check: skill="Sneak" who="Tobin" difficulty="Hard"]')
        # 2d6 throws 2 and 3: 5 with Wits +0, short of either DC.
        assert answer["text"] == (f'[skill_check: skill="Sneak" who="Tobin" dc="{dc}" rolls="2|3" used="5" '
                                  'modifier="0" total="5" result="failure" dice="2d6" resolution="sum"]')
    reminder = svc.view("g-11")["reminder"]
    assert "Difficulties (the DC): Easy 7, Risky 9, Hard 11, Desperate 13." in reminder
    assert "Hard winter is on. Cold, hunger and short days make everything harder" in reminder


def test_gravewatch_long_night_grim_asks_4_successes_at_9(games):
    svc = service(games, "gravewatch.json")
    svc.create("g1", DIGEST, [{"name": "Tomas"}], seed=9, layers=["long_night"])
    answer = svc.reply("g1", "m1", None, '[skill_check: skill="Dig" who="Tomas" difficulty="Plain work"] '
                                         '[skill_check: skill="Dig" who="Tomas" difficulty="Grim"]')
    # Sinew 2 dice. Plain work: 1 success at 7 or more: the 10 (exploding into a 9) and the
    # 9 count, the 4 does not. Grim: 4 successes at 9 or more: 9 and 5 give 1.
    assert answer["text"] == (
        '[skill_check: skill="Dig" who="Tomas" dc="1" threshold="7" rolls="10|9|4" used="2" modifier="2" '
        'total="2" result="success" dice="2d10" resolution="successes" target="7"] '
        '[skill_check: skill="Dig" who="Tomas" dc="4" threshold="9" rolls="9|5" used="1" modifier="2" '
        'total="1" result="failure" dice="2d10" resolution="successes" target="9"]')


def test_a_record_without_layers_loads_as_none(games):
    svc = service(games, "ember-roads.json")
    # A record stored before games chose layers has no "layers" key at all.
    record = new_record(DIGEST, [{"name": "Tobin", "sheet": None}], 3)
    assert "layers" not in record
    games.create_game("old", record)
    view = svc.view("old")
    assert view["layers"] == []
    assert "Difficulties (the DC): Easy 6, Risky 8, Hard 10, Desperate 12." in view["reminder"]
