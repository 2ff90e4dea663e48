"""`battle fight`: a whole fight offline. The --json shape, byte-identical output for the
same inputs and seed (also across processes with different hash seeds), scripted dice that
run out, and --script steps used or refused."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from battle.cli import main
from tests.combat.kit import EXAMPLES, ROOT

MARSH = ["fight", "--ruleset", str(EXAMPLES / "lantern-marsh.json"), "--party", str(EXAMPLES / "party.json"),
         "--foes", str(EXAMPLES / "foes.json")]


def _run(capsys, *extra: str) -> tuple[int, str, str]:
    code = main([*MARSH, *extra])
    out, err = capsys.readouterr()
    return code, out, err


def test_json_output_has_the_outcome_rounds_log_sheets_and_events(capsys):
    code, out, err = _run(capsys, "--seed", "6", "--json")
    assert (code, err) == (0, "")
    data = json.loads(out)
    assert set(data) == {"outcome", "rounds", "log", "sheets", "events"}
    assert data["outcome"] in ("victory", "defeat", "stalemate") and data["rounds"] >= 1
    assert data["log"] == [e["text"] for e in data["events"]]
    assert [e["seq"] for e in data["events"]] == list(range(1, len(data["events"]) + 1))
    assert all(set(e) == {"seq", "kind", "text", "data"} for e in data["events"])
    assert set(data["sheets"]) == {"juno", "wren"}
    assert data["sheets"]["juno"]["abilities"] == {"might": 3, "nerve": 1, "lore": 0}


def test_the_text_output_is_the_log(capsys):
    code, out, _ = _run(capsys, "--seed", "6")
    _, as_json, _ = _run(capsys, "--seed", "6", "--json")
    assert code == 0
    assert out.splitlines() == json.loads(as_json)["log"]


def test_the_same_inputs_and_seed_give_byte_identical_output(capsys):
    first = _run(capsys, "--seed", "11", "--json")
    second = _run(capsys, "--seed", "11", "--json")
    other = _run(capsys, "--seed", "12", "--json")
    assert first == second
    assert other[1] != first[1]


def test_output_is_byte_identical_across_processes_with_different_hash_seeds():
    def run(hash_seed: str) -> bytes:
        env = dict(os.environ, PYTHONHASHSEED=hash_seed)
        done = subprocess.run([sys.executable, "-m", "battle", *MARSH, "--seed", "3", "--json"], cwd=ROOT,
                              env=env, capture_output=True, check=True, timeout=120)
        return done.stdout

    assert run("1") == run("2")


def test_scripted_dice_replace_the_seeded_roller(capsys):
    # Health of the two Bog Hounds (2d6 + 2 each) takes the first four faces.
    code, out, err = _run(capsys, "--dice", "1,1,6,6")
    assert code == 1 and out == ""
    assert err == ("--dice: the scripted dice ran out: die 5 (a d12) was asked for, but the script has 4 faces\n")


def test_unreadable_scripted_dice_are_an_error(capsys):
    code, _, err = _run(capsys, "--dice", "5,three")
    assert code == 1
    assert err == '--dice: cannot read the scripted dice "5,three": write whole numbers separated by commas, like "5,3,6"\n'


def test_script_steps_are_used_when_their_actor_decides(capsys, tmp_path: Path):
    script = tmp_path / "choices.json"
    script.write_text(json.dumps([{"actor": "juno", "option": "standard:dodge"}]))
    code, out, err = _run(capsys, "--seed", "6", "--script", str(script))
    assert (code, err) == (0, "")
    assert "Juno dodges: attacks against them are rolled twice, keeping the worse, until their next turn." in out
    _, plain, _ = _run(capsys, "--seed", "6")
    assert "Juno dodges" not in plain


def test_a_refused_script_step_stops_the_fight(capsys, tmp_path: Path):
    script = tmp_path / "choices.json"
    step = {"actor": "juno", "option": "attack:kit:boat-hook", "targets": ["bog-hound"]}
    script.write_text(json.dumps([step]))
    code, out, err = _run(capsys, "--seed", "6", "--script", str(script))
    assert (code, out) == (1, "")
    assert err == ("refused: unknown-option: 'attack:kit:boat-hook' is not on Juno's menu now "
                   f"(choice {json.dumps(step)})\n")


def test_a_script_step_never_reached_is_a_warning(capsys, tmp_path: Path):
    script = tmp_path / "choices.json"
    script.write_text(json.dumps([{"actor": "nobody", "option": "end-turn"}]))
    code, _, err = _run(capsys, "--seed", "6", "--script", str(script))
    assert (code, err) == (0, "warning: 1 script step(s) were never reached\n")


@pytest.mark.parametrize(("flag", "path", "message"), [
    ("--party", "missing.json", "missing.json: "),
    ("--foes", "missing.json", "missing.json: "),
])
def test_unreadable_inputs_are_an_error(capsys, flag: str, path: str, message: str):
    args = list(MARSH)
    args[args.index(flag) + 1] = path
    assert main(args) == 1
    assert capsys.readouterr().err.startswith(message)


def test_a_refused_fight_names_who_and_why(capsys, tmp_path: Path):
    foes = tmp_path / "foes.json"
    foes.write_text(json.dumps([{"creature": "kraken"}]))
    args = list(MARSH)
    args[args.index("--foes") + 1] = str(foes)
    assert main(args) == 1
    assert capsys.readouterr().err == ("fight refused: foes[0]: the bestiary has no creature 'kraken'\n"
                                       "fight refused: no opponent is left to fight\n")


def test_a_creature_the_fight_cannot_find_is_left_out_and_the_rest_fight_as_without_it(capsys, tmp_path: Path):
    # The example foes with a kraken (not in the bestiary) written first, on the marsh board:
    # the log is the example fight's, line for line, with the one refusal line before it
    # (nothing rolled for the kraken, and the others keep the cells their entries give).
    written = json.loads((EXAMPLES / "foes.json").read_text())
    foes = tmp_path / "foes.json"
    foes.write_text(json.dumps([{"creature": "kraken", "position": [0, 0]}, *written]))
    board = ["--board", str(EXAMPLES / "board-marsh.json"), "--seed", "6"]
    code, plain, err = _run(capsys, *board)
    assert (code, err) == (0, "")
    args = list(MARSH)
    args[args.index("--foes") + 1] = str(foes)
    assert main([*args, *board]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    assert out.splitlines() == ["foes[0]: the bestiary has no creature 'kraken', so it is left out of the fight.",
                                *plain.splitlines()]
