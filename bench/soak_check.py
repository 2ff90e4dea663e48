"""The soak's verdict on one battle, read straight from the store after the run.

Owns: `check_battle`, which answers the pass criteria for a battle as a dict of counts and
a list of problems (each a sentence):
  ended       the battle has an outcome;
  lost        a choice the gateway accepted (202, or `accepted` on the socket) that the
              store never recorded and nobody refused; `rescued`: one applied only after
              the client, hearing nothing for longer than any redelivery, sent it again;
  twice       the battle's revisions after its creation are not exactly one per applied
              request id (a choice applied twice, or a write no accepted choice explains);
  stream      the event stream is not the creation's events followed, in revision order,
              by each applied choice's recorded events, each exactly once;
  replay      the pure core (`start_battle`, then `advance` with every applied choice in
              revision order) does not give byte-identical events and the same final state;
  window      the hold mirror disagrees with the state's open window, is set on an ended
              battle, or asks a combatant no client answers for.
"""

from __future__ import annotations

import json
from typing import Any

from shared.combat import BattleState, advance, start_battle
from shared.combat.fight import Refused
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
    # Sent again after `stall` seconds without news, and only then applied: the service had
    # dropped it and the client's retry saved it (the first send's task never saved).
    rescued = [rid for _, rid, _ in applied if rid in ledger.stalled]
    for rid in rescued:
        problems.append(f"{battle}: {rid} was applied only after the client sent it again")
    revisions = [r for r, _, _ in applied]
    expected = list(range(ledger.revision + 1, stored.revision + 1))
    twice = revisions != expected
    if twice:
        problems.append(f"{battle}: revisions saved by applied choices {revisions} are not {expected}")

    # The stream: the creation's events, then each applied choice's own events once, in order.
    blocks = [events[:ledger.last_seq]]
    at = ledger.last_seq
    for revision, rid, result in applied:
        mine = result.get("events", []) if isinstance(result, dict) else []
        block = events[at:at + len(mine)]
        if _bytes(block) != _bytes(mine):
            problems.append(f"{battle}: {rid} (revision {revision}): its recorded events are not the stream's "
                            f"events {at + 1}..{at + len(mine)}")
        blocks.append(block)
        at += len(mine)
    if at != len(events):
        problems.append(f"{battle}: {len(events) - at} events in the stream belong to no applied choice")

    # The replay through the pure core, from the seed and the applied choices alone.
    replay_ok = True
    try:
        again, first = start_battle(ruleset, kind.party, kind.foes, seed=ledger.seed, digest=package_digest(kind.package),
                                    board=kind.board)
        got = [e.model_dump(mode="json") for e in first]
        for revision, rid, _ in applied:
            choice = ChoiceRequest.model_validate(ledger.bodies[rid]).as_choice()
            step = advance(ruleset, again, choice)
            if isinstance(step, Refused):
                raise ValueError(f"{rid} at revision {revision} was refused on replay: {step.message}")
            again, more = step
            got += [e.model_dump(mode="json") for e in more]
        if _bytes(got) != _bytes(events):
            first_diff = next((i for i, (a, b) in enumerate(zip(_bytes(got), _bytes(events))) if a != b),
                              min(len(got), len(events)))
            raise ValueError(f"the replay's events differ from event {first_diff + 1} on "
                             f"({len(got)} replayed, {len(events)} stored)")
        mine = again.model_dump(mode="json", exclude={"events"})
        if json.dumps(mine, sort_keys=True) != json.dumps(stored.state, sort_keys=True):
            raise ValueError("the replay's final state differs from the stored state")
    except Exception as exc:
        replay_ok = False
        problems.append(f"{battle}: replay: {exc}")

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
