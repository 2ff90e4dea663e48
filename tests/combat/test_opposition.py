"""Who plays each opponent (spec/sheet.md `gm.opposition`): bosses are the GM's when a model
is configured and the game lets the GM run bosses; "game-master" hands every opponent to
the GM under the same condition; a foe's own controller is kept; no model, no change."""

from __future__ import annotations

from shared.combat.opposition import assign_controllers
from tests.combat.kit import marsh, ruleset

FOES = [{"creature": "bog-hound"}, {"creature": "reed-witch", "boss": True}, {"name": "Heron", "controller": "player"}]


def _controllers(opposition: str | None, **options) -> list[str | None]:
    pkg = marsh()
    if opposition:
        pkg["gm"]["opposition"] = opposition
    return [f.get("controller") for f in assign_controllers(ruleset(pkg), FOES, **options)]


def test_bosses_are_the_gms_when_a_model_is_configured():
    assert _controllers(None, model=True) == [None, "gm", "player"]
    assert _controllers("engine", model=True) == [None, "gm", "player"]
    assert _controllers(None, model=False) == [None, None, "player"]
    assert _controllers(None, model=True, gm_runs_bosses=False) == [None, None, "player"]


def test_game_master_opposition_hands_every_opponent_to_the_gm_where_it_may_run_bosses():
    assert _controllers("game-master", model=True) == ["gm", "gm", "player"]
    assert _controllers("game-master", model=True, gm_runs_bosses=False) == [None, None, "player"]
    assert _controllers("game-master", model=False) == [None, None, "player"]
    assert "controller" not in FOES[0]  # the entries given are never changed
