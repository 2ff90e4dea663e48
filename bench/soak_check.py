"""The soak's verdict on one battle, read straight from the store after the run.

Owns: `check_battle`, which answers the pass criteria for a battle as a dict of counts and
a list of problems (each a sentence):
  ended       the battle has an outcome;
  lost        a choice the gateway accepted (202, or `accepted` on the socket) that the
              store never recorded and nobody refused; `rescued`: one accepted and then
              applied only after the client, hearing nothing for longer than any
              redelivery, sent it again (one the gateway already reported applied when the
              client gave up waiting is late news, not a lost choice, and is counted apart);
  twice       the battle's revisions after its creation are not exactly one per applied
              request id, plus one for the Engine's moves after each choice the Engine moves
              after (the workers write those apart: `MARINARA_ENGINE_APART=always`), each
              choice's record at its last revision (or at its own, when its worker died
              between the two saves and the gateway had the moves made): a choice applied
              twice, or a write no accepted choice explains;
  stream      the event stream is not the creation's events followed, in revision order,
              by each applied choice's events (its recorded ones, then the Engine's moves
              after it when its record was left at its own revision), each exactly once;
  replay      the pure core (`start_battle`, then `advance` with every applied choice in
              revision order) does not give byte-identical events and the same final state
              (its revision aside: the replay makes one revision a choice);
  window      the hold mirror disagrees with the state's open window, is set on an ended
              battle, or asks a combatant no client answers for.
"""

from __future__ import annotations

import json
from typing import Any

from shared.combat import BattleState, advance, engine_owes, start_battle
from shared.combat.fight import Refusal
from shared.protocol import ChoiceRequest
from shared.ruleset.load import package_digest
from shared.store import DEFAULT_PAGE


def _bytes(events: list[dict[str, Any]]) -> list[str]:
    return [json.dumps(e, sort_keys=True, separators=(",", ":")) for e in events]


def stream(store: Any, battle: str) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    while True:
        page = store.events_after(battle, out[-1]["seq"] if out else 0, DEFAULT_PAGE)
        out += page
        if len(page) < DEFAULT_PAGE:
            return out


def check_battle(store: Any, ledger: Any, kind: Any, ruleset: Any) -> dict[str, Any]:
    problems: list[str] = []
    battle = ledger.battle
    stored = store.load(battle)
    if stored is None:
        return {"battle": battle, "ended": False, "applied": 0, "problems": [f"{battle}: the battle is gone"]}
    state = BattleState.model_validate(stored.state)
    if not state.outcome:
        problems.append(f"{battle} ({kind.name}): did not end (revision {stored.revision}, round {state.round})")
    events = stream(store, battle)
    if [e["seq"] for e in events] != list(range(1, len(events) + 1)):
        problems.append(f"{battle}: the event stream's seqs are not 1..{len(events)}")

    applied: list[tuple[int, str, Any]] = []
    lost = 0
    for rid in ledger.bodies:
        record = store.seen(battle, rid)
        if record is not None:
            applied.append((record.revision, rid, record.result))
        elif rid in ledger.accepted and rid not in ledger.refused:
            lost += 1
            problems.append(f"{battle}: {rid} was accepted, never applied and never refused")
    applied.sort()
    # Accepted, then sent again after `stall` seconds without news, and applied: the service
    # had dropped an accepted choice and the client's retry saved it. One whose send failed
    # (5xx: never accepted) and that the client sent again is the client's retry, not a loss.
    rescued = [rid for _, rid, _ in applied
               if rid in ledger.stalled_accepted and ledger.stall_status.get(rid) != "applied"]
    for rid in rescued:
        problems.append(f"{battle}: {rid} was accepted, and applied only after the client sent it again "
                        f"(the gateway said {ledger.stall_status.get(rid)!r} when the client gave up waiting)")
    # The replay through the pure core, from the seed and the applied choices alone: each
    # choice's events, and whether the Engine moved after it (then the workers saved it at
    # a revision of its own and the moves at the next).
    replay_ok = True
    steps: list[tuple[list[dict[str, Any]], bool]] = []
    try:
        again, first = start_battle(ruleset, kind.party, kind.foes, seed=ledger.seed, digest=package_digest(kind.package),
                                    board=kind.board)
        got = [e.model_dump(mode="json") for e in first]
        for revision, rid, _ in applied:
            choice = ChoiceRequest.model_validate(ledger.bodies[rid]).as_choice()
            paused = advance(ruleset, again, choice, pause=True)
            step = advance(ruleset, again, choice)
            if isinstance(step, Refusal) or isinstance(paused, Refusal):
                raise ValueError(f"{rid} at revision {revision} was refused on replay: {step.message}")
            again, more = step
            steps.append(([e.model_dump(mode="json") for e in more], engine_owes(paused[0])))
            got += steps[-1][0]
        if _bytes(got) != _bytes(events):
            first_diff = next((i for i, (a, b) in enumerate(zip(_bytes(got), _bytes(events))) if a != b),
                              min(len(got), len(events)))
            raise ValueError(f"the replay's events differ from event {first_diff + 1} on "
                             f"({len(got)} replayed, {len(events)} stored)")
        mine = again.model_dump(mode="json", exclude={"events", "revision"})
        if json.dumps(mine, sort_keys=True) != json.dumps({k: v for k, v in stored.state.items() if k != "revision"},
                                                          sort_keys=True):
            raise ValueError("the replay's final state differs from the stored state")
    except Exception as exc:
        replay_ok = False
        problems.append(f"{battle}: replay: {exc}")

    # The revisions: one a choice, two when the Engine moved after it; its record at the
    # second (replaced by the whole choice's answer), or at the first when the worker died
    # between the two saves and the gateway had the moves made (`battle.resume`).
    twice = False
    at = ledger.revision
    for (revision, rid, _), (_, moved) in zip(applied, steps):
        allowed = (at + 1, at + 2) if moved else (at + 1,)
        if revision not in allowed:
            twice = True
            problems.append(f"{battle}: {rid} saved revision {revision}; after revision {at} it could only be "
                            f"{' or '.join(map(str, allowed))}")
        at += 2 if moved else 1
    if replay_ok and at != stored.revision:
        twice = True
        problems.append(f"{battle}: the applied choices account for revision {at}; the battle is at {stored.revision}")

    # The stream: the creation's events, then each applied choice's events once, in order.
    at = ledger.last_seq
    for (revision, rid, result), (whole, _) in zip(applied, steps):
        mine = result.get("events", []) if isinstance(result, dict) else []
        block = events[at:at + len(whole)]
        if not mine or _bytes(block[:len(mine)]) != _bytes(mine) or _bytes(block) != _bytes(whole):
            problems.append(f"{battle}: {rid} (revision {revision}): its recorded events are not the stream's "
                            f"events {at + 1}..{at + len(mine)}")
        at += len(whole)
    if replay_ok and at != len(events):
        problems.append(f"{battle}: {len(events) - at} events in the stream belong to no applied choice")

    hold = store.get_hold(battle)
    window = state.pending.window if state.pending is not None else None
    stuck = False
    if state.outcome and hold is not None:
        stuck = True
        problems.append(f"{battle}: the battle ended but still holds window {hold.get('id')}")
    elif hold != window:
        stuck = True
        problems.append(f"{battle}: the hold mirror {hold} is not the state's window {window}")
    elif window is not None:
        asked = state.pending
        if asked.controller != "player" or asked.player not in ledger.tokens:
            stuck = True
            problems.append(f"{battle}: window {window.get('id')} asks {asked.actor}, whom no client answers for")
    if problems:
        problems.append(f"{battle}: clients: via {'POST' if ledger.via_http else 'socket'}, refused {ledger.refused}, "
                        f"stalled {sorted(ledger.stalled)}, reconnects {ledger.reconnects}, sockets {ledger.sockets}")
    return {"battle": battle, "kind": kind.name, "ended": bool(state.outcome), "applied": len(applied), "lost": lost, "rescued": len(rescued),
            "twice": twice, "replay": replay_ok, "stuck_window": stuck, "problems": problems}
