"""What each worker task does, over a `BattleService`, without Celery.

Owns: the bodies of `battle.director`, `battle.invent_opponents` and `battle.sweep_windows`,
the decision ids the director is asked about, and the GM call outcomes they count
(reported to `shared.service.metrics.observer()`). `worker/tasks.py` wraps them as Celery tasks on the
worker's own service; the gateway's embedded executor calls them directly. The GM model is
handed in as a `GmClient` (`shared.service.chat.client_for`), None when none is configured.

Decision ids are `"<battle id>:<revision>"` (battle ids hold no colon): the revision at
which the GM must decide.
The director submits its choice at that revision with request id `director:<decision id>`,
so a duplicated or late director message (or a late model reply) is applied at most
once and a message for a decision the battle has moved past is refused as stale.
"""

from __future__ import annotations

import logging
from typing import Any

from shared.combat import BattleState, decide_for, menu
from shared.combat.budget import DIFFICULTIES
from shared.combat.invention import asks_in, gm_numbers, settle

from . import metrics
from .battles import BattleService
from .director_prompt import Unusable, director_messages, read_choice
from .gm import GmClient, GmError
from .invent_prompt import invention_messages, read_opponents

log = logging.getLogger(__name__)

NO_GM_MODEL = "no-gm-model"
#: Answers to the GM's pick that mean the decision was settled without it: the battle
#: moved on (another choice, the GM's own token) or is gone. Nothing is decided twice.
SETTLED_ELSEWHERE = ("stale-revision", "closed", "not-found", "conflict")

#: How often the sweeper looks for windows whose deadline has passed (the workers' beat;
#: the embedded gateway's own loop).
SWEEP_EVERY = 5.0


def decision_id(battle_id: str, revision: int) -> str:
    return f"{battle_id}:{revision}"


def _decision_revision(battle_id: str, decision: str) -> int | None:
    head, sep, tail = decision.rpartition(":")
    if not sep or head != battle_id or not tail.isdigit():
        return None
    return int(tail)


def _label(service: BattleService, state: BattleState, choice: dict[str, Any]) -> str:
    ruleset = service.rules_of(state)
    option = next((o for o in menu(ruleset, state, choice["actor"]) if o.id == choice["option"]), None)
    label = option.label if option is not None else choice["option"]
    names = [c.name for t in choice.get("targets") or [] if (c := state.combatant(t)) is not None]
    return f"{label} against {', '.join(names)}" if names else label


def _sentence(reason: str, name: str, label: str) -> str:
    return f"{reason[0].upper()}{reason[1:]}, so the Engine's tactics decide for {name}: {label}."


def director(service: BattleService, battle_id: str, decision: str, gm: GmClient | None = None) -> dict[str, Any]:
    """Decides for a GM-controlled combatant: asks the GM model to pick from the menu and
    applies its pick as a normal choice. No model, a timeout, a reply naming no single
    option of the menu, or a pick the rules refuse: the Engine's tactics decide, and the
    log says why in the sentence before the choice's events."""
    revision = _decision_revision(battle_id, decision)
    if revision is None:
        return {"ok": False, "code": "malformed",
                "message": f"decision id {decision!r} is not \"{battle_id}:<revision>\""}
    request_id = f"director:{decision}"
    done = service.store.seen(battle_id, request_id)
    if done is not None:
        return _counted("duplicate", done.result)
    loaded = service.load(battle_id)
    if loaded is None:
        return {"ok": False, "code": "not-found", "message": f"there is no battle {battle_id}"}
    state, current = loaded
    if current != revision:
        # Another delivery of this decision may have applied it between the first look
        # and the load: answer what it answered, as a duplicate.
        done = service.store.seen(battle_id, request_id)
        if done is not None:
            return _counted("duplicate", done.result)
        return _counted("stale", {"ok": False, "code": "stale-revision",
                                  "message": f"the decision was asked at revision {revision}; the battle is at {current}"})
    pending = state.pending
    if pending is None or state.outcome or pending.controller != "gm":
        return _counted("stale", {"ok": False, "code": "not-gm-decision",
                                  "message": "the battle is not waiting for a Game-Master-controlled decision"})
    ruleset = service.rules_of(state)
    actor = state.combatant(pending.actor)
    name = actor.name if actor else pending.actor
    if gm is None:
        outcome, reason = "fallback-no-model", "no GM model is configured"
    else:
        outcome, reason, answer = _ask_gm(service, gm, battle_id, revision, request_id, state, name)
        if answer is not None:
            return _counted(outcome, answer)
    choice = decide_for(ruleset, state)
    # A decision is pending (checked above), so the Engine's tactics always have a choice.
    assert choice is not None
    sentence = _sentence(reason, name, _label(service, state, choice))
    log.info("battle %s: %s", battle_id, sentence)
    return _counted(outcome, service.apply(battle_id, revision, choice, request_id, note=("engine-decides", sentence)))


def _ask_gm(service: BattleService, gm: GmClient, battle_id: str, revision: int, request_id: str,
            state: BattleState, name: str) -> tuple[str, str, dict[str, Any] | None]:
    """(outcome, reason, answer): the answer when the GM's pick settled the decision (applied,
    or the battle moved on meanwhile); otherwise why the Engine decides instead."""
    ruleset = service.rules_of(state)
    # Asked only for a pending GM decision (director checks it before asking).
    assert state.pending is not None
    actor = state.pending.actor
    options = menu(ruleset, state, actor)
    try:
        reply = gm.complete(director_messages(ruleset, state, options, gm.context), call="director")
    except GmError as exc:
        return f"fallback-{exc.outcome}", str(exc), None
    choice = read_choice(reply.text, actor, options, state)
    if isinstance(choice, Unusable):
        return "fallback-invalid", choice.reason, None
    # The decision may have been made while the model thought (a late or duplicated reply).
    done = service.store.seen(battle_id, request_id)
    if done is not None:
        return "duplicate", "", done.result
    sentence = f"The GM decides for {name}: {_label(service, state, choice)}."
    answer = service.apply(battle_id, revision, choice, request_id, note=("gm-decides", sentence))
    if answer.get("ok"):
        return "accepted", "", answer
    if answer.get("code") in SETTLED_ELSEWHERE:
        return "stale", "", answer
    return "fallback-refused", f"the rules refused the GM's choice ({answer.get('message')})", None


def _counted(outcome: str, answer: dict[str, Any], call: str = "director") -> dict[str, Any]:
    metrics.observer().decided(call, outcome)
    return answer


def invent_opponents(service: BattleService, request: dict[str, Any], gm: GmClient | None = None) -> dict[str, Any]:
    """The foes of a battle about to be created, with every `{"invent": N, "tier": T}` entry
    replaced by the opponents the GM model proposes, read leniently, and the fight lowered
    to the party's encounter budget; `adjustments` are the sentences that open its log.
    Refuses (nothing is created) without a model, on a timeout or an unusable reply."""
    if not isinstance(request, dict):
        return {"ok": False, "code": "malformed", "message": "an invention request is an object"}
    party, foes = request.get("party"), request.get("foes")
    difficulty = request.get("difficulty", "normal")
    if not isinstance(party, list) or not isinstance(foes, list):
        return {"ok": False, "code": "malformed", "message": '"party" and "foes" are lists'}
    if difficulty not in DIFFICULTIES:
        return {"ok": False, "code": "malformed",
                "message": f"difficulty {difficulty!r} is not one of {', '.join(DIFFICULTIES)}"}
    try:
        ruleset = service.ruleset(str(request.get("ruleset")))
    except LookupError as exc:
        return {"ok": False, "code": "unknown-ruleset", "message": str(exc)}
    asks, problems = asks_in(foes)
    if problems:
        return {"ok": False, "code": "malformed", "message": "; ".join(problems)}
    if not asks:
        return {"ok": True, "foes": foes, "adjustments": []}
    if ruleset.combat is None or ruleset.combat.threat is None:
        return {"ok": False, "code": "no-threat-scale",
                "message": f"{ruleset.name} has no threat scale, so the GM has no tier to invent opponents at"}
    if gm is None:
        return _counted("no-model", {"ok": False, "code": NO_GM_MODEL, "message": (
            "no GM model is configured, so no opponents can be invented; "
            "name bestiary creatures, stat blocks or tiers instead")}, "invent")
    numbers = gm_numbers(ruleset, party, foes, asks, difficulty)
    try:
        reply = gm.complete(invention_messages(ruleset, numbers, gm.context), call="invent")
    except GmError as exc:
        return _counted(exc.outcome, {"ok": False, "code": f"gm-{exc.outcome}", "message": str(exc)}, "invent")
    proposals = read_opponents(reply.text)
    if isinstance(proposals, Unusable):
        return _counted("invalid", {"ok": False, "code": "gm-invalid", "message": proposals.reason}, "invent")
    settled, adjustments = settle(ruleset, party, foes, proposals, difficulty)
    return _counted("accepted", {"ok": True, "foes": settled, "adjustments": adjustments}, "invent")


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
