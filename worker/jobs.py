"""What each worker task does, over a `BattleService`, without Celery.

Owns: the bodies of `battle.director`, `battle.invent_opponents` and `battle.sweep_windows`
and the decision ids the director is asked about. `worker/tasks.py` wraps them as Celery
tasks on the worker's own service; the embedded executor can call them directly.

Decision ids are `"<battle id>:<revision>"` (battle ids hold no colon): the revision at
which the GM must decide.
The director submits its choice at that revision with request id `director:<decision id>`,
so a duplicated or late director message is applied at most once and a message for a
decision the battle has moved past is refused as stale.
"""

from __future__ import annotations

import logging
from typing import Any

from shared.combat import BattleState, decide_for, menu

from .service import BattleService

log = logging.getLogger(__name__)

NO_GM_MODEL = "no-gm-model"


def decision_id(battle_id: str, revision: int) -> str:
    return f"{battle_id}:{revision}"


def _decision_revision(battle_id: str, decision: str) -> int | None:
    head, sep, tail = decision.rpartition(":")
    if not sep or head != battle_id or not tail.isdigit():
        return None
    return int(tail)


def _label(service: BattleService, state: BattleState, choice: dict[str, Any]) -> str:
    ruleset = service.ruleset(state.ruleset.digest)
    option = next((o for o in menu(ruleset, state, choice["actor"]) if o.id == choice["option"]), None)
    label = option.label if option is not None else choice["option"]
    names = [c.name for t in choice.get("targets") or [] if (c := state.combatant(t)) is not None]
    return f"{label} against {', '.join(names)}" if names else label


def director(service: BattleService, battle_id: str, decision: str) -> dict[str, Any]:
    """Decides for a GM-controlled combatant. No GM model is configured in this version, so
    the Engine's tactics choose, and the log says so before the choice's events."""
    revision = _decision_revision(battle_id, decision)
    if revision is None:
        return {"ok": False, "code": "malformed",
                "message": f"decision id {decision!r} is not \"{battle_id}:<revision>\""}
    request_id = f"director:{decision}"
    done = service.store.seen(battle_id, request_id)
    if done is not None:
        return done.result
    loaded = service.load(battle_id)
    if loaded is None:
        return {"ok": False, "code": "not-found", "message": f"there is no battle {battle_id}"}
    state, current = loaded
    if current != revision:
        return {"ok": False, "code": "stale-revision",
                "message": f"the decision was asked at revision {revision}; the battle is at {current}"}
    pending = state.pending
    if pending is None or state.outcome or pending.controller != "gm":
        return {"ok": False, "code": "not-gm-decision",
                "message": "the battle is not waiting for a Game-Master-controlled decision"}
    choice = decide_for(service.ruleset(state.ruleset.digest), state)
    actor = state.combatant(pending.actor)
    sentence = (f"No GM model is configured, so the Engine's tactics decide for "
                f"{actor.name if actor else pending.actor}: {_label(service, state, choice)}.")
    log.info("battle %s: %s", battle_id, sentence)
    return service.apply(battle_id, revision, choice, request_id, note=("engine-decides", sentence))


def invent_opponents(request: Any) -> dict[str, Any]:
    """Refuses: inventing opponents needs a GM model, and none is configured."""
    return {"ok": False, "code": NO_GM_MODEL,
            "message": "no GM model is configured, so no opponents can be invented; "
                       "name bestiary creatures, stat blocks or tiers instead"}


def sweep_windows(service: BattleService, now: float) -> dict[str, Any]:
    """Submits Pass for every window whose deadline has passed. A pass the rules refuse is
    logged and left: one battle's trouble never stops the sweep of the others."""
    results: dict[str, Any] = {}
    for battle_id in service.store.holds_due(now):
        try:
            results[battle_id] = _pass_window(service, battle_id)
        except Exception as exc:  # noqa: BLE001 - one broken battle must not stop the sweep
            log.exception("sweeper: battle %s could not be auto-passed", battle_id)
            results[battle_id] = {"ok": False, "code": "error", "message": str(exc)}
            continue
        if not results[battle_id].get("ok"):
            log.warning("sweeper: the pass for battle %s was refused: %s",
                        battle_id, results[battle_id].get("message"))
    return {"swept": len(results), "results": results}


def _pass_window(service: BattleService, battle_id: str) -> dict[str, Any]:
    hold = service.store.get_hold(battle_id)
    loaded = service.load(battle_id)
    if hold is None or loaded is None:
        return {"ok": False, "code": "no-window", "message": "the window closed before its deadline was swept"}
    state, revision = loaded
    # The window record asks `asking[0]`, who is also the pending actor.
    asking = hold.get("asking") if isinstance(hold.get("asking"), list) else []
    actor_id = asking[0] if asking and isinstance(asking[0], str) else None
    actor_id = actor_id or (state.pending.actor if state.pending else None)
    if actor_id is None:
        return {"ok": False, "code": "not-waiting", "message": "the battle is not waiting for anyone"}
    actor = state.combatant(actor_id)
    sentence = f"The window's deadline passed, so {actor.name if actor else actor_id} passes."
    return service.apply(battle_id, revision, {"actor": actor_id, "option": "pass"},
                         f"sweep:{battle_id}:{revision}", note=("auto-pass", sentence))
